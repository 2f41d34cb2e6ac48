/**
 * The bad-input generator: from an OpenAPI 3.1 document, the requests the bad-input suite sends. Each
 * operation gets the classes of issue 8 that apply to it (bodies only where it takes one, parameters
 * where it has them), as the roles that can call it. Deterministic for a given random source.
 */
import { type Random } from '../support/seeded-random';

export type Role = 'anonymous' | 'centralAdministrator' | 'centralMember' | 'centralAuditor' | 'bankAdministrator' | 'client';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface BadRequest {
  /** `GET /organizations/{organizationId}`. */
  operation: string;
  label: string;
  role: Role;
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The codes the document says each failure status of the operation can carry. */
  documented: Map<number, string[]>;
  /** Must be refused (4xx): the input is wrong whatever the state. Otherwise: never 5xx. */
  mustReject: boolean;
}

export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> }>;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, Schema> };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** `count` of the items, chosen by the random source (in their order): over many seeds, all of them. */
function some<T>(random: Random, items: readonly T[], count: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(random() * items.length));
  return items.filter((_item, index) => chosen.has(index));
}

const STAFF: Role[] = ['centralAdministrator', 'centralMember', 'centralAuditor', 'bankAdministrator'];

/** Who calls an operation: its own kind of caller, and nobody (and a caller of the wrong kind) now and then. */
function rolesFor(operation: Operation): { own: Role[]; others: Role[] } {
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  if (scheme === 'bearer') return { own: STAFF, others: ['anonymous', 'client'] };
  if (scheme === 'clientToken') return { own: ['client'], others: ['anonymous', 'centralAdministrator'] };
  return { own: ['anonymous'], others: ['centralAdministrator'] };
}

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1)
    current = document.components.schemas[current.$ref.replace('#/components/schemas/', '')] ?? {};
  if (current.allOf) return current.allOf.reduce<Schema>((merged, part) => mergeSchemas(merged, resolve(document, part)), { ...current, allOf: undefined });
  return current;
}

const mergeSchemas = (a: Schema, b: Schema): Schema => ({
  ...a,
  ...b,
  properties: { ...a.properties, ...b.properties },
  required: [...(a.required ?? []), ...(b.required ?? [])],
});

const typesOf = (schema: Schema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

/** A value that satisfies the schema as far as a generic reading of it can: the carrier of the attacks. */
export function sample(document: OpenApiDocument, raw: Schema, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(document, variant, depth + 1);
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types[0] ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      if (depth > 6) return value;
      for (const name of schema.required ?? []) value[name] = sample(document, schema.properties?.[name] ?? {}, depth + 1);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(document, schema.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: Schema): string {
  if (schema.format === 'email') return 'someone@example.org';
  if (schema.format === 'uri') return 'https://rpc.example.org';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.pattern?.includes('[1-9]')) return '1250';
  if (schema.pattern?.includes('[0-9]') || schema.pattern?.includes('\\d')) return '1';
  if (schema.pattern?.includes('[a-z]')) return 'sample';
  const text = 'sample-value';
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, Math.max(schema.maxLength ?? text.length, schema.minLength ?? 0));
}

/** The JSON types a schema accepts (unknown when it says nothing). */
function acceptedTypes(document: OpenApiDocument, raw: Schema): Set<string> | null {
  const schema = resolve(document, raw);
  if (schema.enum) return new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)));
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const union = new Set<string>();
    for (const variant of variants) {
      const accepted = acceptedTypes(document, variant);
      if (!accepted) return null;
      accepted.forEach((type) => union.add(type));
    }
    return union;
  }
  const types = typesOf(schema);
  if (types.length === 0) return schema.properties ? new Set(['object']) : null;
  return new Set(types.flatMap((type) => (type === 'integer' ? ['number'] : [type === 'array' ? 'array' : type])));
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** One value of each JSON type, for the wrong-type class. */
const VALUES_OF_EVERY_TYPE: unknown[] = ['text', 42, -7.5, true, null, {}, [], ['text'], { nested: 'object' }];

const FORBIDDEN_STRINGS: [string, string][] = [
  ['NUL', 'abc\u0000def'],
  ['a lone high surrogate', 'abc\uD800'],
  ['a lone low surrogate', '\uDC00abc'],
  ['a reversed surrogate pair', '\uDC00\uD800'],
  ['an ANSI escape', 'abc\u001b[2J\u001b[31mred'],
  ['a bell and backspaces', 'abc\u0007\u0008\u0008'],
  ['DEL', 'abc\u007f'],
  ['a vertical tab', 'a\u000bb'],
];

/** Bad amounts (contract "Amounts"): base-unit integers as decimal strings only. */
const BAD_AMOUNTS: [string, unknown][] = [
  ['negative', '-1'],
  ['zero', '0'],
  ['fractional', '1.5'],
  ['exponent', '1e3'],
  ['hexadecimal', '0x10'],
  ['leading zero', '007'],
  ['plus sign', '+5'],
  ['leading space', ' 10'],
  ['trailing space', '10 '],
  ['full-width digits', '１２'],
  ['empty', ''],
  ['over-long', '9'.repeat(60)],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['a JSON number', 1250],
  ['a negative JSON number', -1250],
  ['a fractional JSON number', 12.5],
  ['a huge JSON number', 1e308],
  ['a boolean', true],
  ['an array', ['1250']],
  ['an object', { amount: '1250' }],
];

const isAmount = (schema: Schema, name: string) => /amount/i.test(name) || (schema.pattern?.startsWith('^[1-9]') ?? false);

const PROTO_IDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];

/** Path parameter values, already encoded for the URL: every prototype key, and a seeded share of the others. */
const PROTO_PATH_VALUES = PROTO_IDS.map((id): [string, string] => [`prototype key ${id}`, encodeURIComponent(id)]);
const OTHER_PATH_VALUES: [string, string][] = [
  ['dot-dot', '..'],
  ['encoded dot-dot', '%2e%2e'],
  ['encoded traversal', '..%2f..%2f..%2fetc%2fpasswd'],
  ['backslash traversal', '..%5c..%5cwindows'],
  ['encoded slash', 'a%2Fb'],
  ['double-encoded traversal', '%252e%252e%252f'],
  ['an id of 101 characters', 'x'.repeat(101)],
  ['an id of 5000 characters', 'y'.repeat(5000)],
  ['an encoded NUL', 'abc%00'],
  ['an encoded control character', 'abc%1B%5B2J'],
  ['an encoded surrogate (invalid UTF-8)', '%ED%A0%80'],
  ['a truncated escape', '%E0%A4%A'],
  ['a lone percent', 'abc%'],
  ['a non-hex escape', '%ZZ'],
  ['SQL', encodeURIComponent("x' or '1'='1")],
  ['a template', encodeURIComponent('${7*7}{{7*7}}')],
  ['markup', encodeURIComponent('<script>alert(1)</script>')],
  ['a negative number', '-1'],
  ['an emoji', encodeURIComponent('🏦')],
  ['a space', '%20'],
];

/** Query values, already encoded (a key of its own where the attack is on the key). */
const BAD_QUERY_VALUES: [string, (name: string) => string, boolean][] = [
  ['empty', (name) => `${name}=`, false],
  ['text where a number goes', (name) => `${name}=abc`, false],
  ['a negative number', (name) => `${name}=-1`, false],
  ['zero', (name) => `${name}=0`, false],
  ['a fraction', (name) => `${name}=1.5`, false],
  ['a huge number', (name) => `${name}=1e309`, false],
  ['an overflowing integer', (name) => `${name}=99999999999999999999999`, false],
  ['an array', (name) => `${name}[]=1&${name}[]=2`, false],
  ['a repeated key', (name) => `${name}=1&${name}=2`, false],
  ['an object', (name) => `${name}[a]=1`, false],
  ['a prototype key', (name) => `${name}[__proto__][polluted]=1`, false],
  ['a constructor key', (name) => `${name}[constructor][prototype][polluted]=1`, false],
  ['5000 characters', (name) => `${name}=${'q'.repeat(5000)}`, false],
  ['an impossible date', (name) => `${name}=2026-02-30`, false],
  ['a month 13', (name) => `${name}=2026-13-01`, false],
  ['a word date', (name) => `${name}=tomorrow`, false],
  ['SQL', (name) => `${name}=${encodeURIComponent("x' or '1'='1")}`, false],
  ['LIKE wildcards', (name) => `${name}=%25_%25`, false],
  ['an encoded NUL', (name) => `${name}=a%00b`, true],
  ['an encoded control character', (name) => `${name}=a%07b`, true],
  ['an encoded surrogate (invalid UTF-8)', (name) => `${name}=%ED%A0%80`, true],
  ['malformed percent-encoding', (name) => `${name}=%E0%A4%A`, true],
  ['a lone percent', (name) => `${name}=50%`, true],
];

/** Query attacks that need no declared parameter. */
const STRAY_QUERIES: [string, string, boolean][] = [
  ['a stray prototype key', '__proto__[admin]=true', false],
  ['a stray constructor key', 'constructor[prototype][admin]=true', false],
  ['a malformed stray key', '%ZZ=1', true],
  ['a stray NUL', 'x=%00', true],
];

interface Target {
  name: string;
  method: Method;
  path: string;
  operation: Operation;
  bodySchema: Schema | null;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** Adds a key to an object's JSON text: the only way to send `__proto__` as an own key. */
const withRawKey = (object: Record<string, unknown>, key: string, value: string) => {
  const text = JSON.stringify(object);
  return Buffer.from(text === '{}' ? `{${JSON.stringify(key)}:${value}}` : `{${JSON.stringify(key)}:${value},${text.slice(1)}`);
};
const JSON_HEADERS = { 'Content-Type': 'application/json' };

function urlFor(target: Target, ids: Map<string, string>, attacked?: { name: string; value: string }): string {
  return `/api${target.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    attacked?.name === name ? attacked.value : encodeURIComponent(ids.get(name) ?? '01J0000000000000000000NONE'),
  )}`;
}

/** Every bad request of one operation, before roles are assigned: label, url, headers, body, mustReject. */
type Case = Omit<BadRequest, 'role' | 'operation' | 'documented'>;

function casesOf(document: OpenApiDocument, target: Target, ids: Map<string, string>, random: Random): Case[] {
  const cases: Case[] = [];
  const url = urlFor(target, ids);
  const { method } = target;
  const add = (label: string, request: { url?: string; headers?: Record<string, string>; body?: Buffer }, mustReject: boolean) =>
    cases.push({ label, method, url: request.url ?? url, headers: request.headers ?? {}, body: request.body, mustReject });
  const body = target.bodySchema ? resolve(document, target.bodySchema) : null;
  const carrier = body ? sample(document, body) : undefined;
  const carrierBody = carrier === undefined ? undefined : json(carrier);
  const carrierHeaders = carrier === undefined ? {} : JSON_HEADERS;

  // Encodings and malformed JSON are refused at the edge, whatever the route takes.
  const anyBody = carrierBody ?? json({ any: 'thing' });
  add('Content-Encoding gzip on a plain body', { headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' }, body: anyBody }, true);
  add('Content-Encoding br', { headers: { ...JSON_HEADERS, 'Content-Encoding': 'br' }, body: anyBody }, true);
  add('Content-Encoding compress, identity', { headers: { ...JSON_HEADERS, 'Content-Encoding': 'compress, identity' }, body: anyBody }, true);
  add('an unsupported charset', { headers: { 'Content-Type': 'application/json; charset=latin1' }, body: anyBody }, true);
  for (const [label, text] of [
    ['truncated JSON', '{"a":'],
    ['a trailing comma', '{"a":1,}'],
    ['single quotes', "{'a':1}"],
    ['trailing garbage', '{"a":1} tail'],
    ['a raw control character in a string', '{"a":"x\u0001y"}'],
    ['invalid UTF-8 bytes', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]).toString('latin1')],
    ['NaN', '{"a":NaN}'],
    ['a bare string', '"text"'],
    ['a bare number', '42'],
    ['null', 'null'],
  ] as const) {
    const bytes = label === 'invalid UTF-8 bytes' ? Buffer.from(text, 'latin1') : Buffer.from(text);
    // A valid JSON text with invalid UTF-8 decodes with replacement characters: refused by schema, or not at all.
    add(label, { headers: JSON_HEADERS, body: bytes }, label !== 'invalid UTF-8 bytes' || body !== null);
  }

  for (const parameter of target.operation.parameters ?? []) {
    if (parameter.in === 'path')
      for (const [label, value] of [...PROTO_PATH_VALUES, ...some(random, OTHER_PATH_VALUES, 8)])
        add(`path ${parameter.name}: ${label}`, { url: urlFor(target, ids, { name: parameter.name, value }), headers: carrierHeaders, body: carrierBody }, method !== 'get');
    if (parameter.in === 'query')
      for (const [label, query, mustReject] of some(random, BAD_QUERY_VALUES, 10))
        add(`query ${parameter.name}: ${label}`, { url: `${url}?${query(parameter.name)}`, headers: carrierHeaders, body: carrierBody }, mustReject || method !== 'get');
    // On ids that name nothing: should the header pass, the request must still not move anything.
    if (parameter.in === 'header')
      for (const [label, value] of [['5000 characters', 'k'.repeat(5000)], ['non-ASCII', 'clé-ünïcode']])
        add(`header ${parameter.name}: ${label}`, { url: urlFor(target, new Map()), headers: { ...carrierHeaders, [parameter.name]: value }, body: carrierBody }, method !== 'get');
  }
  // Stray keys are ignored or refused; only reads get them, as a write with its carrier body would be a real write.
  if (method === 'get') for (const [label, query, mustReject] of STRAY_QUERIES) add(label, { url: `${url}?${query}` }, mustReject);

  if (!body) return cases;
  const object = carrier !== null && typeof carrier === 'object' && !Array.isArray(carrier) ? (carrier as Record<string, unknown>) : null;
  const required = body.required ?? [];

  add('a text/plain body', { headers: { 'Content-Type': 'text/plain' }, body: carrierBody }, true);
  add('a form body', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: Buffer.from('a=1&b=2') }, true);
  add('a JSON array', { headers: JSON_HEADERS, body: json([carrier]) }, true);
  add('an empty array', { headers: JSON_HEADERS, body: json([]) }, true);
  if (required.length > 0) {
    add('an empty object', { headers: JSON_HEADERS, body: json({}) }, true);
    add('no body at all', { headers: JSON_HEADERS }, true);
  }
  add('a body over the size limit', { headers: JSON_HEADERS, body: json({ ...object, padding: 'p'.repeat(200_000) }) }, true);
  add('a body nested 100 levels deep', { headers: JSON_HEADERS, body: Buffer.from(`{"deep":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`) }, true);
  add('an array nested 20000 levels deep', { headers: JSON_HEADERS, body: Buffer.from(`{"deep":${'['.repeat(20000)}${']'.repeat(20000)}}`) }, true);
  add('5000 keys', { headers: JSON_HEADERS, body: json(Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, index]))) }, true);
  if (!object) return cases;

  add('an unknown field', { headers: JSON_HEADERS, body: json({ ...object, unexpected: true }) }, true);
  add('an unknown field named like an internal one', { headers: JSON_HEADERS, body: json({ ...object, organizationId: 'someone-else', role: 'administrator', id: 'x' }) }, true);
  for (const key of ['__proto__', 'constructor', 'prototype'])
    add(`a ${key} key`, { headers: JSON_HEADERS, body: withRawKey(object, key, '{"admin":true,"polluted":"yes"}') }, true);

  for (const name of required) {
    const { [name]: _dropped, ...rest } = object;
    add(`missing required ${name}`, { headers: JSON_HEADERS, body: json(rest) }, true);
  }

  for (const [name, raw] of Object.entries(body.properties ?? {})) {
    const property = resolve(document, raw);
    const accepted = acceptedTypes(document, property);
    if (accepted)
      for (const value of VALUES_OF_EVERY_TYPE)
        if (!accepted.has(jsonType(value)))
          add(`${name} as ${jsonType(value)} ${JSON.stringify(value)}`, { headers: JSON_HEADERS, body: json({ ...object, [name]: value }) }, true);
    const stringy = accepted?.has('string') ?? false;
    if (stringy)
      for (const [label, value] of FORBIDDEN_STRINGS) add(`${name} with ${label}`, { headers: JSON_HEADERS, body: json({ ...object, [name]: value }) }, true);
    if (stringy && property.maxLength !== undefined)
      add(`${name} beyond maxLength`, { headers: JSON_HEADERS, body: json({ ...object, [name]: 'z'.repeat(property.maxLength + 1) }) }, true);
    if (stringy && isAmount(property, name))
      for (const [label, value] of BAD_AMOUNTS)
        add(`${name} amount ${label}`, { headers: JSON_HEADERS, body: json({ ...object, [name]: value }) }, label !== 'zero' || (property.pattern?.startsWith('^[1-9]') ?? false));
    if (accepted?.has('number') && !accepted.has('string')) {
      const integer = typesOf(property).includes('integer');
      if (integer) add(`${name} fractional`, { headers: JSON_HEADERS, body: json({ ...object, [name]: 1.5 }) }, true);
      if (integer) add(`${name} beyond safe integers`, { headers: JSON_HEADERS, body: json({ ...object, [name]: 1e300 }) }, true);
      if ((property.minimum ?? property.exclusiveMinimum) !== undefined)
        add(`${name} below its minimum`, { headers: JSON_HEADERS, body: json({ ...object, [name]: -1 }) }, true);
    }
    if (accepted?.has('array') && !accepted.has('object')) {
      const itemSchema = property.items ? resolve(document, property.items) : {};
      const item = sample(document, itemSchema);
      add(`${name} with 10000 items`, { headers: JSON_HEADERS, body: json({ ...object, [name]: Array.from({ length: 10_000 }, () => item) }) }, true);
      if (item !== null && typeof item === 'object' && !Array.isArray(item))
        add(`${name} item with a __proto__ key`, { headers: JSON_HEADERS, body: Buffer.from(JSON.stringify({ ...object, [name]: ['__ITEM__'] }).replace('"__ITEM__"', withRawKey(item as Record<string, unknown>, '__proto__', '{"polluted":true}').toString())) }, true);
    }
  }
  return cases;
}

/**
 * The requests for a whole document. The cases of an operation go to its own kind of callers in turn
 * (from a seeded one on, so every role gets its share of every class over the seeds), and one case in
 * five also to a caller of the wrong kind.
 */
export function generateCases(document: OpenApiDocument, random: Random, ids: Map<string, string>): BadRequest[] {
  const requests: BadRequest[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [Method, Operation][]) {
      const schema = operation.requestBody?.content['application/json']?.schema ?? null;
      const target: Target = { name: `${method.toUpperCase()} ${path}`, method, path, operation, bodySchema: schema };
      const { own, others } = rolesFor(operation);
      const documented = new Map(
        Object.entries(operation.responses ?? {}).map(([status, response]): [number, string[]] => [
          Number(status),
          response.content?.['application/problem+json']?.schema?.properties?.code?.enum ?? [],
        ]),
      );
      let turn = Math.floor(random() * own.length);
      for (const request of casesOf(document, target, ids, random)) {
        requests.push({ ...request, role: own[turn++ % own.length]!, operation: target.name, documented });
        if (random() < 0.2) requests.push({ ...request, role: pick(random, others), operation: target.name, documented });
      }
    }
  }
  return requests;
}
