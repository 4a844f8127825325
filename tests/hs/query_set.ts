/**
 * The labelled HS search queries (tests/fixtures/hs_queries/queries.tsv): what people type, and
 * the codes a customs broker would accept for it. The set is split once, by a hash of each line,
 * into a tuning part (about two thirds) and a held-out part (about one third) on which the bench
 * reports (`deno task bench hs`); the search is never tuned on the held-out part.
 */

export const KINDS = ["nomenclature", "everyday", "misspelling", "code", "us_line"] as const;
export type QueryKind = typeof KINDS[number];

export interface LabelledQuery {
  kind: QueryKind;
  /** ISO alpha-2 for a national tariff (US), or null. */
  country: string | null;
  q: string;
  /** Accepted codes, digits only: one of them in the first three answers is a hit. */
  accepted: string[];
  heldOut: boolean;
}

const FILE = new URL("../fixtures/hs_queries/queries.tsv", import.meta.url);

/** Every labelled query of queries.tsv (or another file of its format), in file order. */
export async function labelledQueries(file: URL | string = FILE): Promise<LabelledQuery[]> {
  const out: LabelledQuery[] = [];
  for (const [n, line] of (await Deno.readTextFile(file)).split("\n").entries()) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [kind, country, q, accepted] = line.split("\t");
    if (!KINDS.includes(kind as QueryKind) || !q || !accepted) {
      throw new Error(`${file} line ${n + 1}: kind, country, query, accepted codes`);
    }
    out.push({
      kind: kind as QueryKind,
      country: country || null,
      q,
      accepted: accepted.split(" "),
      heldOut: isHeldOut(line),
    });
  }
  return out;
}

/** One line in three is held out, chosen by the FNV-1a hash of the line (stable, seedless). */
export function isHeldOut(line: string): boolean {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(line)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 3 === 0;
}

/** True when one of the first three codes (any display form) is accepted. */
export function isTop3Hit(query: LabelledQuery, codes: readonly string[]): boolean {
  return codes.slice(0, 3).some((code) => query.accepted.includes(code.replaceAll(".", "")));
}

export interface KindScore {
  kind: QueryKind | "overall";
  queries: number;
  hits: number;
  /** Hits over queries, 0 to 1. */
  rate: number;
}

/** Top-3 hit rates per kind and overall. */
export function scoreByKind(
  results: readonly { query: LabelledQuery; hit: boolean }[],
): KindScore[] {
  const score = (kind: KindScore["kind"], rows: typeof results): KindScore => {
    const hits = rows.filter((r) => r.hit).length;
    return { kind, queries: rows.length, hits, rate: rows.length ? hits / rows.length : 0 };
  };
  return [
    ...KINDS.map((kind) => score(kind, results.filter((r) => r.query.kind === kind))),
    score("overall", results),
  ];
}
