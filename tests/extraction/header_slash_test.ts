/**
 * A header cell whose words stand either side of a slash alone ("Ilość / Pcs") names one column:
 * the count of pieces translates the quantity, and takes no quantities from it.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { onePage, row, words } from "../support/placed_words.ts";

Deno.test("a count of pieces after a slash alone translates the quantity header", async () => {
  const doc = onePage([
    ...words(40, 40, "FAKTURA"),
    ...row(200, [[40, "Nr"], [60, "Indeks"], [110, "Opis"], [250, "Cena / Rate"], [
      330,
      "Ilość / Pcs Jedn. / U/M",
    ], [
      460,
      "Wartość",
    ]]),
    // Quantities and their units under "Pcs Jedn.", the quantity's header's second word.
    ...row(215, [[40, "1"], [60, "P728-1"], [110, "Ball bearings"], [265, "19,80"], [
      357,
      "3.650 Stk",
    ], [
      460,
      "72.270,00",
    ]]),
    ...row(230, [[40, "2"], [60, "Y895-2"], [110, "Tulip bulbs"], [270, "2,52"], [
      352,
      "45.100 pcs",
    ], [
      455,
      "113.652,00",
    ]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => `${i.quantity?.value} × ${i.unit_price?.value}`).join(", "),
    "3650 × 19.8, 45100 × 2.52",
  );
});
