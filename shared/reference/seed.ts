import type { Db, Queryable } from "../platform/db/db.ts";
import { sha256Hex } from "../platform/util/crypto.ts";

interface Dataset {
  name: string;
  table: string;
  columns: readonly string[];
  /** Columns the file does not carry, fixed for the whole file (the tariff's country). */
  fixed?: Record<string, string>;
  /** SQL that refreshes what is derived from the table, each run once after the loads that need it. */
  refresh?: readonly string[];
}

/** HS search's vocabulary is derived from the HS codes, the tariffs and the synonyms. */
const HS_VOCABULARY = "select hs_vocabulary_rebuild()";
/**
 * HS search's stored texts derived from other rows: a national line's with the line above it,
 * and what a code is matched by (its heading's or HS subheading's words, its code prefixes).
 */
const HS_SEARCH_VECTORS = "select hs_search_vectors_rebuild()";
/**
 * The goods the national lines name, as weaker evidence for their HS subheading and heading
 * (migration 20261130001000): after HS_SEARCH_VECTORS, which rebuilds what it adds to.
 */
const HS_LINE_WORDS = "select hs_line_words_rebuild()";
/**
 * The bounds a national line states, read from its text and the texts above it (migration
 * 20261201001000).
 */
const HS_STATED_BOUNDS = "select hs_stated_bounds_rebuild()";
/**
 * The goods each code's text names, apart from the words that qualify other goods (migration
 * 20261202003000): after HS_LINE_WORDS, whose goods of the national lines it takes.
 */
const HS_GOODS = "select hs_goods_rebuild()";

const DATA_DIR = new URL("../../data/reference/", import.meta.url);

/** Every file of data/reference and where it goes; the columns are the files' headers. */
export const DATASETS: readonly Dataset[] = [
  { name: "hs_sections", table: "hs_sections", columns: ["section", "name"] },
  {
    name: "hs_codes",
    table: "hs_codes",
    columns: ["code", "level", "parent", "description", "section"],
    refresh: [HS_VOCABULARY, HS_SEARCH_VECTORS, HS_LINE_WORDS, HS_GOODS],
  },
  {
    name: "hs_synonyms",
    table: "hs_synonyms",
    columns: ["term", "codes", "means", "source"],
    refresh: [HS_VOCABULARY],
  },
  {
    name: "tariff_us",
    table: "tariff_lines",
    fixed: { country: "US" },
    refresh: [HS_VOCABULARY, HS_SEARCH_VECTORS, HS_LINE_WORDS, HS_STATED_BOUNDS, HS_GOODS],
    columns: [
      "code",
      "htsno",
      "level",
      "indent",
      "parent",
      "description",
      "context",
      "unit",
      "duty_rate",
      "duty_rate_effective",
      "special_rate",
      "column2_rate",
      "additional_duties",
    ],
  },
  {
    name: "unlocode",
    table: "unlocodes",
    columns: [
      "locode",
      "country",
      "location",
      "name",
      "name_ascii",
      "subdivision",
      "function",
      "status",
      "iata",
      "coordinates",
    ],
  },
  { name: "unlocode_functions", table: "unlocode_functions", columns: ["code", "description"] },
  { name: "unlocode_status", table: "unlocode_statuses", columns: ["code", "description"] },
  { name: "countries", table: "countries", columns: ["code", "name"] },
  { name: "currencies", table: "currencies", columns: ["code", "numeric", "name", "minor_units"] },
  { name: "eu_member_states", table: "eu_member_states", columns: ["code", "name"] },
];

export interface SeedReport {
  loaded: { name: string; rows: number }[];
  unchanged: string[];
  seconds: number;
}

/**
 * Loads every reference file whose content is not in the database yet, in one transaction
 * (replace the table's rows, record the file's SHA-256). Run twice, the second run only hashes
 * the files. Concurrent seeders on PostgreSQL queue on an advisory lock and find the work done.
 */
export async function seedReferenceData(db: Db): Promise<SeedReport> {
  const started = performance.now();
  const files = await Promise.all(DATASETS.map(async (dataset) => {
    const gz = await Deno.readFile(new URL(`${dataset.name}.csv.gz`, DATA_DIR));
    return { dataset, gz, sha256: await sha256Hex(gz) };
  }));
  const stale = (known: Map<string, string>) =>
    files.filter((f) => known.get(f.dataset.name) !== f.sha256);

  const loaded: SeedReport["loaded"] = [];
  if (stale(await loadedChecksums(db)).length > 0) {
    await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(727274002)");
      // Loading reference data is a boot step, not a request: no statement_timeout.
      await tx.query("set local statement_timeout = 0");
      for (const file of stale(await loadedChecksums(tx))) {
        const rows = await load(tx, file.dataset, await gunzip(file.gz), file.sha256);
        loaded.push({ name: file.dataset.name, rows });
      }
      const loadedNames = names(loaded);
      const refreshes = DATASETS.filter((d) => loadedNames.has(d.name)).flatMap((d) =>
        d.refresh ?? []
      );
      for (const sql of new Set(refreshes)) await tx.query(sql);
    });
    // The refreshes rewrite rows just loaded (a tariff's every line, the HS codes' twice): vacuumed
    // at once, the searches do not step over the dead versions until autovacuum comes by (PGlite
    // has none): a US search ran 10 % more instructions on a database fresh from the seed. And
    // fresh statistics for the planner.
    const tables = new Set(DATASETS.filter((d) => names(loaded).has(d.name)).map((d) => d.table));
    await db.exec(`vacuum analyze ${[...tables].join(", ")}`);
  }
  const loadedNames = names(loaded);
  return {
    loaded,
    unchanged: DATASETS.map((d) => d.name).filter((n) => !loadedNames.has(n)),
    seconds: (performance.now() - started) / 1000,
  };
}

function names(loaded: SeedReport["loaded"]): Set<string> {
  return new Set(loaded.map((l) => l.name));
}

async function loadedChecksums(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ name: string; sha256: string }>(
    "select name, sha256 from reference_datasets",
  );
  return new Map(rows.map((r) => [r.name, r.sha256]));
}

async function load(tx: Queryable, dataset: Dataset, csv: string, sha256: string) {
  const fixed = Object.entries(dataset.fixed ?? {});
  const scope = fixed.map(([column], i) => `${column} = $${i + 1}`).join(" and ");
  const scopeValues = fixed.map(([, value]) => value);
  await tx.query(`delete from ${dataset.table}${scope ? ` where ${scope}` : ""}`, scopeValues);
  if (fixed.length === 0) {
    await tx.copyCsv(dataset.table, dataset.columns, csv);
  } else {
    // COPY cannot set a constant column: load into a staging copy whose default is the constant.
    await tx.query(`create temp table reference_stage (like ${dataset.table}) on commit drop`);
    for (const [column, value] of fixed) {
      await tx.query(
        `alter table reference_stage alter column ${column} set default ${quoteLiteral(value)}`,
      );
    }
    await tx.copyCsv("reference_stage", dataset.columns, csv);
    const columns = [...fixed.map(([c]) => c), ...dataset.columns].join(", ");
    await tx.query(
      `insert into ${dataset.table} (${columns}) select ${columns} from reference_stage`,
    );
  }
  const [{ rows }] = await tx.query<{ rows: number }>(
    `select count(*)::int as rows from ${dataset.table}${scope ? ` where ${scope}` : ""}`,
    scopeValues,
  ) as [{ rows: number }];
  await tx.query(
    `insert into reference_datasets (name, sha256, row_count) values ($1, $2, $3)
     on conflict (name) do update set sha256 = excluded.sha256, row_count = excluded.row_count,
                                      loaded_at = now()`,
    [dataset.name, sha256, rows],
  );
  return rows;
}

async function gunzip(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new DecompressionStream("gzip"),
  );
  return await new Response(stream).text();
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
