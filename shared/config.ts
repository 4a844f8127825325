import { parseTierLimits } from "./http/team_limits.ts";

/**
 * Settings, read once from the environment. Names follow Supabase where Supabase has one.
 */
export interface Config {
  port: number;
  /** Real PostgreSQL (`DATABASE_URL`, or Supabase's `SUPABASE_DB_URL`); unset: PGlite. */
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Local state: PGlite files, generated keys, stored files. */
  dataDir: string;
  anonKey: string;
  serviceRoleKey: string;
  /** HS256 secret for Supabase user JWTs and for the locally generated anon/service keys. */
  jwtSecret: string | undefined;
  /** JWKS URL for Supabase user JWTs signed with asymmetric keys. */
  jwksUrl: string | undefined;
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
  /** A form read taking longer fails with SVC_VAL_014. */
  formReadTimeoutSeconds: number;
  /** A request body must arrive in full within this time (else 408). */
  bodyReadTimeoutSeconds: number;
  /** Uploads (multipart bodies) one team may have in flight at once; 0: no cap. */
  maxUploadsPerTeam: number;
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

export function readConfig(
  env: Env,
  keys: { anonKey: string; serviceRoleKey: string; jwtSecret: string | undefined },
): Config {
  const port = intSetting(env, "PORT", 54321);
  const publicBaseUrl = (env.get("PUBLIC_BASE_URL") || env.get("SUPABASE_URL") ||
    `http://127.0.0.1:${port}`).replace(/\/+$/, "");
  return {
    port,
    databaseUrl: env.get("DATABASE_URL") || env.get("SUPABASE_DB_URL") || undefined,
    dbPoolSize: intSetting(env, "DB_POOL_SIZE", 10),
    dataDir: env.get("DATA_DIR") || ".data",
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: keys.jwtSecret,
    jwksUrl: env.get("SUPABASE_JWKS_URL") || undefined,
    publicBaseUrl,
    allowedOrigins: (env.get("ALLOWED_ORIGINS") || "*").split(",").map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute: intSetting(env, "RATE_LIMIT_PER_MINUTE", 1200),
    publicRateLimitPerMinute: intSetting(env, "PUBLIC_RATE_LIMIT_PER_MINUTE", 120),
    teamRateLimits: parseTierLimits(
      env.get("TEAM_RATE_LIMITS") ?? "free=300,starter=1200,growth=3000,scale=6000",
    ),
    authFailuresPerMinute: intSetting(env, "AUTH_FAILURE_LIMIT_PER_MINUTE", 30),
    apiKeyCacheSeconds: intSetting(env, "API_KEY_CACHE_SECONDS", 30),
    logRequests: (env.get("LOG_REQUESTS") ?? "true") !== "false",
    defaultGate: env.get("PROVIDER_DEFAULT_GATE_ID") || "trade-document-validator",
    rulesProviderUrl: env.get("PROVIDER_RULES_URL") || undefined,
    rulesProviderApiKey: env.get("PROVIDER_RULES_API_KEY") || undefined,
    publicVerifyUrl: (env.get("PUBLIC_VERIFY_URL") || `${publicBaseUrl}/functions/v1/verify-hash`)
      .replace(/\/+$/, ""),
    supabaseUrl: env.get("SUPABASE_URL") || undefined,
    storageBucket: env.get("STORAGE_BUCKET") || "documents",
    storageSigningSecret: env.get("STORAGE_SIGNING_KEY") || keys.jwtSecret || keys.serviceRoleKey,
    signedUrlSeconds: intSetting(env, "SIGNED_URL_TTL_SECONDS", 3600),
    runWorker: (env.get("RUN_WORKER") ?? "true") !== "false",
    workerConcurrency: Math.max(1, intSetting(env, "WORKER_CONCURRENCY", 4)),
    renderThreads: intSetting(env, "RENDER_THREADS", navigator.hardwareConcurrency ?? 2),
    trustProxy: env.get("TRUST_PROXY") === "true",
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
    formThreadMemoryMb: Math.max(64, intSetting(env, "FORM_THREAD_MEMORY_MB", 512)),
    formReadTimeoutSeconds: Math.max(1, intSetting(env, "FORM_READ_TIMEOUT_SECONDS", 10)),
    bodyReadTimeoutSeconds: Math.max(1, intSetting(env, "BODY_READ_TIMEOUT_SECONDS", 30)),
    maxUploadsPerTeam: intSetting(env, "MAX_UPLOADS_PER_TEAM", 4),
    dbConnectTimeoutSeconds: Math.max(1, intSetting(env, "DB_CONNECT_TIMEOUT_SECONDS", 3)),
    dbStatementTimeoutMs: intSetting(env, "DB_STATEMENT_TIMEOUT_MS", 30_000),
    webhookAllowPrivateNetworks: env.get("WEBHOOK_ALLOW_PRIVATE_NETWORKS") === "true",
    flattenServiceUrl: env.get("FLATTEN_SERVICE_URL") || undefined,
    flattenServiceApiKey: env.get("FLATTEN_SERVICE_API_KEY") || undefined,
    extractionApiUrl: env.get("EXTRACTION_API_URL") || undefined,
    extractionApiKey: env.get("EXTRACTION_API_KEY") || undefined,
    extractionModel: env.get("EXTRACTION_MODEL") || "gpt-4o-mini",
    extractionApiTimeoutSeconds: Math.max(1, intSetting(env, "EXTRACTION_API_TIMEOUT_SECONDS", 60)),
    extractionTimeoutSeconds: Math.max(1, intSetting(env, "EXTRACTION_TIMEOUT_SECONDS", 120)),
    runExtractionWorker: (env.get("RUN_EXTRACTION_WORKER") ?? env.get("RUN_WORKER") ?? "true") !==
      "false",
    extractionThreads: intSetting(
      env,
      "EXTRACTION_THREADS",
      Math.min(2, navigator.hardwareConcurrency ?? 1),
    ),
    extractionThreadMemoryMb: Math.max(64, intSetting(env, "EXTRACTION_THREAD_MEMORY_MB", 1024)),
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
