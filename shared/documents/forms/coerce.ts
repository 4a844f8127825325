/**
 * Turns the text typed into a form field into the value the shipment schema wants at that path,
 * or says why it cannot. Lenient where the intent is unambiguous (numbers as the documents print
 * them, `1,250.50`; dates as `31.12.2026`; enum options in any case and with spaces for
 * underscores; a country's English name for its code; letters in the wrong case for coded
 * values), never guessing otherwise: what the schema refuses is reported, not stored.
 */
import type { z } from "zod";
import { CountryCode } from "../../shipments/trade_shipment.ts";
import type { Leaf } from "./schema_leaves.ts";

export type FormValue = string | number | boolean;

export type Coerced = { ok: true; value: FormValue } | { ok: false; reason: string };

export function coerceValue(text: string, leaf: Leaf): Coerced {
  const trimmed = text.trim();
  switch (leaf.kind) {
    case "number": {
      const n = parseDecimal(trimmed);
      return n === undefined
        ? { ok: false, reason: "expected a number, such as 1250.50 or 1,250.50" }
        : check(leaf.schema, n);
    }
    case "boolean": {
      const b = parseYesNo(trimmed);
      return b === undefined ? { ok: false, reason: "expected yes or no" } : { ok: true, value: b };
    }
    case "enum": {
      const wanted = enumKey(trimmed);
      const option = leaf.options.find((o) => enumKey(o) === wanted);
      return option === undefined
        ? { ok: false, reason: `expected one of ${leaf.options.join(", ")}` }
        : { ok: true, value: option };
    }
    case "date":
      return check(leaf.schema, isoDate(trimmed) ?? trimmed);
    case "text":
      return coerceText(text, trimmed, leaf.schema);
  }
}

/** As typed; then in capitals (codes: `deham`, `mscu1234565`); then a country's name. */
function coerceText(text: string, trimmed: string, schema: z.ZodType): Coerced {
  const first = check(schema, trimmed === text ? text : trimmed);
  if (first.ok) return first;
  const upper = trimmed.toUpperCase();
  if (upper !== trimmed) {
    const second = check(schema, upper);
    if (second.ok) return second;
  }
  if (schema === CountryCode) {
    const code = countryCodeByName(trimmed);
    if (code) return check(schema, code);
  }
  return first;
}

function check(schema: z.ZodType, value: unknown): Coerced {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data as FormValue };
  return { ok: false, reason: result.error.issues[0]?.message ?? "invalid value" };
}

/**
 * A decimal number as people type it: `1250.5`, `1,250.50` (the documents' own format),
 * `1.250,50` and `12,5` (decimal comma), with spaces as thousands separators. `1,250` reads as
 * one thousand two hundred and fifty, as the documents print it.
 */
export function parseDecimal(text: string): number | undefined {
  let s = text.replace(/[\s\u00a0\u202f']/g, "");
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replaceAll(",", "");
  else if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(s)) s = s.replaceAll(".", "").replace(",", ".");
  else if (/^[+-]?\d+,\d+$/.test(s)) s = s.replace(",", ".");
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

function parseYesNo(text: string): boolean | undefined {
  const t = text.toLowerCase();
  if (["yes", "y", "true"].includes(t)) return true;
  if (["no", "n", "false"].includes(t)) return false;
  return undefined;
}

/** `Telex release`, `telex-release` and `TELEX_RELEASE` name the same option. */
function enumKey(text: string): string {
  return text.trim().toUpperCase().replace(/[\s-]+/g, "_");
}

/** YYYY-MM-DD from `2026-12-31`, `2026-12-31T10:00:00Z`, `2026/12/31` or `31.12.2026`. */
export function isoDate(text: string): string | undefined {
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, "0")}-${iso[3]!.padStart(2, "0")}`;
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) return `${dotted[3]}-${dotted[2]!.padStart(2, "0")}-${dotted[1]!.padStart(2, "0")}`;
  return undefined;
}

let countriesByName: Map<string, string> | undefined;

/** The ISO code of a country's English short name ("Germany" → DE), as the documents print it. */
function countryCodeByName(name: string): string | undefined {
  if (!countriesByName) {
    countriesByName = new Map();
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const found = names.of(code);
        // Retired codes share their successor's name (UK, DD): the canonical code is kept.
        const canonical = Intl.getCanonicalLocales(`und-${code}`)[0]!.slice(4);
        if (found && found !== code) countriesByName.set(found.toLowerCase(), canonical);
      }
    }
  }
  return countriesByName.get(name.toLowerCase());
}
