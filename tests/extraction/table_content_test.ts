/**
 * A line-item table found from its rows' arithmetic where no header word is known: the columns
 * get their types from what they hold (quantity × unit price = amount, HS codes, the goods' text).
 */
import { assert, equal } from "../support/assert.ts";
import { contentHeader } from "../../shared/extraction/fields/table_content.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

// Header in Turkish, a unit in each quantity cell, the HS column before the goods.
const DOC: TextDocument = onePage([
  ...words(40, 40, "Ege Gıda San. ve Tic. A.Ş."),
  ...row(200, [[40, "GTİP"], [120, "Malın Cinsi"], [330, "Adet"], [420, "B. Fiyat"], [
    500,
    "Tutar",
  ]]),
  ...row(220, [[40, "8482.20"], [120, "Tapered roller bearings"], [330, "634 pcs"], [
    420,
    "23.10",
  ], [
    500,
    "14,645.40",
  ]]),
  ...row(240, [[40, "0601.10"], [120, "Tulip bulbs, dormant"], [330, "64,500 pcs"], [
    420,
    "0.26",
  ], [
    500,
    "16,770.00",
  ]]),
  ...row(270, [[420, "Toplam"], [500, "31,415.40"]]),
]);

Deno.test("contentHeader() types the columns from the rows' arithmetic and contents", () => {
  const header = contentHeader(linesOf(DOC));
  assert(header);
  const types = header.columns.map((c) => c.type).join(",");
  equal(types, "hs_code,description,quantity,unit_price,amount");
});

Deno.test("findFields() reads the items of a table whose header words it does not know", async () => {
  const result = await findFields(DOC, await fileLookups());
  const [first, second] = result.goods.line_items;
  equal(result.goods.line_items.length, 2);
  equal(first?.description?.value, "Tapered roller bearings");
  equal(first?.quantity?.value, 634);
  equal(first?.unit_price?.value, 23.1);
  equal(second?.quantity?.value, 64500);
  equal(second?.hs_code?.value, "0601.10");
  // Checked: the arithmetic of the line.
  assert(first!.quantity!.confidence >= 0.95);
  equal(result.goods.total_value?.value, 31415.4);
});

Deno.test("rows found by their arithmetic start under the header line that names the others", async () => {
  // "Stückzahl" is no quantity word the vocabulary knows; the first row's price is missing, so
  // its arithmetic does not read, and the next row's quantity carries a unit with a power.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Description"], [330, "Stückzahl"], [420, "Unit price"], [500, "Amount"]]),
    ...row(220, [[40, "Natural cork stoppers"], [330, "40,250"], [500, "15,295.00"]]),
    ...row(240, [[40, "Glazed ceramic floor tiles"], [330, "5,450 m2"], [420, "19.10"], [
      500,
      "104,095.00",
    ]]),
    ...row(260, [[40, "Tapered roller bearings"], [330, "634 pcs"], [420, "23.10"], [
      500,
      "14,645.40",
    ]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => `${i.description?.value}:${i.quantity?.value}`).join("|"),
    "Natural cork stoppers:40250|Glazed ceramic floor tiles:5450|Tapered roller bearings:634",
  );
});
