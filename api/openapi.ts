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

export function generateDocument(registry: OpenAPIRegistry) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Emisor API',
      version: '0.1.0',
      description: 'Central-bank digital currency issuing platform with retail instant payments.',
    },
    servers: [{ url: '/api' }],
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateFilter = (edge: 'start' | 'end') =>
  z
    .string()
    .refine((text) => (DAY.test(text) || /^\d{4}-\d{2}-\d{2}T/.test(text)) && !Number.isNaN(Date.parse(text)), {
      message: 'a date YYYY-MM-DD or an ISO-8601 timestamp',
    })
    .transform((text) => {
      // A bare day is inclusive: `to=2026-01-31` reaches the last millisecond of that day (UTC).
      if (!DAY.test(text)) return new Date(text);
      const day = new Date(`${text}T00:00:00.000Z`);
      return edge === 'start' ? day : new Date(day.getTime() + 86_400_000 - 1);
    });

/** `from`/`to` filters of the contract: inclusive days or full timestamps. */
export const dateRangeQuery = {
  from: dateFilter('start').optional(),
  to: dateFilter('end').optional(),
};
