import type { Knex } from 'knex';
import { notFound } from '../write-side/errors';
import type { Page, PageRequest } from './pagination';
import { containing } from './containing';

interface AddressBookRow {
  id: string;
  user_id: string;
  name: string;
  address: string;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

export const addressBookEntryView = (row: AddressBookRow) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  note: row.note,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export type AddressBookEntryView = ReturnType<typeof addressBookEntryView>;

export async function listAddressBook(
  db: Knex,
  userId: string,
  filter: PageRequest & { q?: string },
): Promise<Page<AddressBookEntryView>> {
  const query = db<AddressBookRow>('address_book_entries').where({ user_id: userId });
  if (filter.q) {
    const typed = containing(filter.q);
    query.where((where) => where.whereILike('name', typed).orWhereILike('address', typed));
  }
  const [{ count }] = await query.clone().count<{ count: string }[]>('* as count');
  const rows: AddressBookRow[] = await query
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .offset((filter.page - 1) * filter.pageSize)
    .limit(filter.pageSize);
  return { items: rows.map(addressBookEntryView), total: Number(count), page: filter.page, pageSize: filter.pageSize };
}

export async function findAddressBookEntry(db: Knex, userId: string, id: string): Promise<AddressBookEntryView> {
  const row: AddressBookRow | undefined = await db('address_book_entries').where({ user_id: userId, id }).first();
  if (!row) throw notFound('Address book entry');
  return addressBookEntryView(row);
}
