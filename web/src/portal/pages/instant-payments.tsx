import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { ok } from '../../api/client';
import { formatAmount, formatDateTime, parseAmount, shortAddress } from '../../shared/format';
import { errorText, UserFacingError } from '../../shared/i18n';
import { Card, ErrorNote, Field, KpiItem, Loading, Select, SuccessNote, Table } from '../../shared/ui';
import { useActions, useSubmit } from '../actions';
import { BarChart } from '../charts';
import { idempotencyKey, POLL_MS, useData, useNativeToken } from '../data';
import { DateRange, endsBeforeStart, useAppliedRange } from '../date-range';
import { download } from '../download';
import { api, useSession } from '../session';

type Distribution = { byDay: { day: string; volume: string; count: number }[]; byHour: { hour: number; volume: string; count: number }[] };

function Distributions({ data }: { data: Distribution }) {
  const { t } = useTranslation();
  return (
    <div class="grid-2">
      <Card title={t('ip.byDay')}>
        <BarChart labels={data.byDay.map((row) => row.day)} values={data.byDay.map((row) => row.count)} label={t('ip.payments')} caption={t('ip.byDayCaption', { days: data.byDay.map((row) => `${row.day}: ${row.count}`).join(', ') || '—' })} />
      </Card>
      <Card title={t('ip.byHour')}>
        <BarChart labels={data.byHour.map((row) => `${row.hour}:00`)} values={data.byHour.map((row) => row.count)} label={t('ip.payments')} caption={t('ip.byHourCaption', { hours: data.byHour.map((row) => `${row.hour}h: ${row.count}`).join(', ') || '—' })} />
      </Card>
    </div>
  );
}

export function InstantPaymentsPage() {
  const session = useSession();
  return session.abilities?.organizationType === 'CENTRAL' ? <OversightView /> : <ParticipantView />;
}

/** The bank's own view: settlement card, KPIs split cross-bank / internal, distributions, transactions, clients. */
function ParticipantView() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const token = useNativeToken();
  const organizationId = session.user!.organizationId;
  const [tab, setTab] = useState<'dashboard' | 'transactions' | 'clients'>('dashboard');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = useAppliedRange(from, to);
  const dashboard = useData(['ip-dashboard', organizationId, range], () => ok(api.GET('/organizations/{organizationId}/instant-payments/dashboard', { params: { path: { organizationId }, query: range } })), { refreshInterval: POLL_MS });
  const { busy, error, run } = useSubmit();
  const exponent = token?.exponent ?? 2;
  const money = (amount: string) => `L ${formatAmount(amount, exponent, i18n.language)}`;
  const data = dashboard.data;
  return (
    <>
      <h1>{t('nav.instantPayments')}</h1>
      <nav class="tabs" role="tablist" aria-label={t('nav.instantPayments')}>
        {(['dashboard', 'transactions', 'clients'] as const).map((candidate) => (
          <a key={candidate} href="#" role="tab" aria-selected={tab === candidate} onClick={(event) => (event.preventDefault(), setTab(candidate))}>
            {t(`ip.tabs.${candidate}`)}
          </a>
        ))}
      </nav>
      <div class="inline-form">
        <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <button disabled={busy || endsBeforeStart(from, to)} onClick={() => void run(() => download(`/organizations/${organizationId}/instant-payments/export`, { format: 'csv', ...range }))}>
          {t('ip.exportCsv')}
        </button>
      </div>
      <ErrorNote message={error} />
      {dashboard.error && <ErrorNote message={errorText(t, dashboard.error)} />}
      {tab === 'dashboard' &&
        (!data ? (
          <Loading label={t('common.loading')} />
        ) : (
          <>
            <div class="kpis">
              <Card title={t('ip.settlementAccount')}>
                <p class="mono">{data.settlementAccount.address ?? '—'}</p>
                {data.settlementAccount.balances.map((balance) => (
                  <p class="kpi" key={balance.denom} data-testid="settlement-balance">
                    {balance.symbol} {formatAmount(balance.amount, balance.exponent, i18n.language)}
                  </p>
                ))}
              </Card>
              {(['crossOrganization', 'internal'] as const).map((split) => (
                <Card key={split} title={t(`ip.${split}`)}>
                  <dl class="kpi-list">
                    <KpiItem label={t('ip.volume')}>{money(data.kpis[split].volume)}</KpiItem>
                    <KpiItem label={t('ip.count')}>{data.kpis[split].count}</KpiItem>
                    <KpiItem label={t('ip.average')}>{money(data.kpis[split].average)}</KpiItem>
                  </dl>
                </Card>
              ))}
              <Card title={t('ip.users')}>
                <p class="kpi">{data.kpis.users}</p>
              </Card>
            </div>
            <Distributions data={data} />
          </>
        ))}
      {tab === 'transactions' && <Transactions organizationId={organizationId} range={range} money={money} />}
      {tab === 'clients' && <Clients organizationId={organizationId} money={money} />}
    </>
  );
}

function Transactions({ organizationId, range, money }: { organizationId: string; range: { from?: string; to?: string }; money: (amount: string) => string }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<'' | 'INTERNAL' | 'CROSS_ORGANIZATION'>('');
  const [status, setStatus] = useState<'' | 'PENDING' | 'COMPLETED' | 'FAILED'>('');
  const [alias, setAlias] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const query = { page, pageSize, ...range, ...(kind ? { kind } : {}), ...(status ? { status } : {}), ...(alias ? { alias: alias.replace(/^@/, '') } : {}) };
  const list = useData(['ip-transactions', organizationId, query], () => ok(api.GET('/organizations/{organizationId}/instant-payments/transactions', { params: { path: { organizationId }, query } })), { refreshInterval: POLL_MS });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  return (
    <Card title={t('ip.tabs.transactions')}>
      <div class="inline-form">
        <Select label={t('ip.kind')} value={kind} onChange={(e) => (setKind(e.currentTarget.value as typeof kind), setPage(1))}>
          <option value="">{t('common.all')}</option>
          <option value="INTERNAL">{t('ip.kinds.INTERNAL')}</option>
          <option value="CROSS_ORGANIZATION">{t('ip.kinds.CROSS_ORGANIZATION')}</option>
        </Select>
        <Select label={t('activity.status')} value={status} onChange={(e) => (setStatus(e.currentTarget.value as typeof status), setPage(1))}>
          <option value="">{t('common.all')}</option>
          {(['PENDING', 'COMPLETED', 'FAILED'] as const).map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`ip.status.${candidate}`)}
            </option>
          ))}
        </Select>
        <Field label={t('ip.alias')} value={alias} onInput={(e) => (setAlias(e.currentTarget.value), setPage(1))} />
      </div>
      {list.error && <ErrorNote message={errorText(t, list.error)} />}
      <Table columns={[t('activity.when'), t('ip.kind'), t('ip.from'), t('ip.to'), t('activity.amount'), t('activity.status')]} rows={list.data?.items ?? []}>
        {(payment) => (
          <tr key={payment.id}>
            <td>{formatDateTime(payment.createdAt, i18n.language)}</td>
            <td>{t(`ip.kinds.${payment.kind}`)}</td>
            <td>@{payment.senderAlias}</td>
            <td>@{payment.recipientAlias}</td>
            <td>{money(payment.amount)}</td>
            <td>{t(`ip.status.${payment.status}`)}</td>
          </tr>
        )}
      </Table>
      <div class="actions">
        <button disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('common.previous')}
        </button>
        <span>{t('common.pageOf', { page, pages })}</span>
        <button disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('common.next')}
        </button>
      </div>
    </Card>
  );
}

function Clients({ organizationId, money }: { organizationId: string; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const session = useSession();
  const clients = useData(['ip-clients', organizationId], () => ok(api.GET('/organizations/{organizationId}/instant-payments/clients', { params: { path: { organizationId }, query: { pageSize: 200 } } })), { refreshInterval: POLL_MS });
  const [name, setName] = useState('');
  const [alias, setAlias] = useState('');
  const [externalRef, setExternalRef] = useState('');
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const { busy, error, run } = useSubmit();
  return (
    <>
      {session.can('create', 'InstantPayment') && (
        <Card title={t('ip.registerClient')}>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void run(async () => {
                const registered = await ok(
                  api.POST('/instant-payments/clients', { body: { name, ...(alias ? { alias: alias.replace(/^@/, '') } : {}), ...(externalRef ? { externalRef } : {}) } }),
                );
                setIssued({ name: registered.client.name, token: registered.clientToken });
                setName('');
                setAlias('');
                setExternalRef('');
                await clients.mutate();
              });
            }}
          >
            <Field label={t('auth.name')} required value={name} onInput={(e) => setName(e.currentTarget.value)} />
            <Field label={t('ip.aliasOptional')} value={alias} onInput={(e) => setAlias(e.currentTarget.value)} />
            <Field label={t('ip.externalRef')} value={externalRef} onInput={(e) => setExternalRef(e.currentTarget.value)} />
            <button class="primary" disabled={busy}>
              {t('ip.register')}
            </button>
          </form>
          <ErrorNote message={error} />
          {issued && (
            <div class="note note-success" role="status">
              <p>{t('ip.tokenIssued', { name: issued.name })}</p>
              <p class="mono" data-testid="client-token">
                {issued.token}
              </p>
            </div>
          )}
        </Card>
      )}
      {session.can('create', 'InstantPayment') && <CashDesk organizationId={organizationId} clients={(clients.data?.items ?? []).filter((client) => client.active)} onDone={() => clients.mutate()} />}
      <Card title={t('ip.tabs.clients')}>
        <Table columns={[t('auth.name'), t('ip.alias'), t('ip.balance'), t('ip.origin'), t('activity.status')]} rows={clients.data?.items ?? []}>
          {(client) => (
            <tr key={client.id}>
              <td>{client.name}</td>
              <td>{client.alias ? `@${client.alias}` : '—'}</td>
              <td>{money(client.balance)}</td>
              <td>{client.demo ? t('ip.demo') : t('ip.registered')}</td>
              <td>
                {client.active ? t('ip.active') : t('ip.deactivated')}{' '}
                {client.active && session.can('manage', 'InstantPayment') && (
                  <button
                    class="ghost"
                    disabled={busy}
                    onClick={() =>
                      void run(async () => {
                        await ok(api.POST('/organizations/{organizationId}/instant-payments/clients/{clientId}/deactivate', { params: { path: { organizationId, clientId: client.id } } }));
                        await clients.mutate();
                      })
                    }
                  >
                    {t('ip.deactivate', { name: client.name })}
                  </button>
                )}
              </td>
            </tr>
          )}
        </Table>
      </Card>
    </>
  );
}

/** Cash-in and cash-out at the bank's counter: the client's balance follows the fiat paid in or taken out. */
function CashDesk({ organizationId, clients, onDone }: { organizationId: string; clients: { id: string; name: string; alias: string | null }[]; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const token = useNativeToken();
  const [clientId, setClientId] = useState('');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const { busy, error, notice, act } = useActions(onDone);
  const chosen = clientId || clients[0]?.id || '';
  const move = (direction: 'cash-in' | 'cash-out') =>
    act(
      async () => {
        const amount = parseAmount(amountText, token?.exponent ?? 2);
        if (!amount) throw new UserFacingError(t('proposals.badAmount'));
        const params = { path: { organizationId, clientId: chosen }, header: { 'idempotency-key': idempotencyKey() } };
        const body = { amount, ...(reference.trim() ? { reference: reference.trim() } : {}) };
        await ok(
          direction === 'cash-in'
            ? api.POST('/organizations/{organizationId}/instant-payments/clients/{clientId}/cash-in', { params, body })
            : api.POST('/organizations/{organizationId}/instant-payments/clients/{clientId}/cash-out', { params, body }),
        );
        setAmountText('');
        setReference('');
      },
      direction === 'cash-in' ? t('ip.cashedIn') : t('ip.cashedOut'),
    );
  return (
    <Card title={t('ip.cashDesk')}>
      <form class="inline-form" onSubmit={(event) => event.preventDefault()}>
        <Select label={t('ip.client')} value={chosen} onChange={(e) => setClientId(e.currentTarget.value)}>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
              {client.alias ? ` (@${client.alias})` : ''}
            </option>
          ))}
        </Select>
        <Field label={t('proposals.amount', { symbol: token?.symbol ?? 'L' })} inputMode="decimal" value={amountText} onInput={(e) => setAmountText(e.currentTarget.value)} />
        <Field label={t('ip.reference')} value={reference} onInput={(e) => setReference(e.currentTarget.value)} />
        <button type="button" class="primary" disabled={busy || !chosen} onClick={() => void move('cash-in')}>
          {t('ip.cashIn')}
        </button>
        <button type="button" disabled={busy || !chosen} onClick={() => void move('cash-out')}>
          {t('ip.cashOut')}
        </button>
      </form>
      <ErrorNote message={error} />
      <SuccessNote message={notice} />
    </Card>
  );
}

/** The issuer's oversight: aggregates only, system-wide or per bank; never a payment or a client. */
function OversightView() {
  const { t, i18n } = useTranslation();
  const token = useNativeToken();
  const [bank, setBank] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<'name' | 'volume' | 'payments' | 'users'>('volume');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = useAppliedRange(from, to);
  const scope = { ...range, ...(bank ? { organizationId: bank } : {}) };
  const summary = useData(['ov-summary', scope], () => ok(api.GET('/instant-payments/oversight/summary', { params: { query: scope } })), { refreshInterval: POLL_MS });
  const banks = useData(['ov-banks', range, q, sort, order], () => ok(api.GET('/instant-payments/oversight/banks', { params: { query: { ...range, sort, order, ...(q ? { q } : {}) } } })), { refreshInterval: POLL_MS });
  const distribution = useData(['ov-distribution', scope], () => ok(api.GET('/instant-payments/oversight/distribution', { params: { query: scope } })), { refreshInterval: POLL_MS });
  const { busy, error, run } = useSubmit();
  const money = (amount: string) => `L ${formatAmount(amount, token?.exponent ?? 2, i18n.language)}`;
  const sortBy = (column: typeof sort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else (setSort(column), setOrder(column === 'name' ? 'asc' : 'desc'));
  };
  const header = (column: typeof sort, label: string) => (
    <th scope="col" aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button onClick={() => sortBy(column)}>{label}</button>
    </th>
  );
  return (
    <>
      <h1>{t('ip.oversightTitle')}</h1>
      <div class="inline-form">
        <Select label={t('ip.scope')} value={bank} onChange={(e) => setBank(e.currentTarget.value)}>
          <option value="">{t('ip.systemWide')}</option>
          {(banks.data?.items ?? []).map((row) => (
            <option key={row.organizationId} value={row.organizationId}>
              {row.name}
            </option>
          ))}
        </Select>
        <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <button disabled={busy || endsBeforeStart(from, to)} onClick={() => void run(() => download('/instant-payments/oversight/export', { format: 'csv', ...range }))}>
          {t('ip.exportCsv')}
        </button>
        <button disabled={busy || endsBeforeStart(from, to)} onClick={() => void run(() => download('/instant-payments/oversight/export', { format: 'json', ...range }))}>
          {t('ip.exportJson')}
        </button>
      </div>
      <ErrorNote message={error} />
      {summary.error && <ErrorNote message={errorText(t, summary.error)} />}
      {summary.data && (
        <div class="kpis">
          <Card title={t('ip.settledVolume')}>
            <p class="kpi">{money(summary.data.settledVolume)}</p>
          </Card>
          <Card title={t('ip.count')}>
            <p class="kpi">{summary.data.paymentCount}</p>
          </Card>
          <Card title={t('ip.average')}>
            <p class="kpi">{money(summary.data.averagePayment)}</p>
          </Card>
          <Card title={t('ip.users')}>
            <p class="kpi">{summary.data.users}</p>
          </Card>
        </div>
      )}
      <Card title={t('ip.perBank')}>
        <Field label={t('common.search')} type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        <table class="table">
          <thead>
            <tr>
              {header('name', t('ip.bank'))}
              <th scope="col">{t('ip.settlementAccount')}</th>
              {header('volume', t('ip.volume'))}
              {header('payments', t('ip.count'))}
              {header('users', t('ip.users'))}
            </tr>
          </thead>
          <tbody>
            {(banks.data?.items ?? []).map((row) => (
              <tr key={row.organizationId}>
                <td>{row.name}</td>
                <td class="mono">{row.settlementAddress ? shortAddress(row.settlementAddress) : '—'}</td>
                <td>{money(row.volume)}</td>
                <td>{row.payments}</td>
                <td>{row.users}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      {distribution.data && <Distributions data={distribution.data} />}
    </>
  );
}
