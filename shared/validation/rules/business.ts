import { readPath, type ShipmentData, type ShipmentPath } from "../../documents/catalogue/paths.ts";
import type { ShipmentLineItem } from "../../shipments/types.ts";
import type { RuleResult } from "../types.ts";
import {
  failed,
  hsDigits,
  isObject,
  locodeOf,
  outcome,
  plural,
  type Rule,
  warning,
} from "./context.ts";

export const hsCodeExists: Rule = {
  id: "hs_code_exists",
  check(ctx) {
    const problems: RuleResult[] = [];
    for (const { path, item } of ctx.lineItems) {
      const raw = item.hs_code;
      const digits = hsDigits(raw);
      if (digits === undefined) {
        problems.push(failed(
          this.id,
          `${path}.hs_code`,
          `${path}.hs_code ${
            JSON.stringify(raw ?? null)
          } is not an HS code: write 4 to 10 digits, ` +
            `such as 0901.21`,
        ));
        continue;
      }
      const hsPart = digits.slice(0, Math.min(6, digits.length));
      if (!ctx.hs.hs.has(hsPart)) {
        problems.push(failed(
          this.id,
          `${path}.hs_code`,
          `${path}.hs_code ${raw}: ${formatHs(hsPart)} is not in the HS 2022 nomenclature; ` +
            `find the right code with GET /api/v1/hs-codes/search`,
        ));
        continue;
      }
      if (
        digits.length > 6 && readPath(ctx.data, "route.destination_country") === "US" &&
        !ctx.hs.usLines.has(digits)
      ) {
        problems.push(warning(
          this.id,
          `${path}.hs_code`,
          `${path}.hs_code ${raw}: ${formatHs(hsPart)} exists, but ${digits} is not a line of ` +
            `the US tariff (HTSUS); check the national digits for entry into the US`,
        ));
      }
    }
    return outcome(
      this.id,
      problems,
      ctx.lineItems.length === 1
        ? "The HS code exists in the HS 2022 nomenclature"
        : `All ${ctx.lineItems.length} HS codes exist in the HS 2022 nomenclature`,
    );
  },
};

const PORT_FIELDS = [
  ["route.port_of_loading", "port of loading"],
  ["route.port_of_discharge", "port of discharge"],
] as const;

export const portCodeValid: Rule = {
  id: "port_code_valid",
  check(ctx) {
    const problems: RuleResult[] = [];
    let checked = 0;
    for (const [path, label] of PORT_FIELDS) {
      const raw = readPath(ctx.data, path);
      if (raw === undefined || raw === null || raw === "") continue;
      checked++;
      const code = locodeOf(raw);
      const place = code ? ctx.locodes.get(code) : undefined;
      if (!code || !place) {
        problems.push(failed(
          this.id,
          path,
          `${path} ${JSON.stringify(raw)}: no such UN/LOCODE; write the ${label} as a ` +
            `5-character UN/LOCODE such as DEHAM (Hamburg)`,
        ));
      } else if (!isPortOrAirport(place.function)) {
        problems.push(warning(
          this.id,
          path,
          `${path} ${code} (${place.name}) has no port or airport function in UN/LOCODE; ` +
            `check that it is the ${label} the carrier will use`,
        ));
      } else if (place.function[0] !== "1") {
        // CNSHA is Shanghai Hongqiao airport in UN/LOCODE, yet carriers write it for the port.
        problems.push(warning(
          this.id,
          path,
          `${path} ${code} (${place.name}) is listed as an airport, not a seaport; carriers ` +
            `still use it, but the seaport code may be expected`,
        ));
      }
    }
    return outcome(this.id, problems, `${plural(checked, "port code")} found in UN/LOCODE`);
  },
};

/** Position 1 of the function classifier is a seaport, position 4 an airport. */
function isPortOrAirport(fn: string): boolean {
  return fn[0] === "1" || fn[3] === "4";
}

const COUNTRY_FIELDS: readonly ShipmentPath[] = [
  "exporter.country",
  "importer.country",
  "consignee.country",
  "notify_party.country",
  "intermediate_consignee.country",
  "producer.country",
  "certifier.country",
  "route.origin_country",
  "route.destination_country",
];

export const countryCodeValid: Rule = {
  id: "country_code_valid",
  check(ctx) {
    const fields: [string, unknown][] = COUNTRY_FIELDS.map((p) => [p, readPath(ctx.data, p)]);
    for (const { path, item } of ctx.lineItems) {
      fields.push([`${path}.origin_country`, item.origin_country]);
    }
    const problems: RuleResult[] = [];
    let checked = 0;
    for (const [path, value] of fields) {
      if (value === undefined || value === null) continue;
      checked++;
      if (typeof value !== "string" || !ctx.codeLists.countries.has(value)) {
        problems.push(failed(
          this.id,
          path,
          `${path} ${JSON.stringify(value)} is not an ISO 3166-1 alpha-2 country code ` +
            `(such as DE, US, CN)`,
        ));
      }
    }
    return outcome(this.id, problems, `${plural(checked, "country code")} valid`);
  },
};

export const currencyCodeValid: Rule = {
  id: "currency_code_valid",
  check(ctx) {
    const currency = readPath(ctx.data, "goods.currency");
    if (typeof currency !== "string" || !ctx.codeLists.currencies.has(currency)) {
      return [failed(
        this.id,
        "goods.currency",
        `goods.currency ${JSON.stringify(currency ?? null)} is not a current ISO 4217 ` +
          `currency code (such as EUR, USD, JPY)`,
      )];
    }
    const minor = ctx.codeLists.currencies.get(currency);
    const problems: RuleResult[] = [];
    if (minor !== null && minor !== undefined) {
      for (const { path, item } of ctx.lineItems) {
        if (typeof item.unit_price === "number" && decimals(item.unit_price) > minor + 2) {
          problems.push(warning(
            this.id,
            `${path}.unit_price`,
            `${path}.unit_price ${item.unit_price} has more decimals than ${currency} uses ` +
              `(${minor}); customs values are usually rounded to the currency's minor unit`,
          ));
        }
      }
    }
    return outcome(this.id, problems, `${currency} is a current ISO 4217 currency`);
  },
};

export const lineItemTotals: Rule = {
  id: "line_item_totals",
  check(ctx) {
    const declared = readPath(ctx.data, "goods.total_value");
    if (typeof declared !== "number") {
      return [failed(
        this.id,
        "goods.total_value",
        "goods.total_value is missing: declare the total value of the goods",
      )];
    }
    let sum = 0;
    for (const { item } of ctx.lineItems) {
      if (typeof item.quantity !== "number" || typeof item.unit_price !== "number") {
        return [failed(
          this.id,
          "goods.line_items",
          "The total cannot be checked: every line item needs a numeric quantity and unit_price",
        )];
      }
      sum += item.quantity * item.unit_price;
    }
    const currency = readPath(ctx.data, "goods.currency");
    const minor = typeof currency === "string" ? ctx.codeLists.currencies.get(currency) : 2;
    const unit = 10 ** -(minor ?? 2);
    // Rounding each line to the minor unit may move the total by half a unit per line.
    const tolerance = Math.max(unit, (ctx.lineItems.length * unit) / 2);
    const charges = chargesOf(ctx.data);
    const money = (n: number) => n.toFixed(minor ?? 2);
    if (Math.abs(declared - sum) <= tolerance) {
      return [{
        rule: this.id,
        status: "passed",
        message: `goods.total_value ${money(declared)} equals the sum of the line items`,
      }];
    }
    if (charges !== 0 && Math.abs(declared - (sum + charges)) <= tolerance) {
      return [{
        rule: this.id,
        status: "passed",
        message: `goods.total_value ${money(declared)} equals the line items ` +
          `(${money(sum)}) plus charges (${money(charges)})`,
      }];
    }
    return [failed(
      this.id,
      "goods.total_value",
      `goods.total_value is ${money(declared)}, but the line items add up to ${money(sum)}` +
        (charges !== 0 ? ` (${money(sum + charges)} with charges)` : "") +
        `: correct the total or the quantities and unit prices`,
    )];
  },
};

/** Freight, insurance, packing and other charges, less any discount. */
function chargesOf(data: ShipmentData): number {
  const charges = readPath(data, "charges");
  if (!isObject(charges)) return 0;
  const n = (key: string) => (typeof charges[key] === "number" ? charges[key] as number : 0);
  return n("freight") + n("insurance") + n("packing") + n("other") - n("discount");
}

export const quantitiesPositive: Rule = {
  id: "quantities_positive",
  check(ctx) {
    const problems: RuleResult[] = [];
    for (const { path, item } of ctx.lineItems) {
      for (const key of ["quantity", "unit_price"] as const) {
        const value = item[key];
        if (typeof value !== "number" || !(value > 0)) {
          problems.push(failed(
            this.id,
            `${path}.${key}`,
            `${path}.${key} must be a number greater than zero` +
              (key === "unit_price" ? " (declare a value for customs, even for free samples)" : ""),
          ));
        }
      }
    }
    if (ctx.lineItems.length === 0) {
      problems.push(failed(this.id, "goods.line_items", "goods.line_items lists no goods"));
    }
    return outcome(
      this.id,
      problems,
      `Quantities and prices of ${plural(ctx.lineItems.length, "line item")} are positive`,
    );
  },
};

export function isHazardous(item: ShipmentLineItem): boolean {
  const flags = item.compliance_flags;
  return item.is_hazardous === true ||
    (Array.isArray(flags) && flags.some((f) => typeof f === "string" && f.toLowerCase() === "dgd"));
}

export const hazardousItemsComplete: Rule = {
  id: "hazardous_items_complete",
  check(ctx) {
    const hazardous = ctx.lineItems.filter(({ item }) => isHazardous(item));
    const problems: RuleResult[] = [];
    for (const { path, item } of hazardous) {
      for (
        const [key, what] of [
          ["un_number", "a UN number"],
          ["hazard_class", "a hazard class"],
          ["proper_shipping_name", "a proper shipping name"],
        ] as const
      ) {
        if (typeof item[key] !== "string" || (item[key] as string).trim() === "") {
          problems.push(failed(
            this.id,
            `${path}.${key}`,
            `${path} is dangerous goods and needs ${what} (${path}.${key})`,
          ));
        }
      }
    }
    if (hazardous.length > 0) {
      const contact = readPath(ctx.data, "hazardous_shipment.emergency_contact");
      if (typeof contact !== "string" || contact.trim() === "") {
        problems.push(failed(
          this.id,
          "hazardous_shipment.emergency_contact",
          "The shipment carries dangerous goods: give a 24-hour emergency contact " +
            "(hazardous_shipment.emergency_contact)",
        ));
      }
    }
    return outcome(
      this.id,
      problems,
      hazardous.length
        ? `${plural(hazardous.length, "dangerous goods line")} fully described`
        : "No dangerous goods declared",
    );
  },
};

function decimals(n: number): number {
  const text = String(n);
  const dot = text.indexOf(".");
  return dot < 0 || text.includes("e") ? 0 : text.length - dot - 1;
}

function formatHs(digits: string): string {
  return digits.length > 4 ? `${digits.slice(0, 4)}.${digits.slice(4)}` : digits;
}
