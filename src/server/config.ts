import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().optional(),
  // Shared state of a cluster (rate limits, failed sign-ins, cache invalidation); without it, each process's memory.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  // What sign-in limits do while Redis does not answer: `open` (sign-in goes on without the shared limits; logged)
  // or `closed` (sign-in calls answer 503 until Redis is back: nobody can guess beyond the limits, nobody can sign in).
  SIGN_IN_LIMITS_WITHOUT_REDIS: z
    .enum(['open', 'closed'], { error: 'SIGN_IN_LIMITS_WITHOUT_REDIS must be open or closed' })
    .default('open'),
  // How long a stopping server waits for requests in flight before it exits anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // How long a stopping server goes on accepting connections after /readyz turned 503, so the load balancer's
  // health check takes it out first (closing the listener at once resets connections already queued to it).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  PUBLIC_URL: z.url().optional(),
  // The platform's own domain (e.g. portals.example): a company's host under it is one name deep
  // (coral.portals.example), and the domain itself is nobody's. Unset: any host name (coral.localhost in development).
  PLATFORM_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/, 'PLATFORM_DOMAIN must be a lower-case domain like portals.example')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET needs at least 32 characters').optional(),
  // false, or the number of proxies in front of the server whose X-Forwarded-* headers are trusted ("true" = 1):
  // the client address is the one the nearest trusted proxy saw, never a value the client wrote itself.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) =>
      ['true', 'yes'].includes(v) ? 1 : ['false', 'no', '0', ''].includes(v) ? 0 : Number(v),
    )
    .pipe(z.number().int('TRUST_PROXY must be true, false or a number of proxy hops').min(0).max(10)),
  NODE_ENV: z.string().optional(),
  DEV_MAILBOX: z.enum(['auto', 'true', 'false']).default('auto'),
  // Sign-in attempts (login, register, reset...) per client address and company per minute. Raise it where many
  // people share one address (a warehouse behind one NAT); the per-account limit still stops guessing.
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  UPLOAD_MB_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(100_000_000).default(10_240),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIR: z.string().default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Where uploaded files live: DATA_DIR/files, or a bucket of S3 or an S3-compatible server (shared by every
  // instance). Without S3_ENDPOINT the bucket is on AWS; without keys the SDK's default credential chain is used.
  FILE_STORE: z.enum(['disk', 's3'], { error: 'FILE_STORE must be disk or s3' }).default('disk'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Online payments: the built-in test provider (a sandbox page served by the product) is on outside production, and in
  // production only with PAYMENTS_TEST_PROVIDER=1. Pending attempts are re-checked with their provider after
  // PAYMENT_RECHECK_MINUTES, and flagged for staff when still unknown after PAYMENT_FLAG_MINUTES.
  PAYMENTS_TEST_PROVIDER: z.enum(['0', '1'], { error: 'PAYMENTS_TEST_PROVIDER must be 0 or 1' }).optional(),
  PAYMENT_RECHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  PAYMENT_FLAG_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  // WiPay's API (https://jm.wipayfinancial.com by default, from the company's country); a local fake in tests.
  WIPAY_BASE_URL: z.url({ protocol: /^https?$/, error: 'WIPAY_BASE_URL must be an http(s) URL' }).optional(),
  // 32 bytes, base64 or hex, that encrypt stored secrets (payment API keys); unset: derived from JWT_SECRET.
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY needs at least 32 characters').optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .optional(),
  // Web push: the push services' hosts the server posts to (comma-separated; `*.` = any subdomain), the VAPID
  // subject (unset: mailto: the company's support e-mail) and the pushes per second each company may send.
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com',
    ),
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:\S+@\S+|https:\/\/\S+)$/,
      'PUSH_VAPID_SUBJECT must be a mailto: address or an https:// URL',
    )
    .optional(),
  PUSH_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
});

/** Rules across variables, reported with the others. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.FILE_STORE !== 's3') return;
  if (!e.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'S3_BUCKET is required when FILE_STORE=s3',
    });
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message:
        'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK default credential chain)',
    });
  }
});

/** Where uploaded files live (see createServices). */
export type FileStoreConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  redisUrl: string | undefined;
  /** Sign-in limits while Redis does not answer: go on without them (open) or refuse sign-in calls (closed). */
  signInLimitsWithoutRedis: 'open' | 'closed';
  shutdownTimeoutMs: number;
  shutdownDrainMs: number;
  publicUrl: string | undefined;
  /** The platform's own domain: company hosts under it are one name deep (PLATFORM_DOMAIN); unset: any host. */
  platformDomain: string | undefined;
  jwtSecret: string;
  /** Proxy hops whose X-Forwarded-* headers are believed (0 = none). */
  trustProxy: number;
  /** NODE_ENV=production: no local mailbox, whatever else is set. */
  production: boolean;
  /** The local mailbox: auto = only while listening on loopback; true = also when listening on the network. */
  devMailbox: 'auto' | 'true' | 'false';
  /** Bytes one user may upload per hour (staff get five times as much), and each company's stored bytes. */
  uploadBytesPerHour: number;
  storageQuotaBytes: number;
  corsOrigins: string[];
  webDir: string;
  logLevel: string;
  fileStore: FileStoreConfig;
  /** Rate limits per window; tests lower them to prove the limiter without thousands of calls. */
  rateLimits: { auth: number; windowMs: number; refresh: number; failedLoginsPerAccount: number };
  /** scrypt cost (log2 N). 15 = 32 MiB per hash, the OWASP-recommended floor; tests may lower it. */
  scryptLogN: number;
  /**
   * How long /readyz waits for each part (database, storage, Redis) before calling it unreachable. The test suites
   * allow more: on a loaded two-core machine a file write can wait that long for a thread.
   */
  readyCheckMs: number;
  accessTokenTtlSeconds: number;
  /** Online payments (see the env above). `secretsKey` unset: derived from jwtSecret (payments/secrets.ts). */
  payments: {
    testProvider: boolean;
    recheckAfterMinutes: number;
    flagAfterMinutes: number;
    wipayBaseUrl: string | undefined;
    secretsKey: string | undefined;
  };
  /** Web push (see the env above); local http/loopback endpoints are for a development server only (push/). */
  push: { serviceHosts: string[]; vapidSubject: string | undefined; ratePerSecond: number };
};

/** Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

/** The secret is generated once and kept in DATA_DIR so tokens survive restarts without any setup. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What tests (and benches) may set directly; rate limits may be given in part. */
export type ConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & {
  rateLimits?: Partial<Config['rateLimits']>;
};

/** Every problem of the environment, one line each. */
function invalidConfig(error: z.ZodError): Error {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
  return new Error(`Invalid configuration:\n${lines}`);
}

/**
 * Only where the data lives (DATA_DIR, DATABASE_URL, FILE_STORE), for the backup and restore scripts: unlike
 * loadConfig it creates nothing (no jwt-secret in a folder that is about to be restored into).
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl: string | undefined;
  fileStore: 'disk' | 's3';
} {
  const parsed = envSchema
    .pick({ DATA_DIR: true, DATABASE_URL: true, FILE_STORE: true })
    .safeParse(cleanEnv(env));
  if (!parsed.success) throw invalidConfig(parsed.error);
  return {
    dataDir: resolve(parsed.data.DATA_DIR),
    databaseUrl: parsed.data.DATABASE_URL,
    fileStore: parsed.data.FILE_STORE,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const parsed = checkedEnvSchema.safeParse(cleanEnv(env));
  if (!parsed.success) throw invalidConfig(parsed.error);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    signInLimitsWithoutRedis: e.SIGN_IN_LIMITS_WITHOUT_REDIS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    platformDomain: e.PLATFORM_DOMAIN,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    production: e.NODE_ENV === 'production',
    devMailbox: e.DEV_MAILBOX,
    uploadBytesPerHour: e.UPLOAD_MB_PER_HOUR * 1024 * 1024,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDir: resolve(e.WEB_DIR),
    logLevel: e.LOG_LEVEL,
    fileStore:
      e.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // A server of one's own usually has no per-bucket host names; AWS prefers virtual-hosted style.
            forcePathStyle: e.S3_FORCE_PATH_STYLE
              ? e.S3_FORCE_PATH_STYLE === 'true'
              : e.S3_ENDPOINT !== undefined,
          }
        : { kind: 'disk' },
    scryptLogN: 15,
    readyCheckMs: 2_000,
    accessTokenTtlSeconds: 15 * 60,
    payments: {
      testProvider: e.PAYMENTS_TEST_PROVIDER ? e.PAYMENTS_TEST_PROVIDER === '1' : e.NODE_ENV !== 'production',
      recheckAfterMinutes: e.PAYMENT_RECHECK_MINUTES,
      flagAfterMinutes: e.PAYMENT_FLAG_MINUTES,
      wipayBaseUrl: e.WIPAY_BASE_URL?.replace(/\/$/, ''),
      secretsKey: e.SECRETS_KEY,
    },
    push: {
      serviceHosts: e.PUSH_SERVICE_HOSTS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      vapidSubject: e.PUSH_VAPID_SUBJECT,
      ratePerSecond: e.PUSH_RATE_PER_SECOND,
    },
    ...overrides,
    rateLimits: {
      auth: e.AUTH_RATE_LIMIT,
      windowMs: 60_000,
      refresh: 30,
      failedLoginsPerAccount: 10,
      ...overrides.rateLimits,
    },
  };
}
