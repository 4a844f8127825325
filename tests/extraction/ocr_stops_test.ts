/**
 * Full stops the engine left out (restoreStops): a dot of a stop's size on the last letter's
 * foot, alone right of a word ending in a letter, makes the word end with "."; a comma, a
 * speck, a raised bullet, a dot leader, a next word or a word ending in a digit do not.
 */
import { restoreStops } from "../../shared/extraction/ocr/stops.ts";
import type { GrayImage } from "../../shared/extraction/ocr/gray.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { assertEquals } from "../support/assert.ts";
import { fill, page } from "../support/gray_page.ts";

/** Stroke width of the drawn letters, in pixels (300 dpi type of about 10 pt). */
const STEM = 6;

/** A word of `letters` upright strokes from x, 30 pixels tall with its foot at y = 80. */
function word(image: GrayImage, text: string, x: number, letters = 3): PixelWord {
  for (let k = 0; k < letters; k++) fill(image, x + 16 * k, 50, STEM, 30);
  return { text, x, y: 50, width: 16 * (letters - 1) + STEM, height: 30, confidence: 0.95 };
}

/** The word's right edge, where a mark after it is drawn from. */
function after(w: PixelWord, gap = 4): number {
  return w.x + w.width + gap;
}

Deno.test("restoreStops() adds the stop a dot on the baseline shows", () => {
  const image = page();
  const w = word(image, "Ltd", 100);
  fill(image, after(w), 73, 7, 7);
  const [read] = restoreStops([w], image);
  assertEquals(read!.text, "Ltd.");
  assertEquals(read!.width, after(w) + 7 - w.x);
});

Deno.test("restoreStops() finds the baseline under a last letter that reaches below it", () => {
  const image = page();
  const w = word(image, "A.Ş", 100);
  // The Ş's cedilla: a hook under the last letter's middle, below the baseline.
  fill(image, w.x + w.width - 5, 80, 4, 8);
  const ink = { ...w, height: w.height + 8 };
  fill(image, after(w), 73, 7, 7);
  assertEquals(restoreStops([ink], image)[0]!.text, "A.Ş.");
});

Deno.test("restoreStops() adds nothing where the mark is no stop", async (t) => {
  const cases: [string, (image: GrayImage, w: PixelWord) => void][] = [
    ["nothing after the word", () => {}],
    ["a comma: a dot with a tail below the baseline", (image, w) => {
      fill(image, after(w), 73, 7, 7);
      fill(image, after(w) + 2, 80, 4, 8);
    }],
    ["a speck far thinner than a stroke", (image, w) => fill(image, after(w), 78, 2, 2)],
    ["a raised dot (a bullet, a middle dot)", (image, w) => fill(image, after(w), 62, 7, 7)],
    ["a dot leader", (image, w) => {
      fill(image, after(w), 73, 7, 7);
      fill(image, after(w) + 12, 73, 7, 7);
    }],
    ["a dash on the baseline", (image, w) => fill(image, after(w), 75, 16, 5)],
    ["a dot too far from the word", (image, w) => fill(image, after(w, 16), 73, 7, 7)],
  ];
  for (const [name, draw] of cases) {
    await t.step(name, () => {
      const image = page();
      const w = word(image, "Ltd", 100);
      draw(image, w);
      assertEquals(restoreStops([w], image)[0]!.text, "Ltd");
    });
  }
  await t.step("a word ending in a digit or a stop already", () => {
    const image = page();
    const w = word(image, "15", 100, 2);
    const v = word(image, "S.A.", 300);
    fill(image, after(w), 73, 7, 7);
    fill(image, after(v), 73, 7, 7);
    assertEquals(restoreStops([w, v], image).map((r) => r.text), ["15", "S.A."]);
  });
  await t.step("a word read where the dot is", () => {
    const image = page();
    const w = word(image, "Ltd", 100);
    fill(image, after(w), 73, 7, 7);
    const next = { text: "x", x: after(w), y: 73, width: 7, height: 7, confidence: 0.3 };
    assertEquals(restoreStops([w, next], image)[0]!.text, "Ltd");
  });
});
