/**
 * A scan's table row whose price OCR read with a speck over its separator ("3:25" for 3.25,
 * "7;538" for 7,538): read as the separator it is, so that the row's arithmetic holds.
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
