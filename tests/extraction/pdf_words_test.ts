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

Deno.test("a digit or letter and a CJK character a font's gap apart are one word", () => {
  // Widths as the fonts set them: a digit 5.7, a CJK character 9 (the font size).
  const run = (str: string, x: number, width: number): PdfTextItem => ({
    str,
    transform: [9, 0, 0, 9, x, 500],
    width,
    height: 9,
  });
  const space = run(" ", 0, 0);
  // "电气连接器 2芯": a space 2.8 wide after the goods' name (0.31 em), 1.9 inside "2芯".
  assertEquals(
    texts([
      run("电气连接器", 67.7, 45),
      { ...space },
      run("2", 115.5, 5.7),
      { ...space },
      run("芯", 123.1, 9),
    ]),
    ["电气连接器", "2芯"],
  );
  assertEquals(texts([run("针织", 150, 18), { ...space }, run("T", 169.8, 5.5)]), ["针织T"]);
  // A space written in the run parts them, however narrow; so does a Latin gap of two words.
  assertEquals(texts([run("针织 T", 150, 25)]), ["针织", "T"]);
  assertEquals(texts([run("steel", 40, 25), { ...space }, run("case", 66.9, 20)]), [
    "steel",
    "case",
  ]);
});
