/**
 * Numbers of two columns glued into one run ("949.76203.42") are cut where the run crosses a
 * column edge that other lines' words, or the column's other glued runs, mark; a run with no
 * such edge, and runs that are one number, a date or a tariff code, are left whole.
 */
import { assertEquals, equal } from "../support/assert.ts";
import type { Word } from "../../shared/extraction/layout.ts";
import { splitGluedNumbers } from "../../shared/extraction/readers/pdf_glued.ts";

const DIGIT = 5;

/** A word set with digits DIGIT wide, separators half that and capitals wider, as fonts do. */
function word(text: string, x: number, line: number): Word {
  const widths = [...text].map((c) => /\d/.test(c) ? DIGIT : /[.,']/.test(c) ? DIGIT / 2 : 7);
  const width = widths.reduce((w, c) => w + c, 0);
  return { text, x, y: 100 + 12 * line, width, height: 9, confidence: 1 };
}

const texts = (words: Word[]) => splitGluedNumbers(words).map((w) => w.text);

// "949.7" is 4 digits and a point wide: the next column starts 22.5 to the right.
const EDGE = 100 + 4 * DIGIT + DIGIT / 2;

Deno.test("a glued run is cut at the column edge its header marks", () => {
  const words = [word("HS", EDGE, 0), word("949.76203.42", 100, 1), word("12", 60, 1)];
  assertEquals(texts(words), ["HS", "949.7", "6203.42", "12"]);
  const [, left, right] = splitGluedNumbers(words);
  equal(left?.x, 100);
  equal(right?.x, EDGE);
  equal(left!.width + right!.width, words[1]!.width);
});

Deno.test("a run whose own edges mislead takes the cut its column's runs agree on", () => {
  // Two amounts below end where "165.37|308" would be cut; the runs whose codes cannot be cut
  // there ("471.30.00" is no number or code) mark the column's edge at the header's.
  const amount = (line: number) => {
    const w = word("1,250.00", 0, line);
    return { ...w, x: EDGE + DIGIT - w.width };
  };
  const words = [
    word("HS", EDGE, 0),
    word("1038.66109.10.10", 100 - DIGIT, 1),
    word("486.78471.30.00", 100, 2),
    word("165.37308", 100, 3),
    amount(4),
    amount(5),
  ];
  assertEquals(texts(words).slice(0, 7), [
    "HS",
    "1038.6",
    "6109.10.10",
    "486.7",
    "8471.30.00",
    "165.3",
    "7308",
  ]);
});

Deno.test("with no edge to cut at, a glued run stays whole", () => {
  assertEquals(texts([word("949.76203.42", 100, 1), word("Total", 20, 2)]), [
    "949.76203.42",
    "Total",
  ]);
});

Deno.test("numbers, dates and tariff codes are never cut, even across an edge", () => {
  const whole = ["1,234.56", "12.345,60", "10'050", "18.10.2026", "6109.10.10", "9401.6100"];
  const words = [word("HS", EDGE, 0), ...whole.map((t, i) => word(t, 100, i + 1))];
  assertEquals(texts(words), ["HS", ...whole]);
});
