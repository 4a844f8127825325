/**
 * A scan's table row whose price OCR read with a speck over its separator ("3:25" for 3.25,
 * "7;538" for 7,538): read as the separator it is, so that the row's arithmetic holds. A
 * quantity with one digit misread ("298" for 293) is the one the arithmetic gives; one read as
 * no number ("Sill" for 31) is the amount over the price, where that is whole.
 */
import { assert, equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { specklessMarks } from "../../shared/extraction/fields/numbers.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, words } from "../support/placed_words.ts";

function scan(lines: Word[]): TextDocument {
  const placed = [
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...words(40, 70, "Seller: Brookfield Trading Ltd"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...lines,
  ].map((w) => ({ ...w, confidence: 0.93 }));
  return { kind: "text", source: "ocr", pages: [{ width: 600, height: 850, words: placed }] };
}

Deno.test("specklessMarks() reads a colon as a point and a semicolon as a comma between digits", () => {
  equal(specklessMarks("3:25"), "3.25");
  equal(specklessMarks("7;538"), "7,538");
  equal(specklessMarks("1;250:50"), "1,250.50");
  equal(specklessMarks("Time: 10"), "Time: 10");
});

Deno.test("an OCR price read with a colon for its point is the price the row's arithmetic gives", async () => {
  const doc = scan([
    ...row(220, [[40, "Plastic storage boxes"], [300, "19950"], [380, "3:25"], [480, "64837.50"]]),
    ...row(240, [[40, "Ball bearings 6205-2RS"], [300, "2"], [380, "7;538"], [480, "15,076.00"]]),
  ]);
  const [boxes, bearings] = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(boxes?.unit_price?.value, 3.25);
  assert(boxes!.unit_price!.confidence >= 0.85, "the row's arithmetic holds");
  equal(bearings?.unit_price?.value, 7538);
  assert(bearings!.unit_price!.confidence >= 0.85, "the row's arithmetic holds");
});

Deno.test("an OCR amount cut at its thousands separator stays whole where its head reaches the price column", async () => {
  // Prices set flush right at 425 under "Unit price" (400-448), amounts flush right at 485:
  // "57.620,00" read as "57" and "620,00", its "57" under the prices' header.
  const line = (y: number, q: string, p: string, head: string, tail: string) => [
    ...words(40, y, "Skin care creams"),
    ...words(330 - q.length * 5, y, q),
    ...words(425 - p.length * 5, y, p),
    ...(head ? words(440, y, head) : []),
    ...words(485 - tail.length * 5, y, tail),
  ];
  const placed = [
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...words(40, 70, "Seller: Brookfield Trading Ltd"),
    ...row(200, [[40, "Description"], [290, "Quantity"], [400, "Unit price"], [470, "Amount"]]),
    ...line(220, "4.300", "13,40", "57", "620,00"),
    ...line(240, "5.800", "3,83", "22", "214,00"),
    ...line(260, "200", "2,50", "", "500,00"),
  ].map((w) => ({ ...w, confidence: 0.93 }));
  const doc: TextDocument = {
    kind: "text",
    source: "ocr",
    pages: [{ width: 600, height: 850, words: placed }],
  };
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.unit_price?.value).join("|"), "13.4|3.83|2.5");
  equal(items.map((i) => i.quantity?.value).join("|"), "4300|5800|200");
  assert(items.every((i) => i.quantity!.confidence >= 0.85), "the rows' arithmetic holds");
});

Deno.test("an OCR weight run into the HS code beside it leaves the code, found less surely", async () => {
  const placed = [
    ...words(40, 40, "PACKING LIST"),
    ...words(40, 70, "Seller: Brookfield Trading Ltd"),
    ...row(200, [[40, "Description"], [250, "Quantity"], [330, "Net weight"], [430, "HS code"]]),
    ...row(220, [[40, "Wrist-watches, steel"], [260, "23"], [340, "26.1"], [430, "26.99102 11"]]),
    ...row(240, [[40, "Ball bearings"], [260, "251"], [340, "506.2"], [430, "8482.20"]]),
  ].map((w) => ({ ...w, confidence: 0.93 }));
  const doc: TextDocument = {
    kind: "text",
    source: "ocr",
    pages: [{ width: 600, height: 850, words: placed }],
  };
  const [watches, bearings] = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(watches?.hs_code?.value, "9102 11");
  assert(watches!.hs_code!.confidence < 0.9, "where the decimals end is a guess");
  equal(bearings?.hs_code?.value, "8482.20");
});

Deno.test("an OCR quantity with one digit misread is the one the row's arithmetic gives, not sure", async () => {
  const doc = scan([
    ...row(220, [[40, "Wrist-watches"], [300, "298"], [380, "138.20"], [480, "40,492.60"]]),
    ...row(240, [[40, "Skin care creams"], [300, "3600"], [380, "26.10"], [480, "93,960.00"]]),
  ]);
  const [watches, creams] = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(watches?.quantity?.value, 293);
  assert(watches!.quantity!.confidence < 0.9, "mended, not read");
  equal(creams?.quantity?.value, 3600);
});

Deno.test("an OCR quantity read as no number is the amount over the price, where that is whole", async () => {
  const lines = [
    ...row(220, [[40, "Wrist-watches"], [300, "Sill"], [380, "318.40"], [480, "9,870.40"]]),
    ...row(240, [[40, "Steel frames"], [300, "I5"], [380, "322.50"], [480, "4,800.00"]]),
    ...row(260, [[40, "Skin care creams"], [300, "4,350"], [380, "19.10"], [480, "83,085.00"]]),
  ];
  const [watches, frames, creams] = (await findFields(scan(lines), await fileLookups())).goods
    .line_items;
  equal(watches?.quantity?.value, 31);
  assert(watches!.quantity!.confidence < 0.9, "found from the arithmetic, not read");
  // 4,800.00 / 322.50 is no whole number: no quantity.
  equal(frames?.quantity, undefined);
  equal(creams?.quantity?.value, 4350);
  // A text layer's cell holds what was written.
  const layer: TextDocument = { ...scan(lines), source: "pdf_text" };
  equal((await findFields(layer, await fileLookups())).goods.line_items[0]?.quantity, undefined);
});
