import type { Knex } from 'knex';
import { Model, snakeCaseMappers } from 'objection';
import { notFound } from '../write-side/errors';
import type { OrganizationStatus, OrganizationType } from '../write-side/organization/events';
import { paginate, type PageRequest } from './pagination';
import { containing } from './containing';

export class OrganizationRecord extends Model {
  static override tableName = 'organizations';
  static override columnNameMappers = snakeCaseMappers();

  id!: string;
  name!: string;
  type!: OrganizationType;
  status!: OrganizationStatus;
  exchangeAddress!: string | null;
  exchangeFrozen!: boolean;
  chainRpcUrl!: string | null;
  settlementAccountId!: string | null;
  settlementAddress!: string | null;
  /** numeric: pg returns it as a decimal string. */
  disbursementLimitPerDay!: string;
  createdAt!: Date;
  updatedAt!: Date;
}

export const findOrganization = (db: Knex, id: string) => OrganizationRecord.query(db).findById(id);

export async function getOrganization(db: Knex, id: string): Promise<OrganizationRecord> {
  const organization = await findOrganization(db, id);
  if (!organization) throw notFound('Organization');
  return organization;
}

export const findCentralOrganization = (db: Knex) => OrganizationRecord.query(db).findOne({ type: 'CENTRAL' });

export interface OrganizationFilter extends PageRequest {
  type?: OrganizationType;
  status?: OrganizationStatus;
  q?: string;
}

export function listOrganizations<T>(db: Knex, filter: OrganizationFilter, view: (organization: OrganizationRecord) => T) {
  const query = (snapshot: Knex) => {
    const organizations = OrganizationRecord.query(snapshot).orderBy([{ column: 'type' }, { column: 'name' }, { column: 'id' }]);
    if (filter.type) organizations.where({ type: filter.type });
    if (filter.status) organizations.where({ status: filter.status });
    if (filter.q) organizations.whereILike('name', containing(filter.q));
    return organizations;
  };
  return paginate(db, query, filter, view);
}

/** These organizations, or all of them when null. */
export const listOrganizationsIn = (db: Knex, organizationIds: string[] | null) => {
  const query = OrganizationRecord.query(db).orderBy('name');
  if (organizationIds) query.whereIn('id', organizationIds);
  return query;
};

/** Commercial organizations whose exchange address is missing or frozen (Control Panel alerts). */
export const organizationsWithExchangeIssues = (db: Knex, organizationIds: string[] | null) => {
  const query = OrganizationRecord.query(db)
    .where({ type: 'COMMERCIAL' })
    .whereNot({ status: 'PENDING' })
    .where((where) => where.whereNull('exchange_address').orWhere({ exchange_frozen: true }))
    .orderBy('name');
  if (organizationIds) query.whereIn('id', organizationIds);
  return query;
};

/** The organizations, not ACTIVE, that own an account at one of these addresses: value may not move from or to them. */
export async function inactiveOwnersOf(db: Knex, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  return db('accounts as a')
    .join('organizations as o', 'o.id', 'a.organization_id')
    .whereIn('a.address', addresses)
    .whereNot('o.status', 'ACTIVE')
    .distinct()
    .pluck('o.id');
}
