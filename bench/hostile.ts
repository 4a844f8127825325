/**
 * Hostile-load bench: one tenant trying to take the service down, on loopback only, bounded in
 * time. The service runs as `deno task start` does, on PGlite (the outage case on PostgreSQL
 * through a loopback proxy that is stopped and started).
 *
 * The parts run in this order: slow, forms, fuzz, images (its OCR goes on after its window, so
 * it comes last on that service), outage (a service of its own).
 *
 * - slow: 100 connections to /api/v1/extract declaring 20 MB and sending one byte every 3 s
 *   (25 teams, 4 each, the per-team upload cap): RSS growth, and when each is answered.
 * - images: 20 concurrent uploads of a 4,400×4,400 noise PNG (18.5 MiB; 5 teams × 4), then
 *   their extraction: peak RSS, and /health's slowest answer meanwhile.
 * - forms: 10 concurrent 9,999-field PDFs (6,000 characters each, in compressed object streams)
 *   to extract-filled-fields: /health's slowest answer meanwhile.
 * - fuzz: 5,000 seeded hostile requests and the known 500 probes: answers 5xx.
 * - outage: PostgreSQL away for 20 s under 10 requests/s: the slowest failed answer, whether
 *   every failure is 503, and how long after the database's return the service serves again.
 *
 * Bars: slow RSS growth <= 300 MiB and every connection answered and closed by the server
 * within the read deadline;
 * images peak RSS <= 2 GiB and /health < 1 s; forms /health < 500 ms; fuzz 0 × 5xx; outage
 * failures 503 within 5 s and serving again within 5 s.
 */
import { fuzzRequests, KNOWN_PROBES } from "../tests/support/fuzz.ts";
import { TcpProxy } from "../tests/support/tcp_proxy.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { startHealthProbe } from "./lib/health_probe.ts";
import { compressedFormPdf, noisePng } from "./lib/hostile_files.ts";
import { createBenchDatabase } from "./lib/pg.ts";
import { freePort, type ServerProcess, startServer, stopProcess } from "./lib/process.ts";
import { passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import { ANON_KEY, makeLogDir, SERVICE_ROLE_KEY } from "./lib/service.ts";
import { loadAverage, round } from "./lib/stats.ts";

const MIB = 1024 * 1024;
/** The service's default (BODY_READ_TIMEOUT_SECONDS). */
const READ_DEADLINE_SECONDS = 30;
const SEED = 20261125;

export const hostile: Section = {
  name: "hostile",
  summary: "one hostile tenant: slow bodies, huge images, heavy forms, fuzz, database outage",
  run,
};

interface Team {
  team_id: string;
  api_key: string;
}

async function run(cleanup: Cleanup, settings: BenchSettings): Promise<void> {
  const metadata = await runMetadata();
  console.log(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  const logDir = await makeLogDir(cleanup, settings, "hostile");
  const service = await startServer(cleanup, {
    name: "service",
    script: settings.serviceScript,
    port: freePort(),
    logDir,
    denoFlags: settings.serviceDenoFlags,
    env: serviceEnv(`${logDir}/data`, settings),
  });
  const teams = await Promise.all(Array.from({ length: 25 }, (_, i) => newTeam(service, i)));

  // BENCH_HOSTILE_PARTS=slow,forms,… runs some parts only (the others are left out of the bars).
  const parts = new Set(
    (Deno.env.get("BENCH_HOSTILE_PARTS") || "slow,forms,fuzz,images,outage").split(","),
  );
  const part = async <T>(name: string, measure: () => Promise<T>): Promise<T | undefined> => {
    if (!parts.has(name)) return undefined;
    const figures = await measure();
    console.log(`${name}: ${JSON.stringify(figures)}`);
    return figures;
  };
  const slow = await part("slow", () => slowBodies(service, teams));
  const forms = await part("forms", () => heavyForms(service, teams.slice(5, 8)));
  const fuzz = await part("fuzz", () => fuzzing(service, teams[8]!));
  // Last on this service: OCR of noise goes on after the window, and would load what follows.
  const images = await part("images", () => imageUploads(service, teams.slice(0, 5)));
  await stopProcess(service.child);
  const outage = await part("outage", () => databaseOutage(cleanup, settings, logDir));

  const bars = [
    slow && {
      name: "slow: RSS growth <= 300 MiB, all answered within the read deadline",
      figure: `+${slow.rssGrowthMiB} MiB, slowest answer ${slow.slowestAnswerS} s ` +
        `(deadline ${READ_DEADLINE_SECONDS} s), ${slow.closedByServer}/${slow.connections} ` +
        `closed by the server, the last at ${slow.lastClosedS} s`,
      pass: slow.rssGrowthMiB <= 300 && slow.slowestAnswerS <= READ_DEADLINE_SECONDS + 2 &&
        slow.closedByServer === slow.connections && slow.lastClosedS <= READ_DEADLINE_SECONDS + 2,
    },
    images && {
      name: "images: peak RSS <= 2 GiB, /health < 1 s",
      figure: `peak ${images.peakRssMiB} MiB, /health max ${images.healthMaxMs} ms`,
      pass: images.peakRssMiB <= 2048 && images.healthMaxMs < 1000,
    },
    forms && {
      name: "forms: /health < 500 ms",
      figure: `/health max ${forms.healthMaxMs} ms`,
      pass: forms.healthMaxMs < 500,
    },
    fuzz && {
      name: "fuzz: 0 answers 5xx",
      figure: `${fuzz.fiveXx} of ${fuzz.requests}`,
      pass: fuzz.fiveXx === 0,
    },
    outage && {
      name: "outage: every request answered within 5 s (failures 503), serving again within 5 s",
      figure: `${outage.failed} failed (${outage.non503} not 503), slowest answer while away ` +
        `${outage.slowestWhileAwayMs} ms; serving again ${outage.recoveredAfterMs} ms after ` +
        `the return`,
      pass: outage.non503 === 0 && outage.slowestWhileAwayMs <= 5000 &&
        outage.recoveredAfterMs !== null && outage.recoveredAfterMs <= 5000,
    },
  ].filter((b) => b !== undefined);
  console.log(
    "\n" + table(["bar", "figure", ""], bars.map((b) => [b.name, b.figure, passFail(b.pass)])),
  );
  const file = await writeResults("hostile", {
    ...metadata,
    read_deadline_seconds: READ_DEADLINE_SECONDS,
    slow,
    images,
    forms,
    fuzz,
    outage,
    bars: bars.map(({ name, figure, pass }) => ({ name, figure, pass })),
  });
  console.log(`results: ${file}`);
  printVerdict(bars);
}

function serviceEnv(dataDir: string, settings: BenchSettings): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    LOG_REQUESTS: "false",
    BODY_READ_TIMEOUT_SECONDS: String(READ_DEADLINE_SECONDS),
    TEAM_RATE_LIMITS: "0",
    RATE_LIMIT_PER_MINUTE: "0",
    AUTH_FAILURE_LIMIT_PER_MINUTE: "0",
    ...settings.serviceEnv,
  };
}

async function newTeam(service: ServerProcess, i: number): Promise<Team> {
  const res = await fetch(`${service.url}/api/v1/admin/teams`, {
    method: "POST",
    headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `hostile ${i}`, tier: "scale" }),
  });
  if (res.status !== 201) throw new Error(`team: HTTP ${res.status} ${await res.text()}`);
  return await res.json();
}

/** The service's resident memory now, from /proc. */
function rssMiB(pid: number): number {
  return processStatus(pid).rssMiB;
}

function processStatus(pid: number): { rssMiB: number; threads: number } {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return {
    rssMiB: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0),
  };
}

/**
 * Samples RSS and /health's latency every `everyMs` until stopped; also a timeline, one sample
 * a second (seconds, RSS in MiB, OS threads of the process), to see where memory goes. /health
 * is probed from a thread of its own (health_probe.ts), so that what this thread spends sending
 * the hostile requests is not taken for the service's latency.
 */
function monitor(service: ServerProcess, everyMs = 200) {
  let peakRss = rssMiB(service.pid);
  const health = startHealthProbe(`${service.url}/health`, { everyMs });
  const started = performance.now();
  const timeline: [number, number, number][] = [];
  let ticks = 0;
  const rssTimer = setInterval(() => {
    const now = processStatus(service.pid);
    peakRss = Math.max(peakRss, now.rssMiB);
    if (ticks++ % 10 === 0) {
      timeline.push([
        Math.round((performance.now() - started) / 1000),
        Math.round(now.rssMiB),
        now.threads,
      ]);
    }
  }, 100);
  return {
    async stop() {
      clearInterval(rssTimer);
      const probed = await health.stop();
      return {
        peakRssMiB: Math.round(peakRss),
        healthMaxMs: Math.round(probed.maxMs),
        /** [seconds from the start, ms] of /health answers of 500 ms and more. */
        healthSlow: probed.slow,
        timeline,
      };
    },
  };
}

async function slowBodies(service: ServerProcess, teams: Team[]) {
  const before = rssMiB(service.pid);
  const watch = monitor(service, 500);
  const { hostname, port } = new URL(service.url);
  const one = async (team: Team) => {
    const conn = await Deno.connect({ hostname, port: Number(port) });
    const started = performance.now();
    const head = [
      "POST /api/v1/extract HTTP/1.1",
      `host: ${hostname}:${port}`,
      `authorization: Bearer ${team.api_key}`,
      "content-type: multipart/form-data; boundary=x",
      `content-length: ${20 * 1000 * 1000}`,
    ].join("\r\n") + "\r\n\r\n-";
    await conn.write(new TextEncoder().encode(head));
    const trickle = setInterval(
      () => conn.write(new Uint8Array([0x2d])).catch(() => clearInterval(trickle)),
      3000,
    );
    let answeredMs: number | null = null;
    let closedMs: number | null = null;
    let status = 0;
    const buf = new Uint8Array(16 * 1024);
    const giveUp = started + (READ_DEADLINE_SECONDS + 5) * 1000;
    try {
      while (performance.now() < giveUp) {
        const left = giveUp - performance.now();
        const n = await Promise.race([
          conn.read(buf).catch(() => null),
          new Promise<"wait">((r) => setTimeout(() => r("wait"), left)),
        ]);
        if (n === "wait") break;
        if (n === null) {
          closedMs = performance.now() - started;
          break;
        }
        if (answeredMs === null) {
          answeredMs = performance.now() - started;
          status = Number(
            /^HTTP\/1\.1 (\d+)/.exec(new TextDecoder().decode(buf.subarray(0, n)))?.[1],
          );
        }
      }
    } finally {
      clearInterval(trickle);
      try {
        conn.close();
      } catch { /* closed */ }
    }
    return { answeredMs, status, closedMs };
  };
  const results = await Promise.all(teams.flatMap((team) => [0, 1, 2, 3].map(() => one(team))));
  const watched = await watch.stop();
  const answered = results.filter((r) => r.answeredMs !== null);
  return {
    connections: results.length,
    statuses: countBy(results.map((r) => String(r.status))),
    rssBeforeMiB: Math.round(before),
    rssGrowthMiB: Math.round(watched.peakRssMiB - before),
    answered: answered.length,
    slowestAnswerS: answered.length < results.length
      ? Infinity
      : round(Math.max(...answered.map((r) => r.answeredMs!)) / 1000, 2),
    closedByServer: results.filter((r) => r.closedMs !== null).length,
    /** When the server closed the last connection (Infinity: some it never closed). */
    lastClosedS: results.some((r) => r.closedMs === null)
      ? Infinity
      : round(Math.max(...results.map((r) => r.closedMs!)) / 1000, 2),
    healthMaxMs: watched.healthMaxMs,
  };
}

async function imageUploads(service: ServerProcess, teams: Team[]) {
  const png = noisePng(4400);
  const before = rssMiB(service.pid);
  const watch = monitor(service);
  const started = performance.now();
  const upload = async (team: Team) => {
    const form = new FormData();
    form.append(
      "file",
      new File([png as Uint8Array<ArrayBuffer>], "noise.png", { type: "image/png" }),
    );
    const res = await fetch(`${service.url}/api/v1/extract`, {
      method: "POST",
      headers: { authorization: `Bearer ${team.api_key}` },
      body: form,
    });
    const body = await res.json();
    return {
      team,
      status: res.status,
      jobId: body.job_id as string | undefined,
      code: body.error?.code,
    };
  };
  const uploads = await Promise.all(teams.flatMap((team) => [0, 1, 2, 3].map(() => upload(team))));
  const jobs = uploads.filter((u) => u.jobId);
  const outcomes: Record<string, number> = {};
  const deadline = performance.now() + 120_000;
  const pending = new Set(jobs);
  while (pending.size > 0 && performance.now() < deadline) {
    for (const job of [...pending]) {
      const res = await fetch(`${service.url}/api/v1/extract/${job.jobId}`, {
        headers: { authorization: `Bearer ${job.team.api_key}` },
      });
      const body = await res.json();
      if (body.status === "completed" || body.status === "failed") {
        const key = body.status === "failed" ? `failed ${body.error?.code ?? ""}` : "completed";
        outcomes[key] = (outcomes[key] ?? 0) + 1;
        pending.delete(job);
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const watched = await watch.stop();
  return {
    fileMiB: round(png.length / MIB, 2),
    uploads: uploads.length,
    uploadStatuses: countBy(uploads.map((u) => `${u.status}${u.code ? ` ${u.code}` : ""}`)),
    outcomes,
    unfinished: pending.size,
    seconds: round((performance.now() - started) / 1000, 1),
    rssBeforeMiB: Math.round(before),
    peakRssMiB: watched.peakRssMiB,
    rssAfterMiB: Math.round(rssMiB(service.pid)),
    healthMaxMs: watched.healthMaxMs,
    healthSlow: watched.healthSlow,
    /** [seconds, RSS MiB, threads], one a second. */
    timeline: watched.timeline,
  };
}

async function heavyForms(service: ServerProcess, teams: Team[]) {
  const pdf = compressedFormPdf(9_999, 6_000);
  const watch = monitor(service, 100);
  const started = performance.now();
  const post = async (team: Team) => {
    const form = new FormData();
    form.append(
      "file",
      new File([pdf as Uint8Array<ArrayBuffer>], "form.pdf", { type: "application/pdf" }),
    );
    form.append("doc_type", "COMMERCIAL_INVOICE");
    const t0 = performance.now();
    const res = await fetch(`${service.url}/functions/v1/extract-filled-fields`, {
      method: "POST",
      headers: { authorization: `Bearer ${team.api_key}`, apikey: ANON_KEY },
      body: form,
    });
    const text = await res.text();
    let code = "";
    try {
      code = JSON.parse(text).error?.code ?? "";
    } catch { /* not JSON */ }
    return { status: res.status, code, bytes: text.length, ms: performance.now() - t0 };
  };
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) => post(teams[i % teams.length]!)),
  );
  const watched = await watch.stop();
  return {
    fileKiB: Math.round(pdf.length / 1024),
    answers: countBy(results.map((r) => `${r.status}${r.code ? ` ${r.code}` : ""}`)),
    largestAnswerBytes: Math.max(...results.map((r) => r.bytes)),
    slowestAnswerMs: Math.round(Math.max(...results.map((r) => r.ms))),
    seconds: round((performance.now() - started) / 1000, 1),
    peakRssMiB: watched.peakRssMiB,
    healthMaxMs: watched.healthMaxMs,
    healthSlow: watched.healthSlow,
  };
}

async function fuzzing(service: ServerProcess, team: Team) {
  const ctx = {
    apiKey: team.api_key,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    teamId: team.team_id,
  };
  const statuses: Record<string, number> = {};
  const fiveXx: string[] = [];
  const requests = [...fuzzRequests(SEED, 5_000, ctx)];
  for (const path of KNOWN_PROBES) requests.push({ method: "GET", path, headers: {} });
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      const res = await fetch(service.url + r.path, {
        method: r.method,
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: r.body as BodyInit }),
      });
      const text = await res.text();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status >= 500) {
        fiveXx.push(`${r.method} ${r.path.slice(0, 100)} → ${text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return {
    requests: requests.length,
    seed: SEED,
    statuses,
    fiveXx: fiveXx.length,
    firstFiveXx: fiveXx.slice(0, 5),
  };
}

async function databaseOutage(cleanup: Cleanup, settings: BenchSettings, logDir: string) {
  const databaseUrl = new URL(await createBenchDatabase(cleanup, "hostile"));
  const proxy = new TcpProxy({
    hostname: databaseUrl.hostname,
    port: Number(databaseUrl.port || 5432),
  });
  proxy.start();
  cleanup.defer("stop the database proxy", () => proxy.stop());
  const viaProxy = new URL(databaseUrl);
  viaProxy.port = String(proxy.port);
  const service = await startServer(cleanup, {
    name: "service-pg",
    script: settings.serviceScript,
    port: freePort(),
    logDir,
    env: { ...serviceEnv(`${logDir}/data-pg`, settings), DATABASE_URL: viaProxy.toString() },
  });
  const team = await newTeam(service, 99);
  const samples: { at: number; status: number; ms: number }[] = [];
  const headers = {
    authorization: `Bearer ${team.api_key}`,
    apikey: ANON_KEY,
    "content-type": "application/json",
  };
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let stoppedAt = 0;
  let backAt = 0;
  for (let i = 0; i < 350; i++) {
    const at = performance.now() - started;
    if (!stoppedAt && at >= 5000) {
      proxy.stop();
      stoppedAt = at;
    }
    if (stoppedAt && !backAt && at >= stoppedAt + 20_000) {
      proxy.start();
      backAt = at;
    }
    inFlight.push((async () => {
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${service.url}/functions/v1/create-shipment`, {
          method: "POST",
          headers,
          body: JSON.stringify({ shipment_data: { shipment_ref: `OUT-${i}` } }),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        await res.body?.cancel();
      } catch { /* status 0: no answer */ }
      samples.push({ at, status, ms: performance.now() - t0 });
    })());
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(inFlight);
  const failed = samples.filter((s) => s.status !== 201);
  const afterReturn = samples.filter((s) => s.at >= backAt).sort((a, b) => a.at - b.at);
  const lastFailureAfterReturn = afterReturn.filter((s) => s.status !== 201).pop();
  return {
    requests: samples.length,
    downSeconds: round((backAt - stoppedAt) / 1000, 1),
    failed: failed.length,
    failureStatuses: countBy(failed.map((s) => String(s.status))),
    non503: failed.filter((s) => s.status !== 503).length,
    slowestFailureMs: Math.round(Math.max(0, ...failed.map((s) => s.ms))),
    // Sent while the database was away: a request that waits for its return is a failure too.
    slowestWhileAwayMs: Math.round(
      Math.max(0, ...samples.filter((s) => s.at >= stoppedAt && s.at < backAt).map((s) => s.ms)),
    ),
    recoveredAfterMs: afterReturn.some((s) => s.status === 201)
      ? Math.round(lastFailureAfterReturn ? lastFailureAfterReturn.at - backAt : 0)
      : null,
  };
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
