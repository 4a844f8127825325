/**
 * An edge function's start: settings from the variables Supabase injects only, a clear answer
 * naming what is missing, and a failed start tried again rather than kept.
 */
import { ConfigError, readConfig, SETTINGS } from "../../shared/platform/config.ts";
import { readEdgeConfig } from "../../shared/platform/runtime/edge_config.ts";
import { bootFailure, bootOnce } from "../../shared/platform/runtime/serve_function.ts";
import { assertEquals, equal, match } from "../support/assert.ts";

const env = (vars: Record<string, string>) => ({ get: (k: string) => vars[k] });

Deno.test("readEdgeConfig names every missing setting at once", () => {
  let caught: unknown;
  try {
    readEdgeConfig(env({}));
  } catch (e) {
    caught = e;
  }
  equal(caught instanceof ConfigError, true);
  assertEquals((caught as ConfigError).missing, [
    "SUPABASE_DB_URL",
    "SUPABASE_URL",
    "SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS",
    "SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS",
  ]);
});

Deno.test("readEdgeConfig takes a project with the new keys only", () => {
  const config = readEdgeConfig(env({
    SUPABASE_URL: "https://ref.supabase.co",
    SUPABASE_DB_URL: "postgresql://postgres.ref:pw@aws-0-eu.pooler.supabase.com:6543/postgres",
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: "sb_publishable_a" }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: "sb_secret_b" }),
  }));
  equal(config.runtime, "edge");
  equal(config.anonKey, "sb_publishable_a");
  equal(config.serviceRoleKey, "sb_secret_b");
  equal(config.jwksUrl, "https://ref.supabase.co/auth/v1/.well-known/jwks.json");
  equal(config.dbPrepare, false, "no prepared statements through the transaction pooler");
  equal(
    readEdgeConfig(env({
      SUPABASE_URL: "https://ref.supabase.co",
      SUPABASE_DB_URL: "postgresql://postgres:pw@db.ref.supabase.co:5432/postgres",
      SUPABASE_ANON_KEY: "anon",
      SUPABASE_SERVICE_ROLE_KEY: "service",
    })).dbPrepare,
    true,
  );
});

Deno.test("the pool size's default depends on the runtime; DB_POOL_SIZE decides anywhere", () => {
  const project = {
    SUPABASE_URL: "https://ref.supabase.co",
    SUPABASE_DB_URL: "postgresql://postgres:pw@db.ref.supabase.co:5432/postgres",
    SUPABASE_ANON_KEY: "anon",
    SUPABASE_SERVICE_ROLE_KEY: "service",
  };
  const keys = { anonKey: "anon", serviceRoleKey: "service", jwtSecret: undefined };
  equal(readEdgeConfig(env(project)).dbPoolSize, 3, "many isolates: a small pool each");
  equal(readEdgeConfig(env({ ...project, DB_POOL_SIZE: "" })).dbPoolSize, 3);
  equal(readEdgeConfig(env({ ...project, DB_POOL_SIZE: "7" })).dbPoolSize, 7);
  equal(readConfig(env(project), keys).dbPoolSize, 10, "the gateway's default");
  equal(readConfig(env({ ...project, DB_POOL_SIZE: "7" }), keys).dbPoolSize, 7);
  const row = SETTINGS.find((s) => s.name === "DB_POOL_SIZE");
  equal(row?.default, "`10` (`3` in an edge function)", "the README table says both");
});

Deno.test("a failed boot is tried again, and logged once per cause", async () => {
  const logged: string[] = [];
  const original = console.error;
  console.error = (line: string) => logged.push(line);
  try {
    let starts = 0;
    const boot = bootOnce(() => {
      starts++;
      return starts < 3 ? Promise.reject(new ConfigError(["SUPABASE_URL"])) : Promise.resolve(7);
    });
    for (let i = 0; i < 2; i++) await boot().catch(() => {});
    equal(await boot(), 7);
    equal(await boot(), 7);
    equal(starts, 3);
    equal(logged.length, 1);
    match(logged[0]!, /boot failed.*SUPABASE_URL/);
  } finally {
    console.error = original;
  }
});

Deno.test("a boot failure answers 503 SVC_SYS_003 naming the setting", async () => {
  const res = bootFailure(new ConfigError(["SUPABASE_DB_URL"]));
  equal(res.status, 503);
  const body = await res.json();
  equal(body.error.code, "SVC_SYS_003");
  match(body.error.message, /SUPABASE_DB_URL/);
  equal(bootFailure(new Error("connection refused")).status, 500);
});
