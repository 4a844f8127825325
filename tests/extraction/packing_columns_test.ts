/**
 * A packing list set like a spreadsheet printed to PDF: headers flush left in their cells,
 * numbers flush right, so each column's numbers end just before the next header starts, nearer
 * that header's words than their own. The cartons column must keep its numbers (they are not
 * the quantities), and line numbers run into the goods' text (all rows' or some rows', each its
 * own place) are not part of it.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { withoutLineNumbers } from "../../shared/extraction/fields/line_numbers.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

/** `text` set flush right, ending at x (5 pt a character, 3 pt between words). */
function right(end: number, y: number, text: string): Word[] {
  const width = text.split(" ").reduce((w, t) => w + t.length * 5, 0) +
    3 * (text.split(" ").length - 1);
  return words(end - width, y, text);
}

function itemRow(y: number, values: string[]): Word[] {
  const [seq, goods, cartons, quantity, net, gross] = values as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return [
    ...right(78, y, seq),
    ...words(82, y, goods),
    ...right(318, y, cartons),
    ...right(398, y, quantity),
    ...right(478, y, net),
    ...right(568, y, gross),
  ];
}

const DOC: TextDocument = onePage([
  ...words(40, 40, "PACKING LIST"),
  ...row(200, [[40, "Seq."], [82, "Description"], [250, "Cartons"], [320, "Quantity"], [
    400,
    "Net weight",
  ], [480, "Gross weight"]]),
  ...itemRow(220, ["1", "Tapered roller bearings", "57", "5,700 pcs", "1,065.8", "1,069.8"]),
  ...itemRow(240, ["2", "Woven carpets", "19", "2,050 m2", "956.0", "971.2"]),
  ...itemRow(260, ["3", "Green coffee beans", "339", "33,550 kg", "33,550.0", "33,729.4"]),
]);

Deno.test("findFields() keeps a packing list's cartons out of its quantities", async () => {
  const items = (await findFields(DOC, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.quantity?.value).join(","), "5700,2050,33550");
  equal(
    items.map((i) => i.description?.value).join("|"),
    "Tapered roller bearings|Woven carpets|Green coffee beans",
  );
});

Deno.test("withoutLineNumbers() strips 1, 2, 3… only where every row starts with its own", () => {
  equal(
    withoutLineNumbers(["1 Steel frames", "", "2. Olive oil"]).join("|"),
    "Steel frames||Olive oil",
  );
  // A count that happens to lead one description is no line number.
  equal(withoutLineNumbers(["1 Steel frame", "Olive oil"]).join("|"), "1 Steel frame|Olive oil");
  equal(
    withoutLineNumbers(["2 Steel frames", "3 Olive oil"]).join("|"),
    "2 Steel frames|3 Olive oil",
  );
  equal(withoutLineNumbers(["1 Steel frame"]).join("|"), "1 Steel frame");
  equal(
    withoutLineNumbers(["1 Steel frames", "3 Olive oil"]).join("|"),
    "1 Steel frames|3 Olive oil",
  );
});

Deno.test("withoutLineNumbers() strips the numbers of rows that start with their own place", () => {
  // Rows 10 and 11 of eleven: their two-digit numbers ran into the text, the others' did not.
  const rows = [...Array.from({ length: 9 }, (_, i) => `Goods ${i + 1}`), "10 Men's trousers"];
  equal(
    withoutLineNumbers([...rows, "11 Olive oil, 5 l tins"]).slice(8).join("|"),
    "Goods 9|Men's trousers|Olive oil, 5 l tins",
  );
  // One row so numbered, or a row starting with a number not its place, strips nothing.
  equal(
    withoutLineNumbers([...rows, "Olive oil"]).slice(9).join("|"),
    "10 Men's trousers|Olive oil",
  );
  equal(
    withoutLineNumbers([...rows, "11 Olive oil", "5 Door cabinets"]).slice(9).join("|"),
    "10 Men's trousers|11 Olive oil|5 Door cabinets",
  );
});
