import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter-preact';
import { ok, type Schemas } from '../../api/client';
import { formatDateTime, parseAmount, shortAddress } from '../../shared/format';
import { errorText, UserFacingError } from '../../shared/i18n';
import { Card, EditActions, ErrorNote, Field, Loading, Select, SuccessNote, Table } from '../../shared/ui';
import { useActions, useSubmit } from '../actions';
import { useData, useNativeToken } from '../data';
import { api, useSession } from '../session';
import { Money } from './dashboard';

type Tab = 'internal-users' | 'tokens' | 'organizations' | 'organization-profile' | 'chain-rpc';
const ROLES = ['administrator', 'member', 'auditor'] as const;

/** The spec's tab table: organizations is the issuer's only. */
const tabsFor = (organizationType: string | undefined): Tab[] =>
  organizationType === 'CENTRAL' ? ['internal-users', 'tokens', 'organizations', 'organization-profile', 'chain-rpc'] : ['internal-users', 'tokens', 'organization-profile', 'chain-rpc'];

export function ControlPanelPage() {
  const { t } = useTranslation();
  const session = useSession();
  const tabs = tabsFor(session.abilities?.organizationType);
  const requested = new URLSearchParams(useSearch()).get('tab') as Tab | null;
  const tab = requested && tabs.includes(requested) ? requested : tabs[0];
  if (!session.can('read', 'Organization')) return <ErrorNote message={t('errors.FORBIDDEN')} />;
  return (
    <>
      <h1>{t('nav.controlPanel')}</h1>
      {session.can('manage', 'Organization') && (
        <p>
          <Link class="button" href="/control-panel/alerts">
            {t('alerts.open')}
          </Link>
        </p>
      )}
      <nav class="tabs" role="tablist" aria-label={t('nav.controlPanel')}>
        {tabs.map((candidate) => (
          <Link key={candidate} href={`/control-panel?tab=${candidate}`} role="tab" aria-selected={candidate === tab}>
            {t(`controlPanel.tabs.${candidate}`)}
          </Link>
        ))}
      </nav>
      <div role="tabpanel" aria-label={t(`controlPanel.tabs.${tab}`)}>
        {tab === 'internal-users' && <InternalUsers />}
        {tab === 'tokens' && <Tokens />}
        {tab === 'organizations' && <Organizations />}
        {tab === 'organization-profile' && <OrganizationProfile />}
        {tab === 'chain-rpc' && <ChainRpc />}
      </div>
    </>
  );
}

function InternalUsers() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const users = useData(['users'], () => ok(api.GET('/users', { params: { query: { pageSize: 500 } } })));
  const invitations = useData(['invitations'], () => ok(api.GET('/invitations', { params: { query: { pageSize: 500 } } })));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof ROLES)[number]>('member');
  const { busy, error, notice, act } = useActions(() => Promise.all([users.mutate(), invitations.mutate()]));
  const manageUsers = session.can('manage', 'User');
  const manageInvitations = session.can('manage', 'Invitation');
  return (
    <>
      {manageInvitations && (
        <Card title={t('controlPanel.invite')}>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void act(async () => {
                await ok(api.POST('/invitations', { body: { email, role, locale: i18n.language === 'en' ? 'en' : 'es' } }));
                setEmail('');
              }, t('controlPanel.invited'));
            }}
          >
            <Field label={t('auth.email')} type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
            <Select label={t('settings.role')} value={role} onChange={(e) => setRole(e.currentTarget.value as typeof role)}>
              {ROLES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {t(`roles.${candidate}`)}
                </option>
              ))}
            </Select>
            <button class="primary" disabled={busy}>
              {t('controlPanel.sendInvitation')}
            </button>
          </form>
        </Card>
      )}
      <ErrorNote message={error} />
      <SuccessNote message={notice} />
      <Card title={t('controlPanel.users')}>
        {!users.data ? (
          <Loading label={t('common.loading')} />
        ) : (
          <Table columns={[t('auth.name'), t('auth.email'), t('settings.role'), t('activity.status'), manageUsers && t('controlPanel.actions')]} rows={users.data.items.filter((user) => user.kind === 'HUMAN')}>
            {(user) => (
              <tr key={user.id}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>
                  {manageUsers && user.status === 'ACTIVE' && user.id !== session.user?.id ? (
                    <label>
                      <span class="sr-only">{t('controlPanel.roleOf', { name: user.name })}</span>
                      <select
                        value={user.role}
                        disabled={busy}
                        onChange={(e) => {
                          const next = e.currentTarget.value as (typeof ROLES)[number];
                          void act(() => ok(api.PATCH('/users/{userId}/roles', { params: { path: { userId: user.id } }, body: { role: next } })), t('controlPanel.roleChanged'));
                        }}
                      >
                        {ROLES.map((candidate) => (
                          <option key={candidate} value={candidate}>
                            {t(`roles.${candidate}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    t(`roles.${user.role}`)
                  )}
                </td>
                <td>{t(`controlPanel.userStatus.${user.status}`)}</td>
                {manageUsers && (
                  <td>
                    {user.status === 'ACTIVE' && user.id !== session.user?.id && (
                      <button class="ghost" disabled={busy} onClick={() => void act(() => ok(api.PATCH('/users/{userId}/deactivate', { params: { path: { userId: user.id } } })), t('controlPanel.deactivated'))}>
                        {t('controlPanel.deactivate', { name: user.name })}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            )}
          </Table>
        )}
      </Card>
      <Card title={t('controlPanel.invitations')}>
        <Table
          columns={[t('auth.email'), t('settings.role'), t('activity.status'), t('controlPanel.expires'), manageInvitations && t('controlPanel.actions')]}
          rows={invitations.data?.items ?? []}
          empty={t('controlPanel.noInvitations')}
        >
          {(invitation: Schemas['Invitation']) => (
            <tr key={invitation.id}>
              <td>{invitation.email}</td>
              <td>{t(`roles.${invitation.role}`)}</td>
              <td>{t(`controlPanel.invitationStatus.${invitation.status}`)}</td>
              <td>{formatDateTime(invitation.expiresAt, i18n.language)}</td>
              {manageInvitations && (
                <td>
                  {(invitation.status === 'PENDING' || invitation.status === 'EXPIRED') && (
                    <button class="ghost" disabled={busy} onClick={() => void act(() => ok(api.POST('/invitations/{invitationId}/resend', { params: { path: { invitationId: invitation.id } } })), t('controlPanel.resent'))}>
                      {t('controlPanel.resend', { email: invitation.email })}
                    </button>
                  )}
                  {invitation.status === 'PENDING' && (
                    <button class="ghost" disabled={busy} onClick={() => void act(() => ok(api.POST('/invitations/{invitationId}/revoke', { params: { path: { invitationId: invitation.id } } })), t('controlPanel.revoked'))}>
                      {t('controlPanel.revoke', { email: invitation.email })}
                    </button>
                  )}
                </td>
              )}
            </tr>
          )}
        </Table>
      </Card>
    </>
  );
}

type TokenDraft = { symbol: string; name: string; exponent: string };

function Tokens() {
  const { t } = useTranslation();
  const session = useSession();
  const tokens = useData(['tokens'], () => ok(api.GET('/tokens', { params: { query: { pageSize: 500 } } })));
  const [form, setForm] = useState({ denom: '', symbol: '', name: '', exponent: '6' });
  const [editing, setEditing] = useState<{ id: string; draft: TokenDraft } | null>(null);
  // Removing a token takes a second click on the same row, so a slip does not remove one.
  const [removing, setRemoving] = useState<string | null>(null);
  const { busy, error, notice, act } = useActions(() => tokens.mutate());
  const manage = session.can('manage', 'Token');
  const edit = (draft: TokenDraft) => editing && setEditing({ ...editing, draft });
  return (
    <>
      <ErrorNote message={error} />
      <SuccessNote message={notice} />
      <Card title={t('controlPanel.tabs.tokens')}>
        <Table columns={[t('controlPanel.symbol'), t('auth.name'), t('controlPanel.denom'), t('controlPanel.decimals'), t('activity.status'), manage && t('controlPanel.actions')]} rows={tokens.data?.items ?? []}>
          {(token) =>
            editing?.id === token.id ? (
              <tr key={token.id}>
                <td colSpan={6}>
                  <form
                    class="inline-form"
                    aria-label={t('controlPanel.editToken', { symbol: token.symbol })}
                    onSubmit={(event) => {
                      event.preventDefault();
                      const { symbol, name, exponent } = editing.draft;
                      void act(async () => {
                        await ok(api.PATCH('/tokens/{tokenId}', { params: { path: { tokenId: token.id } }, body: { symbol: symbol.trim(), name: name.trim(), exponent: Number(exponent) } }));
                        setEditing(null);
                      }, t('common.saved'));
                    }}
                  >
                    <Field label={t('controlPanel.symbol')} required maxLength={12} value={editing.draft.symbol} onInput={(e) => edit({ ...editing.draft, symbol: e.currentTarget.value })} />
                    <Field label={t('auth.name')} required maxLength={100} value={editing.draft.name} onInput={(e) => edit({ ...editing.draft, name: e.currentTarget.value })} />
                    <Field label={t('controlPanel.decimals')} type="number" required min={0} max={18} value={editing.draft.exponent} onInput={(e) => edit({ ...editing.draft, exponent: e.currentTarget.value })} />
                    <EditActions busy={busy} saveLabel={t('common.save')} cancelLabel={t('common.cancel')} onCancel={() => setEditing(null)} />
                  </form>
                </td>
              </tr>
            ) : (
              <tr key={token.id}>
                <td>{token.symbol}</td>
                <td>{token.name}</td>
                <td class="mono">{token.denom}</td>
                <td>{token.exponent}</td>
                <td>{token.native ? t('controlPanel.native') : t('controlPanel.activeToken')}</td>
                {manage && (
                  <td>
                    <button class="ghost" disabled={busy} onClick={() => setEditing({ id: token.id, draft: { symbol: token.symbol, name: token.name, exponent: String(token.exponent) } })}>
                      {t('controlPanel.editToken', { symbol: token.symbol })}
                    </button>
                    {/* The native token is the platform's own: the registry never drops it. */}
                    {!token.native &&
                      (removing === token.id ? (
                        <>
                          <button
                            class="danger"
                            disabled={busy}
                            onClick={() =>
                              void act(async () => {
                                await ok(api.DELETE('/tokens/{tokenId}', { params: { path: { tokenId: token.id } } }));
                                setRemoving(null);
                              }, t('controlPanel.tokenRemoved'))
                            }
                          >
                            {t('controlPanel.confirmRemoveToken', { symbol: token.symbol })}
                          </button>
                          <button class="ghost" disabled={busy} onClick={() => setRemoving(null)}>
                            {t('common.cancel')}
                          </button>
                        </>
                      ) : (
                        <button class="ghost" disabled={busy} onClick={() => setRemoving(token.id)}>
                          {t('controlPanel.removeToken', { symbol: token.symbol })}
                        </button>
                      ))}
                  </td>
                )}
              </tr>
            )
          }
        </Table>
      </Card>
      {manage && (
        <Card title={t('controlPanel.addToken')}>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void act(async () => {
                await ok(api.POST('/tokens', { body: { denom: form.denom, symbol: form.symbol, name: form.name || form.symbol, exponent: Number(form.exponent) } }));
                setForm({ denom: '', symbol: '', name: '', exponent: '6' });
              }, t('controlPanel.tokenAdded'));
            }}
          >
            <Field label={t('controlPanel.denom')} required value={form.denom} onInput={(e) => setForm({ ...form, denom: e.currentTarget.value })} />
            <Field label={t('controlPanel.symbol')} required value={form.symbol} onInput={(e) => setForm({ ...form, symbol: e.currentTarget.value })} />
            <Field label={t('auth.name')} value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
            <Field label={t('controlPanel.decimals')} type="number" min={0} max={18} value={form.exponent} onInput={(e) => setForm({ ...form, exponent: e.currentTarget.value })} />
            <button class="primary" disabled={busy}>
              {t('common.create')}
            </button>
          </form>
        </Card>
      )}
    </>
  );
}

function Organizations() {
  const { t } = useTranslation();
  const session = useSession();
  const organizations = useData(['organizations'], () => ok(api.GET('/organizations', { params: { query: { pageSize: 500 } } })));
  const [name, setName] = useState('');
  const { busy, error, run } = useSubmit();
  return (
    <>
      {session.can('manage', 'Organization') && (
        <Card title={t('controlPanel.onboardBank')}>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void run(async () => {
                await ok(api.POST('/organizations', { body: { name, type: 'COMMERCIAL' } }));
                setName('');
                await organizations.mutate();
              });
            }}
          >
            <Field label={t('controlPanel.bankName')} required value={name} onInput={(e) => setName(e.currentTarget.value)} />
            <button class="primary" disabled={busy}>
              {t('common.create')}
            </button>
          </form>
          <ErrorNote message={error} />
        </Card>
      )}
      <Card title={t('controlPanel.tabs.organizations')}>
        {organizations.error && <ErrorNote message={errorText(t, organizations.error)} />}
        <Table
          columns={[t('auth.name'), t('activity.status'), t('controlPanel.exchange'), t('controlPanel.settlement')]}
          rows={(organizations.data?.items ?? []).filter((organization) => organization.type === 'COMMERCIAL')}
        >
          {(organization) => (
            <tr key={organization.id}>
              <td>
                <Link href={`/control-panel/organizations/${organization.id}`}>{organization.name}</Link>
              </td>
              <td>{t(`controlPanel.orgStatus.${organization.status}`)}</td>
              <td>{exchangeState(t, organization.exchange)}</td>
              <td class="mono">{organization.settlementAccount ? shortAddress(organization.settlementAccount.address) : '—'}</td>
            </tr>
          )}
        </Table>
      </Card>
    </>
  );
}

const exchangeState = (t: (key: string) => string, exchange: Schemas['Organization']['exchange']) =>
  !exchange?.linked ? t('controlPanel.unlinked') : exchange.frozen ? t('controlPanel.frozen') : t('controlPanel.linked');

function OrganizationProfile() {
  const session = useSession();
  return <OrganizationDetail organizationId={session.user!.organizationId} profile />;
}

export function OrganizationPage() {
  const { organizationId } = useParams<{ organizationId: string }>();
  return <OrganizationDetail organizationId={organizationId} />;
}

/** One organization: profile, exchange address and freeze, status, administrators, settlement account. */
function OrganizationDetail({ organizationId, profile = false }: { organizationId: string; profile?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const path = { params: { path: { organizationId } } };
  const organization = useData(['organization', organizationId], () => ok(api.GET('/organizations/{organizationId}', path)));
  const [address, setAddress] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const [limitText, setLimitText] = useState('');
  const token = useNativeToken();
  const { busy, error, notice, act } = useActions(() => organization.mutate());
  // Changes to an organization's standing are the issuer's (the API re-checks).
  const issuerAdmin = session.abilities?.organizationType === 'CENTRAL' && session.can('manage', 'Organization');
  if (organization.error) return <ErrorNote message={errorText(t, organization.error)} />;
  const data = organization.data as (Schemas['OrganizationDetail'] & Schemas['Organization']) | undefined;
  if (!data) return <Loading label={t('common.loading')} />;
  const commercial = data.type === 'COMMERCIAL';
  return (
    <>
      {!profile && <h1>{data.name}</h1>}
      <ErrorNote message={error} />
      <SuccessNote message={notice} />
      <div class="grid-2">
        <Card title={t('controlPanel.profile')}>
          <dl class="facts">
            <dt>{t('auth.name')}</dt>
            <dd>{data.name}</dd>
            <dt>{t('controlPanel.type')}</dt>
            <dd>{t(`orgTypes.${data.type}`)}</dd>
            <dt>{t('activity.status')}</dt>
            <dd>{t(`controlPanel.orgStatus.${data.status}`)}</dd>
            <dt>{t('controlPanel.administrators')}</dt>
            <dd>{(data.administrators ?? []).map((admin) => admin.name).join(', ') || '—'}</dd>
          </dl>
          {issuerAdmin && commercial && data.status !== 'PENDING' && (
            <div class="actions">
              <button
                disabled={busy}
                onClick={() =>
                  void act(
                    () => ok(api.PATCH('/organizations/{organizationId}', { ...path, body: { status: data.status === 'ACTIVE' ? 'SUSPENDED' : 'ACTIVE' } })),
                    t('common.saved'),
                  )
                }
              >
                {data.status === 'ACTIVE' ? t('controlPanel.suspend') : t('controlPanel.reactivate')}
              </button>
            </div>
          )}
          {issuerAdmin && commercial && (
            <form
              class="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void act(async () => {
                  await ok(api.POST('/organizations/{organizationId}/admins/invite', { ...path, body: { email: adminEmail } }));
                  setAdminEmail('');
                }, t('controlPanel.invited'));
              }}
            >
              <Field label={t('controlPanel.adminEmail')} type="email" required value={adminEmail} onInput={(e) => setAdminEmail(e.currentTarget.value)} />
              <button disabled={busy}>{t('controlPanel.inviteAdmin')}</button>
            </form>
          )}
        </Card>
        {commercial && (
          <Card title={t('controlPanel.exchange')}>
            <dl class="facts">
              <dt>{t('controlPanel.exchangeAddress')}</dt>
              <dd class="mono">{data.exchange?.address ?? '—'}</dd>
              <dt>{t('activity.status')}</dt>
              <dd>{exchangeState(t, data.exchange)}</dd>
            </dl>
            {issuerAdmin && (
              <>
                <form
                  class="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void act(() => ok(api.POST('/organizations/{organizationId}/exchange-address', { ...path, body: { address } })), t('common.saved'));
                  }}
                >
                  <Field label={t('controlPanel.newExchangeAddress')} hint={t('controlPanel.exchangeRule')} required list="own-addresses" value={address} onInput={(e) => setAddress(e.currentTarget.value)} />
                  <datalist id="own-addresses">{data.settlementAccount && <option value={data.settlementAccount.address}>{t('controlPanel.settlement')}</option>}</datalist>
                  <button disabled={busy}>{t('controlPanel.link')}</button>
                </form>
                {data.exchange?.linked && (
                  <button
                    class={data.exchange.frozen ? '' : 'danger'}
                    disabled={busy}
                    onClick={() =>
                      void act(
                        () => ok(data.exchange!.frozen ? api.POST('/organizations/{organizationId}/unfreeze', path) : api.POST('/organizations/{organizationId}/freeze', path)),
                        t('common.saved'),
                      )
                    }
                  >
                    {data.exchange.frozen ? t('controlPanel.unfreeze') : t('controlPanel.freeze')}
                  </button>
                )}
              </>
            )}
          </Card>
        )}
        {commercial && (
          <Card title={t('controlPanel.disbursementLimit')}>
            <p class="kpi" data-testid="disbursement-limit">
              <Money value={{ amount: data.disbursementLimitPerDay ?? '0', symbol: token?.symbol ?? 'L', exponent: token?.exponent ?? 2 }} />
            </p>
            <p class="muted">{t('controlPanel.disbursementLimitRule')}</p>
            {issuerAdmin && (
              <form
                class="inline-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void act(async () => {
                    const amount = limitText.trim() === '0' ? '0' : parseAmount(limitText, token?.exponent ?? 2);
                    if (!amount) throw new UserFacingError(t('proposals.badAmount'));
                    await ok(api.PATCH('/organizations/{organizationId}', { ...path, body: { disbursementLimitPerDay: amount } }));
                    setLimitText('');
                  }, t('common.saved'));
                }}
              >
                <Field label={t('controlPanel.newLimit', { symbol: token?.symbol ?? 'L' })} inputMode="decimal" required value={limitText} onInput={(e) => setLimitText(e.currentTarget.value)} />
                <button disabled={busy}>{t('common.save')}</button>
              </form>
            )}
          </Card>
        )}
        {commercial && data.settlementAccount && (
          <Card title={t('controlPanel.settlement')}>
            <p class="mono">{data.settlementAccount.address}</p>
            {data.settlementAccount.balance && session.abilities?.organizationType === 'COMMERCIAL' && (
              <p class="kpi">
                <Money value={{ amount: data.settlementAccount.balance.amount, symbol: token?.symbol ?? 'L', exponent: token?.exponent ?? 2 }} />
              </p>
            )}
          </Card>
        )}
        {commercial && session.can('manage', 'Bridging') && (
          <Card title={t('nav.bridging')}>
            <Link class="button" href={`/bridging?organization=${data.id}`}>
              {t('controlPanel.openBridging')}
            </Link>
          </Card>
        )}
      </div>
    </>
  );
}

function ChainRpc() {
  const { t } = useTranslation();
  const session = useSession();
  const organizationId = session.user!.organizationId;
  const path = { params: { path: { organizationId } } };
  const organization = useData(['organization', organizationId], () => ok(api.GET('/organizations/{organizationId}', path)));
  const [url, setUrl] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  const current = organization.data?.chainRpc;
  const value = url ?? current?.url ?? '';
  const manage = session.can('manage', 'Organization');
  return (
    <Card title={t('controlPanel.tabs.chain-rpc')}>
      <dl class="facts">
        <dt>{t('controlPanel.rpcUrl')}</dt>
        <dd class="mono">{current?.url ?? t('controlPanel.rpcDefault')}</dd>
        <dt>{t('controlPanel.rpcEffective')}</dt>
        <dd>{current?.effective ? t('common.yes') : t('common.no')}</dd>
      </dl>
      {manage && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await ok(api.PATCH('/organizations/{organizationId}/chain-rpc', { ...path, body: { url: value || null } }));
              await organization.mutate();
              setResult(t('common.saved'));
            });
          }}
        >
          <Field label={t('controlPanel.rpcUrl')} type="url" value={value} onInput={(e) => setUrl(e.currentTarget.value)} />
          <button
            type="button"
            disabled={busy || !value}
            onClick={() =>
              void run(async () => {
                const answer = await ok(api.POST('/organizations/{organizationId}/chain-rpc/test', { ...path, body: { url: value } }));
                setResult(answer.ok ? t('controlPanel.rpcOk', { chainId: answer.chainId, height: answer.height }) : t('controlPanel.rpcFailed', { latencyMs: answer.latencyMs }));
              })
            }
          >
            {t('controlPanel.rpcTest')}
          </button>
          <button class="primary" disabled={busy}>
            {t('common.save')}
          </button>
        </form>
      )}
      <ErrorNote message={error} />
      <SuccessNote message={result} />
    </Card>
  );
}
