import { assertEquals } from "../support/assert.ts";
import { readPacking } from "../../shared/hs/packing.ts";

Deno.test("readPacking: a quantity and its container after the goods leave the words searched", () => {
  const cases: [string, string, number][] = [
    ["wheat flour 25 kg bags", "wheat flour , ", 25],
    ["frozen strawberries 1 lb bags", "frozen strawberries , ", 0.4536],
    ["extra virgin olive oil 5 liter tins", "extra virgin olive oil , ", 5],
    ["red table wine 750ml bottles", "red table wine , ", 0.75],
    ["honey 1kg jars retail", "honey ,  retail", 1],
  ];
  for (const [q, text, max] of cases) {
    assertEquals(readPacking(q), { text, measure: { min: null, max } }, q);
  }
});

Deno.test("readPacking: containers that are the goods, or no quantity, stay searched", () => {
  for (const q of ["25 kg bags", "plastic 20 bottles", "paper bags", "glass jars 500"]) {
    assertEquals(readPacking(q), { text: q, measure: null }, q);
  }
});
