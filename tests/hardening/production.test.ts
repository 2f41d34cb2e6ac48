import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createApp } from '../../api/app';
import { ConfigError, loadConfig } from '../../runtime/config';
import { CENTRAL_ORGANIZATION_STEP, centralOrganizationStep, runSeed } from '../../runtime/seed';
import supertest from 'supertest';
import { createTestRuntime, TEST_JWT_SECRET, TEST_KEY_ENCRYPTION_KEY, type TestRuntime } from '../support/test-runtime';

const ROOT = join(__dirname, '..', '..');

/** Everything production mode asks for, given. */
const PRODUCTION = {
  NODE_ENV: 'production',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://mail.example.hn:587',
  DEMO_DATA: 'false',
  JWT_SECRET: TEST_JWT_SECRET,
  KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
  SEED_ADMIN_PASSWORD: 'a-production-password-of-its-own',
};

function failureOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env as Record<string, string>);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('loadConfig accepted the configuration');
}

/** `npm start` as the outside world runs it, with only these variables (and PATH). */
function npmStart(env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'runtime', 'main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('Production mode (NODE_ENV=production)', () => {
  let world: TestRuntime;
  beforeAll(async () => {
    world = await createTestRuntime({ configOverrides: { PASSWORD_HASH_COST: '10' } });
  });
  afterAll(() => world.close());

  describe('refuses to start with a development aid, naming the variable', () => {
    it.each([
      ['the mail outbox, set', { MAIL_TRANSPORT: 'outbox' }, 'MAIL_TRANSPORT'],
      ['the mail outbox, by default', { MAIL_TRANSPORT: undefined, SMTP_URL: undefined }, 'MAIL_TRANSPORT'],
      ['demo data', { DEMO_DATA: 'true' }, 'DEMO_DATA'],
      ['the Instant Payments demo routes', { IP_DEMO_ENABLED: 'true' }, 'IP_DEMO_ENABLED'],
      ['a generated JWT secret', { JWT_SECRET: undefined }, 'JWT_SECRET'],
      ['a generated key-encryption key', { KEY_ENCRYPTION_KEY: undefined }, 'KEY_ENCRYPTION_KEY'],
    ])('%s', (_what, change, variable) => {
      const message = failureOf({ ...PRODUCTION, ...change });
      expect(message).toContain(variable);
      expect(message).toContain('NODE_ENV=production');
    });

    it('accepts a complete production configuration, with the Instant Payments demo off', () => {
      const config = loadConfig(PRODUCTION);
      expect(config).toMatchObject({ NODE_ENV: 'production', MAIL_TRANSPORT: 'smtp', DEMO_DATA: false, IP_DEMO_ENABLED: false, HOST: '127.0.0.1' });
    });

    it('npm start exits 1 with a message naming every missing variable, before starting anything', () => {
      const started = npmStart({ NODE_ENV: 'production' });
      expect(started.status).toBe(1);
      for (const variable of ['MAIL_TRANSPORT', 'JWT_SECRET', 'KEY_ENCRYPTION_KEY']) expect(started.output).toContain(variable);
      expect(started.output).not.toContain('undefined');
      expect(started.output).not.toContain('DEMO_DATA'); // npm start's demo default is a development default only
      expect(started.output).not.toContain('Emisor is running');
    }, 60_000);
  });

  describe('outside production, the development defaults stay', () => {
    it('keeps the outbox, the Instant Payments demo routes and the new knobs at their defaults', () => {
      expect(loadConfig({})).toMatchObject({
        MAIL_TRANSPORT: 'outbox',
        IP_DEMO_ENABLED: true,
        CLIENT_TOKEN_TTL: 24 * 3_600_000,
        TRUST_PROXY: false,
        HOST: '127.0.0.1',
      });
    });

    it.each([
      ['false', false],
      ['true', 1],
      ['2', 2],
      ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
    ])('reads TRUST_PROXY=%s', (value, trusted) => {
      expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(trusted);
    });
  });

  describe('the seed step', () => {    const inProduction = (password?: string) => ({
      ...world.services,
      config: loadConfig({ ...PRODUCTION, SEED_ADMIN_PASSWORD: password }),
    });

    it('refuses to seed with the demo password: the error names SEED_ADMIN_PASSWORD and nothing is created', async () => {
      await expect(runSeed(inProduction(), [centralOrganizationStep])).rejects.toThrow(/SEED_ADMIN_PASSWORD.*NODE_ENV=production/);
      expect(await world.services.db('organizations').count({ n: '*' })).toEqual([{ n: '0' }]);
    });

    it('seeds with a password of its own, after which a restart needs none', async () => {
      const seeded = await runSeed(inProduction(PRODUCTION.SEED_ADMIN_PASSWORD), [centralOrganizationStep]);
      expect(seeded[CENTRAL_ORGANIZATION_STEP]).toEqual(expect.objectContaining({ administratorId: expect.any(String) }));
      const login = await supertest(world.app).post('/api/auth/login').send({ email: 'admin@emisor.local', password: PRODUCTION.SEED_ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      await expect(runSeed(inProduction(), [centralOrganizationStep])).resolves.toEqual(seeded);
    });
  });

  describe('GET /api/dev/outbox', () => {
    it('does not exist in production, even with mail kept in an outbox: 404', async () => {
      const production = createApp({ ...world.services, config: { ...world.services.config, NODE_ENV: 'production' } });
      const response = await supertest(production).get('/api/dev/outbox');
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.body.code).toBe('NOT_FOUND');
    });

    it('lists the outbox on a development machine', async () => {
      const response = await supertest(world.app).get('/api/dev/outbox');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: [] });
    });
  });

  describe('docker-compose.yml', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
    const environment = compose.services.emisor.environment as Record<string, string>;
    /** Compose's ${VAR:-default} and ${VAR:?message}, with the variables an operator must set given. */
    const operator: Record<string, string> = {
      JWT_SECRET: TEST_JWT_SECRET,
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      SEED_ADMIN_PASSWORD: PRODUCTION.SEED_ADMIN_PASSWORD,
    };
    const resolved = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [
        name,
        String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, variable: string, kind?: string, rest?: string) => {
          if (operator[variable] !== undefined) return operator[variable]!;
          if (kind === '-') return rest ?? '';
          throw new Error(`${variable} must be set by the operator`);
        }),
      ]),
    );

    it('runs the service in production mode, on all interfaces, mailing through SMTP', () => {
      expect(loadConfig(resolved)).toMatchObject({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mailpit:1025',
        DEMO_DATA: false,
        IP_DEMO_ENABLED: false,
      });
    });

    it('makes the operator give the secrets and the seed password', () => {
      for (const variable of Object.keys(operator)) expect(environment[variable]).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
    });

    it('has the SMTP service the default SMTP_URL names', () => {
      expect(compose.services.mailpit.image).toMatch(/^axllent\/mailpit:/);
      expect(compose.services.emisor.depends_on).toHaveProperty('mailpit');
    });
  });
});
