import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter-preact';
import { ok, type Schemas } from '../../api/client';
import { shortAddress } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { Card, EditActions, ErrorNote, Field, Loading, Table } from '../../shared/ui';
import { POLL_MS, useData } from '../data';
import { api, useSession } from '../session';
import { useSubmit } from '../actions';
import { ActivityLog, Money } from './dashboard';

export function AccountsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const accounts = useData(['multisigs'], () => ok(api.GET('/multisigs', { params: { query: { pageSize: 500 } } })));
  const [creating, setCreating] = useState(false);
  const { busy, error, run } = useSubmit();
  const pinned = session.user?.pinnedMultisigIds ?? [];
  const togglePin = (multisigId: string) =>
    run(async () => {
      const multisigIds = pinned.includes(multisigId) ? pinned.filter((id) => id !== multisigId) : [...pinned, multisigId];
      session.setUser(await ok(api.PATCH('/users/me/pinned-wallets', { body: { multisigIds } })));
    });
  // Pinned accounts first, in the order they were pinned; the others as the API lists them.
  const rank = (id: string) => (pinned.includes(id) ? pinned.indexOf(id) : pinned.length);
  const items = [...(accounts.data?.items ?? [])].sort((a, b) => rank(a.id) - rank(b.id));
  return (
    <>
      <h1>{t('accounts.title')}</h1>
      {session.can('create', 'Multisig') && (
        <div class="actions">
          <button class="primary" onClick={() => setCreating(!creating)} aria-expanded={creating}>
            {t('accounts.create')}
          </button>
        </div>
      )}
      {creating && <CreateAccount onCreated={() => void accounts.mutate().then(() => setCreating(false))} />}
      {accounts.error && <ErrorNote message={errorText(t, accounts.error)} />}
      <ErrorNote message={error} />
      {!accounts.data ? (
        <Loading label={t('common.loading')} />
      ) : (
        <Table columns={[t('accounts.label'), t('accounts.type'), t('accounts.address'), t('accounts.policy'), t('accounts.state'), t('accounts.pinned')]} rows={items}>
          {(account) => (
            <tr key={account.id}>
              <td>
                <Link href={`/accounts/${account.id}`}>{account.label}</Link>
              </td>
              <td>{t(`accountTypes.${account.type}`)}</td>
              <td class="mono">{shortAddress(account.address)}</td>
              <td>{t('accounts.thresholdOf', { threshold: account.policy.threshold, total: account.policy.totalWeight })}</td>
              <td>{account.archived ? t('accounts.archived') : t('accounts.active')}</td>
              <td>
                <button class="ghost" aria-pressed={pinned.includes(account.id)} disabled={busy} onClick={() => void togglePin(account.id)}>
                  <span aria-hidden="true">{pinned.includes(account.id) ? '★' : '☆'}</span> {t('accounts.pin', { label: account.label })}
                </button>
              </td>
            </tr>
          )}
        </Table>
      )}
    </>
  );
}

/** The group's members: the users an account may have, each with a weight field (0 leaves the user out). */
export function MemberWeights({ users, weights, onChange, children }: { users: { id: string; name: string }[]; weights: Map<string, number>; onChange: (weights: Map<string, number>) => void; children?: preact.ComponentChildren }) {
  const { t } = useTranslation();
  return (
    <fieldset class="members">
      <legend>{t('accounts.members')}</legend>
      {users.map((user) => (
        <Field
          key={user.id}
          label={t('accounts.weightOf', { name: user.name })}
          type="number"
          min={0}
          value={String(weights.get(user.id) ?? 0)}
          onInput={(e) => onChange(new Map(weights).set(user.id, Number(e.currentTarget.value) || 0))}
        />
      ))}
      {children}
    </fieldset>
  );
}

/** The members the API takes for those weights. */
export const membersOf = (weights: Map<string, number>) => [...weights.entries()].filter(([, weight]) => weight > 0).map(([userId, weight]) => ({ userId, weight }));

function CreateAccount({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const users = useData(['selectable'], () => ok(api.GET('/users/selectable', { params: { query: { pageSize: 500 } } })));
  const [label, setLabel] = useState('');
  const [weights, setWeights] = useState(new Map<string, number>());
  const [threshold, setThreshold] = useState(1);
  const { busy, error, run } = useSubmit();
  const members = membersOf(weights);
  return (
    <Card title={t('accounts.create')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await ok(api.POST('/multisigs', { body: { label, members, threshold } }));
            onCreated();
          });
        }}
      >
        <Field label={t('accounts.label')} required value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        <MemberWeights users={users.data?.items ?? []} weights={weights} onChange={setWeights} />
        <Field label={t('accounts.threshold')} type="number" min={1} required value={String(threshold)} onInput={(e) => setThreshold(Number(e.currentTarget.value) || 1)} />
        <ErrorNote message={error} />
        <button class="primary" disabled={busy || members.length === 0}>
          {t('common.create')}
        </button>
      </form>
    </Card>
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [, navigate] = useLocation();
  const { multisigId } = useParams<{ multisigId: string }>();
  const path = { params: { path: { multisigId } } };
  const account = useData(['multisig', multisigId], () => ok(api.GET('/multisigs/{multisigId}', path)));
  const balance = useData(['balance', multisigId], () => ok(api.GET('/multisigs/{multisigId}/balance', path)), { refreshInterval: POLL_MS });
  const health = useData(['health', multisigId], () => ok(api.GET('/multisigs/{multisigId}/health', path)), { refreshInterval: 30_000 });
  const proposals = useData(['proposals', multisigId], () => ok(api.GET('/multisigs/{multisigId}/proposals', { params: { path: { multisigId }, query: { pageSize: 20 } } })), { refreshInterval: POLL_MS });
  const [label, setLabel] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  const manage = session.can('manage', 'Multisig');
  if (account.error) return <ErrorNote message={errorText(t, account.error)} />;
  const data = account.data;
  if (!data) return <Loading label={t('common.loading')} />;
  return (
    <>
      <h1>{data.label}</h1>
      <p>
        <span class="tag">{t(`accountTypes.${data.type}`)}</span> {data.archived && <span class="tag">{t('accounts.archived')}</span>}
      </p>
      {manage && (
        <div class="actions">
          {label === null ? (
            <button onClick={() => setLabel(data.label)}>{t('accounts.editLabel')}</button>
          ) : (
            <form
              class="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void run(async () => {
                  await ok(api.PATCH('/multisigs/{multisigId}', { ...path, body: { label } }));
                  await account.mutate();
                  setLabel(null);
                });
              }}
            >
              <Field label={t('accounts.label')} required value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
              <button class="primary" disabled={busy}>
                {t('common.save')}
              </button>
            </form>
          )}
          <button
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await ok(data.archived ? api.POST('/multisigs/{multisigId}/unarchive', path) : api.POST('/multisigs/{multisigId}/archive', path));
                await account.mutate();
              })
            }
          >
            {data.archived ? t('accounts.unarchive') : t('accounts.archive')}
          </button>
        </div>
      )}
      {session.can('create', 'Proposal') && !data.archived && (
        <div class="actions">
          <button class="primary" onClick={() => navigate(`/proposals/new?kind=transfer&account=${data.id}`)}>
            {t('proposals.kinds.TRANSFER')}
          </button>
          {data.type === 'ISSUANCE' && (
            <>
              <button onClick={() => navigate(`/proposals/new?kind=mint&account=${data.id}`)}>{t('proposals.kinds.MINT')}</button>
              <button onClick={() => navigate(`/proposals/new?kind=burn&account=${data.id}`)}>{t('proposals.kinds.BURN')}</button>
            </>
          )}
          <button onClick={() => navigate(`/proposals/new?kind=group-change&account=${data.id}`)}>{t('proposals.kinds.GROUP_CHANGE')}</button>
        </div>
      )}
      <ErrorNote message={error} />
      <div class="grid-2">
        <Card title={t('accounts.balance')}>
          {(balance.data?.balances ?? []).map((value) => (
            <p class="kpi" key={value.denom}>
              <Money value={value} />
            </p>
          ))}
          <p class="mono">{data.address}</p>
        </Card>
        <Card title={t('accounts.health')}>
          {health.data ? (
            <p>
              {health.data.reachable ? t('accounts.reachable', { height: health.data.height, ms: health.data.latencyMs }) : t('accounts.unreachable')}
            </p>
          ) : (
            <Loading label={t('common.loading')} />
          )}
        </Card>
        <Card title={t('accounts.members')}>
          <p>{t('accounts.thresholdOf', { threshold: data.policy.threshold, total: data.policy.totalWeight })}</p>
          <ul class="wallet-list">
            {data.members.map((member) => (
              <li key={member.userId}>
                {member.name ?? shortAddress(member.address)} <span class="muted">{t('accounts.weight', { weight: member.weight })}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Whitelist multisigId={multisigId} />
      </div>
      <Card title={t('accounts.proposals')}>
        {(proposals.data?.items ?? []).length === 0 ? (
          <p class="empty">{t('accounts.noProposals')}</p>
        ) : (
          <ul class="task-list">
            {proposals.data!.items.map((proposal) => (
              <li key={proposal.id}>
                <Link href={`/operations/${proposal.id}`}>{proposal.title}</Link> <span class="tag">{t(`proposals.kinds.${proposal.kind}`)}</span>{' '}
                <span class="muted">{t(`proposalStatus.${proposal.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ActivityLog multisigId={multisigId} />
    </>
  );
}

function Whitelist({ multisigId }: { multisigId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const path = { params: { path: { multisigId } } };
  const entries = useData(['whitelist', multisigId], () => ok(api.GET('/multisigs/{multisigId}/whitelist', path)));
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [editing, setEditing] = useState<{ id: string; label: string; address: string } | null>(null);
  const { busy, error, run } = useSubmit();
  const manage = session.can('manage', 'WhitelistAddress');
  const items: Schemas['WhitelistEntry'][] = (entries.data as { items?: Schemas['WhitelistEntry'][] } | undefined)?.items ?? [];
  return (
    <Card title={t('accounts.whitelist')}>
      {items.length === 0 ? (
        <p class="empty">{t('accounts.whitelistEmpty')}</p>
      ) : (
        <ul class="wallet-list">
          {items.map((entry) =>
            editing?.id === entry.id ? (
              <li key={entry.id}>
                <form
                  class="inline-form"
                  aria-label={t('accounts.whitelistEdit', { label: entry.label })}
                  onSubmit={(event) => {
                    event.preventDefault();
                    void run(async () => {
                      await ok(
                        api.PATCH('/multisigs/{multisigId}/whitelist/{addressId}', {
                          params: { path: { multisigId, addressId: entry.id } },
                          body: { label: editing.label.trim(), address: editing.address.trim() },
                        }),
                      );
                      setEditing(null);
                      await entries.mutate();
                    });
                  }}
                >
                  <Field label={t('accounts.whitelistLabel')} required value={editing.label} onInput={(e) => setEditing({ ...editing, label: e.currentTarget.value })} />
                  <Field label={t('accounts.address')} required value={editing.address} onInput={(e) => setEditing({ ...editing, address: e.currentTarget.value })} />
                  <EditActions busy={busy} saveLabel={t('common.save')} cancelLabel={t('common.cancel')} onCancel={() => setEditing(null)} />
                </form>
              </li>
            ) : (
              <li key={entry.id}>
                {entry.label} <span class="mono">{shortAddress(entry.address)}</span>
                {manage && (
                  <button class="ghost" disabled={busy} onClick={() => setEditing({ id: entry.id, label: entry.label, address: entry.address })}>
                    {t('accounts.whitelistEdit', { label: entry.label })}
                  </button>
                )}
                {manage && (
                  <button
                    class="ghost"
                    disabled={busy}
                    onClick={() =>
                      void run(async () => {
                        await ok(api.DELETE('/multisigs/{multisigId}/whitelist/{addressId}', { params: { path: { multisigId, addressId: entry.id } } }));
                        await entries.mutate();
                      })
                    }
                  >
                    {t('accounts.remove', { label: entry.label })}
                  </button>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {manage && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await ok(api.POST('/multisigs/{multisigId}/whitelist', { ...path, body: { address, label } }));
              setAddress('');
              setLabel('');
              await entries.mutate();
            });
          }}
        >
          <Field label={t('accounts.whitelistLabel')} required value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
          <Field label={t('accounts.address')} required value={address} onInput={(e) => setAddress(e.currentTarget.value)} />
          <button disabled={busy}>{t('accounts.whitelistAdd')}</button>
        </form>
      )}
      <ErrorNote message={error} />
    </Card>
  );
}
