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

const schema = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
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
    SEED_ADMIN_EMAIL: z.string().email().default('admin@emisor.local'),
    SEED_ADMIN_PASSWORD: z.string().min(12).default('emisor-admin-2026'),
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
    LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
    LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(100),
    LOGIN_RATE_LIMIT_WINDOW: duration.default(parseDurationMs('15m')),
    INVITATION_EXPIRY_HOURS: positiveInt.default(72),
    PASSWORD_RESET_EXPIRY_MINUTES: positiveInt.default(60),
    PER_ORG_RPC_ENABLED: flag.default(false),
    // Hosts (names, addresses, CIDR ranges) a per-organization chain RPC URL may reach although internal.
    CHAIN_RPC_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((text) => text.split(',').map((host) => host.trim()).filter(Boolean)),
    PROPOSAL_VOTING_PERIOD: duration.default(parseDurationMs('72h')),
    READ_YOUR_WRITES_TIMEOUT_MS: positiveInt.default(5000),
    JSON_BODY_LIMIT: z.string().default('100kb'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((config, ctx) => {
    if (config.EVENT_STORE === 'eventstoredb' && !config.EVENTSTORE_URL)
      ctx.addIssue({ code: 'custom', path: ['EVENTSTORE_URL'], message: 'required when EVENT_STORE=eventstoredb' });
    if (config.CHAIN === 'cosmos' && !config.CHAIN_RPC_URL)
      ctx.addIssue({ code: 'custom', path: ['CHAIN_RPC_URL'], message: 'required when CHAIN=cosmos' });
    if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
  });

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
