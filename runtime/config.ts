import { z } from 'zod';

/** Durations as the contract writes them: 15m, 7d, 3600s, 72h, or plain milliseconds. */
const duration = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)?$/, 'a duration such as 15m, 7d or 3600s')
  .transform(parseDurationMs);

export function parseDurationMs(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text);
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 'ms']!;
  return Number(match[1]) * unit;
}

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const positiveInt = z.coerce.number().int().positive();

/**
 * Which proxies may speak for the caller through X-Forwarded-For, as Express's `trust proxy` takes it:
 * `false` (the socket's address counts), a number of proxy hops in front (`true` is one), or a list of
 * proxy addresses, subnets or the names `loopback`, `linklocal`, `uniquelocal`.
 */
const trustProxy = z
  .string()
  .regex(/^(true|false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'true, false, a number of hops, or a list of proxy addresses')
  .transform((value): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((part) => part.trim());
  });

/** The seed administrator's password on a development machine; production refuses to seed with it. */
export const DEMO_SEED_ADMIN_PASSWORD = 'emisor-admin-2026';

/** Listening on one of these keeps the service on this machine (no Secure cookie needed over plain http). */
export const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

const schema = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: trustProxy.default(false),
    PUBLIC_URL: z.string().url().optional(),
    PORTAL_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
    EVENTSTORE_URL: z.string().optional(),
    CHAIN: z.enum(['embedded', 'cosmos']).default('embedded'),
    CHAIN_RPC_URL: z.string().url().optional(),
    CHAIN_ID: z.string().min(1).default('emisor-1'),
    CHAIN_PREFIX: z.string().min(1).default('emisor'),
    CHAIN_BLOCK_MS: positiveInt.default(100),
    NATIVE_DENOM: z.string().regex(/^[a-z][a-z0-9/]{2,127}$/).default('ulps'),
    NATIVE_SYMBOL: z.string().min(1).default('L'),
    NATIVE_EXPONENT: z.coerce.number().int().min(0).max(18).default(2),
    CURRENCY_NAME: z.string().min(1).default('Lempira'),
    DEMO_DATA: flag.default(false),
    DEMO_STARTING_BALANCE: z.string().regex(/^\d+$/).default('100000'),
    // Unset means: on, but off in production (see the transform below).
    IP_DEMO_ENABLED: flag.optional(),
    CLIENT_TOKEN_TTL: duration.default(parseDurationMs('24h')),
    SEED_ADMIN_EMAIL: z.string().email().default('admin@emisor.local'),
    SEED_ADMIN_PASSWORD: z.string().min(12).default(DEMO_SEED_ADMIN_PASSWORD),
    SEED_ADMIN_NAME: z.string().min(1).default('Central Bank Administrator'),
    SEED_CENTRAL_ORG_NAME: z.string().min(1).default('Banco Central'),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Emisor <no-reply@emisor.local>'),
    JWT_SECRET: z.string().min(32).optional(),
    KEY_ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, '32 bytes in hex').optional(),
    JWT_ACCESS_EXPIRATION: duration.default(parseDurationMs('15m')),
    JWT_REFRESH_EXPIRATION: duration.default(parseDurationMs('7d')),
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).default(30),
    // scrypt cost as log2(N); 15 is 32 MiB per hash. Tests lower it to stay fast.
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
    // Failed logins only: per (e-mail, caller address), and per caller address whatever the e-mail.
    LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
    LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(100),
    LOGIN_RATE_LIMIT_WINDOW: duration.default(parseDurationMs('15m')),
    // Per caller address and route: forgot-password, reset-password, register and invitation validation.
    AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
    // Per caller address: every open tab refreshes, and a bank office shares one address.
    REFRESH_RATE_LIMIT_PER_IP: positiveInt.default(600),
    AUTH_RATE_LIMIT_WINDOW: duration.default(parseDurationMs('15m')),
    INVITATION_EXPIRY_HOURS: positiveInt.default(72),
    PASSWORD_RESET_EXPIRY_MINUTES: positiveInt.default(60),
    PER_ORG_RPC_ENABLED: flag.default(false),
    // Hosts (names, addresses, CIDR ranges) a per-organization chain RPC URL may reach although internal.
    CHAIN_RPC_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((text) => text.split(',').map((host) => host.trim()).filter(Boolean)),
    /** The IANA zone whose calendar days bound per-day limits (the bridging disbursement limit). */
    TIME_ZONE: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'an IANA time zone such as America/Tegucigalpa')
      .default('America/Tegucigalpa'),
    PROPOSAL_VOTING_PERIOD: duration.default(parseDurationMs('72h')),
    READ_YOUR_WRITES_TIMEOUT_MS: positiveInt.default(5000),
    JSON_BODY_LIMIT: z.string().default('100kb'),
    // Required as a bearer token on GET /metrics when set.
    METRICS_TOKEN: z.string().min(16).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((config, ctx) => {
    if (config.EVENT_STORE === 'eventstoredb' && !config.EVENTSTORE_URL)
      ctx.addIssue({ code: 'custom', path: ['EVENTSTORE_URL'], message: 'required when EVENT_STORE=eventstoredb' });
    if (config.CHAIN === 'cosmos' && !config.CHAIN_RPC_URL)
      ctx.addIssue({ code: 'custom', path: ['CHAIN_RPC_URL'], message: 'required when CHAIN=cosmos' });
    if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    if (config.NODE_ENV === 'production') refuseDevelopmentAids(config, ctx);
  })
  .transform((config) => ({ ...config, IP_DEMO_ENABLED: config.IP_DEMO_ENABLED ?? config.NODE_ENV !== 'production' }));

/**
 * Production mode (contract "Start-up, seed step and mail"): every development aid that would hand out
 * an account or money is refused, and nothing secret is generated. The seed password is checked by the
 * seed step itself, which alone knows whether it will run.
 */
function refuseDevelopmentAids(config: { MAIL_TRANSPORT: string; DEMO_DATA: boolean; IP_DEMO_ENABLED?: boolean; JWT_SECRET?: string; KEY_ENCRYPTION_KEY?: string }, ctx: z.RefinementCtx): void {
  const refuse = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message: `${message} (NODE_ENV=production)` });
  if (config.MAIL_TRANSPORT === 'outbox') refuse('MAIL_TRANSPORT', 'the mail outbox is a development aid; set MAIL_TRANSPORT=smtp and SMTP_URL');
  if (config.DEMO_DATA) refuse('DEMO_DATA', 'demo data is refused; set DEMO_DATA=false');
  if (config.IP_DEMO_ENABLED) refuse('IP_DEMO_ENABLED', 'the Instant Payments demo routes are refused; set IP_DEMO_ENABLED=false or leave it unset');
  if (!config.JWT_SECRET) refuse('JWT_SECRET', 'required: secrets are never generated in production');
  if (!config.KEY_ENCRYPTION_KEY) refuse('KEY_ENCRYPTION_KEY', 'required: secrets are never generated in production');
}

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Reads every knob once; the message names the variables but never echoes their values (they may be secrets). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
