/**
 * Foundation bench: create-shipment (POST) and get-shipment (GET by id) on the real service,
 * against a bare Deno.serve + postgres.js baseline doing the same database work
 * (bench/baseline_server.ts). Both run in child processes on a PostgreSQL database of their own;
 * wrk drives them over loopback.
 *
 * Bars, per endpoint: service throughput >= 60% of the baseline's, and service p99 < 25 ms.
 */
import type { Cleanup } from "./lib/cleanup.ts";
import { createBenchDatabase } from "./lib/pg.ts";
import { freePort, startServer } from "./lib/process.ts";
import { fmt, passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import {
  ANON_KEY,
  call,
  makeLogDir,
  type Measured,
  measureWrk,
  POOL_SIZE,
  SERVICE_ROLE_KEY,
  startService,
  wrkSummary,
} from "./lib/service.ts";
import type { WrkRequest } from "./lib/wrk.ts";

const BARS = { minRatio: 0.6, maxP99Ms: 25 };

/** A realistic small shipment: two parties, a route, two line items. */
export const SHIPMENT_DATA = {
  exporter: {
    name: "Acme Exports GmbH",
    address: "Am Sandtorkai 1, 20457 Hamburg",
    country: "DE",
    eori: "DE123456789012345",
  },
  importer: {
    name: "Globex Imports Inc",
    address: "100 Harbor Blvd, Newark, NJ 07114",
    country: "US",
    tax_id: "12-3456789",
  },
  route: {
    origin_country: "DE",
    destination_country: "US",
    port_of_loading: "DEHAM",
    port_of_discharge: "USNYC",
    transport_mode: "sea",
    incoterm: "FOB",
  },
  goods: {
    currency: "EUR",
    total_value: 12500,
    gross_weight_kg: 540,
    line_items: [
      {
        description: "Stainless steel ball bearings",
        hs_code: "848210",
        quantity: 400,
        unit: "pcs",
        unit_price: 18.75,
        net_weight_kg: 320,
        origin_country: "DE",
      },
      {
        description: "Hydraulic pump assemblies",
        hs_code: "841360",
        quantity: 10,
        unit: "pcs",
        unit_price: 500,
        net_weight_kg: 180,
        origin_country: "DE",
      },
    ],
  },
};

/** A wrk result and the server's CPU time per request during the measured run (null off Linux). */

interface CaseResult {
  endpoint: "create" | "get";
  service: Measured;
  baseline: Measured;
}

export const foundation: Section = {
  name: "foundation",
  summary: "create-shipment and get-shipment: the service against a bare Deno.serve baseline",
  run,
};

async function run(cleanup: Cleanup, settings: BenchSettings): Promise<void> {
  const metadata = await runMetadata();
  const databaseUrl = await createBenchDatabase(cleanup, "foundation");
  const logDir = await makeLogDir(cleanup, settings, "foundation");
  const service = await startService(cleanup, settings, databaseUrl, logDir);

  const team = await call<{ team_id: string; api_key: string }>(
    service,
    "POST",
    "/api/v1/admin/teams",
    { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    { name: "bench", tier: "scale" },
    201,
  );
  const functionHeaders = { authorization: `Bearer ${team.api_key}`, apikey: ANON_KEY };
  const body = JSON.stringify({ shipment_data: SHIPMENT_DATA });
  const created = await call<{ shipment_id: string }>(
    service,
    "POST",
    "/functions/v1/create-shipment",
    functionHeaders,
    { shipment_data: SHIPMENT_DATA },
    201,
  );
  const shipmentId = created.shipment_id;
  await call(
    service,
    "GET",
    `/functions/v1/get-shipment?id=${shipmentId}`,
    functionHeaders,
    null,
    200,
  );

  const baseline = await startServer(cleanup, {
    name: "baseline",
    script: "bench/baseline_server.ts",
    port: freePort(),
    logDir,
    env: {
      DATABASE_URL: databaseUrl,
      BENCH_TEAM_ID: team.team_id,
      DB_POOL_SIZE: String(POOL_SIZE),
    },
  });
  await call(
    baseline,
    "POST",
    "/shipments",
    functionHeaders,
    { shipment_data: SHIPMENT_DATA },
    201,
  );
  await call(baseline, "GET", `/shipments?id=${shipmentId}`, functionHeaders, null, 200);

  const wrkHeaders = { Authorization: functionHeaders.authorization, apikey: ANON_KEY };
  const cases: { endpoint: CaseResult["endpoint"]; service: WrkRequest; baseline: WrkRequest }[] = [
    {
      endpoint: "create",
      service: {
        url: `${service.url}/functions/v1/create-shipment`,
        method: "POST",
        body,
        headers: wrkHeaders,
      },
      baseline: { url: `${baseline.url}/shipments`, method: "POST", body, headers: wrkHeaders },
    },
    {
      endpoint: "get",
      service: {
        url: `${service.url}/functions/v1/get-shipment?id=${shipmentId}`,
        method: "GET",
        headers: wrkHeaders,
      },
      baseline: {
        url: `${baseline.url}/shipments?id=${shipmentId}`,
        method: "GET",
        headers: wrkHeaders,
      },
    },
  ];

  const { threads, connections } = settings.wrk;
  console.log(
    `wrk -t${threads} -c${connections} -d${settings.seconds}s --latency ` +
      `(${settings.warmupSeconds} s warm-up each), loopback, ${navigator.hardwareConcurrency} CPUs`,
  );
  const results: CaseResult[] = [];
  for (const c of cases) {
    const serviceResult = await measureWrk(
      cleanup,
      settings,
      `${c.endpoint} service`,
      c.service,
      service,
    );
    const baselineResult = await measureWrk(
      cleanup,
      settings,
      `${c.endpoint} baseline`,
      c.baseline,
      baseline,
    );
    results.push({ endpoint: c.endpoint, service: serviceResult, baseline: baselineResult });
  }

  const rows = results.map((r) => {
    const ratio = r.service.rps / r.baseline.rps;
    return {
      endpoint: r.endpoint,
      service: wrkSummary(r.service),
      baseline: wrkSummary(r.baseline),
      ratio: round(ratio, 3),
      bars: {
        ratio: { min: BARS.minRatio, pass: ratio >= BARS.minRatio },
        service_p99_ms: {
          max_exclusive: BARS.maxP99Ms,
          pass: r.service.latencyMs.p99 < BARS.maxP99Ms,
        },
      },
    };
  });

  console.log();
  console.log(table(
    [
      "endpoint",
      "svc rps",
      "svc p50 ms",
      "svc p99 ms",
      "base rps",
      "base p50 ms",
      "base p99 ms",
      "svc/base",
      `ratio>=${BARS.minRatio.toFixed(2)}`,
      `svc p99<${BARS.maxP99Ms}ms`,
    ],
    rows.map((r) => [
      r.endpoint,
      fmt.rps(r.service.rps),
      fmt.ms(r.service.p50_ms),
      fmt.ms(r.service.p99_ms),
      fmt.rps(r.baseline.rps),
      fmt.ms(r.baseline.p50_ms),
      fmt.ms(r.baseline.p99_ms),
      fmt.ratio(r.ratio),
      passFail(r.bars.ratio.pass),
      passFail(r.bars.service_p99_ms.pass),
    ]),
  ));
  printVerdict(rows.flatMap((r) => [
    { name: `${r.endpoint} throughput ratio`, pass: r.bars.ratio.pass },
    { name: `${r.endpoint} p99`, pass: r.bars.service_p99_ms.pass },
  ]));

  const serviceLog = await Deno.stat(service.stdoutFile);
  const file = await writeResults("foundation", {
    section: "foundation",
    ...metadata,
    wrk: {
      threads,
      connections,
      seconds: settings.seconds,
      warmup_seconds: settings.warmupSeconds,
    },
    service: {
      db_pool_size: POOL_SIZE,
      log_requests: settings.serviceEnv.LOG_REQUESTS ?? "true",
      rate_limit_per_minute: settings.serviceEnv.RATE_LIMIT_PER_MINUTE ?? "0",
      script: settings.serviceScript,
      extra_env: settings.serviceEnv,
      deno_flags: settings.serviceDenoFlags,
      request_log_bytes: serviceLog.size,
    },
    bars: { min_ratio: BARS.minRatio, max_service_p99_ms: BARS.maxP99Ms },
    results: rows,
  });
  console.log(`results: ${file}`);
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
