import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../schema/auth';
import { DEFAULT_MAX_IMAGE_PIXELS, FORM_FILE_RULE, MB } from '../schema/uploads';

// The project's folder: server/ in the sources, dist-server/ once built, both one level down.
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PROJECT_DATA_DIR = path.join(PROJECT_ROOT, 'data');
export const PROJECT_STATIC_DIR = path.join(PROJECT_ROOT, 'dist');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: "must be 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1');

// The proxies in front of the server (Fastify's `trustProxy`): a hop count ('1': one proxy, which appends the client's
// address to X-Forwarded-For) or a comma-separated list of proxy addresses and CIDR ranges. Never 'true': trusting
// every hop takes the left-most X-Forwarded-For address, which the client writes, and defeats every per-address limit
// (issue #9). Refused rather than read as 1 hop: behind two proxies 1 hop would key every client on the outer proxy's
// address, so one attacker would lock everybody out; only the operator knows the chain (docs/deploy.md).
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrRange = (item: string): boolean => {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "'true' would trust any X-Forwarded-For a client writes; give the number of proxies in front of the server (1 for one nginx) or their addresses ('127.0.0.1,10.0.0.0/8')",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) ctx.addIssue({ code: 'custom', message: 'must be a number of proxies between 0 and 10, or their addresses' });
    return hops;
  }
  const list = value.split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of list) {
    if (!isAddressOrRange(item)) {
      ctx.addIssue({ code: 'custom', message: `'${item}' is not an IP address or CIDR range like 10.0.0.0/8 (or a number of proxies)` });
    }
  }
  return list;
});

// Browser origins (scheme://host[:port]) allowed to call the public API: 'https://www.example.com,http://localhost:8090'.
const origins = z.string().transform((value, ctx): string[] => {
  const list = value.split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of list) {
    let origin: string | undefined;
    try {
      origin = new URL(item).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== item.replace(/\/$/, '') || !/^https?:/.test(item)) {
      ctx.addIssue({ code: 'custom', message: `'${item}' is not an origin like https://www.example.com (scheme, host and port only)` });
    }
  }
  return list.map((item) => item.replace(/\/$/, ''));
});

// Digits only: Number() also reads '0x1F' (PORT 31) and '1e3' (an outside operator's probe).
const integer = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d+$/, { error: 'must be a whole number' })], { error: 'must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be a whole number' })
        .int({ error: 'must be a whole number' })
        .min(min, { error: `must be between ${min} and ${max}` })
        .max(max, { error: `must be between ${min} and ${max}` }),
    );

const envSchema = z.object({
  PORT: integer(0, 65535).default(8080),
  // An address, or a host name the machine resolves ('localhost'): checked here, not 15 s later at listen.
  HOST: z
    .string()
    .min(1)
    .refine((host) => isIP(host) !== 0 || /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(host) && !/^[\d.]+$/.test(host), {
      error: "must be an IP address (0.0.0.0, ::, 127.0.0.1) or a host name such as 'localhost'",
    })
    .default('0.0.0.0'),
  // Relative to the project, wherever the process starts (a service manager without a working directory made a
  // second, empty database in its own; an outside operator's probe). A relative value set here is the operator's.
  DATA_DIR: z.string().min(1).default(PROJECT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters long` })
    .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters long` })
    .optional(),
  ADMIN_NAME: z.string().min(1).max(200).default('Administrator'),
  TOKEN_TTL_HOURS: integer(1, 24 * 365).default(168),
  // A session unused this long ends (issue #9; docs/security.md, "Sessions"). 0 switches the idle limit off.
  // A session's use is written at most once a minute (server/repositories/tokens.ts): below 5 minutes a session in
  // constant use would end as if idle (1 minute ended one used every 5 s: an outside probe).
  SESSION_IDLE_MINUTES: integer(0, 60 * 24 * 365)
    .refine((minutes) => minutes === 0 || minutes >= 5, { error: 'must be 0 (no idle limit) or at least 5: a session\'s use is recorded once a minute' })
    .default(720),
  STATIC_DIR: z.string().min(1).default(PROJECT_STATIC_DIR),
  LOGIN_RATE_LIMIT: integer(0, 1_000_000).default(10),
  PUBLIC_FORM_RATE_LIMIT: integer(0, 1_000_000).default(10),
  PUBLIC_FORM_GLOBAL_LIMIT: integer(0, 1_000_000).default(30),
  // Megabytes of files (CVs) the website's forms may store in an hour, from all visitors together; 0: no budget.
  PUBLIC_FORM_FILES_MB_PER_HOUR: integer(0, 1_000_000).default(100),
  // Megabytes of that budget one address (an IPv6 client: its /64) may spend in an hour; 0: no share.
  PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR: integer(0, 1_000_000)
    .refine((megabytes) => megabytes === 0 || megabytes * MB >= FORM_FILE_RULE.maxBytes, {
      error: `must be 0 (no share) or at least ${FORM_FILE_RULE.maxBytes / MB}: a form's file can be that large`,
    })
    .default(25),
  SIGN_IN_WINDOW_MINUTES: integer(1, 24 * 60).default(15),
  SIGN_IN_LOCK_MINUTES: integer(1, 24 * 60).default(15),
  SIGN_IN_MAX_DELAY_SECONDS: integer(1, 3600).default(60),
  SIGN_IN_ACCOUNT_DELAY_AFTER: integer(0, 1_000_000).default(5),
  SIGN_IN_ACCOUNT_LOCK_AFTER: integer(0, 1_000_000).default(10),
  SIGN_IN_ADDRESS_DELAY_AFTER: integer(0, 1_000_000).default(10),
  SIGN_IN_ADDRESS_LOCK_AFTER: integer(0, 1_000_000).default(30),
  SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  SEED_SAMPLE_CONTENT: booleanFlag.default(true),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  COOKIE_SECURE: booleanFlag.default(false),
  TRUST_PROXY: trustProxy.default(false),
  UPLOAD_GRACE_HOURS: integer(1, 24 * 365).default(24),
  UPLOAD_MAX_PIXELS: integer(1_000_000, 1_000_000_000).default(DEFAULT_MAX_IMAGE_PIXELS),
  WEBSITE_ORIGINS: origins.default([]),
  PUBLIC_CACHE_SECONDS: integer(0, 86_400).default(60),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://cms.example.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // Slow clients (issue #9): docs/deploy.md, "Timeouts and connection limits". 0 switches one off.
  HEADERS_TIMEOUT_SECONDS: integer(1, 3600).default(10),
  BODY_TIMEOUT_SECONDS: integer(0, 3600).default(120),
  REQUEST_TIMEOUT_SECONDS: integer(0, 3600).default(180),
  KEEP_ALIVE_TIMEOUT_SECONDS: integer(1, 3600).default(10),
  IDLE_TIMEOUT_SECONDS: integer(0, 3600).default(30),
  MAX_CONNECTIONS_PER_ADDRESS: integer(0, 1_000_000).default(100),
  // The audit log (issue #9): days an entry is kept; 0 keeps them forever.
  AUDIT_RETENTION_DAYS: integer(0, 100 * 366).default(365),
});

/** Failures counted for one key (an account or an address) within the window; 0 switches a step off. */
export interface ThrottleThresholds {
  /** From this many failures on, each further attempt waits 1 s, 2 s, 4 s… after the last one. */
  delayAfter: number;
  /** This many failures lock the key for `lockMs` after the last one. */
  lockAfter: number;
}

export interface SignInThrottleConfig {
  windowMs: number;
  lockMs: number;
  maxDelayMs: number;
  account: ThrottleThresholds;
  address: ThrottleThresholds;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL; when absent the SQLite file `${dataDir}/cornerstone.db` is used. */
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string;
  tokenTtlHours: number;
  /** A token unused this long is refused and deleted (server/plugins/authenticate.ts); 0: no idle limit. */
  sessionIdleMinutes: number;
  staticDir: string;
  /** Sign-in attempts per minute per IP; 0 disables the limit. */
  loginRateLimit: number;
  /** Public form submissions per minute per IP, all forms together; 0 disables the limit. */
  publicFormRateLimit: number;
  /** Submissions per minute per form from all addresses together, counted in the database; 0 disables the cap. */
  publicFormGlobalLimit: number;
  /** Bytes of files the website's forms may store in an hour (PUBLIC_FORM_FILES_MB_PER_HOUR); 0: no budget. */
  publicFormFilesBytesPerHour: number;
  /** Bytes of files one address may have the forms store in an hour (PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR); 0: no share. */
  publicFormFilesBytesPerAddressPerHour: number;
  /** Sign-in throttling counted in the database, per account and per address (server/repositories/sign-in-attempts.ts). */
  signInThrottle: SignInThrottleConfig;
  /** Signs short-lived download links; random per process unless SECRET_KEY is set. */
  secretKey: string;
  /** Fill an empty database with sample content on start. */
  seedSampleContent: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  cookieSecure: boolean;
  /** Fastify's `trustProxy`: false (the socket's address), a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** How long an upload no record refers to is kept: a file uploaded in a form not saved yet is one. */
  uploadGraceHours: number;
  /** Images with more pixels (width × height, read from the header) are refused: decompression bombs (issue #9). */
  uploadMaxPixels: number;
  /** Origins whose pages may call /api/public/ from a browser (CORS); nobody else gets CORS headers. */
  websiteOrigins: string[];
  /** How long a CDN may keep a public answer (s-maxage); browsers always revalidate (cheap 304s). */
  publicCacheSeconds: number;
  /** This API's address as websites reach it, for absolute file URLs; unset: taken from each request's Host. */
  publicUrl: string | undefined;
  /** How long a client may take to send a request, and how many connections one address may hold (server/app.ts). */
  connectionLimits: ConnectionLimits;
  /** Days an audit log entry is kept (server/routes/audit-log.ts); 0 keeps them forever. */
  auditRetentionDays: number;
}

/** Times in milliseconds; 0 switches a limit off (the keep-alive and headers timeouts are always on). */
export interface ConnectionLimits {
  /** From the first byte of a request to the end of its headers (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** From the end of the headers to the end of the body. */
  bodyTimeoutMs: number;
  /** The whole request, headers and body (Node's requestTimeout): the backstop of the two above. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection waits for the next request. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves either way this long is closed (Node's server.timeout). */
  idleTimeoutMs: number;
  /** Open connections per client address; connections from a trusted proxy are not counted. */
  maxConnectionsPerAddress: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(envSchema.shape);
  // An empty value (`ADMIN_EMAIL=` in a .env file) means "not set".
  const input = Object.fromEntries(known.map((key) => [key, env[key]?.trim() ? env[key] : undefined]));
  const problems: string[] = [];
  // One without the other would silently fall back to a generated password.
  if (input.ADMIN_EMAIL && !input.ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD: is required when ADMIN_EMAIL is set');
  if (input.ADMIN_PASSWORD && !input.ADMIN_EMAIL) problems.push('ADMIN_EMAIL: is required when ADMIN_PASSWORD is set');
  const result = envSchema.safeParse(input);
  if (!result.success) {
    problems.unshift(...result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`));
  }
  // Node refuses a headers timeout longer than the whole request's.
  if (result.success && result.data.REQUEST_TIMEOUT_SECONDS > 0 && result.data.REQUEST_TIMEOUT_SECONDS <= result.data.HEADERS_TIMEOUT_SECONDS) {
    problems.push('REQUEST_TIMEOUT_SECONDS: must be longer than HEADERS_TIMEOUT_SECONDS (or 0 for none)');
  }
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Invalid environment configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    adminName: e.ADMIN_NAME,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    staticDir: e.STATIC_DIR,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    publicFormRateLimit: e.PUBLIC_FORM_RATE_LIMIT,
    publicFormGlobalLimit: e.PUBLIC_FORM_GLOBAL_LIMIT,
    publicFormFilesBytesPerHour: e.PUBLIC_FORM_FILES_MB_PER_HOUR * 1024 * 1024,
    publicFormFilesBytesPerAddressPerHour: e.PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR * 1024 * 1024,
    signInThrottle: {
      windowMs: e.SIGN_IN_WINDOW_MINUTES * 60_000,
      lockMs: e.SIGN_IN_LOCK_MINUTES * 60_000,
      maxDelayMs: e.SIGN_IN_MAX_DELAY_SECONDS * 1000,
      account: { delayAfter: e.SIGN_IN_ACCOUNT_DELAY_AFTER, lockAfter: e.SIGN_IN_ACCOUNT_LOCK_AFTER },
      address: { delayAfter: e.SIGN_IN_ADDRESS_DELAY_AFTER, lockAfter: e.SIGN_IN_ADDRESS_LOCK_AFTER },
    },
    // Without a fixed key, links signed before a restart (or by another instance) stop working: they live 5 minutes.
    secretKey: e.SECRET_KEY ?? randomBytes(32).toString('base64url'),
    seedSampleContent: e.SEED_SAMPLE_CONTENT,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    uploadGraceHours: e.UPLOAD_GRACE_HOURS,
    uploadMaxPixels: e.UPLOAD_MAX_PIXELS,
    websiteOrigins: e.WEBSITE_ORIGINS,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    publicUrl: e.PUBLIC_URL,
    connectionLimits: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}
