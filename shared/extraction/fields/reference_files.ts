/**
 * ExtractionLookups read straight from the gzipped reference files in data/reference (the same
 * files the database is seeded from), for the accuracy test and the bench, which need no
 * database. Loaded once per process.
 */
import type { ExtractionLookups, Place } from "./lookups.ts";

const DIR = new URL("../../../data/reference/", import.meta.url);

let loaded: Promise<ExtractionLookups> | undefined;

export function fileLookups(): Promise<ExtractionLookups> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<ExtractionLookups> {
  const [countries, currencies, hs, locodes] = await Promise.all([
    readCsv("countries.csv.gz"),
    readCsv("currencies.csv.gz"),
    readCsv("hs_codes.csv.gz"),
    readCsv("unlocode.csv.gz"),
  ]);
  const countryNames = new Map(countries.map((r) => [r.code!, r.name!]));
  const currencyCodes = new Set(currencies.map((r) => r.code!));
  const hsCodes = new Set(hs.map((r) => r.code!));
  const places = new Map<string, Place>();
  for (const r of locodes) {
    if (!places.has(r.locode!)) places.set(r.locode!, { name: r.name!, country: r.country! });
  }
  return {
    countries: () => Promise.resolve(countryNames),
    currencies: () => Promise.resolve(currencyCodes),
    hsCodes: (codes) => Promise.resolve(new Set(codes.filter((c) => hsCodes.has(c)))),
    locodes: (codes) =>
      Promise.resolve(
        new Map(codes.flatMap((c) => {
          const place = places.get(c);
          return place ? [[c, place] as const] : [];
        })),
      ),
  };
}

async function readCsv(name: string): Promise<Record<string, string>[]> {
  const file = await Deno.open(new URL(name, DIR));
  const text = await new Response(file.readable.pipeThrough(new DecompressionStream("gzip")))
    .text();
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.filter((r) => r.length > 1).map((r) =>
    Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""]))
  );
}

/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. Lines without a
 * quote (almost all of them) are split directly.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (!line.includes('"')) {
      if (line !== "") rows.push(line.split(","));
      continue;
    }
    // A quoted field may go on over the next lines: gather until the quotes balance.
    while ((line.match(/"/g)?.length ?? 0) % 2 === 1 && i + 1 < lines.length) {
      line += "\n" + lines[++i];
    }
    rows.push(splitQuoted(line));
  }
  return rows;
}

function splitQuoted(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}
