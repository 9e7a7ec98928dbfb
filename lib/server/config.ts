import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type Budget, type BudgetName, BUDGETS, budgetNames, derivedOverrides, resolveBudgets } from '@/lib/server/limits';
import { type KeyRing, KeyRingError, parseKeyRing, parseSecretList } from '@/lib/server/key-ring';

/**
 * The one place in lib/ that reads process.env (eslint.config.mjs holds the rest of lib/ to that;
 * lib/server/cache-handler.mjs, which Next.js loads outside the app, is the one exception). Validated once;
 * a missing or malformed variable stops start-up with one line naming it (see instrumentation.ts).
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_BASE_URL: optionalUrl,
  API_SERVICE_TOKEN: z.string().min(1).default('sandbox-service-token'),
  API_SERVICE_TOKEN_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
    .default('X-Service-Token'),
  API_TIMEOUT_MS: positiveInt(15_000),
  SANDBOX_PORT: positiveInt(41_900),
  // One secret, or a ring of numbered keys while it rotates (lib/server/key-ring.ts).
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NEXT_PUBLIC_SITE_NAME: z.string().min(1).default('Hat İnternet'),
  // Who runs the site, as the footer and the legal page show it (the spec names none: the defaults are this demo's).
  COMPANY_LEGAL_NAME: z.string().min(1).default('Hat İnternet Telekomünikasyon A.Ş.'),
  COMPANY_ADDRESS: z.string().min(1).default('Örnek Mah. Deneme Cad. No: 1, 34000 Kadıköy/İstanbul'),
  SUPPORT_PHONE: z
    .string()
    .regex(/^(\+?90|0)[\d ]{10,13}$/, 'must be a Turkish number such as 0850 000 00 00')
    .default('0850 000 00 00'),
  SITE_URL: optionalUrl,
  PORT: positiveInt(3000),
  // Where the standalone server listens (Next.js reads it too); this server asks itself for its pages there.
  HOSTNAME: z.string().optional(),
  // Next.js's own switch: set, this process takes SIGTERM and SIGINT itself (lib/server/stop.ts).
  NEXT_MANUAL_SIG_HANDLE: z.string().optional(),
  REDIS_URL: optionalUrl,
  // The state Redis through Sentinel instead (host:port,host:port,...): clients follow its primary
  // across a failover (docs/operations.md, Redis). REDIS_PASSWORD is the servers' password.
  REDIS_SENTINELS: z
    .string()
    .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, 'must be host:port pairs separated by commas')
    .optional(),
  REDIS_SENTINEL_MASTER: z.string().regex(/^[A-Za-z0-9._-]+$/, 'must be a Sentinel master name').default('ob-state'),
  REDIS_PASSWORD: z.string().min(1).optional(),
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
  // Read by lib/server/cache-handler.mjs itself (Next.js loads it outside this module); checked here so a bad one stops the start.
  REDIS_CACHE_URL: optionalUrl,
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().nonnegative().max(10).default(0),
  // `npm start` asks for the demo (the embedded sandbox API); nothing else runs it in production.
  DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  UPLOADS_IN_FLIGHT: positiveInt(8),
  UPLOAD_DEADLINE_SECONDS: positiveInt(120),
  // A stop (SIGTERM): serving on while the edge stops sending, then at most this long in all (lib/server/lifecycle.ts).
  DRAIN_SECONDS: z.coerce.number().nonnegative().max(120).default(5),
  SHUTDOWN_GRACE_SECONDS: positiveInt(130),
  // The shared secret of POST /api/revalidate (the provider's call after changing settings), two while it changes; unset: no such route.
  REVALIDATE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SETTINGS_CACHE_SECONDS: z.coerce.number().int().nonnegative().default(60),
  ADDRESS_CACHE_SECONDS: z.coerce.number().int().nonnegative().default(600),
  DATA_DIR: z.string().min(1).optional(),
  SESSION_COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The internal listener of this instance's metrics (docs/observability.md); unset: nothing is counted or served.
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // OpenTelemetry's own variable: traces are exported over OTLP/HTTP there; unset: none leave the process.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  // OpenTelemetry's standard resource and sampler variables (its SDK environment specification).
  OTEL_SERVICE_NAME: z.string().min(1).default('online-basvuru'),
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .regex(/^([^=,\s]+=[^,]*)(,[^=,\s]+=[^,]*)*$/, 'must be key=value pairs separated by commas')
    .optional(),
  OTEL_TRACES_SAMPLER: z
    .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  // This build's release (next.config.ts puts its deployment id here at build time).
  BUILD_RELEASE: z.string().min(1).default('development'),
  // The share of page views whose browser reports its field vitals (0 to 1).
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
});

export interface Config {
  isProduction: boolean;
  /** `next dev`: nothing is kept, and the policy allows what its tooling needs. */
  isDevelopment: boolean;
  /** Where this server listens: HOSTNAME (unset or empty: every address) and PORT. */
  listen: { host: string | undefined; port: number };
  /** NEXT_MANUAL_SIG_HANDLE is set: the app, not Next.js, answers the stop signals. */
  manualSignals: boolean;
  /** The upstream origin; `/v1` is appended by the backend-for-frontend. */
  apiBaseUrl: string;
  usesSandbox: boolean;
  serviceToken: string;
  serviceTokenHeader: string;
  apiTimeoutMs: number;
  /** SESSION_SECRET as a key ring: what seals, what opens, what keys the hashes. */
  sessionKeys: KeyRing;
  /**
   * Secure cookies (and the `__Host-` prefix): in production where the site's origin is https, unless
   * SESSION_COOKIE_SECURE says otherwise. Not on the demo's http://localhost: WebKit (Safari, every
   * browser on an iPhone) drops a Secure cookie that comes over plain HTTP, from localhost too
   * (Chromium and Firefox keep it), so without its XSRF cookie every form there was refused.
   */
  cookieSecure: boolean;
  siteName: string;
  /** The provider's legal name, registered address and support line (as shown, and for `tel:`). */
  company: { legalName: string; address: string; supportPhone: string; supportPhoneDial: string };
  /** Origin of canonical links, hreflang, the sitemap and robots.txt: SITE_URL, else the served port. */
  siteUrl: string;
  /** The state Redis (limits, revocations, kept filings): one server, its Sentinels, or none (this process's memory). */
  redis: RedisTarget | undefined;
  rateLimit: { codesPerIp: number; codesPerTarget: number };
  /** Every budget of lib/server/limits.ts as it applies here (factor and settings applied). */
  budgets: Record<BudgetName, Budget>;
  /** How many X-Forwarded-For entries, from the right, our own proxies wrote. */
  trustedProxyHops: number;
  /** Uploads one server process (one instance) takes at once. */
  uploadsInFlight: number;
  /** How long an upload's body may take to arrive before it is cut off and its slot freed. */
  uploadDeadlineMs: number;
  /** The secrets POST /api/revalidate accepts (two while the caller changes), or none: no such route. */
  revalidateSecrets: string[];
  /** After a stop signal: how long to serve on, and how long the whole stop may take (lib/server/lifecycle.ts). */
  drainMs: number;
  graceMs: number;
  /** Where a stopping instance leaves the filing outcomes Redis could not take (lib/bff/filing.ts), if anywhere: DATA_DIR. */
  heldFilingsDir: string | undefined;
  /** Where the accepted texts of each application are kept without Redis (lib/documents/accepted.ts), if anywhere. */
  acceptedDocumentsDir: string | undefined;
  /** How long server-rendered pages reuse the upstream's settings. */
  settingsCacheMs: number;
  /** How long the backend-for-frontend reuses an address list (0: never). */
  addressCacheMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where this instance serves its metrics (never through the edge); undefined: metrics off. */
  metrics: { port: number; host: string } | undefined;
  /** OTLP/HTTP origin traces are exported to; undefined: no exporter at all. */
  otlpEndpoint: string | undefined;
  /** The spans' resource and which traces are exported (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG). */
  tracing: { resource: Record<string, string>; sampler: TracesSampler; ratio: number };
  /** The release this process runs: the build's deployment id. */
  release: string;
  /** The share of page views that report their field vitals. */
  vitalsSampleRate: number;
}

export type TracesSampler = z.infer<typeof envSchema>['OTEL_TRACES_SAMPLER'];

/** OTEL_RESOURCE_ATTRIBUTES: `key=value` pairs, values percent-encoded (W3C Baggage's octets). */
function resourceAttributes(list: string | undefined): Record<string, string> {
  if (!list) return {};
  return Object.fromEntries(list.split(',').map((pair) => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim())];
  }));
}

export type RedisTarget =
  | { url: string }
  | { sentinels: { host: string; port: number }[]; name: string; password?: string; sentinelPassword?: string };

export class ConfigError extends Error {}

/** The sandbox's published service token: never a real upstream's. */
export const SANDBOX_SERVICE_TOKEN = 'sandbox-service-token';

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** RATE_LIMIT_<NAME> settings of the budgets table, each a positive whole number. */
function budgetOverrides(env: Record<string, string | undefined>): Partial<Record<BudgetName, number>> {
  const overrides: Partial<Record<BudgetName, number>> = {};
  for (const name of budgetNames) {
    const variable = BUDGETS[name].env;
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new ConfigError(`Invalid environment variable ${variable}: must be a whole number, 1 or more`);
    overrides[name] = value;
  }
  return overrides;
}

/**
 * A production start must name its upstream (or ask for the demo), reach it over https (plain
 * http only on loopback) and not use the sandbox's public service token against it.
 */
function checkProductionPosture(e: z.infer<typeof envSchema>, demo: boolean): void {
  if (e.NODE_ENV !== 'production') return;
  if (!e.API_BASE_URL) {
    if (demo) return;
    throw new ConfigError(
      'Missing environment variable API_BASE_URL: a production start needs its upstream (for the demo with the embedded sandbox API, run `npm start` or set DEMO=1)',
    );
  }
  const upstream = new URL(e.API_BASE_URL);
  if (upstream.protocol !== 'https:' && !isLoopback(upstream)) {
    throw new ConfigError('Invalid environment variable API_BASE_URL: must be https in production (plain http only to a loopback address)');
  }
  if (e.API_SERVICE_TOKEN === SANDBOX_SERVICE_TOKEN && !isLoopback(upstream)) {
    throw new ConfigError('Invalid environment variable API_SERVICE_TOKEN: the sandbox\'s public token cannot be used with a real upstream');
  }
}

/** In sandbox mode the session secret is made once and kept under .data/, so sessions survive restarts. */
function sandboxSessionSecret(dir: string): string {
  const file = path.join(dir, 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside, then linked into place: when several instances start together, the first
    // link wins and every one reads that one secret.
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** A secret's own rules, refused as any other malformed variable is: one line naming it. */
function keyRingOf<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof KeyRingError) throw new ConfigError(`Invalid environment variable ${name}: ${error.message}`);
    throw error;
  }
}

/**
 * The variables that may instead name a file holding their value (`SESSION_SECRET_FILE`), as Docker
 * and Kubernetes mount secrets: the value then never shows in the environment (`docker inspect`).
 */
export const FILE_VARIABLES = ['SESSION_SECRET', 'REVALIDATE_SECRET', 'API_SERVICE_TOKEN', 'REDIS_URL', 'REDIS_CACHE_URL', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD'] as const;

/** The environment with each `<NAME>_FILE` read into `<NAME>` (one trailing newline dropped); both set, or an unreadable file, stops the start. */
export function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...env };
  for (const name of FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name] !== undefined && env[name] !== '') throw new ConfigError(`Invalid environment variable ${name}_FILE: ${name} is set too; give one of them`);
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(`Invalid environment variable ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return resolved;
}

/** REDIS_URL or REDIS_SENTINELS, never both: two answers to where the state lives would split it. */
function redisTarget(e: z.infer<typeof envSchema>): RedisTarget | undefined {
  if (e.REDIS_URL && e.REDIS_SENTINELS) {
    throw new ConfigError('Invalid environment variable REDIS_SENTINELS: set it or REDIS_URL, not both');
  }
  if (e.REDIS_URL) return { url: e.REDIS_URL };
  if (!e.REDIS_SENTINELS) return undefined;
  const sentinels = e.REDIS_SENTINELS.split(',').map((pair) => {
    const [host, port] = pair.split(':');
    return { host: host!, port: Number(port) };
  });
  return { sentinels, name: e.REDIS_SENTINEL_MASTER, password: e.REDIS_PASSWORD, sentinelPassword: e.REDIS_SENTINEL_PASSWORD };
}

export function parseConfig(given: Record<string, string | undefined>): Config {
  const env = withSecretFiles(given);
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = result.data;
  const demo = e.DEMO === '1' || e.DEMO === 'true';
  checkProductionPosture(e, demo);
  const usesSandbox = !e.API_BASE_URL;
  if (!usesSandbox && !e.SESSION_SECRET && e.NODE_ENV === 'production') {
    throw new ConfigError('Missing environment variable SESSION_SECRET: required with a real upstream (API_BASE_URL)');
  }
  // Search engines index what canonical and hreflang name, so production names its public origin;
  // development and the sandbox demo use the address they are served on.
  if (!usesSandbox && !e.SITE_URL && e.NODE_ENV === 'production') {
    throw new ConfigError('Missing environment variable SITE_URL: required with a real upstream (API_BASE_URL), the public origin for canonical links and the sitemap');
  }
  // scripts/start.mjs sets DATA_DIR; having no default path here keeps the data folder out of the
  // server bundle's file trace.
  const sessionSecret = e.SESSION_SECRET ?? (e.DATA_DIR && sandboxSessionSecret(e.DATA_DIR));
  if (!sessionSecret) {
    throw new ConfigError('Missing environment variable SESSION_SECRET (or DATA_DIR to keep a generated one)');
  }
  const sessionKeys = keyRingOf('SESSION_SECRET', () => parseKeyRing(sessionSecret));
  const revalidateSecrets = e.REVALIDATE_SECRET ? keyRingOf('REVALIDATE_SECRET', () => parseSecretList(e.REVALIDATE_SECRET!)) : [];
  const budgets = resolveBudgets(e.RATE_LIMIT_FACTOR, derivedOverrides(budgetOverrides(env)));
  const siteUrl = e.SITE_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`;
  return {
    isProduction: e.NODE_ENV === 'production',
    isDevelopment: e.NODE_ENV === 'development',
    listen: { host: e.HOSTNAME || undefined, port: e.PORT },
    manualSignals: Boolean(e.NEXT_MANUAL_SIG_HANDLE),
    apiBaseUrl: (e.API_BASE_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`).replace(/\/+$/, ''),
    usesSandbox,
    serviceToken: e.API_SERVICE_TOKEN,
    serviceTokenHeader: e.API_SERVICE_TOKEN_HEADER,
    apiTimeoutMs: e.API_TIMEOUT_MS,
    sessionKeys,
    cookieSecure: e.SESSION_COOKIE_SECURE ? e.SESSION_COOKIE_SECURE === 'true' : e.NODE_ENV === 'production' && siteUrl.startsWith('https:'),
    siteName: e.NEXT_PUBLIC_SITE_NAME,
    company: { legalName: e.COMPANY_LEGAL_NAME, address: e.COMPANY_ADDRESS, supportPhone: e.SUPPORT_PHONE, supportPhoneDial: dialable(e.SUPPORT_PHONE) },
    siteUrl,
    redis: redisTarget(e),
    rateLimit: { codesPerIp: budgets.codeSendIp.points, codesPerTarget: budgets.codeSendTarget.points },
    budgets,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    uploadsInFlight: e.UPLOADS_IN_FLIGHT,
    uploadDeadlineMs: e.UPLOAD_DEADLINE_SECONDS * 1000,
    revalidateSecrets,
    drainMs: e.DRAIN_SECONDS * 1000,
    graceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    heldFilingsDir: e.DATA_DIR,
    acceptedDocumentsDir: e.DATA_DIR ? path.join(e.DATA_DIR, 'accepted') : undefined,
    settingsCacheMs: e.SETTINGS_CACHE_SECONDS * 1000,
    addressCacheMs: e.ADDRESS_CACHE_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    tracing: {
      // service.name last: OTEL_SERVICE_NAME wins over the same key in OTEL_RESOURCE_ATTRIBUTES, as the specification says.
      resource: { ...resourceAttributes(e.OTEL_RESOURCE_ATTRIBUTES), 'service.name': e.OTEL_SERVICE_NAME },
      sampler: e.OTEL_TRACES_SAMPLER,
      ratio: e.OTEL_TRACES_SAMPLER_ARG,
    },
    release: e.BUILD_RELEASE,
    vitalsSampleRate: e.VITALS_SAMPLE_RATE,
  };
}

/** A Turkish number as written (0850 000 00 00, +90 850 …) in the form a `tel:` link dials: +908500000000. */
export function dialable(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+90${digits.replace(/^(90|0)/, '')}`;
}

let cached: Config | undefined;

export function getConfig(): Config {
  // BUILD_RELEASE by its full name: Next.js writes its value into the build there (next.config.ts's `env`).
  cached ??= parseConfig({ ...process.env, BUILD_RELEASE: process.env.BUILD_RELEASE });
  return cached;
}
