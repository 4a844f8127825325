/**
 * Gates are data: which rules run, in which layers, under which ruleset version. The version
 * enters the validation hash, so changing what a gate checks means a new version.
 */
import {
  countryCodeValid,
  currencyCodeValid,
  hazardousItemsComplete,
  hsCodeExists,
  lineItemTotals,
  portCodeValid,
  quantitiesPositive,
} from "./rules/business.ts";
import { embargoScreening, exportControlScreening } from "./rules/compliance.ts";
import type { Rule } from "./rules/context.ts";
import { schemaValid } from "./rules/schema.ts";
import { usEntryLines } from "./rules/us_entry.ts";

export const RULES: Record<string, Rule> = Object.fromEntries(
  [
    schemaValid,
    hsCodeExists,
    portCodeValid,
    countryCodeValid,
    currencyCodeValid,
    lineItemTotals,
    quantitiesPositive,
    hazardousItemsComplete,
    embargoScreening,
    exportControlScreening,
    usEntryLines,
  ].map((rule) => [rule.id, rule]),
);

export interface Gate {
  slug: string;
  description: string;
  ruleset_version: string;
  layers: { name: string; rules: string[] }[];
}

const SCHEMA_LAYER = { name: "Schema Validation", rules: ["schema_valid"] };
const BUSINESS_RULES = [
  "hs_code_exists",
  "port_code_valid",
  "country_code_valid",
  "currency_code_valid",
  "line_item_totals",
  "quantities_positive",
  "hazardous_items_complete",
];
const COMPLIANCE_LAYER = {
  name: "Compliance",
  rules: ["embargo_screening", "export_control_screening"],
};

export const GATES: Record<string, Gate> = {
  "trade-document-validator": {
    slug: "trade-document-validator",
    description: "What every trade document needs: schema, reference codes, totals, " +
      "dangerous goods and embargo screening.",
    ruleset_version: "2026.11.1",
    layers: [SCHEMA_LAYER, { name: "Business Rules", rules: BUSINESS_RULES }, COMPLIANCE_LAYER],
  },
  "us-customs-entry": {
    slug: "us-customs-entry",
    description: "For entry into the United States: everything above, plus 10-digit HTSUS " +
      "lines and the country of origin of every line (19 CFR 141.86).",
    ruleset_version: "2026.11.1",
    layers: [
      SCHEMA_LAYER,
      { name: "Business Rules", rules: [...BUSINESS_RULES, "us_entry_lines"] },
      COMPLIANCE_LAYER,
    ],
  },
};

// A gate naming a rule that does not exist is a programming error: fail at load, not at run.
for (const gate of Object.values(GATES)) {
  for (const layer of gate.layers) {
    for (const id of layer.rules) {
      if (!Object.hasOwn(RULES, id)) throw new Error(`gate ${gate.slug} names unknown rule ${id}`);
    }
  }
}
