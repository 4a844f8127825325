/**
 * Text runs → words: a run of lower-case letters run into a capitalised word is two table
 * cells drawn as one run (a unit and the goods' text), and parts there; a word's own capitals
 * are no seam.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { type PdfTextItem, wordsOfItems } from "../../shared/extraction/readers/pdf_words.ts";

const identity = (x: number, y: number): [number, number] => [x, 800 - y];

function item(str: string, x: number): PdfTextItem {
  return { str, transform: [9, 0, 0, 9, x, 500], width: str.length * 5, height: 9 };
}

const texts = (items: PdfTextItem[]) => wordsOfItems(items, identity).map((w) => w.text);

Deno.test("a unit run into the next cell's capitalised text is two words", () => {
  assertEquals(texts([item("3,400 prsMen's cotton", 73)]), ["3,400", "prs", "Men's", "cotton"]);
  // The same seam between two runs that touch.
  assertEquals(texts([item("3,400 pcs", 73), item("Skin care", 73 + 45)]), [
    "3,400",
    "pcs",
    "Skin",
    "care",
  ]);
});

Deno.test("capitals inside a word, and a kerning break, are no seam", () => {
  assertEquals(texts([item("PayPal McDonald GmbH iPhone", 40)]), [
    "PayPal",
    "McDonald",
    "GmbH",
    "iPhone",
  ]);
  assertEquals(texts([item("Wa", 40), item("ter", 50)]), ["Water"]);
});

Deno.test("the parts of a split word keep their share of the run's width", () => {
  const [, unit, text] = wordsOfItems([item("3,400 prsMen's", 73)], identity);
  equal(unit?.x, 73 + 6 * 5);
  equal(text?.x, 73 + 9 * 5);
});

Deno.test("a bracketed unit run into the next column's header is two words", () => {
  assertEquals(texts([item("(kg)HS", 40)]), ["(kg)", "HS"]);
  assertEquals(texts([item("Box(es)Qty", 40)]), ["Box(es)Qty"]);
});
