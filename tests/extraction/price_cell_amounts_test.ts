/**
 * A price column's cells that hold more than the price: the currency in words before it, over
 * several words ("US Dollars 19.30"), and the amount after it where the table has no amount
 * column of its own ("19.30 27,020.00" under a second "価格" OCR read for "合計価格").
 */
import { assertEquals as equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { ExtractionResult } from "../../shared/extraction/result.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

function page(lines: Word[]): TextDocument {
  return onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Description"], [260, "Quantity"], [380, "Unit price"]]),
    ...lines,
  ]);
}

async function items(doc: TextDocument): Promise<ExtractionResult["goods"]["line_items"]> {
  return (await findFields(doc, await fileLookups())).goods.line_items;
}

Deno.test("a price after a currency in several words is read", async () => {
  const found = await items(page([
    ...row(220, [[40, "Tapered roller bearings"], [260, "1,400"], [380, "US Dollars 19.30"]]),
    ...row(240, [[40, "Green coffee beans"], [260, "4,000"], [380, "US Dollars 4.33"]]),
  ]));
  equal(found.map((i) => i.unit_price?.value), [19.3, 4.33]);
});

Deno.test("with no amount column, an amount after the price in its cell checks the row", async () => {
  const found = await items(page([
    ...row(220, [[40, "Tapered roller bearings"], [260, "1,400"], [380, "19.30 27,020.00"]]),
    ...row(240, [[40, "Green coffee beans"], [260, "4,000"], [380, "4.33 17,320.00"]]),
  ]));
  equal(found.map((i) => [i.quantity?.value, i.unit_price?.value]), [[1400, 19.3], [4000, 4.33]]);
  equal(found.map((i) => (i.unit_price?.confidence ?? 0) >= 0.9), [true, true]);
});

Deno.test("an amount in the price's cell mends a quantity whose last digit a unit took", async () => {
  const found = await items({
    ...page([
      ...row(220, [[40, "Wooden dining tables"], [260, "12リ"], [380, "126.80 16,103.60"]]),
      ...row(240, [[40, "Green coffee beans"], [260, "4,000"], [380, "4.33 17,320.00"]]),
    ]),
    source: "ocr",
  });
  equal(found.map((i) => i.quantity?.value), [127, 4000]);
  // Mended, not sure.
  equal((found[0]!.quantity?.confidence ?? 1) < 0.9, true);
});

Deno.test("an HS code run into the price cell on a row's first line starts no row of its own", async () => {
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Description"], [260, "Quantity"], [380, "Unit price"], [470, "Amount"]]),
    ...row(220, [[40, "Portable computers"], [260, "162"], [380, "8471 30 90"]]),
    ...row(231, [[40, "(laptops), 14 inch"], [380, "504.10"], [470, "81,664.20"]]),
    ...row(250, [[40, "Wooden dining tables,"], [260, "127"], [380, "9403 60 00"]]),
    ...row(261, [[40, "oak"], [380, "126.80"], [470, "16,103.60"]]),
  ]);
  const found = await items(doc);
  equal(found.map((i) => [i.description?.value, i.quantity?.value]), [
    ["Portable computers (laptops), 14 inch", 162],
    ["Wooden dining tables, oak", 127],
  ]);
});
