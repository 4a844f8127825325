/**
 * Tables under narrow header words: a CJK header of two words run together ("個数品目") parted
 * into two narrow columns, over quantities run into the goods' text; and an amount column
 * whose header OCR read as a currency symbol alone ("金額" read as "€").
 */
import { assertEquals as equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { ExtractionResult } from "../../shared/extraction/result.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";
import { findTable } from "../../shared/extraction/fields/table.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";

const word = (text: string, x: number, y: number, width: number): Word => ({
  text,
  x,
  y,
  width,
  height: 10,
  confidence: 1,
});

/** The header of a Japanese invoice's table; `amount` is the last column's header, if any. */
function header(amount: string | null): Word[] {
  return [
    word("個数品目", 174, 200, 40),
    word("HS", 406, 200, 12),
    word("コード", 422, 200, 24),
    word("単価", 467, 200, 21),
    ...(amount ? [word(amount, 527, 200, 6)] : []),
  ];
}

const rows = [
  ...row(220, [[175, "796 Tapered roller bearings"], [406, "848220"], [468, "6.90"], [
    510,
    "5492.40",
  ]]),
  ...row(236, [[169, "3250 玉軸受 6205-2RS"], [406, "8482.10"], [468, "4.81"], [
    505,
    "15632.50",
  ]]),
  ...row(252, [[164, "20550 Green coffee beans"], [405, "0901.11"], [468, "6.92"], [
    499,
    "142206.00",
  ]]),
];

function page(amount: string | null, lines: Word[] = rows): TextDocument {
  return onePage([...words(40, 40, "輸出インボイス"), ...header(amount), ...lines]);
}

async function items(doc: TextDocument): Promise<ExtractionResult["goods"]["line_items"]> {
  return (await findFields(doc, await fileLookups())).goods.line_items;
}

Deno.test("a quantity run into the goods' text under two narrow headers is parted from it", async () => {
  const found = await items(page(null));
  equal(found.map((i) => i.description?.value), [
    "Tapered roller bearings",
    "玉軸受 6205-2RS",
    "Green coffee beans",
  ]);
  equal(found.map((i) => i.quantity?.value), [796, 3250, 20550]);
});

Deno.test("a currency symbol heading the last column right of the prices heads the amounts", async () => {
  const found = await items(page("€"));
  equal(found.map((i) => i.unit_price?.value), [6.9, 4.81, 6.92]);
  // The amounts check the quantities and prices: they are sure.
  equal(found.map((i) => (i.quantity?.confidence ?? 0) >= 0.9), [true, true, true]);
  const types = (doc: TextDocument) => findTable(linesOf(doc))?.columns.map((c) => c.type);
  equal(types(page("€")), ["quantity", "description", "hs_code", "unit_price", "amount"]);
  // Without it the amounts run into the prices' cells.
  equal(types(page(null)), ["quantity", "description", "hs_code", "unit_price"]);
});

Deno.test("a currency symbol over the prices heads no column of its own", async () => {
  // "€" under the price header's right edge, the amounts in a named column after it.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    word("€", 440, 200, 6),
    ...row(220, [[40, "Natural cork stoppers"], [300, "1,000"], [380, "0.29"], [480, "290.00"]]),
  ]);
  const found = await items(doc);
  equal(found.map((i) => [i.quantity?.value, i.unit_price?.value]), [[1000, 0.29]]);
});
