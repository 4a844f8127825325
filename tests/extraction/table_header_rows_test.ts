/**
 * A header whose cells OCR parts over lines: a one-line cell set at mid-height beside cells of
 * two lines read as a line of its own, and the cells' last words ("o" of "S.No", "Dollars)")
 * on a line under them. The header is found whole, and its last line heads no row. An amount
 * column whose header no vocabulary reads is the amount where the rows' arithmetic says so.
 */
import { assertEquals as equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { ExtractionResult } from "../../shared/extraction/result.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, words } from "../support/placed_words.ts";

function ocrPage(placed: Word[]): TextDocument {
  return { kind: "text", source: "ocr", pages: [{ width: 600, height: 850, words: placed }] };
}

/** A Turkish header set over two lines, "Adet" centred between them. */
const header = [
  ...row(200, [[43, "S.N"], [120, "Ürün"], [250, "GTİP"], [312, "Birim fiyatı (US"], [
    470,
    "Mal hizmet tutan (US",
  ]]),
  ...words(413, 205, "Adet"),
  ...row(212, [[43, "o"], [349, "Dollars)"], [513, "Dollars)"]]),
];

const rows = [
  ...row(235, [[43, "1"], [120, "Skin care creams"], [250, "3304.99"], [360, "4.51"], [
    413,
    "6,150",
  ], [498, "27,736.50"]]),
  ...row(255, [[43, "2"], [120, "Glazed ceramic tiles"], [250, "6907.22"], [355, "14.10"], [
    413,
    "1,900",
  ], [498, "26,790.00"]]),
  ...row(275, [[43, "3"], [120, "Brake calipers"], [250, "8708.99"], [355, "84.70"], [
    413,
    "809",
  ], [498, "68,522.30"]]),
];

async function items(doc: TextDocument): Promise<ExtractionResult["goods"]["line_items"]> {
  return (await findFields(doc, await fileLookups())).goods.line_items;
}

Deno.test("a header cell OCR set on a line of its own within the header's height is the header's", async () => {
  const found = await items(ocrPage([...words(40, 40, "Ticari Fatura"), ...header, ...rows]));
  equal(found.map((i) => i.description?.value), [
    "Skin care creams",
    "Glazed ceramic tiles",
    "Brake calipers",
  ]);
  equal(found.map((i) => i.quantity?.value), [6150, 1900, 809]);
  // The price cells hold the prices alone, not the header's "Dollars)".
  equal(found.map((i) => i.unit_price?.value), [4.51, 14.1, 84.7]);
});

Deno.test("an unnamed last column is the amount where the rows' arithmetic says so", async () => {
  const found = await items(ocrPage([...words(40, 40, "Ticari Fatura"), ...header, ...rows]));
  // Each row's amount checks its quantity and price: they are sure.
  equal(found.map((i) => (i.quantity?.confidence ?? 0) >= 0.9), [true, true, true]);
  // Where its numbers are no products of the quantities and prices, it is no amount.
  const weights = [
    ...row(235, [[43, "1"], [120, "Skin care creams"], [250, "3304.99"], [360, "4.51"], [
      413,
      "6,150",
    ], [498, "1,230.00"]]),
    ...row(255, [[43, "2"], [120, "Glazed ceramic tiles"], [250, "6907.22"], [355, "14.10"], [
      413,
      "1,900",
    ], [498, "2,410.00"]]),
  ];
  const unchecked = await items(
    ocrPage([...words(40, 40, "Ticari Fatura"), ...header, ...weights]),
  );
  equal(unchecked.map((i) => (i.quantity?.confidence ?? 0) >= 0.9), [false, false]);
});
