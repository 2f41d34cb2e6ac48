import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter-preact';
import { ok } from '../../api/client';
import { parseAmount } from '../../shared/format';
import { UserFacingError } from '../../shared/i18n';
import { Card, ErrorNote, Field, Loading, Select, SuccessNote } from '../../shared/ui';
import { idempotencyKey, useData, useNativeToken } from '../data';
import { api, useSession } from '../session';
import { useSubmit } from '../actions';
import { Money } from './dashboard';

/** Fiat → CBDC disbursement and CBDC → fiat redemption, with the rules that decide them shown up front. */
export function BridgingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const token = useNativeToken();
  const central = session.abilities?.organizationType === 'CENTRAL';
  const [chosen, setChosen] = useState(new URLSearchParams(useSearch()).get('organization') ?? '');
  const organizations = useData(central ? ['organizations'] : null, () => ok(api.GET('/organizations', { params: { query: { pageSize: 500 } } })));
  const commercial = (organizations.data?.items ?? []).filter((organization) => organization.type === 'COMMERCIAL' && organization.status === 'ACTIVE');
  const organizationId = central ? chosen || commercial[0]?.id || '' : session.user!.organizationId;
  const organization = useData(organizationId ? ['organization', organizationId] : null, () => ok(api.GET('/organizations/{organizationId}', { params: { path: { organizationId } } })));
  const accounts = useData(!central ? ['multisigs'] : null, () => ok(api.GET('/multisigs', { params: { query: { pageSize: 500 } } })));
  const exchange = organization.data?.exchange;
  const exchangeAccount = (accounts.data?.items ?? []).find((account) => account.address === exchange?.address);
  const exchangeBalance = useData(exchangeAccount ? ['balance', exchangeAccount.id] : null, () => ok(api.GET('/multisigs/{multisigId}/balance', { params: { path: { multisigId: exchangeAccount!.id } } })));
  const [kind, setKind] = useState<'disbursement' | 'redemption'>('disbursement');
  const [amountText, setAmountText] = useState('');
  const [result, setResult] = useState<{ operationId: string; status: string } | null>(null);
  const { busy, error, run } = useSubmit();
  if (!token || (central && !organizations.data)) return <Loading label={t('common.loading')} />;
  const blocked = !exchange?.linked ? t('bridging.unlinked') : exchange.frozen ? t('bridging.frozen') : null;
  return (
    <>
      <h1>{t('nav.bridging')}</h1>
      <Card title={t('bridging.rulesTitle')}>
        <ul class="rules">
          <li>{t('bridging.ruleExchange')}</li>
          <li>{central ? t('bridging.ruleCentral') : t('bridging.ruleLimit')}</li>
          <li>{t('bridging.ruleBalance')}</li>
        </ul>
      </Card>
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              setResult(null);
              const amount = parseAmount(amountText, token.exponent);
              if (!amount) throw new UserFacingError(t('proposals.badAmount'));
              const params = { path: { organizationId }, header: { 'idempotency-key': idempotencyKey() } };
              const body = { amount, denom: token.denom };
              const answer = await ok(
                kind === 'disbursement'
                  ? api.POST('/organizations/{organizationId}/disbursement-request', { params, body })
                  : api.POST('/organizations/{organizationId}/redemption-request', { params, body }),
              );
              setResult({ operationId: answer.operationId, status: answer.status });
              setAmountText('');
              await exchangeBalance.mutate();
            });
          }}
        >
          {central && (
            <Select label={t('bridging.organization')} value={organizationId} onChange={(e) => setChosen(e.currentTarget.value)}>
              {commercial.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          )}
          <Select label={t('bridging.kind')} value={kind} onChange={(e) => setKind(e.currentTarget.value as typeof kind)}>
            <option value="disbursement">{t('bridging.disbursement')}</option>
            <option value="redemption">{t('bridging.redemption')}</option>
          </Select>
          {organization.data && (
            <dl class="facts">
              <dt>{t('controlPanel.exchangeAddress')}</dt>
              <dd class="mono">{exchange?.address ?? '—'}</dd>
              {!central && (
                <>
                  <dt>{t('controlPanel.disbursementLimit')}</dt>
                  <dd>
                    <Money value={{ amount: organization.data.disbursementLimitPerDay ?? '0', symbol: token.symbol, exponent: token.exponent }} />
                  </dd>
                </>
              )}
              {exchangeBalance.data && (
                <>
                  <dt>{t('bridging.balanceCap')}</dt>
                  <dd>
                    {exchangeBalance.data.balances.map((balance) => (
                      <Money key={balance.denom} value={balance} />
                    ))}
                  </dd>
                </>
              )}
            </dl>
          )}
          {blocked && (
            <p class="banner banner-warning" role="alert">
              {blocked}
            </p>
          )}
          <Field label={t('proposals.amount', { symbol: token.symbol })} inputMode="decimal" required value={amountText} onInput={(e) => setAmountText(e.currentTarget.value)} />
          <ErrorNote message={error} />
          <button class="primary" disabled={busy || !organizationId || Boolean(blocked)}>
            {kind === 'disbursement' ? t('bridging.requestDisbursement') : t('bridging.requestRedemption')}
          </button>
        </form>
        {result && (
          <SuccessNote message={t('bridging.done', { status: t(`proposalStatus.${result.status}`, { defaultValue: result.status }) })} />
        )}
        {result && <Link href={`/operations/${result.operationId}`}>{t('bridging.openOperation')}</Link>}
      </Card>
    </>
  );
}
