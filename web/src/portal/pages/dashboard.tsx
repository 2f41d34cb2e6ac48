import { useTranslation } from 'react-i18next';
import { Link } from 'wouter-preact';
import { ok, type Schemas } from '../../api/client';
import { formatAmount, formatDateTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { Card, ErrorNote, KpiItem, Loading, Table } from '../../shared/ui';
import { POLL_MS, useData } from '../data';
import { api, useSession } from '../session';

type Balance = { symbol: string; exponent: number; amount: string };

export const Money = ({ value }: { value: Balance }) => {
  const { i18n } = useTranslation();
  return (
    <span class="money">
      {value.symbol} {formatAmount(value.amount, value.exponent, i18n.language)}
    </span>
  );
};

/** The personal banner: proposals waiting for the viewer's vote. */
export function PendingBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const queue = useData(session.can('create', 'Vote') ? ['approval-queue'] : null, () => ok(api.GET('/approval-queue', { params: { query: { pageSize: 1 } } })), { refreshInterval: POLL_MS });
  const count = queue.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <p class="banner" role="status">
      {t('dashboard.pendingOnYou', { count })} <Link href="/my-tasks">{t('dashboard.openTasks')}</Link>
    </p>
  );
}

export function ActivityLog({ multisigId }: { multisigId?: string }) {
  const { t, i18n } = useTranslation();
  const log = useData(['activity', multisigId], () => ok(api.GET('/activity-log', { params: { query: { pageSize: 20, ...(multisigId ? { multisigId } : {}) } } })), { refreshInterval: POLL_MS });
  return (
    <Card title={t('activity.title')}>
      {log.error && <ErrorNote message={errorText(t, log.error)} />}
      {!log.data ? (
        <Loading label={t('common.loading')} />
      ) : (
        <Table columns={[t('activity.when'), t('activity.type'), t('activity.what'), t('activity.amount'), t('activity.status')]} rows={log.data.items} empty={t('activity.empty')}>
          {(entry: Schemas['ActivityEntry']) => (
            <tr key={`${entry.id}-${entry.side}`}>
              <td>{formatDateTime(entry.occurredAt, i18n.language)}</td>
              <td>
                <span class={`tag tag-${entry.kind.toLowerCase()}`}>{t(`operationTypes.${entry.type}`)}</span>
              </td>
              <td>
                <Link href={`/operations/${entry.id}`}>{entry.title ?? (entry.actor?.name ? t('activity.by', { name: entry.actor.name }) : t(`operationTypes.${entry.type}`))}</Link>
              </td>
              <td>{entry.amount && entry.symbol && entry.exponent !== null ? <Money value={{ amount: entry.amount, symbol: entry.symbol, exponent: entry.exponent }} /> : '—'}</td>
              <td>{entry.status ? t(`proposalStatus.${entry.status}`) : '—'}</td>
            </tr>
          )}
        </Table>
      )}
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const metrics = useData(['metrics'], () => ok(api.GET('/dashboard/metrics')), { refreshInterval: POLL_MS });
  const central = session.abilities?.organizationType === 'CENTRAL';
  const canPropose = session.can('create', 'Proposal');
  const data = metrics.data;
  return (
    <>
      <h1>{central ? t('dashboard.issuerTitle') : t('dashboard.participantTitle')}</h1>
      <PendingBanner />
      {metrics.error && <ErrorNote message={errorText(t, metrics.error)} />}
      {!data ? (
        <Loading label={t('common.loading')} />
      ) : central ? (
        <>
          <div class="kpis">
            {data.tokens.map((token) => (
              <Card key={token.denom} title={`${t('dashboard.supply')} · ${token.symbol}`}>
                <dl class="kpi-list">
                  <KpiItem label={t('dashboard.totalSupply')}>
                    <Money value={{ amount: token.liveSupply, symbol: token.symbol, exponent: token.exponent }} />
                  </KpiItem>
                  <KpiItem label={t('dashboard.internal')}>
                    <Money value={{ amount: token.internalBalance, symbol: token.symbol, exponent: token.exponent }} />
                  </KpiItem>
                  <KpiItem label={t('dashboard.circulating')}>
                    <Money value={{ amount: token.externalCirculating, symbol: token.symbol, exponent: token.exponent }} />
                  </KpiItem>
                </dl>
              </Card>
            ))}
            {data.issuer?.mintBurn.map((row) => (
              <Card key={`mb-${row.denom}`} title={`${t('dashboard.mintBurn')} · ${row.symbol}`}>
                <dl class="kpi-list">
                  <KpiItem label={t('dashboard.minted', { count: row.mints })}>
                    <Money value={{ amount: row.minted, symbol: row.symbol, exponent: row.exponent }} />
                  </KpiItem>
                  <KpiItem label={t('dashboard.burned', { count: row.burns })}>
                    <Money value={{ amount: row.burned, symbol: row.symbol, exponent: row.exponent }} />
                  </KpiItem>
                </dl>
              </Card>
            ))}
          </div>
          {canPropose && (
            <div class="actions" role="group" aria-label={t('dashboard.actions')}>
              <Link class="button primary" href="/proposals/new?kind=mint">
                {t('proposals.kinds.MINT')}
              </Link>
              <Link class="button" href="/proposals/new?kind=burn">
                {t('proposals.kinds.BURN')}
              </Link>
              <Link class="button" href="/proposals/new?kind=transfer">
                {t('dashboard.send')}
              </Link>
            </div>
          )}
        </>
      ) : (
        <>
          <section class="hero" aria-label={t('dashboard.totalBalance')}>
            <h2>{t('dashboard.totalBalance')}</h2>
            {(data.participant?.totalBalance ?? []).map((balance) => (
              <p class="hero-amount" key={balance.denom}>
                <Money value={balance} />
              </p>
            ))}
          </section>
          {data.participant?.alerts.map((alert) => (
            <p class="banner banner-warning" role="alert" key={alert.code}>
              {t(`dashboard.alerts.${alert.code}`)}
            </p>
          ))}
          <div class="actions" role="group" aria-label={t('dashboard.actions')}>
            {canPropose && (
              <Link class="button primary" href="/proposals/new?kind=transfer">
                {t('dashboard.send')}
              </Link>
            )}
            {session.can('manage', 'Bridging') && (
              <Link class="button" href="/bridging">
                {t('dashboard.convert')}
              </Link>
            )}
          </div>
          <Card title={t('dashboard.topWallets')}>
            <ul class="wallet-list">
              {(data.participant?.topWallets ?? []).map((wallet) => (
                <li key={wallet.multisigId}>
                  <Link href={`/accounts/${wallet.multisigId}`}>{wallet.name}</Link> <span class="muted">{t(`accountTypes.${wallet.type}`)}</span>
                  {wallet.balances.map((balance) => (
                    <Money key={balance.denom} value={balance} />
                  ))}
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
      <ActivityLog />
    </>
  );
}
