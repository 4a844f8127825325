/**
 * Validation bench: validate-shipment with 10 and 200 line items (the fixture's sample
 * shipment), and HS code search over the loaded reference data.
 *
 * - In process: the built-in rules provider's validate() plus the validation hash, one call at a
 *   time, on a PostgreSQL database of the section's own (migrated and seeded) and on PGlite in
 *   memory; searchHsCodes on PostgreSQL, cycling through HS_QUERIES.
 * - Through the gateway: the real service in a child process on that PostgreSQL database, driven
 *   by wrk over loopback at the foundation's settings (-c32) and at low concurrency (-c4, the
 *   latency run): POST /functions/v1/validate-shipment, and GET /api/v1/hs-codes/search with one
 *   query of HS_QUERIES per request.
 *
 * Bars: 200 line items through the gateway p99 < 50 ms (the -c4 run); HS search p99 < 20 ms (in
 * process and the -c4 run). The -c32 runs are reported against the same limits for reference.
 */
import type { Db } from "../shared/platform/db/db.ts";
import { openPglite } from "../shared/platform/db/pglite.ts";
import { openPostgres } from "../shared/platform/db/postgres.ts";
import { prepareDatabase } from "../shared/platform/db/prepare.ts";
import { type HsSearchInput, searchHsCodes } from "../shared/hs/search.ts";
import { BuiltInRulesProvider } from "../shared/validation/builtin_provider.ts";
import { validationHash } from "../shared/validation/hash.ts";
import { ReferenceData } from "../shared/validation/reference.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { createBenchDatabase } from "./lib/pg.ts";
import { fmt, passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import {
  call,
  createTeam,
  makeLogDir,
  type Measured,
  measureWrk,
  POOL_SIZE,
  serviceMetadata,
  startService,
  wrkSummary,
} from "./lib/service.ts";
import { shipmentData } from "./lib/shipments.ts";
import {
  loadAverage,
  type Percentiles,
  percentiles,
  printInProcess,
  round,
  statsSummary,
  timeLoop,
} from "./lib/stats.ts";
import type { WrkRequest } from "./lib/wrk.ts";

const GATE = "trade-document-validator";
const SIZES = [10, 200] as const;
/** The low-concurrency (latency) wrk run; the other is the foundation's settings.wrk. */
const LATENCY_CONNECTIONS = 4;
const BARS = { validation200P99Ms: 50, hsSearchP99Ms: 20 };
/** In-process loops measure at least this many calls, however short BENCH_SECONDS is. */
const MIN_CALLS = 100;

/**
 * Twenty searches a user might type: words (head-phrase nouns, synonyms, multi-word, negation
 * traps), code prefixes with and without dots and spaces; half with country=US (national lines
 * too).
 */
const HS_QUERIES: { q: string; country?: string }[] = [
  { q: "roasted coffee" },
  { q: "laptop", country: "US" },
  { q: "men's cotton t-shirts" },
  { q: "lithium-ion battery", country: "US" },
  { q: "sparkling wine" },
  { q: "crude petroleum oil", country: "US" },
  { q: "ball bearings" },
  { q: "hydraulic pumps", country: "US" },
  { q: "solar panel" },
  { q: "frozen beef", country: "US" },
  { q: "mobile phone" },
  { q: "wooden furniture", country: "US" },
  { q: "olive oil" },
  { q: "stainless steel screws", country: "US" },
  { q: "leather handbags" },
  { q: "fresh apples", country: "US" },
  { q: "car" },
  { q: "0901", country: "US" },
  { q: "8471.30" },
  { q: "6109 10", country: "US" },
];

export const validation: Section = {
  name: "validation",
  summary: "validate-shipment (10 and 200 line items) and HS search: in process and gateway",
  run,
};

interface InProcessCase {
  items: number;
  passed: boolean;
  stats: Percentiles;
}

interface GatewayCase {
  items: number;
  passed: boolean;
  c32: Measured;
  latency: Measured;
}

async function run(cleanup: Cleanup, settings: BenchSettings): Promise<void> {
  const metadata = await runMetadata();
  console.log(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  const databaseUrl = await createBenchDatabase(cleanup, "validation");
  const loop = {
    warmupSeconds: settings.warmupSeconds,
    seconds: settings.seconds,
    minIterations: MIN_CALLS,
  };
  console.log(
    `in process: one call at a time, ${settings.warmupSeconds} s warm-up, then ` +
      `${settings.seconds} s (at least ${MIN_CALLS} calls) per case`,
  );

  // In process, PostgreSQL.
  const pg = await openDb(
    cleanup,
    "PostgreSQL",
    () => openPostgres(databaseUrl, { max: POOL_SIZE }),
  );
  const pgPrepareSeconds = await prepare(pg.db, "PostgreSQL");
  const onPostgres = await validateInProcess(pg.db, "PostgreSQL", loop);
  const hsQueries: HsSearchInput[] = HS_QUERIES.map((h) => ({
    q: h.q,
    country: h.country ?? null,
    limit: 20,
  }));
  const hsTotals: number[] = [];
  for (const input of hsQueries) hsTotals.push((await searchHsCodes(pg.db, input)).total);
  const noHits = HS_QUERIES.filter((_, i) => hsTotals[i] === 0).map((h) => h.q);
  if (noHits.length > 0) console.log(`  note: no HS match for ${noHits.join(", ")}`);
  const queryOfCall: number[] = [];
  const hsSamples = await timeLoop((i) => {
    queryOfCall.push(i % hsQueries.length);
    return searchHsCodes(pg.db, hsQueries[i % hsQueries.length]!);
  }, { ...loop, warmupIterations: hsQueries.length });
  const hsInProcess = percentiles(hsSamples);
  printInProcess("HS search, PostgreSQL", hsInProcess, 32);
  // The measured calls are the last ones; per query, to tell a slow query from a slow moment.
  const measuredQueries = queryOfCall.slice(-hsSamples.length);
  const hsPerQuery = hsQueries.map((_, q) =>
    percentiles(hsSamples.filter((_, k) => measuredQueries[k] === q))
  );
  const slowest = hsPerQuery.map((s, q) => ({ q: HS_QUERIES[q]!, p50: s.p50 }))
    .sort((a, b) => b.p50 - a.p50).slice(0, 3);
  console.log(
    `    slowest queries (p50): ${
      slowest.map((s) => `"${s.q.q}"${s.q.country ? ` ${s.q.country}` : ""} ${fmt.ms(s.p50)} ms`)
        .join(", ")
    }`,
  );
  await pg.close();

  // In process, PGlite in memory.
  const lite = await openDb(cleanup, "PGlite", () => openPglite());
  const pglitePrepareSeconds = await prepare(lite.db, "PGlite (in memory)");
  const onPglite = await validateInProcess(lite.db, "PGlite", loop);
  await lite.close();

  // Through the gateway, PostgreSQL.
  const loadBeforeGateway = Deno.loadavg();
  console.log(`\ngateway: load average before: ${loadAverage()}`);
  const logDir = await makeLogDir(cleanup, settings, "validation");
  const service = await startService(cleanup, settings, databaseUrl, logDir);
  const team = await createTeam(service);
  const wrkHeaders = {
    Authorization: team.functionHeaders.authorization!,
    apikey: team.functionHeaders.apikey!,
  };
  const { threads, connections } = settings.wrk;
  console.log(
    `wrk -t${threads} -c${connections} and -c${LATENCY_CONNECTIONS} -d${settings.seconds}s ` +
      `--latency (${settings.warmupSeconds} s warm-up each), loopback, ` +
      `${navigator.hardwareConcurrency} CPUs`,
  );
  const gateway: GatewayCase[] = [];
  for (const items of SIZES) {
    const shipment = shipmentData(items);
    const answer = await call<{ passed: boolean }>(
      service,
      "POST",
      "/functions/v1/validate-shipment",
      team.functionHeaders,
      { shipment },
      200,
    );
    const request: WrkRequest = {
      url: `${service.url}/functions/v1/validate-shipment`,
      method: "POST",
      body: JSON.stringify({ shipment }),
      headers: wrkHeaders,
    };
    const label = `validate ${items} items`;
    gateway.push({
      items,
      passed: answer.passed,
      c32: await measureWrk(cleanup, settings, `${label} -c${connections}`, request, service),
      latency: await measureWrk(
        cleanup,
        settings,
        `${label} -c${LATENCY_CONNECTIONS}`,
        request,
        service,
        LATENCY_CONNECTIONS,
      ),
    });
  }
  const hsPaths = HS_QUERIES.map((h) =>
    `/api/v1/hs-codes/search?${new URLSearchParams({
      q: h.q,
      ...h.country ? { country: h.country } : {},
    })}`
  );
  for (const path of hsPaths) await call(service, "GET", path, team.apiHeaders, null, 200);
  const hsRequest: WrkRequest = {
    url: `${service.url}${hsPaths[0]}`,
    method: "GET",
    headers: { Authorization: team.apiHeaders.authorization! },
    paths: hsPaths,
  };
  const hsC32 = await measureWrk(
    cleanup,
    settings,
    `HS search -c${connections}`,
    hsRequest,
    service,
  );
  const hsLatency = await measureWrk(
    cleanup,
    settings,
    `HS search -c${LATENCY_CONNECTIONS}`,
    hsRequest,
    service,
    LATENCY_CONNECTIONS,
  );

  // Tables and bars.
  const validateRows: {
    where: string;
    items: number;
    concurrency: string;
    rps: number;
    p50: number;
    p99: number;
    bar: boolean;
  }[] = [];
  for (
    const [where, cases] of [["in process, PostgreSQL", onPostgres], [
      "in process, PGlite",
      onPglite,
    ]] as const
  ) {
    for (const c of cases) {
      validateRows.push({
        where,
        items: c.items,
        concurrency: "1",
        rps: 1000 / c.stats.mean,
        p50: c.stats.p50,
        p99: c.stats.p99,
        bar: false,
      });
    }
  }
  for (const g of gateway) {
    for (const m of [g.c32, g.latency]) {
      validateRows.push({
        where: "gateway, PostgreSQL",
        items: g.items,
        concurrency: `-c${m.connections}`,
        rps: m.rps,
        p50: m.latencyMs.p50,
        p99: m.latencyMs.p99,
        bar: g.items === 200 && m.connections === LATENCY_CONNECTIONS,
      });
    }
  }
  const validateLimit = BARS.validation200P99Ms;
  console.log(
    `\nvalidate-shipment (gate ${GATE}); in process: validate() + hash, one at a time ` +
      `(rps = 1000 / mean)`,
  );
  console.log(table(
    ["where", "items", "conc", "rps", "p50 ms", "p99 ms", `p99<${validateLimit}ms`],
    validateRows.map((r) => [
      r.where,
      String(r.items),
      r.concurrency,
      fmt.rps(r.rps),
      fmt.ms(r.p50),
      fmt.ms(r.p99),
      barCell(r.p99 < validateLimit, r.bar),
    ]),
    new Set([0, 2]),
  ));

  const hsLimit = BARS.hsSearchP99Ms;
  const hsRows = [
    {
      where: "in process, PostgreSQL",
      concurrency: "1",
      rps: 1000 / hsInProcess.mean,
      p50: hsInProcess.p50,
      p99: hsInProcess.p99,
      bar: true,
    },
    ...[hsC32, hsLatency].map((m) => ({
      where: "gateway, PostgreSQL",
      concurrency: `-c${m.connections}`,
      rps: m.rps,
      p50: m.latencyMs.p50,
      p99: m.latencyMs.p99,
      bar: m.connections === LATENCY_CONNECTIONS,
    })),
  ];
  console.log(`\nHS search, ${HS_QUERIES.length} queries in turn (limit 20)`);
  console.log(table(
    ["where", "conc", "rps", "p50 ms", "p99 ms", `p99<${hsLimit}ms`],
    hsRows.map((r) => [
      r.where,
      r.concurrency,
      fmt.rps(r.rps),
      fmt.ms(r.p50),
      fmt.ms(r.p99),
      barCell(r.p99 < hsLimit, r.bar),
    ]),
    new Set([0, 1]),
  ));
  console.log(
    "PASS/FAIL: a bar; (pass)/(fail): the same limit on a run that is not the bar, " +
      "for reference",
  );
  const bars = [
    ...validateRows.filter((r) => r.bar).map((r) => ({
      name: `validate 200 items, gateway ${r.concurrency}: p99 < ${validateLimit} ms`,
      value_ms: round(r.p99, 3),
      pass: r.p99 < validateLimit,
    })),
    ...hsRows.filter((r) => r.bar).map((r) => ({
      name: `HS search, ${r.where}${r.concurrency === "1" ? "" : ` ${r.concurrency}`}: ` +
        `p99 < ${hsLimit} ms`,
      value_ms: round(r.p99, 3),
      pass: r.p99 < hsLimit,
    })),
  ];
  printVerdict(bars);

  const serviceLog = await Deno.stat(service.stdoutFile);
  const file = await writeResults("validation", {
    section: "validation",
    ...metadata,
    load_average_before_gateway: loadBeforeGateway,
    gate: GATE,
    in_process: {
      loop: { warmup_seconds: settings.warmupSeconds, seconds: settings.seconds, min: MIN_CALLS },
      prepare_seconds: { postgres: pgPrepareSeconds, pglite: pglitePrepareSeconds },
      validate: {
        postgres: onPostgres.map(inProcessSummary),
        pglite: onPglite.map(inProcessSummary),
      },
      hs_search_postgres: statsSummary(hsInProcess),
    },
    wrk: {
      threads,
      connections: [connections, LATENCY_CONNECTIONS],
      seconds: settings.seconds,
      warmup_seconds: settings.warmupSeconds,
    },
    service: { ...serviceMetadata(settings, service), request_log_bytes: serviceLog.size },
    gateway: {
      validate: gateway.map((g) => ({
        items: g.items,
        passed: g.passed,
        body_bytes: JSON.stringify({ shipment: shipmentData(g.items) }).length,
        runs: [wrkSummary(g.c32), wrkSummary(g.latency)],
      })),
      hs_search: { runs: [wrkSummary(hsC32), wrkSummary(hsLatency)] },
    },
    hs_queries: HS_QUERIES.map((h, i) => ({
      ...h,
      total: hsTotals[i],
      in_process_p50_ms: round(hsPerQuery[i]!.p50, 3),
      in_process_p99_ms: round(hsPerQuery[i]!.p99, 3),
    })),
    bars: {
      validate_200_gateway_p99_ms: {
        max_exclusive: validateLimit,
        connections: LATENCY_CONNECTIONS,
      },
      hs_search_p99_ms: { max_exclusive: hsLimit, connections: LATENCY_CONNECTIONS },
      results: bars,
    },
  });
  console.log(`results: ${file}`);
}

function barCell(pass: boolean, isBar: boolean): string {
  return isBar ? passFail(pass) : `(${passFail(pass).toLowerCase()})`;
}

/** Opens a database and registers its closing; `close` closes it now (once). */
async function openDb(
  cleanup: Cleanup,
  label: string,
  open: () => Promise<Db> | Db,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const db = await open();
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= db.close());
  cleanup.defer(`close the in-process ${label} connection`, close);
  return { db, close };
}

async function prepare(db: Db, label: string): Promise<number> {
  const t0 = performance.now();
  await prepareDatabase(db);
  const seconds = round((performance.now() - t0) / 1000, 2);
  console.log(`  ${label}: migrated and seeded in ${seconds} s`);
  return seconds;
}

/** validate() plus the hash, as runValidation does before it writes the record. */
async function validateInProcess(
  db: Db,
  label: string,
  loop: Parameters<typeof timeLoop>[1],
): Promise<InProcessCase[]> {
  const provider = new BuiltInRulesProvider(new ReferenceData(db));
  const once = async (shipment: Record<string, unknown>) => {
    const run = await provider.validate({ gate: GATE, shipment });
    const hash = await validationHash({
      gate: GATE,
      ruleset_version: run.ruleset_version,
      shipment,
      validated_at: new Date().toISOString(),
    });
    return { passed: run.layers.every((l) => l.status === "passed"), hash };
  };
  const cases: InProcessCase[] = [];
  for (const items of SIZES) {
    const shipment = shipmentData(items);
    const { passed } = await once(shipment);
    const stats = percentiles(await timeLoop(() => once(shipment), loop));
    printInProcess(`validate ${items} items, ${label}${passed ? "" : " (fails)"}`, stats, 32);
    cases.push({ items, passed, stats });
  }
  return cases;
}

function inProcessSummary(c: InProcessCase) {
  return { items: c.items, passed: c.passed, ...statsSummary(c.stats) };
}
