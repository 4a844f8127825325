import { SignJWT } from "jose";
import { ConfigError, type Env, type ServiceKeys } from "../config.ts";
import { randomBase64Url } from "../util/crypto.ts";

export type { ServiceKeys };

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/**
 * The keys of a local process: from the environment (keysFromEnv), or Supabase-style JWTs
 * generated once and kept in `<dataDir>/keys.json` so that they survive restarts. Edge
 * functions use requireEnvKeys instead: nothing is generated or written there.
 */
export async function loadServiceKeys(env: Env, dataDir: string): Promise<ServiceKeys> {
  const configured = keysFromEnv(env);
  if (configured.anonKey && configured.serviceRoleKey) return configured as ServiceKeys;
  const { anonKey, serviceRoleKey, jwtSecret: configuredSecret } = configured;

  const file = `${dataDir}/keys.json`;
  const stored = await readStored(file);
  if (stored) return { ...stored, jwtSecret: configuredSecret ?? stored.jwtSecret };

  const jwtSecret = configuredSecret ?? randomBase64Url(48);
  const keys = {
    jwtSecret,
    anonKey: anonKey ?? await signRoleKey("anon", jwtSecret),
    serviceRoleKey: serviceRoleKey ?? await signRoleKey("service_role", jwtSecret),
  };
  await Deno.mkdir(dataDir, { recursive: true });
  await Deno.writeTextFile(file, JSON.stringify(keys, null, 2) + "\n", { mode: 0o600 });
  return keys;
}

async function readStored(file: string): Promise<ServiceKeys | undefined> {
  try {
    const parsed = JSON.parse(await Deno.readTextFile(file));
    if (
      typeof parsed?.anonKey === "string" && typeof parsed?.serviceRoleKey === "string" &&
      typeof parsed?.jwtSecret === "string"
    ) return parsed;
    throw new Error(`${file} is not a keys file; delete it to generate new keys`);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}

function signRoleKey(role: "anon" | "service_role", secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, iss: "supabase-local", ref: "local" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS_S)
    .sign(new TextEncoder().encode(secret));
}

/**
 * The keys as Supabase injects them into an edge function: the legacy anon and service role
 * keys (`SUPABASE_ANON_KEY`, `SUPABASE_SERVICE_ROLE_KEY`) and the new ones as JSON maps
 * (`SUPABASE_PUBLISHABLE_KEYS`, `SUPABASE_SECRET_KEYS`, `{"default": "sb_…"}`), plus lists a team
 * can set itself (`PUBLISHABLE_KEYS`, `SECRET_KEYS`, comma-separated: Supabase refuses secrets
 * whose names start with `SUPABASE_`). The legacy JWT secret is `JWT_SECRET` (or the old
 * `SUPABASE_JWT_SECRET`).
 */
export function keysFromEnv(env: Env): Partial<ServiceKeys> {
  const publishableKeys = [
    ...keyMapSetting(env, "SUPABASE_PUBLISHABLE_KEYS"),
    ...keyListSetting(env, "PUBLISHABLE_KEYS"),
  ];
  const secretKeys = [
    ...keyMapSetting(env, "SUPABASE_SECRET_KEYS"),
    ...keyListSetting(env, "SECRET_KEYS"),
  ];
  return {
    anonKey: env.get("SUPABASE_ANON_KEY") || publishableKeys[0],
    serviceRoleKey: env.get("SUPABASE_SERVICE_ROLE_KEY") || secretKeys[0],
    jwtSecret: env.get("JWT_SECRET") || env.get("SUPABASE_JWT_SECRET") || undefined,
    publishableKeys,
    secretKeys,
  };
}

/**
 * An edge function's keys: from the environment only (nothing is generated or written there).
 * A missing key is a ConfigError naming the settings that would provide it.
 */
export function requireEnvKeys(env: Env): ServiceKeys {
  const keys = keysFromEnv(env);
  const missing = [];
  if (!keys.anonKey) missing.push("SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS");
  if (!keys.serviceRoleKey) missing.push("SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS");
  if (missing.length) throw new ConfigError(missing);
  return keys as ServiceKeys;
}

function keyMapSetting(env: Env, name: string): string[] {
  const raw = env.get(name);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Not a JSON map: one key as it is.
    return [raw.trim()].filter(Boolean);
  }
  if (typeof parsed === "string") return [parsed].filter(Boolean);
  if (!parsed || typeof parsed !== "object") return [];
  // "default" first: it is the one the service calls itself with.
  const entries = Object.entries(parsed as Record<string, unknown>)
    .sort(([a], [b]) => Number(b === "default") - Number(a === "default"));
  return entries.map(([, v]) => v).filter((v): v is string => typeof v === "string" && v !== "");
}

function keyListSetting(env: Env, name: string): string[] {
  return (env.get(name) ?? "").split(",").map((k) => k.trim()).filter(Boolean);
}
