/**
 * Webhooks bench: delivery by the real service (the gateway in a child process on a PostgreSQL
 * database of the section's own, with its webhook worker; WEBHOOK_ALLOW_PRIVATE_NETWORKS=true so
 * it may deliver to loopback) to a receiver in this process (Deno.serve on port 0) that checks
 * every request as docs/webhooks.md tells receivers to: the signature (HMAC-SHA256 of the raw body
 * with the subscription's secret, compared in constant time), the timestamp, and the event id
 * (duplicates are counted). A request that fails a check makes the run invalid.
 *
 * - Throughput: EVENTS document.failed events written to the outbox in one transaction (as many
 *   document workers finishing at once would), from the commit to the last event received:
 *   events per second; and each event's delay from the commit to its receipt.
 * - Delay after a document job: JOB_CALLS generate-documents calls of two documents each (10 line
 *   items, no shipment), one every CALL_INTERVAL_MS; for every document.generated event, its
 *   receipt minus the job's completed_at (written in the transaction that wrote the event).
 *   PostgreSQL runs on this machine, so both times come from the same clock.
 *
 * Bar: the delay after a document job, p50 < 1 s.
 */
import type { Db } from "../shared/platform/db/db.ts";
import { openPostgres } from "../shared/platform/db/postgres.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { createBenchDatabase } from "./lib/pg.ts";
import { type ServerProcess, tail } from "./lib/process.ts";
import { fmt, passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import { call, createTeam, makeLogDir, serviceMetadata, startService } from "./lib/service.ts";
import { shipmentData } from "./lib/shipments.ts";
import { loadAverage, type Percentiles, percentiles, round } from "./lib/stats.ts";

const EVENTS = 3000;
const JOB_CALLS = 30;
const CALL_INTERVAL_MS = 300;
const JOB_TYPES = ["COMMERCIAL_INVOICE", "PACKING_LIST"];
const BARS = { jobDelayP50Ms: 1000 };
/** How long to wait for the last delivery before the run is invalid. */
const WAIT_MS = 120_000;

export const webhooks: Section = {
  name: "webhooks",
  summary: "webhook delivery throughput and delay after a document job, loopback receiver",
  run,
};

interface Receipt {
  event: string;
  jobId: string | null;
  at: number;
}

async function run(cleanup: Cleanup, settings: BenchSettings): Promise<void> {
  const metadata = await runMetadata();
  console.log(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  const databaseUrl = await createBenchDatabase(cleanup, "webhooks");
  const logDir = await makeLogDir(cleanup, settings, "webhooks");
  const service = await startService(
    cleanup,
    { ...settings, serviceEnv: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ...settings.serviceEnv } },
    databaseUrl,
    logDir,
  );
  const team = await createTeam(service);
  const db = openPostgres(databaseUrl, { max: 2 });
  cleanup.defer("close the in-process PostgreSQL connection", () => db.close());

  const receiver = startReceiver(cleanup);
  const { secret } = await call<{ secret: string }>(
    service,
    "POST",
    "/api/v1/webhooks",
    team.apiHeaders,
    { url: receiver.url, events: ["document.generated", "document.failed"] },
    201,
  );
  receiver.secret = secret;

  // Throughput: a burst of events written at once.
  const committedAt = await writeEvents(db, team.team_id, EVENTS);
  await receiver.waitFor(EVENTS, service);
  const burst = [...receiver.received.values()];
  const lastAt = Math.max(...burst.map((r) => r.at));
  const throughput = EVENTS / ((lastAt - committedAt) / 1000);
  const burstDelay = percentiles(burst.map((r) => r.at - committedAt));
  console.log(
    `burst of ${EVENTS} events: all received ${fmt.ms(lastAt - committedAt)} ms after the ` +
      `commit: ${fmt.rps(throughput)} events/s (delay p50 ${fmt.ms(burstDelay.p50)} ms, ` +
      `p99 ${fmt.ms(burstDelay.p99)} ms)`,
  );

  // Delay after document jobs.
  receiver.received.clear();
  const jobIds = await generatePaced(service, team.functionHeaders);
  await receiver.waitFor(jobIds.length, service);
  const completed = await completedAt(db, jobIds);
  const delays = [...receiver.received.values()].map((r) => {
    const done = completed.get(r.jobId ?? "");
    if (r.event !== "document.generated" || done === undefined) {
      throw new Error(`unexpected ${r.event} for job ${r.jobId}`);
    }
    return r.at - done;
  });
  const jobDelay = percentiles(delays);
  console.log(
    `${jobIds.length} document jobs (${JOB_CALLS} calls of ${JOB_TYPES.length}, one every ` +
      `${CALL_INTERVAL_MS} ms): job completed → event received p50 ${fmt.ms(jobDelay.p50)} ms, ` +
      `p99 ${fmt.ms(jobDelay.p99)} ms`,
  );

  const rows: [string, string, Percentiles, number | null][] = [
    [`burst of ${EVENTS} events`, "outbox commit → received", burstDelay, null],
    [`${jobIds.length} document jobs`, "job completed → received", jobDelay, BARS.jobDelayP50Ms],
  ];
  console.log("\nwebhook delivery delay (ms)");
  console.log(table(
    ["events", "from → to", "n", "p50", "p99", "max", "p50<1s"],
    rows.map(([what, span, s, bar]) => [
      what,
      span,
      String(s.n),
      fmt.ms(s.p50),
      fmt.ms(s.p99),
      fmt.ms(s.max),
      bar === null ? `(${passFail(s.p50 < 1000).toLowerCase()})` : passFail(s.p50 < bar),
    ]),
    new Set([0, 1]),
  ));
  console.log(
    "PASS/FAIL: a bar; (pass)/(fail): the same limit on a run that is not the bar, for reference",
  );
  console.log(
    `throughput: ${fmt.rps(throughput)} events/s; duplicates received: ${receiver.duplicates}`,
  );
  const bars = [{
    name: `delay from document job completion to receipt: p50 < ${BARS.jobDelayP50Ms} ms`,
    value_ms: round(jobDelay.p50, 3),
    pass: jobDelay.p50 < BARS.jobDelayP50Ms,
  }];
  printVerdict(bars);

  const file = await writeResults("webhooks", {
    section: "webhooks",
    ...metadata,
    service: serviceMetadata(settings, service),
    receiver: "Deno.serve in the bench process, 127.0.0.1; checks signature, timestamp, event id",
    burst: {
      events: EVENTS,
      seconds: round((lastAt - committedAt) / 1000, 3),
      events_per_second: round(throughput, 1),
      delay_ms: delaySummary(burstDelay),
    },
    document_jobs: {
      calls: JOB_CALLS,
      types: JOB_TYPES,
      call_interval_ms: CALL_INTERVAL_MS,
      jobs: jobIds.length,
      delay_ms: delaySummary(jobDelay),
    },
    duplicates: receiver.duplicates,
    bars: { job_delay_p50_ms: { max_exclusive: BARS.jobDelayP50Ms }, results: bars },
  });
  console.log(`results: ${file}`);
}

/**
 * The receiver: verifies each request, keeps the first receipt of each event id, answers 204.
 * A request that fails verification is kept as an error and fails the run.
 */
function startReceiver(cleanup: Cleanup) {
  const encoder = new TextEncoder();
  let key: CryptoKey | undefined;
  const state = {
    secret: "",
    /** This phase's events, by id (cleared between phases). */
    received: new Map<string, Receipt>(),
    /** Every event id received in the run, to count duplicates across phases. */
    seen: new Set<string>(),
    duplicates: 0,
    errors: [] as string[],
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const at = Date.now();
    const raw = await req.text();
    key ??= await crypto.subtle.importKey(
      "raw",
      encoder.encode(state.secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(raw)));
    const expected = `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
    const sentAt = Number(req.headers.get("x-service-timestamp"));
    const body = JSON.parse(raw) as { id: string; event: string; data: { job_id?: string } };
    if (!constantTimeEqual(expected, req.headers.get("x-service-signature") ?? "")) {
      state.errors.push(`bad signature on event ${body.id}`);
    } else if (!(Math.abs(at / 1000 - sentAt) <= 300)) {
      state.errors.push(`stale timestamp ${sentAt} on event ${body.id}`);
    } else if (req.headers.get("x-service-event-id") !== body.id) {
      state.errors.push(`X-Service-Event-Id is not the body's id ${body.id}`);
    } else if (state.seen.has(body.id)) {
      state.duplicates++;
    } else {
      state.seen.add(body.id);
      state.received.set(body.id, { event: body.event, jobId: body.data.job_id ?? null, at });
    }
    return new Response(null, { status: 204 });
  });
  cleanup.defer("stop the webhook receiver", () => server.shutdown());
  return Object.assign(state, {
    url: `http://127.0.0.1:${server.addr.port}/hooks`,
    /** Waits until `count` distinct events arrived; fails on a bad request or after WAIT_MS. */
    async waitFor(count: number, service: ServerProcess): Promise<void> {
      const deadline = Date.now() + WAIT_MS;
      while (state.received.size < count && state.errors.length === 0) {
        if (Date.now() > deadline) {
          throw new Error(
            `only ${state.received.size} of ${count} events arrived in ${WAIT_MS} ms\n` +
              (await tail(service.stderrFile)),
          );
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      if (state.errors.length > 0) {
        throw new Error(`the receiver refused requests: ${state.errors.slice(0, 5).join("; ")}`);
      }
    },
  });
}

function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}

/** Writes `count` document.failed events in one transaction; answers the time of the commit. */
async function writeEvents(db: Db, teamId: string, count: number): Promise<number> {
  await db.query(
    `insert into outbox_events (team_id, event, payload)
     select $1, 'document.failed', jsonb_build_object(
              'job_id', gen_random_uuid(), 'shipment_id', null,
              'document_type', 'PACKING_LIST', 'status', 'failed',
              'error_message', 'Rendering failed: bench event ' || i)
       from generate_series(1, $2) as i`,
    [teamId, count],
  );
  return Date.now();
}

/** JOB_CALLS generate-documents calls, one every CALL_INTERVAL_MS; answers the job ids. */
async function generatePaced(
  service: ServerProcess,
  headers: Record<string, string>,
): Promise<string[]> {
  const body = { shipment: shipmentData(10), document_types: JOB_TYPES, confirm_warnings: true };
  const calls: Promise<string[]>[] = [];
  for (let i = 0; i < JOB_CALLS; i++) {
    calls.push(
      call<{ jobs: { jobId: string }[] }>(
        service,
        "POST",
        "/functions/v1/generate-documents",
        headers,
        body,
        202,
      ).then((answer) => answer.jobs.map((j) => j.jobId)),
    );
    await new Promise((r) => setTimeout(r, CALL_INTERVAL_MS));
  }
  return (await Promise.all(calls)).flat();
}

async function completedAt(db: Db, jobIds: string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ id: string; completed_at: Date; status: string }>(
    "select id, completed_at, status from document_jobs where id = any($1::uuid[])",
    [jobIds],
  );
  const failed = rows.filter((r) => r.status !== "completed");
  if (failed.length > 0) throw new Error(`${failed.length} document jobs did not complete`);
  return new Map(rows.map((r) => [r.id, new Date(r.completed_at).getTime()]));
}

function delaySummary(s: Percentiles) {
  return {
    n: s.n,
    p50: round(s.p50, 3),
    p90: round(s.p90, 3),
    p99: round(s.p99, 3),
    max: round(s.max, 3),
    mean: round(s.mean, 3),
  };
}
