/**
 * HS search bench: relevance on the held-out labelled queries, and latency through the gateway.
 *
 * - Data: a PostgreSQL database of the section's own, the service started on it (it migrates and
 *   loads the reference data, the everyday vocabulary included), one team.
 * - Relevance: every query of tests/fixtures/hs_queries/queries.tsv (tests/hs/query_set.ts
 *   splits the set once, by a hash of each line; the search is tuned on the other part only)
 *   through GET /api/v1/hs-codes/search, one at a time; a query is a hit when an accepted code
 *   is among the first three answers. Prints the per-kind table of the held-out part, on which
 *   the bars are, with the tuning part's rates beside it.
 * - Latency: wrk over loopback at -c4, one held-out query per request in turn.
 *
 * Bars: top-3 hit on the held-out part ≥ 90 % overall, ≥ 85 % everyday words, ≥ 75 %
 * misspellings, ≥ 95 % codes, ≥ 85 % US lines; p99 ≤ 20 ms through the gateway at -c4.
 */
import {
  isTop3Hit,
  type KindScore,
  labelledQueries,
  type LabelledQuery,
  scoreByKind,
} from "../tests/hs/query_set.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { createBenchDatabase } from "./lib/pg.ts";
import { fmt, passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import {
  call,
  createTeam,
  makeLogDir,
  measureWrk,
  serviceMetadata,
  startService,
  wrkSummary,
} from "./lib/service.ts";
import { round } from "./lib/stats.ts";

const LATENCY_CONNECTIONS = 4;
/** Minimum top-3 hit rate per kind (0 to 1) on the held-out part. */
const RELEVANCE_BARS: Record<KindScore["kind"], number | null> = {
  overall: 0.9,
  everyday: 0.85,
  misspelling: 0.75,
  code: 0.95,
  us_line: 0.85,
  nomenclature: null,
};
const P99_BAR_MS = 20;

export const hs: Section = {
  name: "hs",
  summary: "HS search: top-3 hits on held-out labelled queries, gateway p99 at -c4",
  run,
};

async function run(cleanup: Cleanup, settings: BenchSettings): Promise<void> {
  const metadata = await runMetadata();
  const databaseUrl = await createBenchDatabase(cleanup, "hs");
  const logDir = await makeLogDir(cleanup, settings, "hs");
  const service = await startService(cleanup, settings, databaseUrl, logDir);
  const team = await createTeam(service);

  const all = await labelledQueries();
  const heldOut = all.filter((q) => q.heldOut);
  console.log(
    `labelled queries: ${all.length}, held out: ${heldOut.length} (the bars), ` +
      `tuning: ${all.length - heldOut.length} (shown beside them)`,
  );
  const pathOf = (q: { q: string; country: string | null }) =>
    `/api/v1/hs-codes/search?${new URLSearchParams({
      q: q.q,
      limit: "10",
      ...(q.country ? { country: q.country } : {}),
    })}`;
  // Only counts leave this section: the held-out queries' misses are never printed or stored,
  // so that nobody tunes on them (scripts/hs_score.ts --misses shows the tuning part's).
  type Scored = { query: LabelledQuery; hit: boolean };
  const results: Scored[] = [];
  const tuning: Scored[] = [];
  for (const query of all) {
    const page = await call<{ results: { code: string }[] }>(
      service,
      "GET",
      pathOf(query),
      team.apiHeaders,
      null,
      200,
    );
    const codes = page.results.map((r) => r.code);
    (query.heldOut ? results : tuning)
      .push({ query, hit: isTop3Hit(query, codes) });
  }
  const scores = scoreByKind(results);
  const tuned = scoreByKind(tuning);
  console.log(`\ntop-3 hit on the held-out queries (the bars), and on the tuning part`);
  console.log(table(
    ["kind", "queries", "hits", "top-3", "bar", "", "tuning top-3"],
    scores.map((s, i) => {
      const bar = RELEVANCE_BARS[s.kind];
      return [
        s.kind,
        String(s.queries),
        String(s.hits),
        `${(s.rate * 100).toFixed(1)} %`,
        bar === null ? "-" : `≥ ${bar * 100} %`,
        bar === null ? "" : passFail(s.rate >= bar),
        `${(tuned[i]!.rate * 100).toFixed(1)} % of ${tuned[i]!.queries}`,
      ];
    }),
  ));
  console.log(
    `\ngateway: wrk -t${settings.wrk.threads} -c${LATENCY_CONNECTIONS} ` +
      `-d${settings.seconds}s, the held-out queries in turn, loopback`,
  );
  const latency = await measureWrk(
    cleanup,
    settings,
    `search -c${LATENCY_CONNECTIONS}`,
    {
      url: `${service.url}${pathOf(heldOut[0]!)}`,
      method: "GET",
      headers: { Authorization: team.apiHeaders.authorization! },
      paths: heldOut.map(pathOf),
    },
    service,
    LATENCY_CONNECTIONS,
  );
  console.log(table(
    ["what", "rps", "p50 ms", "p99 ms", `p99≤${P99_BAR_MS}ms`],
    [[
      `search, gateway -c${LATENCY_CONNECTIONS}`,
      fmt.rps(latency.rps),
      fmt.ms(latency.latencyMs.p50),
      fmt.ms(latency.latencyMs.p99),
      passFail(latency.latencyMs.p99 <= P99_BAR_MS),
    ]],
  ));

  const bars = [
    ...scores.filter((s) => RELEVANCE_BARS[s.kind] !== null).map((s) => ({
      name: `top-3 hit, ${s.kind}: ≥ ${RELEVANCE_BARS[s.kind]! * 100} %`,
      value_percent: round(s.rate * 100, 1),
      pass: s.rate >= RELEVANCE_BARS[s.kind]!,
    })),
    {
      name: `search p99 through the gateway at -c${LATENCY_CONNECTIONS} ≤ ${P99_BAR_MS} ms`,
      value_ms: round(latency.latencyMs.p99, 3),
      pass: latency.latencyMs.p99 <= P99_BAR_MS,
    },
  ];
  printVerdict(bars);
  const file = await writeResults("hs", {
    section: "hs",
    ...metadata,
    queries: { total: all.length, held_out: heldOut.length },
    top3: scores.map((s) => ({ ...s, rate: round(s.rate, 4) })),
    top3_tuning: tuned.map((s) => ({ ...s, rate: round(s.rate, 4) })),
    service: serviceMetadata(settings, service),
    gateway: wrkSummary(latency),
    bars: { results: bars },
  });
  console.log(`results: ${file}`);
}
