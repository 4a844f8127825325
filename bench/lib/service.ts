/**
 * The real service in a child process, set up as the foundation section does (same keys, rate
 * limit off, request log on, pool size), plus calls to it with fetch and wrk runs against it.
 */
import type { Cleanup } from "./cleanup.ts";
import { cpuSeconds, freePort, type ServerProcess, startServer, tail } from "./process.ts";
import { fmt } from "./report.ts";
import type { BenchSettings } from "./section.ts";
import { round } from "./stats.ts";
import { runWrk, type WrkRequest, type WrkResult, type WrkSettings } from "./wrk.ts";

export const ANON_KEY = "bench-anon-key";
export const SERVICE_ROLE_KEY = "bench-service-role-key";
export const POOL_SIZE = 10;

/** What the service is started with, for the results file. */
export function serviceMetadata(settings: BenchSettings, server: ServerProcess | null) {
  return {
    db_pool_size: POOL_SIZE,
    log_requests: settings.serviceEnv.LOG_REQUESTS ?? "true",
    rate_limit_per_minute: settings.serviceEnv.RATE_LIMIT_PER_MINUTE ?? "0",
    script: settings.serviceScript,
    extra_env: settings.serviceEnv,
    deno_flags: settings.serviceDenoFlags,
    pid: server?.pid ?? null,
  };
}

/** A temporary directory for the servers' logs and files, removed at the end (unless kept). */
export async function makeLogDir(
  cleanup: Cleanup,
  settings: BenchSettings,
  section: string,
): Promise<string> {
  const logDir = await Deno.makeTempDir({ prefix: `bench-${section}-` });
  cleanup.defer("remove the log directory", async () => {
    if (settings.keepLogs) console.log(`servers' logs kept in ${logDir}`);
    else await Deno.remove(logDir, { recursive: true });
  });
  return logDir;
}

/** Starts the service on `databaseUrl` (it migrates and seeds what is missing). */
export function startService(
  cleanup: Cleanup,
  settings: BenchSettings,
  databaseUrl: string,
  logDir: string,
): Promise<ServerProcess> {
  return startServer(cleanup, {
    name: "service",
    script: settings.serviceScript,
    port: freePort(),
    logDir,
    denoFlags: settings.serviceDenoFlags,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: `${logDir}/data`,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      RATE_LIMIT_PER_MINUTE: "0",
      TEAM_RATE_LIMITS: "0",
      AUTH_FAILURE_LIMIT_PER_MINUTE: "0",
      LOG_REQUESTS: "true",
      DB_POOL_SIZE: String(POOL_SIZE),
      ...settings.serviceEnv,
    },
  });
}

export interface Team {
  team_id: string;
  api_key: string;
  /** Headers of a function endpoint call (`/functions/v1/...`). */
  functionHeaders: Record<string, string>;
  /** Headers of a resource route call (`/api/v1/...`): the Bearer only. */
  apiHeaders: Record<string, string>;
}

/** A team on the scale tier (20 generations per shipment) and its API key. */
export async function createTeam(server: ServerProcess, name = "bench"): Promise<Team> {
  const team = await call<{ team_id: string; api_key: string }>(
    server,
    "POST",
    "/api/v1/admin/teams",
    { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    { name, tier: "scale" },
    201,
  );
  return {
    ...team,
    functionHeaders: { authorization: `Bearer ${team.api_key}`, apikey: ANON_KEY },
    apiHeaders: { authorization: `Bearer ${team.api_key}` },
  };
}

/** One request with fetch, checking the exact status; answers the JSON body. */
export async function call<T = unknown>(
  server: ServerProcess,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body: unknown,
  expectStatus: number,
): Promise<T> {
  const response = await fetch(server.url + path, {
    method,
    headers: body === null ? headers : { ...headers, "content-type": "application/json" },
    body: body === null ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expectStatus) {
    throw new Error(
      `${server.name}: ${method} ${path} answered ${response.status}, expected ${expectStatus}: ` +
        text.slice(0, 500),
    );
  }
  return JSON.parse(text) as T;
}

/** A wrk result and the server's CPU time per request during the measured run (null off Linux). */
export interface Measured extends WrkResult {
  connections: number;
  cpuMsPerRequest: number | null;
}

/**
 * A warm-up run, then the measured run, at `connections` (threads and durations from the
 * settings); any non-2xx response or socket error is fatal. Prints one line.
 */
export async function measureWrk(
  cleanup: Cleanup,
  settings: BenchSettings,
  label: string,
  request: WrkRequest,
  server: ServerProcess,
  connections: number = settings.wrk.connections,
): Promise<Measured> {
  const wrkSettings: WrkSettings = { ...settings.wrk, connections, seconds: settings.seconds };
  const warm = await runWrk(cleanup, request, { ...wrkSettings, seconds: settings.warmupSeconds });
  await checkWrk(`${label} (warm-up)`, warm, server);
  const cpuBefore = await cpuSeconds(server.pid);
  const wrk = await runWrk(cleanup, request, wrkSettings);
  const cpuAfter = await cpuSeconds(server.pid);
  await checkWrk(label, wrk, server);
  const result: Measured = {
    ...wrk,
    connections,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null || wrk.requests === 0
      ? null
      : (cpuAfter - cpuBefore) * 1000 / wrk.requests,
  };
  const cpu = result.cpuMsPerRequest === null
    ? ""
    : `  cpu ${result.cpuMsPerRequest.toFixed(3)} ms/req`;
  const { p50, p99 } = result.latencyMs;
  console.log(
    `  ${label.padEnd(24)} ${fmt.rps(result.rps).padStart(7)} req/s  ` +
      `p50 ${fmt.ms(p50).padStart(6)} ms  p99 ${fmt.ms(p99).padStart(6)} ms${cpu}`,
  );
  return result;
}

async function checkWrk(label: string, result: WrkResult, server: ServerProcess): Promise<void> {
  const { connect, read, write, timeout } = result.socketErrors;
  const socketErrors = connect + read + write + timeout;
  if (result.non2xx === 0 && socketErrors === 0 && result.requests > 0) return;
  throw new Error(
    `${label}: ${result.non2xx} non-2xx responses, socket errors connect ${connect} read ${read} ` +
      `write ${write} timeout ${timeout}, ${result.requests} requests. The run is invalid.\n` +
      `wrk said:\n${result.raw}\n${await tail(server.stderrFile)}\n${await tail(
        server.stdoutFile,
        10,
      )}`,
  );
}

/** A wrk result for the results file. */
export function wrkSummary(r: Measured) {
  return {
    connections: r.connections,
    rps: round(r.rps, 1),
    requests: r.requests,
    seconds: r.seconds,
    p50_ms: round(r.latencyMs.p50, 3),
    p75_ms: round(r.latencyMs.p75, 3),
    p90_ms: round(r.latencyMs.p90, 3),
    p99_ms: round(r.latencyMs.p99, 3),
    avg_ms: round(r.latencyMs.avg, 3),
    max_ms: round(r.latencyMs.max, 3),
    non_2xx: r.non2xx,
    socket_errors: r.socketErrors,
    server_cpu_ms_per_request: r.cpuMsPerRequest === null ? null : round(r.cpuMsPerRequest, 4),
  };
}
