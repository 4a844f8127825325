import { SignJWT } from "jose";
import { readConfig, type ServiceKeys } from "../../shared/platform/config.ts";
import type { Db } from "../../shared/platform/db/db.ts";
import { buildDeps, type ServiceDeps } from "../../shared/deps.ts";
import { createTeam } from "../../shared/admin/repo.ts";
import { createDevSigningP12 } from "../../shared/documents/signing/dev_identity.ts";
import { createGateway, type Gateway } from "../../supabase/gateway/gateway.ts";
import { testDb } from "./db.ts";

export const TEST_KEYS = {
  anonKey: "test-anon-key",
  serviceRoleKey: "test-service-role-key",
  jwtSecret: "test-jwt-secret-0123456789abcdef0123456789",
};

/** Files the service writes in tests (local storage) go to a folder of this process's own. */
export const TEST_DATA_DIR = Deno.makeTempDirSync({ prefix: "trade-test-" });

export interface TestService {
  db: Db;
  deps: ServiceDeps;
  gateway: Gateway;
  /** A request through the gateway, in process. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A function endpoint with a team's credentials (apikey + Bearer) and a JSON body. */
  call(
    team: TestTeam,
    name: string,
    init?: { method?: string; body?: unknown; query?: Record<string, string> },
  ): Promise<Response>;
  /** `/api/v1/admin/...` with the service role key. */
  admin(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  newTeam(tier?: "free" | "starter" | "growth" | "scale"): Promise<TestTeam>;
}

export interface TestTeam {
  teamId: string;
  apiKey: string;
}

export interface ServiceOptions {
  env?: Record<string, string>;
  /** More keys than TEST_KEYS (publishable and secret keys). */
  keys?: Partial<ServiceKeys>;
}

/** One development signing certificate per test process: every test service signs. */
let devSigning: ReturnType<typeof createDevSigningP12> | undefined;

/** The whole service on the run's database, with fixed keys, quiet logs and signing on. */
export async function testService(options: ServiceOptions = {}): Promise<TestService> {
  const db = await testDb();
  const signing = await (devSigning ??= createDevSigningP12());
  const env = new Map(Object.entries({
    SIGNING_P12_BASE64: signing.p12Base64,
    SIGNING_P12_PASSWORD: signing.password,
    LOG_REQUESTS: "false",
    RATE_LIMIT_PER_MINUTE: "0",
    PUBLIC_RATE_LIMIT_PER_MINUTE: "0",
    TEAM_RATE_LIMITS: "0",
    AUTH_FAILURE_LIMIT_PER_MINUTE: "0",
    PUBLIC_BASE_URL: "http://service.test",
    DATA_DIR: TEST_DATA_DIR,
    ...options.env,
  }));
  const config = readConfig({ get: (k) => env.get(k) }, { ...TEST_KEYS, ...options.keys });
  const deps = buildDeps(config, db);
  const gateway = createGateway(deps);
  const fetchIn = (path: string, init?: RequestInit) =>
    gateway.fetch(new Request(`http://service.test${path}`, init), { remoteAddr: "127.0.0.1" });

  return {
    db,
    deps,
    gateway,
    fetch: fetchIn,
    call(team, name, init = {}) {
      const query = init.query ? `?${new URLSearchParams(init.query)}` : "";
      const headers: Record<string, string> = {
        authorization: `Bearer ${team.apiKey}`,
        apikey: TEST_KEYS.anonKey,
      };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      return fetchIn(`/functions/v1/${name}${query}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
      });
    },
    admin(path, init = {}) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${TEST_KEYS.serviceRoleKey}`,
      };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      return fetchIn(`/api/v1/admin${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
      });
    },
    async newTeam(tier = "starter") {
      const team = await createTeam(db, `Test team ${crypto.randomUUID().slice(0, 8)}`, tier);
      return { teamId: team.team_id, apiKey: team.api_key };
    },
  };
}

/** A Supabase-style user JWT signed with the test secret. */
export function userJwt(sub: string, role = "authenticated"): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setAudience("authenticated")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(TEST_KEYS.jwtSecret));
}

/** Serves the gateway on a loopback port (any free one by default) for tests that need real HTTP. */
export function serveOnLoopback(
  gateway: Gateway,
  port = 0,
): { url: string; close(): Promise<void> } {
  const server = Deno.serve(
    { port, hostname: "127.0.0.1", onListen: () => {} },
    (request, info) => gateway.fetch(request, { remoteAddr: info.remoteAddr.hostname }),
  );
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/** Deno.test for tests on the shared database: its pool outlives a single test. */
export function serviceTest(name: string, fn: (t: Deno.TestContext) => Promise<void>): void {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false, fn });
}
