/**
 * A line number alone on the line of a row's numbers, in the goods' column (no column of its
 * own), with the row's text on a line above and one below (cells set from the middle): the
 * text above starts that row, and the number stands before the text, not in its middle.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { onePage, row, words } from "../support/placed_words.ts";

Deno.test("a row's text above its line number and numbers is that row's", async () => {
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[34, "Poz. Mal tanımı / Description"], [240, "Quantity"], [300, "Price"], [
      360,
      "Amount",
    ]]),
    ...row(215, [[34, "1"], [60, "Oil filter for 1.6 TDI"], [250, "300"], [300, "3.20"], [
      360,
      "960.00",
    ]]),
    ...words(60, 227, "Brake pads, front axle,"),
    ...row(239, [[34, "2"], [255, "80"], [300, "12.00"], [360, "960.00"]]),
    ...words(60, 251, "of ceramic compound"),
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(
    items.map((i) => i.description?.value).join("|"),
    "Oil filter for 1.6 TDI|Brake pads, front axle, of ceramic compound",
  );
});
