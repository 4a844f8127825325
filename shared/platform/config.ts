import { parseTierLimits } from "./http/team_limits.ts";

/**
 * Settings, read once from the environment. Names follow Supabase where Supabase has one.
 */
export interface Config {
  /** `edge`: an edge function on Supabase (no node:http lookup, no threads, no OCR). */
  runtime: "local" | "edge";
  port: number;
  /** Real PostgreSQL (`DATABASE_URL`, or Supabase's `SUPABASE_DB_URL`); unset: PGlite. */
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Prepared statements; off for a transaction pooler (Supavisor on port 6543). */
  dbPrepare: boolean;
  /** Local state: PGlite files, generated keys, stored files. */
  dataDir: string;
  /** The key printed at start and sent by examples; one of `publishableKeys`. */
  anonKey: string;
  /** The key the service calls its own functions with; one of `serviceRoleKeys`. */
  serviceRoleKey: string;
  /** Keys accepted as `apikey`: the legacy anon key and `sb_publishable_…` keys. */
  publishableKeys: string[];
  /** Keys of the admin routes (and accepted as `apikey`): service role and `sb_secret_…` keys. */
  serviceRoleKeys: string[];
  /** Legacy HS256 secret of Supabase user JWTs (and of the locally generated keys). */
  jwtSecret: string | undefined;
  /** A JWKS given inline (Supabase injects `SUPABASE_JWKS`), for asymmetric user JWTs. */
  jwks: { keys: Record<string, unknown>[] } | undefined;
  /** JWKS URL for asymmetric user JWTs; default `<SUPABASE_URL>/auth/v1/.well-known/jwks.json`. */
  jwksUrl: string | undefined;
  /** The `aud` every user JWT must carry. */
  jwtAudience: string;
  publicBaseUrl: string;
  allowedOrigins: string[];
  /** Requests per minute per API key or user; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Requests per minute per client address on the public endpoints; 0 turns it off. */
  publicRateLimitPerMinute: number;
  /** Requests per minute per team, by tier (`TEAM_RATE_LIMITS=free=120,starter=600,…`). */
  teamRateLimits: Record<string, number>;
  /** Failed authentications per minute per client address; 0 turns it off. */
  authFailuresPerMinute: number;
  /** How long a verified API key stays cached in process (revocation reaches other
   * processes within this time). */
  apiKeyCacheSeconds: number;
  logRequests: boolean;
  /** The gate validate-shipment uses when the request names none. */
  defaultGate: string;
  /** An outside rules provider (`PROVIDER_RULES_URL`); unset: the built-in engine. */
  rulesProviderUrl: string | undefined;
  rulesProviderApiKey: string | undefined;
  /** The QR code on documents encodes `<publicVerifyUrl>/<hash>`. */
  publicVerifyUrl: string;
  /** Supabase project URL: when set, files go to Supabase Storage. */
  supabaseUrl: string | undefined;
  storageBucket: string;
  /** HMAC key of local signed file URLs. */
  storageSigningSecret: string;
  /** Lifetime of signed download URLs. */
  signedUrlSeconds: number;
  /**
   * The PKCS#12 (base64) and its password that sign final and flattened documents
   * (`SIGNING_P12_BASE64`, `SIGNING_P12_PASSWORD`); unset: documents are not signed. The local
   * service generates a development certificate once (`DATA_DIR/signing.json`).
   */
  signing: { p12Base64: string; password: string } | undefined;
  /** Background worker in the gateway process (false: run `deno task worker` separately). */
  runWorker: boolean;
  /** Jobs a worker renders at once. */
  workerConcurrency: number;
  /** Render threads (Web Workers); 0 renders on the main thread. */
  renderThreads: number;
  /** Trust the first `X-Forwarded-For` address as the client address (behind a proxy). */
  trustProxy: boolean;
  /** Proxies in front of the service that append to `X-Forwarded-For` (`TRUSTED_PROXY_HOPS`;
   * `TRUST_PROXY=true` alone means one). */
  trustedProxyHops: number;
  /** A header the edge in front sets to the client's address (`CLIENT_IP_HEADER`). */
  clientIpHeader: string | undefined;
  /** Threads reading extract-filled-fields forms (0: in line, as on the edge runtime). */
  formThreads: number;
  /** V8 heap limit of a form thread, in MiB. */
  formThreadMemoryMb: number;
  /** A form read taking longer fails with SVC_VAL_017. */
  formReadTimeoutSeconds: number;
  /** A request body must arrive in full within this time (else 408). */
  bodyReadTimeoutSeconds: number;
  /** Uploads (multipart bodies) one team may have in flight at once; 0: no cap. */
  maxUploadsPerTeam: number;
  /** The HTTP server of `deno task start`: node:http (closes slow senders) or Deno.serve (faster). */
  gatewayHttpServer: "node" | "deno";
  /** PostgreSQL: time to open a connection; a query waiting longer for one fails (503). */
  dbConnectTimeoutSeconds: number;
  /** PostgreSQL: a statement running longer is cancelled (`statement_timeout`). */
  dbStatementTimeoutMs: number;
  /** Webhooks may go to private, loopback and link-local addresses, and over plain http. */
  webhookAllowPrivateNetworks: boolean;
  /** A Gotenberg-compatible PDF/A service (`FLATTEN_SERVICE_URL`); unset: the built-in one. */
  flattenServiceUrl: string | undefined;
  flattenServiceApiKey: string | undefined;
  /** An OpenAI-compatible extraction model (`EXTRACTION_API_URL`); unset: the built-in one. */
  extractionApiUrl: string | undefined;
  extractionApiKey: string | undefined;
  extractionModel: string;
  /** One request to the extraction model. */
  extractionApiTimeoutSeconds: number;
  /** An extraction job's time limit: past it the job fails (SVC_EXTRACT_002). */
  extractionTimeoutSeconds: number;
  /** Extraction worker in the gateway process (default: as RUN_WORKER). */
  runExtractionWorker: boolean;
  /** Extraction threads (one job each); 0 extracts on the main thread. */
  extractionThreads: number;
  /** V8 heap limit of an extraction thread, in MiB. */
  extractionThreadMemoryMb: number;
}

export type Env = Pick<Deno.Env, "get">;

/** Settings a process cannot start without; the message names every one that is missing. */
export class ConfigError extends Error {
  constructor(readonly missing: string[]) {
    super(`Missing setting${missing.length > 1 ? "s" : ""}: ${missing.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** The keys of a process: from the environment, or generated locally (shared/auth/keys.ts). */
export interface ServiceKeys {
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string | undefined;
  /** More keys accepted as `apikey` (`sb_publishable_…`), besides anonKey. */
  publishableKeys?: string[];
  /** More admin keys (`sb_secret_…`), besides serviceRoleKey. */
  secretKeys?: string[];
}

/**
 * The settings whose default is a fixed value: readConfig reads them from here and the README
 * table shows their defaults from here, so the two cannot disagree.
 */
const DECLARED = {
  PORT: setting("PORT", 54321, whole(), "where the local gateway listens"),
  // Edge isolates are many, each with its own pool: a small one there.
  DB_POOL_SIZE: setting("DB_POOL_SIZE", 10, whole(), "PostgreSQL connections per process", {
    edge: 3,
  }),
  DATA_DIR: setting(
    "DATA_DIR",
    ".data",
    text,
    "PGlite files, generated keys (`keys.json`), local file storage",
  ),
  JWT_AUDIENCE: setting(
    "JWT_AUDIENCE",
    "authenticated",
    text,
    "the `aud` every user JWT must carry (`exp` is required too)",
  ),
  ALLOWED_ORIGINS: setting("ALLOWED_ORIGINS", "*", list, "CORS origins, comma-separated"),
  RATE_LIMIT_PER_MINUTE: setting(
    "RATE_LIMIT_PER_MINUTE",
    1200,
    whole(),
    "requests per minute per API key or user (0: off)",
  ),
  PUBLIC_RATE_LIMIT_PER_MINUTE: setting(
    "PUBLIC_RATE_LIMIT_PER_MINUTE",
    120,
    whole(),
    "requests per minute per client address on public endpoints (0: off)",
  ),
  TEAM_RATE_LIMITS: setting(
    "TEAM_RATE_LIMITS",
    "free=300,starter=1200,growth=3000,scale=6000",
    tierLimits,
    "requests per minute per team, by tier",
  ),
  AUTH_FAILURE_LIMIT_PER_MINUTE: setting(
    "AUTH_FAILURE_LIMIT_PER_MINUTE",
    30,
    whole(),
    "failed authentications per minute per client address, then 429",
  ),
  API_KEY_CACHE_SECONDS: setting(
    "API_KEY_CACHE_SECONDS",
    30,
    whole(),
    "how long a verified key is cached in process",
  ),
  LOG_REQUESTS: setting("LOG_REQUESTS", true, flag, "one JSON line per request on stdout"),
  PROVIDER_RULES_URL: setting(
    "PROVIDER_RULES_URL",
    "",
    unsetMeansOff,
    "an outside rules provider (`POST …/validate`)",
    { shown: "unset: the built-in rules" },
  ),
  PROVIDER_RULES_API_KEY: setting("PROVIDER_RULES_API_KEY", "", unsetMeansOff, "its Bearer key", {
    shown: "unset",
  }),
  PROVIDER_DEFAULT_GATE_ID: setting(
    "PROVIDER_DEFAULT_GATE_ID",
    "trade-document-validator",
    text,
    "the gate validate-shipment runs when the request names none",
  ),
  STORAGE_BUCKET: setting(
    "STORAGE_BUCKET",
    "documents",
    text,
    "the private Supabase Storage bucket",
  ),
  SIGNED_URL_TTL_SECONDS: setting(
    "SIGNED_URL_TTL_SECONDS",
    3600,
    whole(),
    "lifetime of signed download URLs",
  ),
  RUN_WORKER: setting(
    "RUN_WORKER",
    true,
    flag,
    "the document and webhook workers in the gateway process",
  ),
  WORKER_CONCURRENCY: setting(
    "WORKER_CONCURRENCY",
    4,
    whole(1),
    "document jobs a worker renders at once",
  ),
  TRUST_PROXY: setting(
    "TRUST_PROXY",
    false,
    flag,
    "`true`: one proxy in front (as `TRUSTED_PROXY_HOPS=1`)",
  ),
  FORM_THREAD_MEMORY_MB: setting(
    "FORM_THREAD_MEMORY_MB",
    512,
    whole(64),
    "V8 heap limit of a form thread",
  ),
  FORM_READ_TIMEOUT_SECONDS: setting(
    "FORM_READ_TIMEOUT_SECONDS",
    10,
    whole(1),
    "a form read taking longer fails with `SVC_VAL_017`",
  ),
  BODY_READ_TIMEOUT_SECONDS: setting(
    "BODY_READ_TIMEOUT_SECONDS",
    30,
    whole(1),
    "a request body must arrive in full within this time (else 408 `SVC_REQ_005`)",
  ),
  GATEWAY_HTTP_SERVER: setting(
    "GATEWAY_HTTP_SERVER",
    "node",
    (env, name, fallback) => env.get(name) === "deno" ? "deno" as const : fallback as "node",
    "`deno task start`'s HTTP server: `node` (node:http, closes a slow sender's socket with its " +
      "408) or `deno` (Deno.serve: higher throughput, but keeps such sockets open while they drain)",
  ),
  MAX_UPLOADS_PER_TEAM: setting(
    "MAX_UPLOADS_PER_TEAM",
    4,
    whole(),
    "uploads one team may have in flight at once (0: no cap)",
  ),
  DB_CONNECT_TIMEOUT_SECONDS: setting(
    "DB_CONNECT_TIMEOUT_SECONDS",
    3,
    whole(1),
    "PostgreSQL: time to open a connection (then 503 `SVC_SYS_002`)",
  ),
  DB_STATEMENT_TIMEOUT_MS: setting(
    "DB_STATEMENT_TIMEOUT_MS",
    30_000,
    whole(),
    "PostgreSQL: `statement_timeout` of the service's connections (0: none)",
  ),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: setting(
    "WEBHOOK_ALLOW_PRIVATE_NETWORKS",
    false,
    flag,
    "webhooks to private/loopback addresses and plain http",
  ),
  FLATTEN_SERVICE_URL: setting(
    "FLATTEN_SERVICE_URL",
    "",
    unsetMeansOff,
    "a Gotenberg-compatible PDF/A service (flatten-document)",
    { shown: "unset: the built-in flattener" },
  ),
  FLATTEN_SERVICE_API_KEY: setting(
    "FLATTEN_SERVICE_API_KEY",
    "",
    unsetMeansOff,
    "sent to it as `Authorization: Bearer`",
    { shown: "unset" },
  ),
  EXTRACTION_API_URL: setting(
    "EXTRACTION_API_URL",
    "",
    unsetMeansOff,
    "an OpenAI-compatible API for /api/v1/extract (`…/v1`)",
    { shown: "unset: the built-in extractor" },
  ),
  EXTRACTION_API_KEY: setting("EXTRACTION_API_KEY", "", unsetMeansOff, "its Bearer key", {
    shown: "unset",
  }),
  EXTRACTION_MODEL: setting("EXTRACTION_MODEL", "gpt-4o-mini", text, "its model"),
  EXTRACTION_API_TIMEOUT_SECONDS: setting(
    "EXTRACTION_API_TIMEOUT_SECONDS",
    60,
    whole(1),
    "one request to that API",
  ),
  EXTRACTION_TIMEOUT_SECONDS: setting(
    "EXTRACTION_TIMEOUT_SECONDS",
    120,
    whole(1),
    "an extraction job's time limit (then it fails with `SVC_EXTRACT_002`)",
  ),
  EXTRACTION_THREAD_MEMORY_MB: setting(
    "EXTRACTION_THREAD_MEMORY_MB",
    1024,
    whole(64),
    "V8 heap limit of an extraction thread",
  ),
} as const;

/** `runtime`: `edge` for a serverless process (readEdgeConfig), where some defaults differ. */
export function readConfig(
  env: Env,
  keys: ServiceKeys,
  runtime: Config["runtime"] = "local",
): Config {
  const port = read(env, DECLARED.PORT);
  const supabaseUrl = (env.get("SUPABASE_URL") || "").replace(/\/+$/, "") || undefined;
  const publicBaseUrl = (env.get("PUBLIC_BASE_URL") || supabaseUrl ||
    `http://127.0.0.1:${port}`).replace(/\/+$/, "");
  const databaseUrl = env.get("DATABASE_URL") || env.get("SUPABASE_DB_URL") || undefined;
  return {
    runtime,
    port,
    databaseUrl,
    dbPoolSize: read(env, DECLARED.DB_POOL_SIZE, runtime),
    dbPrepare: booleanSetting(env, "DB_PREPARE", !usesTransactionPooler(databaseUrl)),
    dataDir: read(env, DECLARED.DATA_DIR),
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    publishableKeys: unique([keys.anonKey, ...(keys.publishableKeys ?? [])]),
    serviceRoleKeys: unique([keys.serviceRoleKey, ...(keys.secretKeys ?? [])]),
    jwtSecret: keys.jwtSecret,
    jwks: jwksSetting(env),
    jwksUrl: env.get("JWKS_URL") || env.get("SUPABASE_JWKS_URL") ||
      (supabaseUrl ? `${supabaseUrl}/auth/v1/.well-known/jwks.json` : undefined),
    jwtAudience: read(env, DECLARED.JWT_AUDIENCE),
    publicBaseUrl,
    allowedOrigins: read(env, DECLARED.ALLOWED_ORIGINS),
    rateLimitPerMinute: read(env, DECLARED.RATE_LIMIT_PER_MINUTE),
    publicRateLimitPerMinute: read(env, DECLARED.PUBLIC_RATE_LIMIT_PER_MINUTE),
    teamRateLimits: read(env, DECLARED.TEAM_RATE_LIMITS),
    authFailuresPerMinute: read(env, DECLARED.AUTH_FAILURE_LIMIT_PER_MINUTE),
    apiKeyCacheSeconds: read(env, DECLARED.API_KEY_CACHE_SECONDS),
    logRequests: read(env, DECLARED.LOG_REQUESTS),
    defaultGate: read(env, DECLARED.PROVIDER_DEFAULT_GATE_ID),
    rulesProviderUrl: read(env, DECLARED.PROVIDER_RULES_URL),
    rulesProviderApiKey: read(env, DECLARED.PROVIDER_RULES_API_KEY),
    publicVerifyUrl: (env.get("PUBLIC_VERIFY_URL") || `${publicBaseUrl}/functions/v1/verify-hash`)
      .replace(/\/+$/, ""),
    supabaseUrl,
    storageBucket: read(env, DECLARED.STORAGE_BUCKET),
    storageSigningSecret: env.get("STORAGE_SIGNING_KEY") || keys.jwtSecret || keys.serviceRoleKey,
    signedUrlSeconds: read(env, DECLARED.SIGNED_URL_TTL_SECONDS),
    signing: env.get("SIGNING_P12_BASE64")
      ? {
        p12Base64: env.get("SIGNING_P12_BASE64")!.replace(/\s+/g, ""),
        password: env.get("SIGNING_P12_PASSWORD") ?? "",
      }
      : undefined,
    runWorker: read(env, DECLARED.RUN_WORKER),
    workerConcurrency: read(env, DECLARED.WORKER_CONCURRENCY),
    renderThreads: intSetting(env, "RENDER_THREADS", navigator.hardwareConcurrency ?? 2),
    trustProxy: read(env, DECLARED.TRUST_PROXY),
    trustedProxyHops: intSetting(
      env,
      "TRUSTED_PROXY_HOPS",
      env.get("TRUST_PROXY") === "true" ? 1 : 0,
    ),
    clientIpHeader: env.get("CLIENT_IP_HEADER")?.trim().toLowerCase() || undefined,
    // One core is left to the event loop: forms are rare, /health and the API are not.
    formThreads: intSetting(
      env,
      "FORM_THREADS",
      Math.max(1, Math.min(2, (navigator.hardwareConcurrency ?? 2) - 1)),
    ),
    formThreadMemoryMb: read(env, DECLARED.FORM_THREAD_MEMORY_MB),
    formReadTimeoutSeconds: read(env, DECLARED.FORM_READ_TIMEOUT_SECONDS),
    bodyReadTimeoutSeconds: read(env, DECLARED.BODY_READ_TIMEOUT_SECONDS),
    maxUploadsPerTeam: read(env, DECLARED.MAX_UPLOADS_PER_TEAM),
    gatewayHttpServer: read(env, DECLARED.GATEWAY_HTTP_SERVER),
    dbConnectTimeoutSeconds: read(env, DECLARED.DB_CONNECT_TIMEOUT_SECONDS),
    dbStatementTimeoutMs: read(env, DECLARED.DB_STATEMENT_TIMEOUT_MS),
    webhookAllowPrivateNetworks: read(env, DECLARED.WEBHOOK_ALLOW_PRIVATE_NETWORKS),
    flattenServiceUrl: read(env, DECLARED.FLATTEN_SERVICE_URL),
    flattenServiceApiKey: read(env, DECLARED.FLATTEN_SERVICE_API_KEY),
    extractionApiUrl: read(env, DECLARED.EXTRACTION_API_URL),
    extractionApiKey: read(env, DECLARED.EXTRACTION_API_KEY),
    extractionModel: read(env, DECLARED.EXTRACTION_MODEL),
    extractionApiTimeoutSeconds: read(env, DECLARED.EXTRACTION_API_TIMEOUT_SECONDS),
    extractionTimeoutSeconds: read(env, DECLARED.EXTRACTION_TIMEOUT_SECONDS),
    runExtractionWorker: (env.get("RUN_EXTRACTION_WORKER") ?? env.get("RUN_WORKER") ?? "true") !==
      "false",
    extractionThreads: intSetting(
      env,
      "EXTRACTION_THREADS",
      Math.min(2, navigator.hardwareConcurrency ?? 1),
    ),
    extractionThreadMemoryMb: read(env, DECLARED.EXTRACTION_THREAD_MEMORY_MB),
  };
}

function intSetting(env: Env, name: string, fallback: number): number {
  const raw = env.get(name);
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, not ${JSON.stringify(raw)}`);
  }
  return value;
}

type SettingValue = string | number | boolean;

/** A setting with a fixed default: its name, default, how it is read, and the README's words. */
interface Declared<T, D extends SettingValue> {
  name: string;
  default: D;
  /** The default in an edge function (Supabase, Deno Deploy), where it differs. */
  edge?: D;
  parse(env: Env, name: string, fallback: D): T;
  meaning: string;
  /** The README's default column, where it is no value (an optional setting). */
  shown?: string;
}

function setting<T, D extends SettingValue>(
  name: string,
  fallback: D,
  parse: (env: Env, name: string, fallback: D) => T,
  meaning: string,
  more: Pick<Declared<T, D>, "edge" | "shown"> = {},
): Declared<T, D> {
  return { name, default: fallback, parse, meaning, ...more };
}

/** A setting that is off while unset (`""`); `shown` says what applies then. */
function unsetMeansOff(env: Env, name: string): string | undefined {
  return env.get(name) || undefined;
}

function read<T, D extends SettingValue>(
  env: Env,
  declared: Declared<T, D>,
  runtime: Config["runtime"] = "local",
): T {
  const fallback = runtime === "edge" && declared.edge !== undefined
    ? declared.edge
    : declared.default;
  return declared.parse(env, declared.name, fallback);
}

/** A whole number, raised to `min`. */
function whole(min = 0): (env: Env, name: string, fallback: number) => number {
  return (env, name, fallback) => Math.max(min, intSetting(env, name, fallback));
}

/** Any text; empty is unset. */
function text(env: Env, name: string, fallback: string): string {
  return env.get(name) || fallback;
}

/** Comma-separated values; empty is unset. */
function list(env: Env, name: string, fallback: string): string[] {
  return (env.get(name) || fallback).split(",").map((s) => s.trim()).filter(Boolean);
}

/** `true` or `false`; anything else is the default. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env.get(name);
  return raw === "true" ? true : raw === "false" ? false : fallback;
}

function tierLimits(env: Env, name: string, fallback: string): Record<string, number> {
  return parseTierLimits(env.get(name) ?? fallback);
}

/** A declared setting's row of the README table. */
function doc(declared: Declared<unknown, SettingValue>): SettingDoc {
  const edge = declared.edge === undefined ? "" : ` (\`${declared.edge}\` in an edge function)`;
  return {
    name: declared.name,
    default: declared.shown ?? `\`${declared.default}\`${edge}`,
    meaning: declared.meaning,
    scope: "service",
  };
}

function booleanSetting(env: Env, name: string, fallback: boolean): boolean {
  const raw = env.get(name);
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "false") return raw === "true";
  throw new Error(`${name} must be true or false, not ${JSON.stringify(raw)}`);
}

/**
 * Supabase's transaction pooler (Supavisor, port 6543) hands each transaction to any server
 * connection, so a statement prepared on one is unknown on the next: no prepared statements.
 */
export function usesTransactionPooler(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).port === "6543";
  } catch {
    return false;
  }
}

/** `SUPABASE_JWKS`: `{"keys": [...]}` or a bare array of keys. */
function jwksSetting(env: Env): Config["jwks"] {
  const raw = env.get("SUPABASE_JWKS") || env.get("JWKS");
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error("SUPABASE_JWKS is not JSON");
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) throw new Error("SUPABASE_JWKS has no keys array");
  return keys.length ? { keys } : undefined;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

/** Who reads a setting: the service (gateway, functions, workers), the tests, or a script. */
export type SettingScope = "service" | "tests" | "scripts";

export interface SettingDoc {
  name: string;
  /** As shown in the README: a value, or what happens when it is unset. */
  default: string;
  meaning: string;
  scope: SettingScope;
}

/**
 * Every environment variable the code reads, for the README's configuration table
 * (`deno run scripts/config_table.ts`); tests/docs/config_test.ts checks this list against
 * the names read in shared/, supabase/, functions/, scripts/ and tests/.
 */
export const SETTINGS: readonly SettingDoc[] = [
  doc(DECLARED.PORT),
  {
    name: "HOST",
    default: "`127.0.0.1` (`deploy/main.ts` with `PORT` set: every interface)",
    meaning: "the gateway's listening address (`0.0.0.0`: every interface)",
    scope: "service",
  },
  {
    name: "DATABASE_URL",
    default: "unset: PGlite in `DATA_DIR`",
    meaning: "real PostgreSQL (`postgres://…`)",
    scope: "service",
  },
  {
    name: "SUPABASE_DB_URL",
    default: "unset",
    meaning: "used when `DATABASE_URL` is unset (Supabase provides it to functions)",
    scope: "service",
  },
  doc(DECLARED.DATA_DIR),
  doc(DECLARED.DB_POOL_SIZE),
  {
    name: "SUPABASE_ANON_KEY",
    default: "generated once into `DATA_DIR/keys.json`",
    meaning: "the `apikey` header's key (both keys must be set to replace the generated ones)",
    scope: "service",
  },
  {
    name: "SUPABASE_SERVICE_ROLE_KEY",
    default: "generated once into `DATA_DIR/keys.json`",
    meaning: "the admin key (Bearer of `/api/v1/admin/...`, `worker` and `extraction-worker`)",
    scope: "service",
  },
  {
    name: "SUPABASE_PUBLISHABLE_KEYS",
    default: "unset (Supabase injects it)",
    meaning: "more `apikey` keys (`sb_publishable_…`), a JSON map",
    scope: "service",
  },
  {
    name: "PUBLISHABLE_KEYS",
    default: "unset",
    meaning: "more `apikey` keys, comma-separated",
    scope: "service",
  },
  {
    name: "SUPABASE_SECRET_KEYS",
    default: "unset (Supabase injects it)",
    meaning: "more admin keys (`sb_secret_…`), a JSON map",
    scope: "service",
  },
  {
    name: "SECRET_KEYS",
    default: "unset",
    meaning: "more admin keys, comma-separated",
    scope: "service",
  },
  {
    name: "JWT_SECRET",
    default: "`SUPABASE_JWT_SECRET`, else generated with the keys",
    meaning: "legacy HS256 secret of Supabase user JWTs (and of the generated keys)",
    scope: "service",
  },
  {
    name: "SUPABASE_JWT_SECRET",
    default: "unset",
    meaning: "the old name of `JWT_SECRET`",
    scope: "service",
  },
  {
    name: "SUPABASE_JWKS",
    default: "unset (Supabase injects it)",
    meaning: "the JWKS of user JWTs signed with asymmetric keys, inline (`JWKS` also)",
    scope: "service",
  },
  {
    name: "JWKS",
    default: "unset",
    meaning: "as `SUPABASE_JWKS`",
    scope: "service",
  },
  {
    name: "JWKS_URL",
    default: "`SUPABASE_JWKS_URL`, else `$SUPABASE_URL/auth/v1/.well-known/jwks.json`",
    meaning: "where the JWKS of user JWTs is fetched when none is inline",
    scope: "service",
  },
  {
    name: "SUPABASE_JWKS_URL",
    default: "unset",
    meaning: "the old name of `JWKS_URL`",
    scope: "service",
  },
  doc(DECLARED.JWT_AUDIENCE),
  {
    name: "DB_PREPARE",
    default: "`false` on port 6543, else `true`",
    meaning: "prepared statements (off for Supabase's transaction pooler)",
    scope: "service",
  },
  {
    name: "FUNCTION_PORT",
    default: "unset: as the edge runtime decides",
    meaning: "an edge function run outside Supabase listens on this loopback port",
    scope: "service",
  },
  {
    name: "STORAGE_LOCAL_SHARED",
    default: "`false`",
    meaning: "`deno task worker` may use local storage (it shares the service's `DATA_DIR`)",
    scope: "service",
  },
  {
    name: "PUBLIC_BASE_URL",
    default: "`SUPABASE_URL`, else `http://127.0.0.1:$PORT`",
    meaning:
      "the public address used in links, signed URLs and the OpenAPI document (required by `deploy/main.ts`)",
    scope: "service",
  },
  {
    name: "SUPABASE_URL",
    default: "unset: local file storage",
    meaning: "the Supabase project: files go to Supabase Storage",
    scope: "service",
  },
  doc(DECLARED.STORAGE_BUCKET),
  {
    name: "STORAGE_SIGNING_KEY",
    default: "the JWT secret",
    meaning: "HMAC key of local signed download URLs",
    scope: "service",
  },
  doc(DECLARED.SIGNED_URL_TTL_SECONDS),
  doc(DECLARED.ALLOWED_ORIGINS),
  doc(DECLARED.RATE_LIMIT_PER_MINUTE),
  doc(DECLARED.PUBLIC_RATE_LIMIT_PER_MINUTE),
  doc(DECLARED.API_KEY_CACHE_SECONDS),
  doc(DECLARED.LOG_REQUESTS),
  doc(DECLARED.TRUST_PROXY),
  {
    name: "TRUSTED_PROXY_HOPS",
    default: "`0` (`1` with `TRUST_PROXY=true`; `1` on Supabase's edge)",
    meaning:
      "proxies that append to `X-Forwarded-For`: the client is that many entries from the right",
    scope: "service",
  },
  {
    name: "CLIENT_IP_HEADER",
    default: "unset (`cf-connecting-ip` on Supabase's edge)",
    meaning: "a header the edge in front sets to the client's address itself",
    scope: "service",
  },
  doc(DECLARED.TEAM_RATE_LIMITS),
  doc(DECLARED.AUTH_FAILURE_LIMIT_PER_MINUTE),
  doc(DECLARED.BODY_READ_TIMEOUT_SECONDS),
  doc(DECLARED.MAX_UPLOADS_PER_TEAM),
  doc(DECLARED.GATEWAY_HTTP_SERVER),
  {
    name: "FORM_THREADS",
    default: "the cores less one, 1 or 2 (`0` on the edge)",
    meaning: "threads reading extract-filled-fields forms (0: in line)",
    scope: "service",
  },
  doc(DECLARED.FORM_THREAD_MEMORY_MB),
  doc(DECLARED.FORM_READ_TIMEOUT_SECONDS),
  doc(DECLARED.DB_CONNECT_TIMEOUT_SECONDS),
  doc(DECLARED.DB_STATEMENT_TIMEOUT_MS),
  doc(DECLARED.PROVIDER_DEFAULT_GATE_ID),
  doc(DECLARED.PROVIDER_RULES_URL),
  doc(DECLARED.PROVIDER_RULES_API_KEY),
  {
    name: "PUBLIC_VERIFY_URL",
    default: "`$PUBLIC_BASE_URL/functions/v1/verify-hash`",
    meaning: "the documents' QR codes link to `<this>/<hash>`",
    scope: "service",
  },
  {
    name: "SIGNING_P12_BASE64",
    default: "local start: a development certificate made once into `.data/signing.json`",
    meaning: "PKCS#12 (base64) whose key signs final and flattened PDFs (PAdES); `off`: no signing",
    scope: "service",
  },
  {
    name: "SIGNING_P12_PASSWORD",
    default: "empty",
    meaning: "the PKCS#12 file's password",
    scope: "service",
  },
  doc(DECLARED.RUN_WORKER),
  doc(DECLARED.WORKER_CONCURRENCY),
  {
    name: "RENDER_THREADS",
    default: "the number of cores",
    meaning: "PDF render threads (0: on the main thread)",
    scope: "service",
  },
  doc(DECLARED.WEBHOOK_ALLOW_PRIVATE_NETWORKS),
  doc(DECLARED.FLATTEN_SERVICE_URL),
  doc(DECLARED.FLATTEN_SERVICE_API_KEY),
  doc(DECLARED.EXTRACTION_API_URL),
  doc(DECLARED.EXTRACTION_API_KEY),
  doc(DECLARED.EXTRACTION_MODEL),
  doc(DECLARED.EXTRACTION_API_TIMEOUT_SECONDS),
  doc(DECLARED.EXTRACTION_TIMEOUT_SECONDS),
  {
    name: "RUN_EXTRACTION_WORKER",
    default: "as `RUN_WORKER`",
    meaning: "the extraction worker in the gateway process",
    scope: "service",
  },
  {
    name: "EXTRACTION_THREADS",
    default: "`2` (at most the cores)",
    meaning: "extraction threads, one job each (0: on the main thread)",
    scope: "service",
  },
  doc(DECLARED.EXTRACTION_THREAD_MEMORY_MB),
  {
    name: "BASE_URL",
    default: "`http://127.0.0.1:$PORT`",
    meaning: "`deno task tour`: the service to walk through",
    scope: "scripts",
  },
  {
    name: "ANON_KEY",
    default: "from `DATA_DIR/keys.json`",
    meaning: "`deno task tour`: the anon key",
    scope: "scripts",
  },
  {
    name: "SERVICE_ROLE_KEY",
    default: "from `DATA_DIR/keys.json`",
    meaning: "`deno task tour`: the service role key",
    scope: "scripts",
  },
  {
    name: "CORPUS_BUILD",
    default: "a fresh temporary folder",
    meaning: "`scripts/corpus/make.ts`: its working folder",
    scope: "scripts",
  },
  {
    name: "TEST_PG_ADMIN_URL",
    default: "`postgres://postgres@127.0.0.1:5432/postgres`",
    meaning: "`task test --db=postgres`: creates and drops the run's database there",
    scope: "tests",
  },
  {
    name: "TEST_DATABASE_URL",
    default: "set by `task test`",
    meaning: "the run's PostgreSQL database (unset: PGlite)",
    scope: "tests",
  },
  {
    name: "TEST_PGLITE_TEMPLATE",
    default: "set by `task test`",
    meaning: "the migrated and seeded PGlite database every test file starts from",
    scope: "tests",
  },
  {
    name: "UPDATE_SNAPSHOTS",
    default: "unset",
    meaning: "`1`: rewrite the PDF snapshots instead of comparing",
    scope: "tests",
  },
];

/** The README's configuration table (`deno fmt` pads it). */
export function settingsMarkdown(settings: readonly SettingDoc[] = SETTINGS): string {
  const rows = settings.map((s) => `| \`${s.name}\` | ${s.default} | ${s.scope} | ${s.meaning} |`);
  return ["| variable | default | for | meaning |", "|---|---|---|---|", ...rows].join("\n");
}
