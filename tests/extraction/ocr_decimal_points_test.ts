/**
 * Decimal points the engine read as a space (restoreDecimalPoints): two digit groups on one
 * line with a point's blob on their foot between them are one number with "."; a comma's blob
 * joins them with ","; clean paper, a next line's ink or a digit's grey fringe leave them apart;
 * other ink between them leaves them apart but no longer sure.
 */
import { DOUBTFUL, restoreDecimalPoints } from "../../shared/extraction/ocr/decimal_points.ts";
import { placeWords } from "../../shared/extraction/ocr/page.ts";
import type { GrayImage } from "../../shared/extraction/ocr/gray.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { assertEquals } from "../support/assert.ts";
import { fill, page } from "../support/gray_page.ts";

/** Stroke width of the drawn digits, in pixels (a 200 dpi page enlarged to 300 dpi). */
const STEM = 4;

/**
 * A word of `digits` digits from x, 26 pixels tall with its foot at y = 76: each an upright
 * stroke and a bar, so that its box holds paper as well as ink.
 */
function digits(image: GrayImage, text: string, x: number, line: number): PixelWord {
  const n = text.replace(/\D/g, "").length;
  for (let k = 0; k < n; k++) {
    fill(image, x + 14 * k, 50, STEM, 26);
    fill(image, x + 14 * k, 50, 10, STEM);
  }
  return { text, x, y: 50, width: 14 * (n - 1) + 10, height: 26, confidence: 0.96, line };
}

/** "9509" and "50" with `gap` pixels of paper between them (each in a line of its own). */
function pair(image: GrayImage, gap = 14): [PixelWord, PixelWord] {
  const left = digits(image, "9509", 100, 1);
  return [left, digits(image, "50", left.x + left.width + gap, 2)];
}

const texts = (words: PixelWord[]) => words.map((w) => w.text);

Deno.test("restoreDecimalPoints() joins two digit groups with the point between them", () => {
  const image = page();
  const [left, right] = pair(image);
  fill(image, left.x + left.width + 5, 71, 5, 5);
  const [word, ...rest] = restoreDecimalPoints([left, right], image);
  assertEquals(rest.length, 0);
  assertEquals(word!.text, "9509.50");
  assertEquals(word!.x, left.x);
  assertEquals(word!.width, right.x + right.width - left.x);
  assertEquals(word!.confidence, 0.96);
});

Deno.test("restoreDecimalPoints() joins with a comma where the mark has a tail", () => {
  const image = page();
  const [left, right] = pair(image);
  fill(image, left.x + left.width + 5, 71, 5, 5);
  fill(image, left.x + left.width + 6, 76, 3, 5);
  assertEquals(texts(restoreDecimalPoints([left, right], image)), ["9509,50"]);
});

Deno.test("restoreDecimalPoints() joins a thousands point and the decimals after it", () => {
  const image = page();
  const a = digits(image, "9", 100, 1);
  const b = digits(image, "495", a.x + a.width + 14, 2);
  const c = digits(image, "00", b.x + b.width + 14, 3);
  fill(image, a.x + a.width + 5, 71, 5, 5);
  fill(image, b.x + b.width + 5, 71, 5, 5);
  assertEquals(texts(restoreDecimalPoints([c, b, a], image)), ["9.495.00"]);
});

Deno.test("restoreDecimalPoints() leaves numbers apart where the page shows no mark", async (t) => {
  const cases: [string, (image: GrayImage, left: PixelWord) => void][] = [
    ["clean paper (an HS code printed with a space)", () => {}],
    ["a speck far thinner than a stroke", (image, l) => fill(image, l.x + l.width + 6, 74, 1, 1)],
    ["the next line's text under the gap", (image, l) => fill(image, l.x + l.width + 3, 83, 8, 6)],
    [
      "a digit's grey fringe at the box's edge",
      (image, l) => fill(image, l.x + l.width, 60, 2, 10),
    ],
  ];
  for (const [name, draw] of cases) {
    await t.step(name, () => {
      const image = page();
      const [left, right] = pair(image);
      draw(image, left);
      const read = restoreDecimalPoints([left, right], image);
      assertEquals(texts(read), ["9509", "50"]);
      assertEquals(read.map((w) => w.confidence), [0.96, 0.96]);
    });
  }
  await t.step("words on different lines, a word not a number, a gap of a column", () => {
    const image = page();
    const left = digits(image, "9509", 100, 1);
    const below = { ...digits(image, "50", 170, 2), y: 90 };
    const word = { ...digits(image, "50", 170, 2), text: "kg" };
    const far = digits(image, "50", 200, 2);
    fill(image, 160, 71, 5, 5);
    assertEquals(texts(restoreDecimalPoints([left, below], image)), ["9509", "50"]);
    assertEquals(texts(restoreDecimalPoints([left, word], image)), ["9509", "kg"]);
    assertEquals(texts(restoreDecimalPoints([left, far], image)), ["9509", "50"]);
  });
});

Deno.test("restoreDecimalPoints() makes two digit groups with other ink between them unsure", () => {
  const image = page();
  const [left, right] = pair(image);
  // A raised mark (a middle dot, a blot): no point, no comma, yet not clean paper.
  fill(image, left.x + left.width + 4, 56, 6, 12);
  const read = restoreDecimalPoints([left, right], image);
  assertEquals(texts(read), ["9509", "50"]);
  assertEquals(read.map((w) => w.confidence), [DOUBTFUL, DOUBTFUL]);
});

Deno.test("restoreDecimalPoints() makes a number ended by its mark before a digit group unsure", () => {
  const image = page();
  const left = { ...digits(image, "94.950", 100, 1), text: "94.950," };
  const right = digits(image, "00", left.x + left.width + 14, 2);
  const read = restoreDecimalPoints([left, right], image);
  assertEquals(texts(read), ["94.950,", "00"]);
  assertEquals(read.map((w) => w.confidence), [DOUBTFUL, DOUBTFUL]);
  // A year after a day and its comma ("June 13, 2026") is no number's decimals.
  const year = digits(image, "2026", left.x + left.width + 14, 2);
  const date = restoreDecimalPoints([{ ...left, text: "13," }, year], image);
  assertEquals(date.map((w) => w.confidence), [0.96, 0.96]);
});

Deno.test("placeWords() restores decimal points on enlarged pages only", () => {
  const image = page();
  const [left, right] = pair(image);
  fill(image, left.x + left.width + 5, 71, 5, 5);
  const place = (scale: number) =>
    placeWords([left, right], { image, dpi: 300, scale, angle: 0 }, { dpi: 300 / scale }, {
      width: image.width / scale,
      height: image.height / scale,
    }).words.map((w) => w.text);
  assertEquals(place(1.5), ["9509.50"]);
  assertEquals(place(1), ["9509", "50"]);
});
