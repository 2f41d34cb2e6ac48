import { ConfigError, loadConfig, parseDurationMs } from '../runtime/config';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What loadConfig threw, so a test can read its message. */
function failureOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig', () => {
  describe('defaults', () => {
    it('runs everything embedded with no configuration at all', () => {
      expect(loadConfig({})).toMatchObject({
        PORT: 3000,
        DATA_DIR: './data',
        EVENT_STORE: 'postgres',
        CHAIN: 'embedded',
        MAIL_TRANSPORT: 'outbox',
        DEMO_DATA: false,
        PER_ORG_RPC_ENABLED: false,
        JWT_ACCESS_EXPIRATION: 15 * 60_000,
        JWT_REFRESH_EXPIRATION: 7 * DAY,
        INVITATION_EXPIRY_HOURS: 72,
        PASSWORD_RESET_EXPIRY_MINUTES: 60,
        PROPOSAL_VOTING_PERIOD: 72 * HOUR,
        READ_YOUR_WRITES_TIMEOUT_MS: 5000,
        LOG_LEVEL: 'info',
      });
      expect(loadConfig({})).not.toHaveProperty('DATABASE_URL');
    });

    it('treats an empty variable as unset', () => {
      const config = loadConfig({ PORT: '', DATABASE_URL: '' });

      expect(config.PORT).toBe(3000);
      expect(config).not.toHaveProperty('DATABASE_URL');
    });

    it('reads the knobs the contract names', () => {
      expect(
        loadConfig({
          PORT: '8080',
          DATABASE_URL: 'postgres://emisor@db:5432/emisor',
          EVENT_STORE: 'eventstoredb',
          EVENTSTORE_URL: 'esdb://eventstoredb:2113?tls=false',
          DEMO_DATA: 'true',
          PER_ORG_RPC_ENABLED: '1',
        }),
      ).toMatchObject({
        PORT: 8080,
        DATABASE_URL: 'postgres://emisor@db:5432/emisor',
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_URL: 'esdb://eventstoredb:2113?tls=false',
        DEMO_DATA: true,
        PER_ORG_RPC_ENABLED: true,
      });
    });
  });

  describe('durations', () => {
    it.each([
      ['250ms', 250],
      ['1500', 1500],
      ['90s', 90_000],
      ['15m', 15 * 60_000],
      ['72h', 72 * HOUR],
      ['7d', 7 * DAY],
    ])('reads %s as %d ms', (text, ms) => {
      expect(parseDurationMs(text)).toBe(ms);
      expect(loadConfig({ JWT_ACCESS_EXPIRATION: text }).JWT_ACCESS_EXPIRATION).toBe(ms);
    });

    it('refuses a duration it cannot read', () => {
      expect(failureOf({ JWT_REFRESH_EXPIRATION: '7 days' }).message).toContain('JWT_REFRESH_EXPIRATION');
    });
  });

  describe('invalid values', () => {
    it('names the variable without echoing its value, which may be a secret', () => {
      const secret = 'too-short-secret';

      const failure = failureOf({ JWT_SECRET: secret, KEY_ENCRYPTION_KEY: 'not-hex-at-all', PORT: '99999' });

      expect(failure.message).toContain('JWT_SECRET');
      expect(failure.message).toContain('KEY_ENCRYPTION_KEY');
      expect(failure.message).toContain('PORT');
      for (const value of [secret, 'not-hex-at-all', '99999']) expect(failure.message).not.toContain(value);
    });

    it('refuses an unknown choice', () => {
      const failure = failureOf({ EVENT_STORE: 'mongodb' });

      expect(failure.message).toContain('EVENT_STORE');
      expect(failure.message).not.toContain('mongodb');
    });

    it('refuses a flag that is not true, false, 1 or 0', () => {
      expect(failureOf({ DEMO_DATA: 'yes' }).message).toContain('DEMO_DATA');
    });

    it.each([
      [{ EVENT_STORE: 'eventstoredb' }, 'EVENTSTORE_URL'],
      [{ CHAIN: 'cosmos' }, 'CHAIN_RPC_URL'],
      [{ MAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    ])('requires the companion setting of %j', (env, required) => {
      expect(failureOf(env).message).toContain(required);
    });
  });
});
