import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };

/** The problem+json body of every failure (RFC 9457, contract "Errors"). */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().openapi({ example: 'VALIDATION_FAILED' }),
    detail: z.string().optional(),
    correlationId: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem');

/** Base-unit integer amount on the wire: a decimal string, never a JSON number. */
export const Amount = z
  .string()
  .regex(/^[1-9][0-9]{0,37}$/, 'a positive integer amount in base units, as a string')
  .openapi({ example: '1250' });

export const Id = z.string().min(1).max(100);

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export function createRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.register('Problem', Problem);
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'clientToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'Instant Payments retail client token',
  });
  return registry;
}

/** Wire properties that carry an instant (contract "Time": ISO-8601 UTC): `createdAt`, `settledAt`, `time`... */
const TIMESTAMP_PROPERTY = /^(time|[a-z][A-Za-z]*At)$/;

const isStringSchema = (schema: { type?: unknown }) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** Marks every timestamp property of the document `format: date-time`, wherever its schema sits. */
function markTimestamps(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(markTimestamps);
  if (node === null || typeof node !== 'object') return;
  const properties = (node as { properties?: unknown }).properties;
  if (properties && typeof properties === 'object') {
    for (const [name, schema] of Object.entries(properties as Record<string, { type?: unknown; format?: string }>))
      if (TIMESTAMP_PROPERTY.test(name) && isStringSchema(schema)) schema.format ??= 'date-time';
  }
  Object.values(node).forEach(markTimestamps);
}

export function generateDocument(registry: OpenAPIRegistry) {
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Emisor API',
      version: '0.1.0',
      description: 'Central-bank digital currency issuing platform with retail instant payments.',
    },
    servers: [{ url: '/api' }],
  });
  markTimestamps(document);
  return document;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (Date.parse rolls 2026-02-30 over to March), alone or starting a timestamp. */
function isDayOrTimestamp(text: string): boolean {
  const day = /^(\d{4}-\d{2}-\d{2})(T.+)?$/.exec(text);
  if (!day || Number.isNaN(Date.parse(text))) return false;
  const midnight = new Date(`${day[1]}T00:00:00.000Z`);
  return !Number.isNaN(midnight.getTime()) && midnight.toISOString().startsWith(day[1]!);
}
const dateFilter = (edge: 'start' | 'end') =>
  z
    .string()
    .refine(isDayOrTimestamp, { message: 'a date YYYY-MM-DD or an ISO-8601 timestamp' })
    .transform((text) => {
      // A bare day is inclusive: `to=2026-01-31` reaches the last millisecond of that day (UTC).
      if (!DAY.test(text)) return new Date(text);
      const day = new Date(`${text}T00:00:00.000Z`);
      return edge === 'start' ? day : new Date(day.getTime() + 86_400_000 - 1);
    });

/** `from`/`to` filters of the contract: inclusive days or full timestamps. */
export const dateRangeQuery = {
  from: dateFilter('start').optional().openapi({ description: 'from this day (YYYY-MM-DD, UTC) or this instant (ISO 8601), inclusive' }),
  to: dateFilter('end').optional().openapi({ description: 'up to this day, the whole of it, or this instant, inclusive; not before `from`' }),
};

/**
 * A query with the contract's `from`/`to` filters. A range that ends before it starts is refused: it
 * would match nothing, and a dashboard or an export of nothing reads as a period without activity.
 */
export const datedQuery = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ ...shape, ...dateRangeQuery }).refine(
    ({ from, to }: { from?: unknown; to?: unknown }) => !(from instanceof Date && to instanceof Date && from > to),
    { path: ['to'], message: 'the range ends before it starts: `to` must not come before `from`' },
  );
