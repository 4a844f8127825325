/**
 * Arithmetic reconciliation of the totals block: the invoice total is the amount that equals
 * the lines' sum plus the charges and minus the discounts printed between them, whatever the
 * labels say; a subtotal followed by charges is never taken for the total.
 */
import { assert, equal } from "../support/assert.ts";
import {
  type Amount,
  reconciledTotal,
  trailingAmounts,
} from "../../shared/extraction/fields/reconcile.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { SheetDocument } from "../../shared/extraction/layout.ts";

function amounts(...values: number[]): Amount[] {
  return values.map((v, i) => ({ value: Math.abs(v), negative: v < 0, segments: [], line: i }));
}

Deno.test("reconciledTotal() adds charges, subtracts discounts, and needs one of them", () => {
  equal(reconciledTotal(amounts(1000, 1000, 80, 5.5, 1085.5), 1000)?.value, 1085.5);
  // A discount printed without a sign is subtracted when only that reconciles.
  equal(reconciledTotal(amounts(1000, 50, 950), 1000)?.value, 950);
  equal(reconciledTotal(amounts(1000, 80, -30, 1050), 1000)?.value, 1050);
  // A printed minus is never added.
  equal(reconciledTotal(amounts(1000, -30, 1030), 1000), null);
  // Nothing between the sum and the next amount: no charges, nothing to reconcile.
  equal(reconciledTotal(amounts(1000, 1000), 1000), null);
  // Amounts that do not add up are not a total.
  equal(reconciledTotal(amounts(1000, 80, 1200), 1000), null);
});

/** A sheet invoice whose labels are in a language the label vocabulary does not know. */
function sheet(rows: (string | number | null)[][]): SheetDocument {
  return { kind: "sheet", sheets: [{ name: "Faktura", rows }] };
}

const TABLE: (string | number | null)[][] = [
  ["Sprzedawca", "Meble Kowalski Sp. z o.o."],
  [null, "ul. Długa 12"],
  [null, "80-863 Gdańsk"],
  [null, "POLAND"],
  [],
  ["Description", "Quantity", "Unit price", "Amount"],
  ["Wooden dining tables, oak", 20, 250, 5000],
  ["Upholstered chairs", 80, 62.5, 5000],
];

Deno.test("findFields() takes the total after freight, insurance and discount, sure of it", async () => {
  const doc = sheet([
    ...TABLE,
    [null, null, "Razem towary", 10000],
    [null, null, "Fracht", 450],
    [null, null, "Ubezpieczenie", 25.5],
    [null, null, "Rabat", -300],
    [null, null, "Do zapłaty", 10175.5],
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.goods.total_value?.value, 10175.5);
  assert(result.goods.total_value!.confidence >= 0.95);
  const lines = linesOf(doc);
  const header = lines.lines.findIndex((l) => l.segments[0]?.text === "Description");
  const below = trailingAmounts(lines, header + 1, null);
  equal(below.map((a) => a.value).join(","), "5000,5000,10000,450,25.5,300,10175.5");
  equal(below.filter((a) => a.negative).length, 1);
});

Deno.test("findFields() takes an unlabelled amount equal to the sum, last under the table", async () => {
  const doc = sheet([...TABLE, [null, null, "Suma", 10000], [null, null, "Podpis", null]]);
  const result = await findFields(doc, await fileLookups());
  equal(result.goods.total_value?.value, 10000);
  assert(result.goods.total_value!.confidence >= 0.95);
});

Deno.test("findFields() is unsure of a subtotal when amounts it cannot reconcile follow", async () => {
  const doc = sheet([...TABLE, [null, null, "Subtotal", 10000], [null, null, "Total", 10999]]);
  const result = await findFields(doc, await fileLookups());
  assert((result.goods.total_value?.confidence ?? 0) < 0.9);
});
