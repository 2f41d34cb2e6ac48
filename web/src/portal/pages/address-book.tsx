import { useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';
import { ok, type Schemas } from '../../api/client';
import { errorText } from '../../shared/i18n';
import { Card, EditActions, ErrorNote, Field, Loading, SuccessNote, Table } from '../../shared/ui';
import { useActions } from '../actions';
import { useData } from '../data';
import { api, useSession } from '../session';

type Entry = Schemas['AddressBookEntry'];
interface Draft {
  name: string;
  address: string;
  note: string;
}

const EMPTY: Draft = { name: '', address: '', note: '' };
const draftOf = (entry: Entry): Draft => ({ name: entry.name, address: entry.address, note: entry.note ?? '' });

/** The user's own address book: the named addresses proposals offer as recipients. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [query, setQuery] = useState('');
  const entries = useData(['address-book', query], () => ok(api.GET('/address-book', { params: { query: { pageSize: 500, ...(query.trim() ? { q: query.trim() } : {}) } } })));
  const [adding, setAdding] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const { busy, error, notice, act } = useActions(() => entries.mutate());
  const manage = session.can('manage', 'AddressBook');
  const body = (draft: Draft) => ({ name: draft.name.trim(), address: draft.address.trim(), note: draft.note.trim() || null });
  if (!session.can('read', 'AddressBook')) return <ErrorNote message={t('errors.FORBIDDEN')} />;
  return (
    <>
      <h1>{t('addressBook.title')}</h1>
      <p class="muted">{t('addressBook.intro')}</p>
      {manage && (
        <Card title={t('addressBook.add')}>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void act(async () => {
                await ok(api.POST('/address-book', { body: body(adding) }));
                setAdding(EMPTY);
              }, t('addressBook.added'));
            }}
          >
            <Field label={t('auth.name')} required maxLength={100} value={adding.name} onInput={(e) => setAdding({ ...adding, name: e.currentTarget.value })} />
            <Field label={t('accounts.address')} required value={adding.address} onInput={(e) => setAdding({ ...adding, address: e.currentTarget.value })} />
            <Field label={t('addressBook.note')} maxLength={500} value={adding.note} onInput={(e) => setAdding({ ...adding, note: e.currentTarget.value })} />
            <button class="primary" disabled={busy}>
              {t('addressBook.addButton')}
            </button>
          </form>
        </Card>
      )}
      <ErrorNote message={error} />
      <SuccessNote message={notice} />
      <Card title={t('addressBook.entries')}>
        <Field label={t('common.search')} type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        {entries.error && <ErrorNote message={errorText(t, entries.error)} />}
        {!entries.data ? (
          <Loading label={t('common.loading')} />
        ) : (
          <Table columns={[t('auth.name'), t('accounts.address'), t('addressBook.note'), manage && t('controlPanel.actions')]} rows={entries.data.items} empty={t('addressBook.empty')}>
            {(entry) =>
              editing?.id === entry.id ? (
                <tr key={entry.id}>
                  <td colSpan={manage ? 4 : 3}>
                    <form
                      class="inline-form"
                      aria-label={t('addressBook.editing', { name: entry.name })}
                      onSubmit={(event) => {
                        event.preventDefault();
                        void act(async () => {
                          await ok(api.PATCH('/address-book/{entryId}', { params: { path: { entryId: entry.id } }, body: body(editing.draft) }));
                          setEditing(null);
                        }, t('common.saved'));
                      }}
                    >
                      <Field label={t('auth.name')} required maxLength={100} value={editing.draft.name} onInput={(e) => setEditing({ ...editing, draft: { ...editing.draft, name: e.currentTarget.value } })} />
                      <Field label={t('accounts.address')} required value={editing.draft.address} onInput={(e) => setEditing({ ...editing, draft: { ...editing.draft, address: e.currentTarget.value } })} />
                      <Field label={t('addressBook.note')} maxLength={500} value={editing.draft.note} onInput={(e) => setEditing({ ...editing, draft: { ...editing.draft, note: e.currentTarget.value } })} />
                      <EditActions busy={busy} saveLabel={t('common.save')} cancelLabel={t('common.cancel')} onCancel={() => setEditing(null)} />
                    </form>
                  </td>
                </tr>
              ) : (
                <tr key={entry.id}>
                  <td>{entry.name}</td>
                  <td class="mono">{entry.address}</td>
                  <td>{entry.note ?? '—'}</td>
                  {manage && (
                    <td>
                      <button class="ghost" disabled={busy} onClick={() => setEditing({ id: entry.id, draft: draftOf(entry) })}>
                        {t('addressBook.edit', { name: entry.name })}
                      </button>
                      <button
                        class="ghost"
                        disabled={busy}
                        onClick={() => void act(() => ok(api.DELETE('/address-book/{entryId}', { params: { path: { entryId: entry.id } } })), t('addressBook.deleted'))}
                      >
                        {t('addressBook.delete', { name: entry.name })}
                      </button>
                    </td>
                  )}
                </tr>
              )
            }
          </Table>
        )}
      </Card>
    </>
  );
}
