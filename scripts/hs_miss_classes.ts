/**
 * Classes of the top-3 misses of a labelled HS query file (the format of
 * tests/fixtures/hs_queries/queries.tsv), by where the search left the accepted codes: a hit; an
 * accepted code found at ranks 4 to 20 (ordering among the candidates found); else the longest
 * code prefix a top-3 answer shares with an accepted code (the same 8-digit line, 6-digit
 * subheading, 4-digit heading), or another heading.
 *
 *   DATABASE_URL=postgres://… deno run -A scripts/hs_miss_classes.ts [file] [--part=all|tuning]
 *     [--kind=us_line] [--list] [--dump=path]
 *
 * Counts only unless `--list` (each miss with its answers up to the accepted one); `--dump` writes
 * every query with its accepted codes and answers (tab-separated) to compare the answers of two versions. The held-out
 * part of queries.tsv is never scored here.
 */
import { parseArgs } from "node:util";
import { openDb } from "../shared/platform/db/connect.ts";
import { searchHsCodes } from "../shared/hs/search.ts";
import { isTop3Hit, labelledQueries } from "../tests/hs/query_set.ts";

export type MissClass =
  | "hit"
  | "rank 4-20"
  | "same 8-digit"
  | "same 6-digit"
  | "same heading"
  | "other heading";

/** The class of one answer list (codes in display form, best first) for the accepted codes. */
export function missClass(accepted: readonly string[], codes: readonly string[]): MissClass {
  const digits = codes.map((c) => c.replaceAll(".", ""));
  const rank = digits.findIndex((c) => accepted.includes(c));
  if (rank >= 0 && rank < 3) return "hit";
  if (rank >= 3 && rank < 20) return "rank 4-20";
  let shared = 0;
  for (const code of digits.slice(0, 3)) {
    for (const want of accepted) {
      let n = 0;
      while (n < code.length && n < want.length && code[n] === want[n]) n++;
      shared = Math.max(shared, n);
    }
  }
  if (shared >= 8) return "same 8-digit";
  if (shared >= 6) return "same 6-digit";
  if (shared >= 4) return "same heading";
  return "other heading";
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: {
      part: { type: "string", default: "" },
      kind: { type: "string", default: "us_line" },
      list: { type: "boolean", default: false },
      dump: { type: "string", default: "" },
    },
  });
  const file = positionals[0];
  const part = values.part || (file ? "all" : "tuning");
  if (!["all", "tuning"].includes(part)) throw new Error(`--part=${part}`);
  const url = Deno.env.get("DATABASE_URL") || undefined;
  const db = await openDb({ url, pgliteDir: ".data/pglite", postgres: { max: 1 } });
  try {
    const queries = (await labelledQueries(file ?? undefined)).filter((q) =>
      (part === "all" || !q.heldOut) && (values.kind === "all" || q.kind === values.kind)
    );
    const counts = new Map<MissClass, number>();
    const dump: string[] = [];
    for (const query of queries) {
      const page = await searchHsCodes(db, { q: query.q, country: query.country, limit: 20 });
      const codes = page.results.map((r) => r.code);
      const cls = missClass(query.accepted, codes);
      if (isTop3Hit(query, codes) !== (cls === "hit")) throw new Error(`class of ${query.q}`);
      counts.set(cls, (counts.get(cls) ?? 0) + 1);
      dump.push(
        `${query.q}\t${query.country ?? ""}\t${query.accepted.join(" ")}\t${codes.join(" ")}`,
      );
      if (values.list && cls !== "hit") {
        const digits = codes.map((c) => c.replaceAll(".", ""));
        const rank = digits.findIndex((c) => query.accepted.includes(c));
        const shown = page.results.slice(0, rank >= 0 ? rank + 1 : 5).map((r, i) =>
          `${i + 1}. ${r.code} ${r.description.slice(0, 50)}`
        );
        console.log(
          `[${cls}] "${query.q}" wants ${query.accepted.join(" ")}\n    ${shown.join("\n    ")}`,
        );
      }
    }
    console.log(`${file ?? "queries.tsv"} (${part}, ${values.kind}): ${queries.length} queries`);
    for (
      const cls of [
        "hit",
        "rank 4-20",
        "same 8-digit",
        "same 6-digit",
        "same heading",
        "other heading",
      ] as MissClass[]
    ) {
      console.log(`  ${cls.padEnd(14)} ${counts.get(cls) ?? 0}`);
    }
    if (values.dump) await Deno.writeTextFile(values.dump, dump.join("\n") + "\n");
  } finally {
    await db.close();
  }
}
