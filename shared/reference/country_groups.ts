/**
 * The groups of countries the documents and pre-checks depend on. The EU's members come from
 * the reference data (data/reference/eu_member_states.csv.gz, the file the seed loads into the
 * eu_member_states table), so the templates and the database cannot disagree; the partner
 * lists are the specification's tables.
 */
import { readReferenceCsv } from "./files.ts";

let euMembers: ReadonlySet<string> | undefined;

/**
 * The EU member states (ISO 3166-1 alpha-2), read once per process, on first use: templates
 * render synchronously, and a function that renders nothing never reads the file. Deploying to
 * Supabase, the file goes in the rendering functions' `static_files`.
 */
export function euMemberStates(): ReadonlySet<string> {
  euMembers ??= new Set(readReferenceCsv("eu_member_states.csv.gz").map((row) => row.code!));
  return euMembers;
}

/** The EU's Pan-Euro-Mediterranean partners that take EUR.1 and statements on origin. */
export const PAN_EURO_PARTNERS: ReadonlySet<string> = new Set(["CH", "NO", "IS", "LI", "TR"]);

/** The parties to the USMCA / CUSMA / T-MEC. */
export const USMCA_COUNTRIES: ReadonlySet<string> = new Set(["US", "CA", "MX"]);
