import { SignJWT } from "jose";
import type { Env } from "../config.ts";
import { randomBase64Url } from "../util/crypto.ts";

export interface ServiceKeys {
  anonKey: string;
  serviceRoleKey: string;
  /** Secret that signs the keys above (and verifies user JWTs) when none is configured. */
  jwtSecret: string | undefined;
}

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/**
 * The anon and service role keys: from `SUPABASE_ANON_KEY` / `SUPABASE_SERVICE_ROLE_KEY`, or,
 * for a local service, Supabase-style JWTs generated once and kept in `<dataDir>/keys.json`
 * so that they survive restarts.
 */
export async function loadServiceKeys(env: Env, dataDir: string): Promise<ServiceKeys> {
  const anonKey = env.get("SUPABASE_ANON_KEY");
  const serviceRoleKey = env.get("SUPABASE_SERVICE_ROLE_KEY");
  const configuredSecret = env.get("SUPABASE_JWT_SECRET") || undefined;
  if (anonKey && serviceRoleKey) return { anonKey, serviceRoleKey, jwtSecret: configuredSecret };

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

async function readStored(file: string): Promise<Required<ServiceKeys> | undefined> {
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
