/**
 * Variety for sources g251 onwards, drawn from a seed of its own after `makeSpec` so that the
 * first 250 sources stay as they were: label wordings the older sources never print, other
 * column orders, party labels in a header row, sub-labelled party blocks, meta fields in a strip
 * of cells, totals inside the item table, a heading row among the items, a zero VAT line,
 * discounts as a percentage or in parentheses, the currency in every money cell, other invoice
 * number patterns and notes under descriptions that are neither origin nor HS code.
 */
import { roundHalfUp } from "../model.ts";
import { type GenColumn, type GenSpec, goodsTotalOf } from "./spec.ts";
import type { Rng } from "./rng.ts";
import { type LabelKey, VOCAB } from "./vocab.ts";
import { OTHER_NOTES, PARTY_SUB, SECTION, VOCAB_MORE, ZERO_TAX } from "./vocab_more.ts";
import { CURRENCY_FORMS } from "./pools.ts";

const COLUMN_LABEL: Partial<Record<GenColumn, LabelKey>> = {
  no: "colNo",
  description: "colDesc",
  hs: "colHs",
  qty: "colQty",
  unit: "colUnit",
  price: "colPrice",
  amount: "colAmount",
};

function relabel(spec: GenSpec, key: LabelKey, rng: Rng): string | undefined {
  const more = VOCAB_MORE[spec.lang][key];
  if (!more || !rng.chance(0.6)) return undefined;
  const local = rng.pick(more);
  if (!spec.bilingual) return local;
  return `${local} / ${rng.pick([...VOCAB.en[key], ...(VOCAB_MORE.en[key] ?? [])])}`;
}

function fill(template: string, rng: Rng): string {
  return template.replace("{n}", String(rng.int(1000, 98999)));
}

/** Moves the columns in `keys` (those the table has) to just before `before`, or to the end. */
function move(cols: GenSpec["columns"], keys: GenColumn[], before?: GenColumn) {
  const moved = cols.filter((c) => keys.includes(c.key));
  const rest = cols.filter((c) => !keys.includes(c.key));
  const at = before ? rest.findIndex((c) => c.key === before) : -1;
  return at < 0 ? [...rest, ...moved] : [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

function reorder(spec: GenSpec, rng: Rng): void {
  const roll = rng.next();
  if (roll < 0.25) {
    // US style: "Qty | Description | Unit price | Amount".
    const first = spec.columns.find((c) => c.key !== "no")!.key;
    spec.columns = move(spec.columns, ["qty", "unit"], first);
  } else if (roll < 0.4 && spec.kind === "invoice") {
    spec.columns = move(spec.columns, ["price"], "qty");
  } else if (roll < 0.5) {
    spec.columns = move(spec.columns, ["hs"]);
  }
}

function invoiceNumber(spec: GenSpec, rng: Rng): string {
  const y = rng.pick(["2026", "26"]);
  return rng.pick([
    `PI-${y}/${String(rng.int(1, 999)).padStart(4, "0")}`,
    `${rng.int(100000, 999999)}`,
    `${y}-EX-${rng.int(100, 9999)}`,
    `INV${y}${String(rng.int(1, 12)).padStart(2, "0")}${rng.int(100, 999)}`,
    `${spec.exporter.country.code}-${rng.int(1000, 9999)}/${y}`,
  ]);
}

export function moreVariety(spec: GenSpec, rng: Rng): void {
  for (const key of Object.keys(spec.labels) as LabelKey[]) {
    const l = relabel(spec, key, rng);
    if (l) spec.labels[key] = l;
  }
  for (const col of spec.columns) {
    const key = COLUMN_LABEL[col.key];
    const l = key ? relabel(spec, key, rng) : undefined;
    if (l) col.header = l;
  }
  for (const c of spec.charges) c.label = spec.labels[c.kind];
  reorder(spec, rng);
  if (rng.chance(0.5)) spec.invoiceNo = invoiceNumber(spec, rng);
  for (const it of spec.items) {
    if (!it.note && rng.chance(0.2)) it.note = fill(rng.pick(OTHER_NOTES[spec.lang]), rng);
  }
  const discount = spec.charges.find((c) => c.kind === "discount");
  if (discount && rng.chance(0.5)) {
    const pct = rng.pick([2, 3, 5, 8, 10]);
    discount.label = `${discount.label} ${pct} %`;
    discount.amount = roundHalfUp(goodsTotalOf(spec) * pct / 100, spec.decimals);
  }
  const code = spec.currency?.code;
  const invoice = spec.kind === "invoice";
  spec.more = {
    partyHeaderRow: rng.chance(0.3),
    ...(rng.chance(0.25) ? { partySub: PARTY_SUB[spec.lang] } : {}),
    metaStrip: rng.chance(0.3),
    totalsInTable: invoice && rng.chance(0.4),
    ...(rng.chance(0.2) ? { sectionRow: fill(rng.pick(SECTION[spec.lang]), rng) } : {}),
    ...(invoice && rng.chance(0.25) ? { zeroTax: rng.pick(ZERO_TAX[spec.lang]) } : {}),
    ...(code && rng.chance(0.25)
      ? {
        cellCurrency: {
          printed: rng.pick(CURRENCY_FORMS[code] ?? [code]),
          before: rng.chance(0.5),
        },
      }
      : {}),
    parenDiscount: rng.chance(0.4),
    narrowDescription: rng.chance(0.3),
  };
}
