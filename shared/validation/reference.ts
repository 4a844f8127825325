import type { Queryable } from "../platform/db/db.ts";

export interface Locode {
  locode: string;
  country: string;
  name: string;
  function: string;
  subdivision: string | null;
}

export interface HsMatch {
  /** HS 2022 codes (2, 4 or 6 digits) that exist, with their descriptions. */
  hs: Map<string, string>;
  /** US tariff lines (8 or 10 digits) that exist. */
  usLines: Set<string>;
}

/**
 * The reference data the rules read. Small code lists (countries, currencies, EU members) are
 * read once per process; HS codes and UN/LOCODEs are looked up per validation, one query per
 * family for all the codes of a shipment, however many line items it has.
 */
export class ReferenceData {
  #codeLists?: Promise<CodeLists>;

  constructor(private readonly db: Queryable) {}

  codeLists(): Promise<CodeLists> {
    this.#codeLists ??= loadCodeLists(this.db).catch((e) => {
      this.#codeLists = undefined;
      throw e;
    });
    return this.#codeLists;
  }

  async hsCodes(codes: readonly string[]): Promise<HsMatch> {
    if (codes.length === 0) return { hs: new Map(), usLines: new Set() };
    const rows = await this.db.query<{ code: string; description: string; source: string }>(
      `select code, description, 'hs' as source from hs_codes where code = any($1::text[])
       union all
       select code, description, 'us' from tariff_lines
        where country = 'US' and code = any($1::text[])`,
      [[...new Set(codes)]],
    );
    const match: HsMatch = { hs: new Map(), usLines: new Set() };
    for (const row of rows) {
      if (row.source === "hs") match.hs.set(row.code, row.description);
      else match.usLines.add(row.code);
    }
    return match;
  }

  async locodes(codes: readonly string[]): Promise<Map<string, Locode>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db.query<Locode>(
      `select distinct on (locode) locode, country, name, function, subdivision
         from unlocodes where locode = any($1::text[]) order by locode, name`,
      [[...new Set(codes)]],
    );
    return new Map(rows.map((r) => [r.locode, r]));
  }
}

export interface CodeLists {
  countries: Map<string, string>;
  /** Currency code → minor units (null for codes without, such as XAU). */
  currencies: Map<string, number | null>;
  euMembers: Set<string>;
}

async function loadCodeLists(db: Queryable): Promise<CodeLists> {
  const [countries, currencies, eu] = await Promise.all([
    db.query<{ code: string; name: string }>("select code, name from countries"),
    db.query<{ code: string; minor_units: string }>("select code, minor_units from currencies"),
    db.query<{ code: string }>("select code from eu_member_states"),
  ]);
  if (countries.length === 0) throw new Error("reference data is not loaded (run the seed)");
  return {
    countries: new Map(countries.map((c) => [c.code, c.name])),
    currencies: new Map(
      currencies.map((c) => [c.code, /^\d$/.test(c.minor_units) ? Number(c.minor_units) : null]),
    ),
    euMembers: new Set(eu.map((e) => e.code)),
  };
}
