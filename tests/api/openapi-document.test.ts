import { apiDocument } from '../../api/route';
import { allRoutes } from '../../api/routes';

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: string | string[];
  format?: string;
  enum?: string[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  description?: string;
  required?: string[];
  properties?: Record<string, Schema>;
}
interface Response {
  description: string;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const document = apiDocument(allRoutes()) as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);
const failures = operations.flatMap(({ name, operation }) =>
  Object.entries(operation.responses)
    .filter(([status]) => Number(status) >= 400)
    .map(([status, response]) => ({ name: `${name} ${status}`, status: Number(status), response })),
);
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

describe('the OpenAPI document at /api/docs-json', () => {
  it('describes every route of the service', () => {
    expect(operations).toHaveLength(allRoutes().length);
  });

  describe('operationId', () => {
    it('is set on every operation, camelCase', () => {
      const missing = operations.filter(({ operation }) => !/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? ''));

      expect(missing.map(({ name }) => name)).toEqual([]);
    });

    it('is unique across the document', () => {
      const ids = operations.map(({ operation }) => operation.operationId);

      expect(new Set(ids).size).toBe(ids.length);
    });

    it.each([
      ['get', '/organizations', 'getOrganizations'],
      ['get', '/organizations/{organizationId}', 'getOrganizationsByOrganizationId'],
      ['post', '/multisigs/{multisigId}/proposals/{proposalId}/votes', 'postMultisigsByMultisigIdProposalsByProposalIdVotes'],
      ['post', '/auth/forgot-password', 'postAuthForgotPassword'],
    ])('names %s %s %s', (method, path, id) => {
      expect(document.paths[path]![method]!.operationId).toBe(id);
    });
  });

  describe('error responses', () => {
    it('are all application/problem+json with the Problem schema', () => {
      const undocumented = failures.filter(
        ({ response }) => response.content?.['application/problem+json']?.schema.allOf?.[0]?.$ref !== '#/components/schemas/Problem',
      );

      expect(undocumented.map(({ name }) => name)).toEqual([]);
      expect(failures.every(({ response }) => Object.keys(response.content!).length === 1)).toBe(true);
    });

    it('pin the status and name the codes they can carry, UPPER_SNAKE_CASE', () => {
      const bad = failures.filter(({ status, response }) => {
        const schema = response.content!['application/problem+json']!.schema;
        const codes = schema.properties?.code?.enum ?? [];
        return schema.properties?.status?.const !== status || codes.length === 0 || !codes.every((code) => UPPER_SNAKE.test(code));
      });

      expect(bad.map(({ name }) => name)).toEqual([]);
    });

    it('document 400 VALIDATION_FAILED and 503 DEPENDENCY_UNAVAILABLE on every operation', () => {
      const missing = operations.filter(
        ({ operation }) => !codesOf(operation, 400).includes('VALIDATION_FAILED') || !codesOf(operation, 503).includes('DEPENDENCY_UNAVAILABLE'),
      );

      expect(missing.map(({ name }) => name)).toEqual([]);
    });

    it('document 404 NOT_FOUND on every operation with a path parameter', () => {
      const missing = operations.filter(
        ({ operation }) => operation.parameters?.some((parameter) => parameter.in === 'path') && !codesOf(operation, 404).includes('NOT_FOUND'),
      );

      expect(missing.map(({ name }) => name)).toEqual([]);
    });

    it('document 413 and 415 on every operation, as any request may carry a body', () => {
      const missing = operations.filter(
        ({ operation }) => !codesOf(operation, 413).includes('PAYLOAD_TOO_LARGE') || !codesOf(operation, 415).includes('UNSUPPORTED_MEDIA_TYPE'),
      );

      expect(missing.map(({ name }) => name)).toEqual([]);
    });

    it.each([
      ['POST /auth/login', 401, ['INVALID_CREDENTIALS']],
      ['POST /auth/register', 400, ['WEAK_PASSWORD', 'VALIDATION_FAILED']],
      ['POST /auth/register', 410, ['INVITATION_EXPIRED', 'INVITATION_REVOKED', 'INVITATION_ALREADY_ACCEPTED']],
      ['GET /organizations', 403, ['ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK', 'FORBIDDEN']],
      ['POST /tokens', 409, ['TOKEN_DENOM_TAKEN', 'TOKEN_EXISTS', 'NATIVE_TOKEN_EXISTS']],
      ['POST /multisigs/{multisigId}/proposals/{proposalId}/votes', 409, ['PROPOSAL_NOT_OPEN', 'ALREADY_VOTED']],
      ['GET /users/{userId}', 401, ['UNAUTHENTICATED']],
    ])('%s answers %i with the codes %j', (name, status, codes) => {
      const [method, path] = name.split(' ');

      expect(codesOf(document.paths[path!]![method!.toLowerCase()]!, status)).toEqual(codes);
    });
  });

  describe('the Problem schema', () => {
    it('requires type, title, status and code', () => {
      expect(document.components.schemas.Problem!.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'code']));
    });
  });

  describe('timestamps', () => {
    it.each([
      ['User', 'createdAt'],
      ['User', 'deactivatedAt'],
      ['Invitation', 'expiresAt'],
      ['Invitation', 'createdAt'],
      ['Organization', 'createdAt'],
      ['Organization', 'updatedAt'],
    ])('%s.%s is format date-time', (schema, property) => {
      expect(document.components.schemas[schema]!.properties![property]!.format).toBe('date-time');
    });

    it('every string property named *At, anywhere in the document, is format date-time', () => {
      const loose: string[] = [];
      const walk = (node: unknown, where: string): void => {
        if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${where}[${index}]`));
        if (node === null || typeof node !== 'object') return;
        for (const [name, schema] of Object.entries((node as Schema).properties ?? {}))
          if (/At$/.test(name) && JSON.stringify(schema.type).includes('string') && schema.format !== 'date-time') loose.push(`${where}.${name}`);
        for (const [key, child] of Object.entries(node)) walk(child, `${where}.${key}`);
      };
      walk(document, '');

      expect(loose).toEqual([]);
    });
  });

  describe('the password policy', () => {
    it.each([
      ['/auth/register', 'password'],
      ['/auth/reset-password', 'password'],
      ['/auth/change-password', 'newPassword'],
    ])('%s states it on %s: 12 to 128 characters, WEAK_PASSWORD', (path, field) => {
      const password = document.paths[path]!.post!.requestBody!.content['application/json']!.schema.properties![field]!;

      expect({ minLength: password.minLength, maxLength: password.maxLength }).toEqual({ minLength: 12, maxLength: 128 });
      expect(password.description).toMatch(/WEAK_PASSWORD/);
      expect(password.description).toMatch(/common/);
    });
  });
});

function codesOf(operation: Operation, status: number): string[] {
  return operation.responses[String(status)]?.content?.['application/problem+json']?.schema.properties?.code?.enum ?? [];
}
