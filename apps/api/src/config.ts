import path from 'node:path';
import { z } from 'zod';
import { type CsvDateOrder, csvDateOrders, limits } from '@strideadmin/contract';
import { defaultWebDistDir } from './paths.js';
import { isCommonPassword } from './plugins/auth/password-policy.js';

/**
 * Environment -> typed configuration, read once (docs/architecture.md: nothing else reads process.env).
 * Every variable here is listed in README.md's configuration table.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A URL `new URL` can read, with one of `protocols` and a host. */
function isUrl(v: string, protocols: string[]): boolean {
  try {
    const u = new URL(v);
    return protocols.includes(u.protocol) && u.hostname !== '';
  } catch {
    return false;
  }
}

const optionalUrl = optionalString.refine((v) => v === undefined || isUrl(v, ['http:', 'https:']), {
  message: 'must be an http:// or https:// URL',
});

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        const u = new URL(v);
        // postgres:///db?host=/run/postgresql (a Unix socket) names its host in the query.
        return ['postgres:', 'postgresql:'].includes(u.protocol) && (u.hostname !== '' || u.searchParams.has('host'));
      } catch {
        return false;
      }
    },
    { message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database' },
  ),
  // How long start-up waits for the database to answer (PostgreSQL starting beside us) before giving up.
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PUBLIC_URL: optionalString.refine((v) => v === undefined || isUrl(v, ['http:', 'https:']), {
    message: 'must be the address people use to reach the portal, such as https://admin.example.com',
  }),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'JWT_SECRET must be at least 32 characters',
  }),
  JWT_TTL: z
    .string()
    .trim()
    .default('12h')
    .refine((v) => /^\d+\s*(s|m|h|d)$/.test(v), { message: 'must be a duration such as 30m, 12h or 7d' }),
  // A portal session unused this long ends (every authenticated request renews it); app sessions
  // end only at JWT_TTL.
  SESSION_IDLE_MINUTES: z
    .string()
    .trim()
    .default('30')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_080, {
      message: 'must be a whole number of minutes from 1 to 10080 (a week)',
    })
    .transform(Number),
  ADMIN_EMAIL: z.string().default('admin@example.com'),
  // The first administrator's password: the rules of every administrator's password.
  ADMIN_PASSWORD: optionalString
    .refine((v) => v === undefined || v.length >= limits.adminPasswordMin, {
      message: `ADMIN_PASSWORD must be at least ${limits.adminPasswordMin} characters (an administrator's password)`,
      abort: true,
    })
    .refine((v) => v === undefined || !isCommonPassword(v), {
      message: 'ADMIN_PASSWORD is one of the most common passwords: choose one that is harder to guess',
    }),
  ADMIN_NAME: z.string().default('Administrator'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: pretty (pino-pretty, human lines) on a terminal, JSON lines otherwise (files, collectors).
  LOG_FORMAT: optionalString.refine((v) => v === undefined || v === 'pretty' || v === 'json', {
    message: 'must be pretty or json',
  }),
  // Prometheus metrics (docs/operations/metrics.md): off unless METRICS_TOKEN and/or METRICS_PORT.
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  METRICS_PORT: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), {
      message: 'must be a port number (1-65535)',
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  METRICS_HOST: optionalString.transform((v) => v ?? '127.0.0.1'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WEB_DIST_DIR: optionalString,
  // Which X-Forwarded-* hops to believe (client IP for rate limits and logs, protocol for HSTS):
  // false; a number of proxies in front (1 = one reverse proxy); their addresses/CIDRs; or true
  // (every hop: only when the proxy in front replaces X-Forwarded-For, else a client picks its IP).
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): boolean | number | string => {
      if (v === '' || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const parts = v.split(',').map((p) => p.trim());
      if (
        parts.every((p) => /^[0-9a-f:.]+(\/\d{1,3})?$/i.test(p) || ['loopback', 'linklocal', 'uniquelocal'].includes(p))
      )
        return parts.join(',');
      ctx.addIssue({ code: 'custom', message: 'must be false, true, a number of proxies, or proxy addresses (CIDR)' });
      return z.NEVER;
    }),
  // Sign-in: failures per client on one account, per client IP, and per account from all clients
  // (past which the account is protected: only clients without failures, or known to it, are checked).
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  // Change password: wrong old passwords per account, in the sign-in window.
  CHANGE_PASSWORD_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  // Forgot password: every request counts, per e-mail address and per IP, in a fixed window.
  FORGOT_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  FORGOT_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  FORGOT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  // Where those counters live: Redis, shared by every instance, when REDIS_URL is set.
  REDIS_URL: optionalString.refine((v) => v === undefined || isUrl(v, ['redis:', 'rediss:']), {
    message: 'must be a redis:// or rediss:// URL',
  }),
  REDIS_KEY_PREFIX: optionalString.transform((v) => v ?? 'strideadmin:'),
  // Slow clients: the headers of a request, and its whole body, must arrive within these; a signed
  // image upload (up to 10 MB, often from a phone) gets UPLOAD_TIMEOUT_SECONDS instead.
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  // Calls of the mobile app, per signed-in app user and minute (all calls; sending a complaint message).
  APP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  APP_MESSAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  // E-mail (docs/architecture.md): .eml files under DATA_DIR/mail unless SMTP_URL is set.
  SMTP_URL: optionalString.refine((v) => v === undefined || isUrl(v, ['smtp:', 'smtps:']), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().trim().min(1).default('StrideAdmin <no-reply@localhost>'),
  // Image storage (docs/architecture.md): local disk under DATA_DIR/uploads unless S3_BUCKET is set.
  S3_BUCKET: optionalString.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
  }),
  S3_REGION: optionalString.refine((v) => v === undefined || /^[a-z0-9-]{2,32}$/.test(v), {
    message: 'must be a region name such as eu-north-1',
  }),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_PUBLIC_URL: optionalUrl,
  // Map of /add-box-manual: tiles from configuration, never a literal in the client bundle. A
  // provider key, when one is needed, goes inside MAP_TILE_URL (e.g. ...?key=...).
  MAP_TILE_URL: z
    .string()
    .trim()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine((v) => /^https:\/\/[^/?#]+\//i.test(v) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//i.test(v), {
      message: 'must be an https:// URL template with {z}, {x} and {y}',
    })
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), {
      message: 'must contain {z}, {x} and {y}',
    }),
  MAP_TILE_ATTRIBUTION: z.string().trim().default('© OpenStreetMap contributors'),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(19),
  MAP_CENTER: z
    .string()
    .trim()
    .default('59.3293,18.0686')
    .refine((v) => /^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/.test(v), { message: 'must be "latitude,longitude"' }),
  MAP_ZOOM: z.coerce.number().int().min(0).max(22).default(12),
  // Push notifications: the app inbox always; FCM (HTTP v1) too when FCM_PROJECT_ID and
  // FCM_CREDENTIALS_FILE (a service-account JSON) are set.
  FCM_PROJECT_ID: optionalString,
  FCM_CREDENTIALS_FILE: optionalString,
  FCM_ENDPOINT: optionalUrl,
  NOTIFICATION_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // How the bulk gift-card import reads dates written with numbers and the year last (31/12/2027):
  // day first (DMY), month first (MDY), or only year first (YMD). The portal's preview and the
  // server read them the same way (docs/behaviour.md §5 The CSV file).
  CSV_DATE_ORDER: z
    .string()
    .trim()
    .default('DMY')
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(csvDateOrders)),
  // Coins for steps: one coin per this many steps of a day.
  STEPS_PER_COIN: z.coerce.number().int().min(1).max(1_000_000).default(100),
  // How close (metres, great-circle) the phone must be to a gift box to open it.
  GIFTBOX_RADIUS_M: z
    .string()
    .trim()
    .default('100')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000, {
      message: 'must be a whole number of metres from 1 to 100000',
    })
    .transform(Number),
  // How many days before today the app may still sync (today and the N days before; 0: today only).
  STEPS_SYNC_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 0 to 366' })
    .int({ error: 'must be a whole number of days from 0 to 366' })
    .min(0, { error: 'must be a whole number of days from 0 to 366' })
    .max(366, { error: 'must be a whole number of days from 0 to 366' })
    .default(7),
  // The most steps one day may hold: a sync above it is refused, not clamped.
  MAX_STEPS_PER_DAY: z.coerce
    .number({ error: 'must be a whole number of steps from 1 to 1000000' })
    .int({ error: 'must be a whole number of steps from 1 to 1000000' })
    .min(1, { error: 'must be a whole number of steps from 1 to 1000000' })
    .max(1_000_000, { error: 'must be a whole number of steps from 1 to 1000000' })
    .default(100_000),
  // The audit log (docs/operations/audit-log.md): entries older than this many days are removed,
  // at start and daily; unset: kept forever.
  AUDIT_RETENTION_DAYS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 36_500), {
      message: 'must be a whole number of days from 1 to 36500, or unset to keep the audit log forever',
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  NOTIFICATION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long start-up retries a database that does not answer yet, in milliseconds. */
  databaseConnectTimeoutMs: number;
  publicUrl: string;
  jwtSecret: string | undefined;
  jwtTtl: string;
  /** SESSION_IDLE_MINUTES: a portal session unused this long ends. */
  sessionIdleMinutes: number;
  adminEmail: string;
  adminPassword: string | undefined;
  adminName: string;
  logLevel: string;
  /** pretty: human lines (pino-pretty, in process); json: one JSON object a line. */
  logFormat: 'pretty' | 'json';
  /** Pretty lines in colour: stdout is a terminal. */
  logColors: boolean;
  metrics: MetricsConfig;
  bodyLimit: number;
  webDistDir: string;
  /** Fastify's trustProxy: false, true (every hop), a hop count, or proxy addresses. */
  trustProxy: boolean | number | string;
  loginLimits: { perAccount: number; perClient: number; perIp: number; windowSeconds: number };
  changePasswordLimits: { limit: number; windowSeconds: number };
  forgotLimits: { perAccount: number; perIp: number; windowSeconds: number };
  /** The shared store of those limits; unset: counted in this process. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** How long a request's headers, and its whole body (an upload's), may take to arrive, in ms. */
  timeouts: { headersMs: number; requestMs: number; uploadMs: number };
  /** Mobile-app calls per app user and minute: every call, and complaint messages sent. */
  appLimits: { callsPerMinute: number; messagesPerMinute: number };
  storage: StorageConfig;
  mail: MailConfig;
  map: MapSettings;
  push: PushConfig;
  /** CSV_DATE_ORDER: how the bulk import reads 31/12/2027-like dates (handed to the portal by GET /api/config/gift-cards). */
  csvDateOrder: CsvDateOrder;
  /** One coin per this many steps of a day (POST /app/steps). */
  stepsPerCoin: number;
  /** POST /app/giftbox/{id}/open: the most metres between the phone and the box. */
  giftBoxRadiusM: number;
  /** POST /app/steps: days before today still accepted (STEPS_SYNC_DAYS) and the most steps a day (MAX_STEPS_PER_DAY). */
  steps: StepsRules;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are removed (daily); undefined: kept forever. */
  auditRetentionDays: number | undefined;
}

export interface StepsRules {
  syncDays: number;
  maxPerDay: number;
}

/**
 * Prometheus metrics: served on the main port at /metrics to a bearer of `token`, and/or by a
 * listener of their own on host:port (no token there). Neither set: off (nothing counted).
 */
export interface MetricsConfig {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

/** The map of /add-box-manual, handed to the signed-in portal by GET /api/config/map. */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
  maxZoom: number;
  center: [number, number];
  zoom: number;
}

/** The notification worker, and FCM when configured. */
export interface PushConfig {
  /** Run the delivery worker in this process (turn off on replicas that should only serve). */
  worker: boolean;
  pollMs: number;
  fcm: { projectId: string; credentialsFile: string; endpoint: string } | undefined;
}

/** Where e-mail goes: MIME files under DATA_DIR/mail (and the log), or an SMTP server. */
export type MailConfig = { from: string } & ({ driver: 'file'; dir: string } | { driver: 'smtp'; url: string });

/** Where uploaded images live: files under DATA_DIR/uploads, or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** MinIO, R2, ...; unset: AWS. */
      endpoint: string | undefined;
      /** unset: the SDK's default credential chain (environment, profile, instance role...). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Base of public image addresses (CDN, custom domain); unset: the bucket's own address. */
      publicUrl: string | undefined;
    };

/**
 * What a variable with a bad value is told, in an operator's words (after its name: "PORT must be
 * a number"), for the rules that have no message of their own; never the value (it may be a
 * secret). Given to this parse only: the contract's words for the API's fields (zod-messages.ts)
 * name the field themselves, and the line already does.
 */
function plainly(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.expected === 'int' && typeof issue.input === 'number' && !Number.isNaN(issue.input))
        return 'must be a whole number';
      return issue.expected === 'number' || issue.expected === 'int' ? 'must be a number' : 'is not valid';
    case 'too_small':
      if (issue.minimum === 0 && issue.inclusive === false) return 'must be above 0';
      return issue.origin === 'string'
        ? `must be at least ${String(issue.minimum)} characters`
        : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${String(issue.maximum)} characters`
        : `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return 'is not valid';
  }
}

/** A bad environment: each issue names its variable and what it expects (never the value: it may be a secret). */
export class ConfigError extends Error {
  constructor(readonly issues: Array<{ variable: string; message: string }>) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * `terminal.stdoutIsTty` picks LOG_FORMAT's default (pretty on a terminal, else json); unset: whether
 * this process's stdout is a terminal.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  terminal: { stdoutIsTty?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(source, { error: plainly });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })));
  }
  const e = parsed.data;
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    throw new ConfigError([
      {
        variable: missing,
        message:
          "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither for the SDK's default chain)",
      },
    ]);
  }
  if ((e.FCM_PROJECT_ID === undefined) !== (e.FCM_CREDENTIALS_FILE === undefined)) {
    const missing = e.FCM_PROJECT_ID === undefined ? 'FCM_PROJECT_ID' : 'FCM_CREDENTIALS_FILE';
    throw new ConfigError([
      {
        variable: missing,
        message: 'FCM_PROJECT_ID and FCM_CREDENTIALS_FILE go together (set both, or neither for inbox-only delivery)',
      },
    ]);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError([
      {
        variable: 'METRICS_PORT',
        message: `must differ from PORT (${e.PORT}); to serve /metrics on the main port, set METRICS_TOKEN instead`,
      },
    ]);
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError([
      {
        variable: 'HEADERS_TIMEOUT_SECONDS',
        message: `must be at most REQUEST_TIMEOUT_SECONDS (${e.REQUEST_TIMEOUT_SECONDS}): the headers are part of the request`,
      },
    ]);
  }
  const stdoutIsTty = terminal.stdoutIsTty ?? process.stdout.isTTY === true;
  const [centerLat = 0, centerLng = 0] = e.MAP_CENTER.split(',').map((n) => Number(n.trim()));
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    adminEmail: e.ADMIN_EMAIL.trim().toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    adminName: e.ADMIN_NAME,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (stdoutIsTty ? 'pretty' : 'json'),
    logColors: stdoutIsTty,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
    trustProxy: e.TRUST_PROXY,
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perClient: e.LOGIN_MAX_FAILURES_PER_CLIENT,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    changePasswordLimits: { limit: e.CHANGE_PASSWORD_MAX_FAILURES, windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS },
    forgotLimits: {
      perAccount: e.FORGOT_MAX_PER_ACCOUNT,
      perIp: e.FORGOT_MAX_PER_IP,
      windowSeconds: e.FORGOT_WINDOW_SECONDS,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadMs: e.UPLOAD_TIMEOUT_SECONDS * 1000,
    },
    appLimits: { callsPerMinute: e.APP_RATE_LIMIT_PER_MINUTE, messagesPerMinute: e.APP_MESSAGE_LIMIT_PER_MINUTE },
    csvDateOrder: e.CSV_DATE_ORDER,
    stepsPerCoin: e.STEPS_PER_COIN,
    giftBoxRadiusM: e.GIFTBOX_RADIUS_M,
    steps: { syncDays: e.STEPS_SYNC_DAYS, maxPerDay: e.MAX_STEPS_PER_DAY },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    map: {
      tileUrl: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      maxZoom: e.MAP_MAX_ZOOM,
      center: [centerLat, centerLng],
      zoom: e.MAP_ZOOM,
    },
    push: {
      worker: e.NOTIFICATION_WORKER,
      pollMs: e.NOTIFICATION_POLL_MS,
      fcm:
        e.FCM_PROJECT_ID && e.FCM_CREDENTIALS_FILE
          ? {
              projectId: e.FCM_PROJECT_ID,
              credentialsFile: path.resolve(e.FCM_CREDENTIALS_FILE),
              endpoint: (e.FCM_ENDPOINT ?? 'https://fcm.googleapis.com').replace(/\/+$/, ''),
            }
          : undefined,
    },
    mail: e.SMTP_URL
      ? { driver: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
      : { driver: 'file', dir: path.join(dataDir, 'mail'), from: e.MAIL_FROM },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : { driver: 'local', dir: path.join(dataDir, 'uploads') },
  };
}
