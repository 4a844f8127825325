/**
 * Scores a labelled HS query file (the format of tests/fixtures/hs_queries/queries.tsv) against
 * the search itself, without the gateway: top-3 hits per kind, on a database the service has
 * migrated and loaded (`deno task migrate`).
 *
 *   DATABASE_URL=postgres://… deno run -A scripts/hs_score.ts [file] [--part=all|tuning|held-out]
 *     [--misses]
 *
 * The file defaults to queries.tsv, whose held-out part is never scored here unless asked for
 * (`--part=held-out`, in aggregate only: its misses are not printed, so that nothing is tuned on
 * them). Any other file (a development set) is scored whole. `--misses` prints the missed
 * queries of the part scored, with the first three codes answered; every accepted code is
 * checked to exist first.
 */
import { parseArgs } from "node:util";
import { openDb } from "../shared/platform/db/connect.ts";
import { searchHsCodes } from "../shared/hs/search.ts";
import { isTop3Hit, labelledQueries, scoreByKind } from "../tests/hs/query_set.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: { part: { type: "string", default: "" }, misses: { type: "boolean", default: false } },
});
const file = positionals[0];
const part = values.part || (file ? "all" : "tuning");
if (!["all", "tuning", "held-out"].includes(part)) throw new Error(`--part=${part}`);
const url = Deno.env.get("DATABASE_URL") || undefined;
const db = await openDb({ url, pgliteDir: ".data/pglite", postgres: { max: 1 } });
try {
  const all = await labelledQueries(file ?? undefined);
  const queries = all.filter((q) =>
    part === "all" || (part === "held-out" ? q.heldOut : !q.heldOut)
  );
  const unknown = [];
  for (const q of queries) {
    for (const code of q.accepted) {
      const found = q.country && code.length > 6
        ? await db.query("select 1 from tariff_lines where country = $1 and code = $2", [
          q.country,
          code,
        ])
        : await db.query("select 1 from hs_codes where code = $1", [code]);
      if (found.length === 0) unknown.push(`${q.q}: ${code}`);
    }
  }
  if (unknown.length) throw new Error(`accepted codes that do not exist: ${unknown.join("; ")}`);

  const results = [];
  for (const query of queries) {
    const page = await searchHsCodes(db, { q: query.q, country: query.country, limit: 10 });
    const codes = page.results.map((r) => r.code);
    results.push({ query, hit: isTop3Hit(query, codes), top: codes.slice(0, 3) });
  }
  console.log(`${file ?? "queries.tsv"} (${part}): top-3 hits per kind`);
  for (const s of scoreByKind(results)) {
    if (s.queries === 0) continue;
    console.log(
      `  ${s.kind.padEnd(13)} ${String(s.hits).padStart(4)} / ${String(s.queries).padEnd(4)} ${
        (s.rate * 100).toFixed(1)
      } %`,
    );
  }
  if (values.misses && part !== "held-out") {
    for (const miss of results.filter((r) => !r.hit)) {
      console.log(
        `  miss ${miss.query.kind}: "${miss.query.q}"${
          miss.query.country ? ` (${miss.query.country})` : ""
        } wants ${miss.query.accepted.join(" ")}, got ${miss.top.join(" ") || "nothing"}`,
      );
    }
  }
} finally {
  await db.close();
}
