import { AppError } from '../../write-side/errors';
import { accountDecider } from '../../write-side/account/decide';
import { addressBookDecider } from '../../write-side/address-book/decide';
import type { Decider, DomainEvent } from '../../write-side/decider';
import { invitationDecider } from '../../write-side/invitation/decide';
import { organizationDecider } from '../../write-side/organization/decide';
import { proposalDecider } from '../../write-side/proposal/decide';
import { tokenDecider } from '../../write-side/token/decide';
import { userDecider } from '../../write-side/user/decide';
import { whitelistDecider } from '../../write-side/whitelist/decide';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/** Names every plain object inherits: none of them may be mistaken for an entity. */
const PROTO_IDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const NOW = '2026-01-01T00:00:00.000Z';

/** What a decider answers: the events, or the error's status and code. */
function answer<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, history: E[], command: C): string {
  const state = history.reduce(decider.evolve, decider.initialState());
  try {
    const events = decider.decide(command, state);
    return `events ${events.map((event) => event.type).join(',')}`;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
}

const token = { tokenId: 'token_1', denom: 'ulps', symbol: 'LPS', name: 'Lempira', exponent: 6, native: true };
const whitelistEntry = {
  type: 'WhitelistAddressAdded' as const,
  data: { accountId: 'a', organizationId: 'o', entryId: 'e1', address: 'emisor1x', label: 'x', addedBy: null, addedAt: NOW },
};
const addressBookEntry = {
  type: 'AddressBookEntryAdded' as const,
  data: { userId: 'u', entryId: 'e1', name: 'x', address: 'emisor1x', note: null, addedAt: NOW },
};

/** One command per decider that names an entity by an id from a request; each fed every inherited name. */
const CASES: Array<[string, (id: string) => string]> = [
  ['token: update', (id) => answer(tokenDecider, [{ type: 'TokenRegistered', data: { ...token, registeredBy: null, registeredAt: NOW } }], { type: 'UpdateToken', tokenId: id, name: 'x', now: NOW })],
  ['token: remove', (id) => answer(tokenDecider, [{ type: 'TokenRegistered', data: { ...token, native: false, registeredBy: null, registeredAt: NOW } }], { type: 'RemoveToken', tokenId: id, now: NOW })],
  ['whitelist: update', (id) => answer(whitelistDecider, [whitelistEntry], { type: 'UpdateAddress', accountId: 'a', organizationId: 'o', accountAddress: 'self', entryId: id, label: 'y', now: NOW })],
  ['whitelist: remove', (id) => answer(whitelistDecider, [whitelistEntry], { type: 'RemoveAddress', accountId: 'a', organizationId: 'o', entryId: id, actorId: null, now: NOW })],
  ['address book: update', (id) => answer(addressBookDecider, [addressBookEntry], { type: 'UpdateEntry', userId: 'u', entryId: id, name: 'y', now: NOW })],
  ['address book: remove', (id) => answer(addressBookDecider, [addressBookEntry], { type: 'RemoveEntry', userId: 'u', entryId: id, now: NOW })],
  // Stream-per-entity deciders: the id names a stream; an unknown one folds to nothing.
  ['organization: update', () => answer(organizationDecider, [], { type: 'UpdateOrganization', name: 'x' })],
  ['account: change label', () => answer(accountDecider, [], { type: 'ChangeLabel', label: 'x', now: NOW })],
  ['proposal: withdraw', (id) => answer(proposalDecider, [], { type: 'WithdrawProposal', userId: id, now: NOW })],
  ['user: change role', () => answer(userDecider, [], { type: 'ChangeRole', role: 'member', memberships: [] })],
  ['invitation: revoke', () => answer(invitationDecider, [], { type: 'RevokeInvitation' })],
];

describe('Deciders never take an inherited object member for an entity', () => {
  it.each(CASES)('%s: every inherited name is 404 and decides no event', (_name, run) => {
    expect(PROTO_IDS.map((id) => [id, run(id)])).toEqual(PROTO_IDS.map((id) => [id, '404 NOT_FOUND']));
  });
});

interface Operation {
  method: string;
  path: string;
  security: Array<Record<string, unknown>>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: Array<{ in: string; name: string }>;
}

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
}

/**
 * A body the schema accepts, so that the request reaches the id and not the validator: the smallest
 * value of each required field (examples and enum values first; strings tried against their pattern).
 */
function sample(schema: JsonSchema, components: Record<string, JsonSchema>): unknown {
  if (schema.$ref) return sample(components[schema.$ref.split('/').pop()!]!, components);
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return sample(variants.find((variant) => variant.type !== 'null') ?? variants[0]!, components);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // With nothing required, a body still has to say something (a PATCH changes at least one field).
      const keys = schema.required?.length ? schema.required : Object.keys(schema.properties ?? {}).slice(0, 1);
      return Object.fromEntries(keys.map((key) => [key, sample(schema.properties![key]!, components)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items!, components));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'email') return 'someone@example.org';
      if (schema.format === 'uri') return 'https://example.org';
      const candidates = ['ulps', '1', 'example', 'emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3', 'x'.repeat(Math.max(1, schema.minLength ?? 1))];
      return schema.pattern ? (candidates.find((candidate) => new RegExp(schema.pattern!, 'u').test(candidate)) ?? 'x') : candidates.at(-1);
    }
  }
}

/**
 * Path parameters that are not ids of an entity (an alias is a name anyone may pick; a token is
 * checked by its own rules) and the routes a retail client calls: written out, never computed.
 */
const NOT_ENTITY_IDS = new Set(['GET /instant-payments/aliases/{alias}/availability']);

describe('Every path id that names nothing is 404 and writes nothing', () => {
  let f: GovernanceFixture;
  let bankAdmin: Session;
  let operations: Operation[];
  let components: Record<string, JsonSchema>;

  beforeAll(async () => {
    f = await startGovernance();
    bankAdmin = (await f.bank('Banco Proto')).admin;
    const document = (await f.request.get('/api/docs-json')).body as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
      components: { schemas: Record<string, JsonSchema> };
    };
    components = document.components.schemas;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ ...operation, method, path })),
    );
  }, 60000);
  afterAll(() => f?.stop());

  const lastPosition = async () => Number((await f.runtime.db('events').max('position as p').first())?.p ?? 0);

  it('walks the document: there are routes with ids to try', () => {
    expect(operations.filter((operation) => operation.path.includes('{')).length).toBeGreaterThan(40);
  });

  /**
   * Each route is tried by a central and a commercial administrator: each answer is 404, or the
   * guard's 403 for an ability the caller lacks; at least one of them reaches the id.
   */
  it('answers 404 problem+json on every staff route with an id, for every inherited name, and appends no event', async () => {
    const staff = operations.filter(
      (operation) =>
        operation.path.includes('{') &&
        !NOT_ENTITY_IDS.has(`${operation.method.toUpperCase()} ${operation.path}`) &&
        operation.security.some((scheme) => 'bearer' in scheme),
    );
    const outcomes: string[] = [];
    for (const operation of staff)
      for (const id of PROTO_IDS) {
        const url = `/api${operation.path.replace(/\{\w+\}/g, encodeURIComponent(id))}`;
        const schema = operation.requestBody?.content['application/json']?.schema;
        const answers: string[] = [];
        for (const caller of [f.admin, bankAdmin]) {
          const before = await lastPosition();
          const request = f.request[operation.method as 'get'](url).set('Authorization', `Bearer ${caller.token}`);
          const response = await (schema ? request.send(sample(schema, components) as object) : request);
          const appended = (await lastPosition()) !== before;
          const problem = response.headers['content-type']?.startsWith('application/problem+json');
          // The route's ability, or its issuer-only refinement: refusals that do not depend on the id.
          const guard =
            response.status === 403 && (String(response.body.detail).startsWith('Requires ') || response.body.code === 'RESTRICTED_TO_CENTRAL_BANK');
          answers.push(guard ? 'guard' : `${response.status} ${response.body.code ?? ''}${problem ? '' : ' (not problem+json)'}${appended ? ' (appended)' : ''}`);
        }
        outcomes.push(`${operation.method.toUpperCase()} ${url} → ${answers.join(' | ')}`);
      }
    const reached = (outcome: string) => {
      const answers = outcome.split(' → ')[1]!.split(' | ');
      return answers.every((answer) => answer === 'guard' || answer === '404 NOT_FOUND') && answers.includes('404 NOT_FOUND');
    };
    expect(outcomes.filter((outcome) => !reached(outcome))).toEqual([]);
  }, 300000);

  it('PATCH and DELETE /tokens/constructor leave the registry and the read models working', async () => {
    const before = await lastPosition();
    const patched = await f.as(f.admin).patch('/tokens/constructor', { name: 'x' });
    expect([patched.status, patched.body.code]).toEqual([404, 'NOT_FOUND']);
    const deleted = await f.as(f.admin).delete('/tokens/__proto__');
    expect([deleted.status, deleted.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await lastPosition()).toBe(before);
    const created = await f.as(f.admin).post('/tokens', { denom: 'uusd', symbol: 'USD', exponent: 6 });
    expect(created.status).toBe(201);
  });
});
