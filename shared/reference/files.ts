/**
 * The gzipped CSV files of data/reference (the ones the seed loads into the database), read
 * straight from disk by what needs them without a database: the templates' EU members, the
 * extraction accuracy test and bench, and the corpus scripts.
 */
import { parse } from "csv-parse/sync";
import { gunzipSync } from "node:zlib";

const DIR = new URL("../../data/reference/", import.meta.url);

/** A row keyed by the file's header. */
export type CsvRecord = Record<string, string>;

/** The rows of `name` (say "countries.csv.gz"), RFC 4180 quoting included. */
export function readReferenceCsv(name: string): CsvRecord[] {
  return parseCsv(new TextDecoder().decode(gunzipSync(Deno.readFileSync(new URL(name, DIR)))));
}

/**
 * CSV text with a header row as records; blank lines are skipped. Rows are parsed as arrays and
 * keyed here: csv-parse's own `columns` option took twice as long on unlocode.csv (116,029 rows).
 */
export function parseCsv(text: string): CsvRecord[] {
  const [header, ...rows] = parse(text, { skip_empty_lines: true }) as string[][];
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}
