/**
 * The local service's signing certificate: made once into DATA_DIR/signing.json and read back
 * on the next start; a configured PKCS#12 or Supabase leave the environment as it is; `off`
 * turns signing off; a damaged signing.json is an error that says what to do.
 */
import { readConfig } from "../../shared/platform/config.ts";
import { localSigningEnv } from "../../shared/documents/signing/local_certificate.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";

const KEYS = { anonKey: "a", serviceRoleKey: "s", jwtSecret: "j" };
const envOf = (values: Record<string, string>) => ({ get: (k: string) => values[k] });

Deno.test("local signing: a development certificate is made once and kept", async () => {
  const dir = await Deno.makeTempDir({ prefix: "local-signing-" });
  try {
    const first = readConfig(await localSigningEnv(envOf({}), dir), KEYS).signing;
    assert(first && first.p12Base64.length > 100 && first.password.length > 10);
    const stored = JSON.parse(await Deno.readTextFile(`${dir}/signing.json`));
    assertEquals(stored, first);
    equal((await Deno.stat(`${dir}/signing.json`)).mode! & 0o777, 0o600);
    const again = readConfig(await localSigningEnv(envOf({}), dir), KEYS).signing;
    assertEquals(again, first);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("local signing: a configured PKCS#12, Supabase and `off` make none", async () => {
  const dir = await Deno.makeTempDir({ prefix: "local-signing-" });
  try {
    const configured = envOf({ SIGNING_P12_BASE64: "QUJD", SIGNING_P12_PASSWORD: "pw" });
    assertEquals(readConfig(await localSigningEnv(configured, dir), KEYS).signing, {
      p12Base64: "QUJD",
      password: "pw",
    });
    const supabase = envOf({ SUPABASE_URL: "https://x.supabase.co" });
    equal(readConfig(await localSigningEnv(supabase, dir), KEYS).signing, undefined);
    const off = envOf({ SIGNING_P12_BASE64: "off" });
    equal(readConfig(await localSigningEnv(off, dir), KEYS).signing, undefined);
    const entries = [];
    for await (const entry of Deno.readDir(dir)) entries.push(entry.name);
    assertEquals(entries, [], "no certificate was made");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("local signing: a damaged signing.json is an error that says what to do", async () => {
  const dir = await Deno.makeTempDir({ prefix: "local-signing-" });
  try {
    await Deno.writeTextFile(`${dir}/signing.json`, '{"something": "else"}');
    let message = "";
    await localSigningEnv(envOf({}), dir).catch((e) => message = (e as Error).message);
    assert(message.includes("delete it"), message);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
