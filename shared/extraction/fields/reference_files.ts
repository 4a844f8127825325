/**
 * ExtractionLookups read straight from the gzipped reference files in data/reference (the same
 * files the database is seeded from), for the accuracy test and the bench, which need no
 * database. Loaded once per process.
 */
import { type CsvRecord, readReferenceCsv } from "../../reference/files.ts";
import type { ExtractionLookups, Place } from "./lookups.ts";

let loaded: Promise<ExtractionLookups> | undefined;

export function fileLookups(): Promise<ExtractionLookups> {
  loaded ??= Promise.resolve().then(load);
  return loaded;
}

function load(): ExtractionLookups {
  const [countries, currencies, hs, locodes] = [
    "countries.csv.gz",
    "currencies.csv.gz",
    "hs_codes.csv.gz",
    "unlocode.csv.gz",
  ].map(readReferenceCsv) as [CsvRecord[], CsvRecord[], CsvRecord[], CsvRecord[]];
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
