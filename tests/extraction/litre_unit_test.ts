/** OCR's "1" or "I" for a litre's "l" standing alone after a quantity, put back. */
import { equal } from "../support/assert.ts";
import { withLitres } from "../../shared/extraction/fields/litre_unit.ts";

Deno.test("a lone 1 or I after a number, before a word, a comma or the end, is a litre", () => {
  equal(withLitres("Red wine, 0.75 1 bottles"), "Red wine, 0.75 l bottles");
  equal(withLitres("Red wine, 0.75 I bottles"), "Red wine, 0.75 l bottles");
  equal(withLitres("Vinho tinto, garrafas 0,75 1"), "Vinho tinto, garrafas 0,75 l");
  equal(withLitres("Olive oil 5 1, tins"), "Olive oil 5 l, tins");
});

Deno.test("a one before a short unit or a capital, or after no number, stays a one", () => {
  equal(withLitres("2 x 1 kg bags"), "2 x 1 kg bags");
  equal(withLitres("Item 12 1 Steel frames"), "Item 12 1 Steel frames");
  equal(withLitres("Class 1 steel"), "Class 1 steel");
  equal(withLitres("Sheets 1 mm, 2 1 mm"), "Sheets 1 mm, 2 1 mm");
});
