/**
 * The reference data the field finder checks values against: ISO country and currency codes,
 * the HS nomenclature and UN/LOCODEs. The service answers from the database (ReferenceData);
 * tests and the bench answer from the reference files themselves (reference_files.ts).
 */
import type { ReferenceData } from "../../validation/reference.ts";

export interface Place {
  name: string;
  country: string;
}

export interface ExtractionLookups {
  /** ISO 3166-1 alpha-2 code → ISO short name. */
  countries(): Promise<Map<string, string>>;
  /** ISO 4217 codes. */
  currencies(): Promise<Set<string>>;
  /** Which of `codes` (2, 4 or 6 digits) are in the HS 2022 nomenclature. */
  hsCodes(codes: readonly string[]): Promise<Set<string>>;
  /** The UN/LOCODEs among `codes` that exist. */
  locodes(codes: readonly string[]): Promise<Map<string, Place>>;
}

export function databaseLookups(reference: ReferenceData): ExtractionLookups {
  return {
    countries: async () => (await reference.codeLists()).countries,
    currencies: async () => new Set((await reference.codeLists()).currencies.keys()),
    hsCodes: async (codes) => new Set((await reference.hsCodes(codes)).hs.keys()),
    locodes: async (codes) => {
      const found = await reference.locodes(codes);
      return new Map([...found].map(([code, l]) => [code, { name: l.name, country: l.country }]));
    },
  };
}
