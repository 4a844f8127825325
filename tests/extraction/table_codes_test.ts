/**
 * Article codes under a header that reads them as the description's ("Article" beside
 * "Particulars", or "Pos Article Description of Goods" set as one phrase) stay out of the
 * descriptions; codes that do not start at one place, or a description that starts where the
 * codes stand, leave the column whole.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

async function descriptions(lines: Word[]): Promise<string> {
  const doc = onePage([...words(40, 40, "COMMERCIAL INVOICE"), ...lines]);
  const result = await findFields(doc, await fileLookups());
  return result.goods.line_items.map((i) => i.description?.value).join("|");
}

const amounts = (y: number, q: string, p: string, a: string) =>
  row(y, [[330, q], [400, p], [480, a]]);

Deno.test("a column of codes under a header word of the description's is not the goods", async () => {
  const lines = [
    ...row(200, [[40, "Article"], [100, "Particulars"], [330, "Quantity"], [400, "Unit price"], [
      480,
      "Amount",
    ]]),
    ...words(100, 215, "Natural cork stoppers"),
    ...words(40, 220, "J442-1"),
    ...amounts(220, "23,900", "0.70", "16,730.00"),
    ...row(235, [[40, "L685-2"], [100, "Men's T-shirts, knitted"]]),
    ...amounts(235, "10,850", "11.00", "119,350.00"),
    ...row(250, [[40, "W781-3"], [100, "Upholstered chairs"]]),
    ...amounts(250, "581", "60.10", "34,918.10"),
  ];
  equal(
    await descriptions(lines),
    "Natural cork stoppers|Men's T-shirts, knitted|Upholstered chairs",
  );
});

Deno.test("codes set in one phrase with the goods under one header cell are set apart", async () => {
  const lines = [
    ...row(200, [[40, "Pos Article Description of Goods"], [330, "Quantity"], [
      400,
      "Unit price",
    ], [480, "Amount"]]),
    // The code and the goods' text run into one phrase where the gap is narrow.
    ...row(215, [[40, "1"], [60, "H889-3 Steel structures, welded"]]),
    ...amounts(215, "124", "627.50", "77,810.00"),
    ...row(230, [[40, "2"], [60, "R695-1"], [100, "Wooden dining tables"]]),
    ...amounts(230, "107", "157.80", "16,884.60"),
    ...row(245, [[40, "3"], [60, "K466-5 Tulip bulbs, dormant"]]),
    ...amounts(245, "75,500", "0.40", "30,200.00"),
  ];
  equal(
    await descriptions(lines),
    "Steel structures, welded|Wooden dining tables|Tulip bulbs, dormant",
  );
});

Deno.test("a description that starts with a code where the goods' text starts keeps it", async () => {
  // "6205-2RS" starts where the goods' text does: part of the description, not a column.
  const lines = [
    ...row(200, [[40, "No."], [60, "Description"], [330, "Quantity"], [400, "Unit price"], [
      480,
      "Amount",
    ]]),
    ...row(215, [[40, "1"], [60, "6205-2RS ball bearings"]]),
    ...amounts(215, "100", "3.50", "350.00"),
    ...row(230, [[40, "2"], [60, "32208 roller bearings"]]),
    ...amounts(230, "50", "8.00", "400.00"),
    ...row(245, [[40, "3"], [60, "B12X pumps"]]),
    ...amounts(245, "2", "90.00", "180.00"),
  ];
  equal(
    await descriptions(lines),
    "6205-2RS ball bearings|32208 roller bearings|B12X pumps",
  );
});
