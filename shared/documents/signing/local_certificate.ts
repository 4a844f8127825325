/**
 * The local service signs too: without `SIGNING_P12_BASE64` (and without Supabase, where the
 * secret is the only source) a self-signed development certificate is made once and kept in
 * `DATA_DIR/signing.json`, as the local keys are in keys.json. `SIGNING_P12_BASE64=off` turns
 * signing off.
 */
import type { Env } from "../../platform/config.ts";
import { createDevSigningP12, type P12Secret } from "./dev_identity.ts";

export async function localSigningEnv(env: Env, dataDir: string): Promise<Env> {
  const configured = env.get("SIGNING_P12_BASE64");
  if (configured === "off") {
    return { get: (k) => k === "SIGNING_P12_BASE64" ? undefined : env.get(k) };
  }
  if (configured || env.get("SUPABASE_URL")) return env;
  const secret = await storedOrNew(`${dataDir}/signing.json`, dataDir);
  return {
    get: (k) =>
      k === "SIGNING_P12_BASE64"
        ? secret.p12Base64
        : k === "SIGNING_P12_PASSWORD"
        ? secret.password
        : env.get(k),
  };
}

async function storedOrNew(file: string, dataDir: string): Promise<P12Secret> {
  try {
    const parsed = JSON.parse(await Deno.readTextFile(file));
    if (typeof parsed?.p12Base64 === "string" && typeof parsed?.password === "string") {
      return parsed;
    }
    throw new Error(`${file} is not a signing file; delete it to generate a new certificate`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const secret = await createDevSigningP12();
  await Deno.mkdir(dataDir, { recursive: true });
  await Deno.writeTextFile(file, JSON.stringify(secret, null, 2) + "\n", { mode: 0o600 });
  return secret;
}
