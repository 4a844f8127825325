import type { Queryable } from "../platform/db/db.ts";
import { codeParts, displayCode } from "./codes.ts";
import { lineText, nationalDescription } from "./lines.ts";

export interface HsHierarchyEntry {
  level: number;
  code: string;
  description: string;
}

export interface HsNationalLine {
  level: number;
  code: string;
  description: string;
  duty_rate: string | null;
}

export interface HsCodeRecord {
  code: string;
  description: string;
  country: string | null;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  duty_rate: string | null;
  hierarchy: HsHierarchyEntry[];
  /** With a country, for a 6- or 8-digit code: the national lines under it. */
  national_lines?: HsNationalLine[];
}

/** Codes whose national lines a lookup with a country lists: subheadings and 8-digit lines. */
const WITH_LINES = [6, 8];

interface Row {
  source: "hs" | "tariff" | "chain";
  code: string;
  level: number;
  description: string;
  context: string | null;
  duty_rate: string | null;
  depth: number | null;
}

/**
 * One code with its hierarchy, or null when it does not exist. `digits` is 2 to 10 digits
 * (lookupCode). 2, 4 and 6 digits are HS codes; 8 and 10 digits are lines of `country`'s
 * national tariff (none without a country, or for a country whose tariff is not loaded).
 *
 * The hierarchy runs from the chapter down to the code itself: the HS chapter, heading and
 * subheading the code starts with, then for a national line the national lines above it by the
 * tariff's `parent` links (8 digits and more; the HS levels come from the nomenclature, where
 * the US tariff's 4- and 6-digit lines repeat them in other words). Chapters 98 and 99 of the
 * US tariff have no HS levels: there the tariff's own 4- and 6-digit lines stand in.
 */
export async function lookupHsCode(
  db: Queryable,
  digits: string,
  country: string | null,
): Promise<HsCodeRecord | null> {
  const rows = await db.query<Row>(
    `with recursive chain as (
       select code, parent, level, description, context, duty_rate_effective, 0 as depth
         from tariff_lines
        where country = $2 and code = $1
       union all
       select t.code, t.parent, t.level, t.description, t.context, t.duty_rate_effective,
              chain.depth + 1
         from chain
         join tariff_lines t on t.country = $2 and t.code = chain.parent
        where t.level >= 8 and chain.depth < 10
     )
     select 'chain' as source, code, level, description, context,
            duty_rate_effective as duty_rate, depth
       from chain
     union all
     select 'hs', code, level, description, null, null, null
       from hs_codes
      where code in (left($1, 2), left($1, 4), left($1, 6))
     union all
     select 'tariff', code, level, description, context, duty_rate_effective, null
       from tariff_lines
      where country = $2 and code in (left($1, 2), left($1, 4), left($1, 6))`,
    [digits, country],
  );

  const hs = new Map<string, Row>();
  const tariff = new Map<string, Row>();
  const chain: Row[] = [];
  for (const row of rows) {
    if (row.source === "hs") hs.set(row.code, row);
    else if (row.source === "tariff") tariff.set(row.code, row);
    else chain.push(row);
  }
  chain.sort((a, b) => (b.depth ?? 0) - (a.depth ?? 0));

  const hsLevels: HsHierarchyEntry[] = [];
  for (const length of [2, 4, 6].filter((n) => n <= digits.length)) {
    const prefix = digits.slice(0, length);
    const hsRow = hs.get(prefix);
    const tariffRow = tariff.get(prefix);
    if (hsRow) {
      hsLevels.push({ level: length, code: displayCode(prefix), description: hsRow.description });
    } else if (tariffRow) {
      hsLevels.push({ level: length, code: displayCode(prefix), description: lineText(tariffRow) });
    }
  }

  const self = hs.get(digits);
  if (self) {
    return {
      code: displayCode(digits),
      description: self.description,
      country: null,
      ...codeParts(digits),
      duty_rate: null,
      hierarchy: hsLevels,
      ...await linesUnder(db, digits, country),
    };
  }

  const line = chain.find((r) => r.depth === 0);
  if (!line || country === null) return null;
  const national = chain.filter((r) => r.level >= 8 || r.depth === 0);
  return {
    ...await linesUnder(db, digits, country),
    code: displayCode(digits),
    description: nationalDescription(national),
    country,
    ...codeParts(digits),
    duty_rate: line.duty_rate,
    hierarchy: [
      ...hsLevels.filter((entry) => entry.level < line.level),
      ...national.map((r) => ({
        level: r.level,
        code: displayCode(r.code),
        description: lineText(r),
      })),
    ],
  };
}

/**
 * `{national_lines}`: the country's 8- and 10-digit lines under a 6- or 8-digit code, in code
 * order, each with its own text (its context, then its description) and the rate in force on it;
 * nothing without a country or for other codes.
 */
async function linesUnder(
  db: Queryable,
  digits: string,
  country: string | null,
): Promise<{ national_lines?: HsNationalLine[] }> {
  if (country === null || !WITH_LINES.includes(digits.length)) return {};
  const rows = await db.query<Row>(
    `select code, level, description, context, duty_rate_effective as duty_rate
       from tariff_lines
      where country = $1 and code ~>=~ $2 and code ~<~ $3 and level > $4
      order by code`,
    // ':' is the character after '9': every code starting with the digits sorts below it.
    [country, digits, `${digits}:`, Math.max(digits.length, 6)],
  );
  return {
    national_lines: rows.map((r) => ({
      level: r.level,
      code: displayCode(r.code),
      description: lineText(r),
      duty_rate: r.duty_rate,
    })),
  };
}
