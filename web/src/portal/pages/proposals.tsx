import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter-preact';
import { ok } from '../../api/client';
import { parseAmount, shortAddress } from '../../shared/format';
import { UserFacingError } from '../../shared/i18n';
import { Card, ErrorNote, Field, Loading, Select } from '../../shared/ui';
import { idempotencyKey, useData, useNativeToken } from '../data';
import { api } from '../session';
import { MemberWeights, membersOf } from './accounts';
import { useSubmit } from '../actions';

type Kind = 'mint' | 'burn' | 'transfer' | 'group-change';
const KINDS: Kind[] = ['mint', 'burn', 'transfer', 'group-change'];
const KIND_LABEL: Record<Kind, string> = { mint: 'MINT', burn: 'BURN', transfer: 'TRANSFER', 'group-change': 'GROUP_CHANGE' };

/** Mint, burn, transfer and group change: a proposal against an account's policy (the proposer's YES is cast with it). */
export function NewProposalPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const token = useNativeToken();
  const [kind, setKind] = useState<Kind>(KINDS.includes(search.get('kind') as Kind) ? (search.get('kind') as Kind) : 'transfer');
  const accounts = useData(['multisigs'], () => ok(api.GET('/multisigs', { params: { query: { pageSize: 500 } } })));
  const book = useData(['address-book'], () => ok(api.GET('/address-book', { params: { query: { pageSize: 500 } } })));
  const users = useData(kind === 'group-change' ? ['selectable'] : null, () => ok(api.GET('/users/selectable', { params: { query: { pageSize: 500 } } })));
  const usable = (accounts.data?.items ?? []).filter((account) => !account.archived && (kind === 'mint' || kind === 'burn' ? account.type === 'ISSUANCE' : true));
  const [accountId, setAccountId] = useState(search.get('account') ?? '');
  const account = usable.find((candidate) => candidate.id === accountId) ?? usable[0];
  const whitelist = useData(account && kind === 'transfer' ? ['whitelist', account.id] : null, () => ok(api.GET('/multisigs/{multisigId}/whitelist', { params: { path: { multisigId: account!.id } } })));
  const [title, setTitle] = useState('');
  const [amountText, setAmountText] = useState('');
  const [recipient, setRecipient] = useState('');
  const [weights, setWeights] = useState<Map<string, number> | null>(null);
  const [threshold, setThreshold] = useState<number | null>(null);
  const { busy, error, run } = useSubmit();
  if (!accounts.data || !token) return <Loading label={t('common.loading')} />;
  const currentWeights = weights ?? new Map((account?.members ?? []).map((member) => [member.userId, member.weight]));
  const whitelistItems = ((whitelist.data as { items?: { id: string; address: string; label: string }[] } | undefined)?.items ?? []);
  const suggestions = [
    ...whitelistItems.map((entry) => ({ address: entry.address, label: `${entry.label} (${t('proposals.whitelisted')})` })),
    ...(book.data?.items ?? []).map((entry) => ({ address: entry.address, label: entry.name })),
    ...(accounts.data.items ?? []).filter((other) => other.id !== account?.id).map((other) => ({ address: other.address, label: other.label })),
  ];

  const submit = () =>
    run(async () => {
      if (!account) return;
      const multisigId = account.id;
      const header = { 'idempotency-key': idempotencyKey() };
      let proposalId: string;
      if (kind === 'group-change') {
        proposalId = (await ok(api.POST('/multisigs/{multisigId}/proposals/group-changes', { params: { path: { multisigId }, header }, body: { title, members: membersOf(currentWeights), threshold: threshold ?? account.policy.threshold } }))).id;
      } else {
        const amount = parseAmount(amountText, token.exponent);
        if (!amount) throw new UserFacingError(t('proposals.badAmount'));
        const base = { title, amount, denom: token.denom };
        const params = { path: { multisigId }, header };
        proposalId =
          kind === 'mint'
            ? (await ok(api.POST('/multisigs/{multisigId}/proposals/mint', { params, body: { ...base, ...(recipient ? { recipient } : {}) } }))).id
            : kind === 'burn'
              ? (await ok(api.POST('/multisigs/{multisigId}/proposals/burn', { params, body: base }))).id
              : (await ok(api.POST('/multisigs/{multisigId}/proposals/transfer', { params, body: { ...base, recipient } }))).id;
      }
      navigate(`/operations/${proposalId}`);
    });

  return (
    <>
      <h1>{t('proposals.newTitle')}</h1>
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Select label={t('proposals.kind')} value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
            {KINDS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`proposals.kinds.${KIND_LABEL[candidate]}`)}
              </option>
            ))}
          </Select>
          {usable.length === 0 ? (
            <ErrorNote message={t('proposals.noAccount')} />
          ) : (
            <Select label={t('proposals.account')} value={account?.id} onChange={(e) => setAccountId(e.currentTarget.value)}>
              {usable.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.label} · {t(`accountTypes.${candidate.type}`)}
                </option>
              ))}
            </Select>
          )}
          {account && <p class="muted">{t('proposals.policy', { threshold: account.policy.threshold, total: account.policy.totalWeight })}</p>}
          <Field label={t('proposals.title')} required maxLength={200} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          {kind !== 'group-change' ? (
            <>
              <Field label={t('proposals.amount', { symbol: token.symbol })} inputMode="decimal" required value={amountText} onInput={(e) => setAmountText(e.currentTarget.value)} />
              {kind !== 'burn' && (
                <>
                  <Field
                    label={kind === 'mint' ? t('proposals.recipientOptional') : t('proposals.recipient')}
                    required={kind === 'transfer'}
                    list="recipients"
                    value={recipient}
                    onInput={(e) => setRecipient(e.currentTarget.value)}
                    hint={kind === 'transfer' && whitelistItems.length > 0 ? t('proposals.whitelistRule') : undefined}
                  />
                  <datalist id="recipients">
                    {suggestions.map((suggestion) => (
                      <option key={suggestion.address} value={suggestion.address}>
                        {suggestion.label} · {shortAddress(suggestion.address)}
                      </option>
                    ))}
                  </datalist>
                </>
              )}
            </>
          ) : (
            <MemberWeights users={users.data?.items ?? []} weights={currentWeights} onChange={setWeights}>
              <Field label={t('accounts.threshold')} type="number" min={1} value={String(threshold ?? account?.policy.threshold ?? 1)} onInput={(e) => setThreshold(Number(e.currentTarget.value) || 1)} />
            </MemberWeights>
          )}
          <ErrorNote message={error} />
          <button class="primary" disabled={busy || !account}>
            {t('proposals.submit')}
          </button>
        </form>
      </Card>
    </>
  );
}
