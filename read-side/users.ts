import type { Knex } from 'knex';
import { Model, snakeCaseMappers } from 'objection';
import type { Principal } from '../write-side/user/principal';
import type { OrganizationType } from '../write-side/organization/events';
import type { Locale, Role, UserKind } from '../write-side/user/events';
import { paginate, type PageRequest } from './pagination';
import { containing } from './containing';

export class UserRecord extends Model {
  static override tableName = 'users';
  static override columnNameMappers = snakeCaseMappers();

  id!: string;
  organizationId!: string;
  kind!: UserKind;
  email!: string | null;
  name!: string;
  role!: Role;
  active!: boolean;
  address!: string;
  publicKey!: string;
  locale!: Locale;
  pinnedMultisigIds!: string[];
  createdAt!: Date;
  updatedAt!: Date;
  deactivatedAt!: Date | null;
}

export type UserStatus = 'ACTIVE' | 'DEACTIVATED';

/** A user as the API shows it; the custody key leaves only as its address and public key. */
export const userView = (user: UserRecord) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  kind: user.kind,
  status: (user.active ? 'ACTIVE' : 'DEACTIVATED') as UserStatus,
  organizationId: user.organizationId,
  address: user.address,
  publicKey: user.publicKey,
  locale: user.locale,
  pinnedMultisigIds: user.pinnedMultisigIds,
  createdAt: user.createdAt.toISOString(),
  deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
});

/**
 * The principal behind an access token, read fresh on every request: a deactivated user, a revoked
 * session or a changed role takes effect at once, whatever the token's claims say.
 */
export async function findPrincipal(db: Knex, claims: { sub: string; sid?: string }): Promise<Principal | null> {
  const query = db('users')
    .join('organizations', 'organizations.id', 'users.organization_id')
    .where({ 'users.id': claims.sub, 'users.active': true, 'users.kind': 'HUMAN' })
    .first('users.id', 'users.organization_id', 'users.role', 'organizations.type');
  if (claims.sid)
    query.whereExists(db('sessions').where({ id: claims.sid, user_id: claims.sub }).whereNull('revoked_at').select(db.raw('1')));
  const row: { id: string; organization_id: string; role: Role; type: OrganizationType } | undefined = await query;
  return row ? { userId: row.id, organizationId: row.organization_id, organizationType: row.type, role: row.role } : null;
}

export const findUser = (db: Knex, id: string) => UserRecord.query(db).findById(id);

export const findUserByEmail = (db: Knex, email: string) =>
  UserRecord.query(db).whereRaw('lower(email) = lower(?)', [email]).first();

export interface UserFilter extends PageRequest {
  q?: string;
  role?: Role;
  status?: UserStatus;
}

/** The organization's users, people first by name; the system identity is listed with its kind. */
export function listUsers(db: Knex, organizationId: string, filter: UserFilter) {
  const query = (snapshot: Knex) => {
    const users = UserRecord.query(snapshot).where({ organization_id: organizationId }).orderBy([{ column: 'name' }, { column: 'id' }]);
    if (filter.role) users.where({ role: filter.role });
    if (filter.status) users.where({ active: filter.status === 'ACTIVE' });
    if (filter.q) {
      const typed = containing(filter.q);
      users.where((where) => where.whereILike('name', typed).orWhereILike('email', typed));
    }
    return users;
  };
  return paginate(db, query, filter, userView);
}

/** Active people of the organization: who can be made a member of an account. */
export function listSelectableUsers(db: Knex, organizationId: string, request: PageRequest) {
  const query = (snapshot: Knex) =>
    UserRecord.query(snapshot)
      .where({ organization_id: organizationId, active: true, kind: 'HUMAN' })
      .orderBy([{ column: 'name' }, { column: 'id' }]);
  return paginate(db, query, request, userView);
}

/** The admin roster: active administrators of the organization, by name. */
export const listAdministrators = (db: Knex, organizationId: string) =>
  UserRecord.query(db).where({ organization_id: organizationId, role: 'administrator', active: true, kind: 'HUMAN' }).orderBy('name');

/** Sessions (refresh-token families) of a user that are still open. */
export async function openSessionIds(db: Knex, userId: string): Promise<string[]> {
  const rows: { id: string }[] = await db('sessions').where({ user_id: userId }).whereNull('revoked_at').select('id');
  return rows.map((row) => row.id);
}

export interface InternalUserRow {
  kind: 'USER' | 'INVITATION';
  id: string;
  name: string | null;
  email: string;
  role: Role;
  status: 'ACTIVE' | 'DEACTIVATED' | 'PENDING' | 'EXPIRED';
  expiresAt: string | null;
  createdAt: string;
}

/**
 * The Control Panel's internal-users tab: the organization's people and its open invitations in one
 * list, invitations first (they wait on someone), then people by name.
 */
export async function listInternalUsers(db: Knex, organizationId: string, request: PageRequest, now: Date) {
  const people = db('users')
    .where({ organization_id: organizationId, kind: 'HUMAN' })
    .select(
      db.raw("'USER' as kind"),
      'id',
      'name',
      'email',
      'role',
      db.raw("case when active then 'ACTIVE' else 'DEACTIVATED' end as status"),
      db.raw('null::timestamptz as expires_at'),
      'created_at',
    );
  const invitations = db('invitations')
    .where({ organization_id: organizationId, status: 'PENDING' })
    .select(
      db.raw("'INVITATION' as kind"),
      'id',
      db.raw('null as name'),
      'email',
      'role',
      db.raw("case when expires_at <= ? then 'EXPIRED' else 'PENDING' end as status", [now]),
      'expires_at',
      'created_at',
    );
  const all = db.unionAll([people, invitations], true);
  const [{ total }] = await db.from(all.clone().as('rows')).count<{ total: string }[]>({ total: '*' });
  const rows: { kind: InternalUserRow['kind']; id: string; name: string | null; email: string; role: Role; status: InternalUserRow['status']; expires_at: Date | null; created_at: Date }[] =
    await db
      .from(all.as('rows'))
      .orderByRaw("kind = 'USER', name nulls first, created_at desc, id")
      .offset((request.page - 1) * request.pageSize)
      .limit(request.pageSize);
  return {
    items: rows.map((row): InternalUserRow => ({
      kind: row.kind,
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      status: row.status,
      expiresAt: row.expires_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    })),
    total: Number(total),
    page: request.page,
    pageSize: request.pageSize,
  };
}
