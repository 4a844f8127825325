/**
 * Glyphs the OCR engine misreads, mended from the words around them (glyphs.ts): a lone "|"
 * between a number and a word is the unit "l"; a number cut at its separator is joined where
 * the cut is narrower than a space.
 */
import {
  joinSplitNumbers,
  mendGlyphs,
  splitGluedWords,
} from "../../shared/extraction/ocr/glyphs.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { assertEquals } from "../support/assert.ts";

function word(text: string, x: number, width: number, line = 1): PixelWord {
  return { text, x, y: 100 * line, width, height: 30, confidence: 0.9, line };
}

Deno.test("mendGlyphs() reads a lone bar between a number and a word as the letter l", () => {
  const words = [
    word("oil,", 0, 60),
    word("5", 75, 15),
    word("|", 100, 4),
    word("tins", 115, 60),
    // A bar a cell's padding from the text is a border, and one after a word is no unit.
    word("7", 400, 15, 2),
    word("|", 470, 4, 2),
    word("pcs", 490, 50, 2),
    word("Tel", 0, 45, 3),
    word("|", 55, 4, 3),
    word("Fax", 70, 45, 3),
    // A one before a word in lower case is the unit too; before a capital it is a count.
    word("0.75", 0, 60, 4),
    word("1", 70, 12, 4),
    word("bottles", 92, 100, 4),
    word("5", 0, 15, 5),
    word("1", 25, 12, 5),
    word("Box", 47, 45, 5),
    word("Quai", 0, 60, 6),
    word("de", 70, 30, 6),
    word("1'Europe", 110, 120, 6),
    word("1'000", 300, 60, 6),
  ];
  assertEquals(mendGlyphs(words).map((w) => w.text), [
    "oil,",
    "5",
    "l",
    "tins",
    "7",
    "|",
    "pcs",
    "Tel",
    "|",
    "Fax",
    "0.75",
    "l",
    "bottles",
    "5",
    "1",
    "Box",
    "Quai",
    "de",
    "l'Europe",
    "1'000",
  ]);
});

Deno.test("mendGlyphs() reads a bar that ends its phrase after a number as the letter l", () => {
  const words = [
    // "Red wine, 0.75 l" over "bottles": the line ends at the unit.
    word("wine,", 0, 70),
    word("0.75", 80, 55),
    word("|", 150, 4),
    word("5250", 700, 60),
    // "228 l" in a quantity cell, the price a column on.
    word("228", 0, 45, 2),
    word("|", 62, 4, 2),
    // A bar a cell's padding after a number, or after a word, is a border.
    word("34.40", 400, 75, 2),
    word("|", 520, 4, 2),
    word("Tel", 0, 45, 3),
    word("|", 55, 4, 3),
  ];
  assertEquals(mendGlyphs(words).map((w) => w.text), [
    "wine,",
    "0.75",
    "l",
    "5250",
    "228",
    "l",
    "34.40",
    "|",
    "Tel",
    "|",
  ]);
});

Deno.test("joinSplitNumbers() joins a number cut at its separator, not two numbers", () => {
  const words = [
    word("48", 0, 40),
    // "875," then "00" nine pixels on: one number.
    word("875,", 60, 80),
    word("00", 149, 35),
    word("222", 300, 60, 2),
    word(".119,", 368, 95, 2),
    word("50", 471, 38, 2),
    // The engine may put a number's parts in lines of their own.
    { ...word("7", 600, 20, 5), y: 203 },
    { ...word(".500", 626, 80, 6), y: 198 },
    // A comma then a full space: a list.
    word("12,", 0, 50, 3),
    word("13", 80, 40, 3),
    // Two numbers a space apart stay two.
    word("0,95", 0, 80, 4),
    word("38", 110, 40, 4),
  ];
  assertEquals(joinSplitNumbers(words).map((w) => w.text), [
    "48",
    "875,00",
    "222.119,50",
    "7.500",
    "12,",
    "13",
    "0,95",
    "38",
  ]);
  const [, joined] = joinSplitNumbers(words);
  assertEquals([joined!.x, joined!.width], [60, 124]);
});

Deno.test("splitGluedWords() parts an amount and an HS code read as one word, only where both read so, and two header cells glued at a bracket", () => {
  const words = [
    word("63865.002204.21.00", 0, 180),
    word("46337,503926.9090", 300, 170, 2),
    // A digit lost: the code would be five digits. A price with more decimals is no code.
    word("15,548.4090111", 0, 140, 3),
    word("0.1234", 300, 60, 3),
    word("8482.20", 500, 70, 3),
    // A weight with one decimal before a code with its points; a header's bracket glued on.
    word("516.68482.20", 0, 120, 4),
    word("(kg)Partida", 300, 110, 4),
  ];
  const split = splitGluedWords(words);
  assertEquals(split.map((w) => w.text), [
    "63865.00",
    "2204.21.00",
    "46337,50",
    "3926.9090",
    "15,548.4090111",
    "0.1234",
    "8482.20",
    "516.6",
    "8482.20",
    "(kg)",
    "Partida",
  ]);
  assertEquals(split.slice(0, 2).map((w) => [w.x, w.width]), [[0, 80], [80, 100]]);
});
