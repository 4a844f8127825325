/**
 * OCR boxes made to measure like a text layer's. The engine's box holds a word's ink, so on one
 * line "care" is shorter than "Skin" (no ascender) and "creams," ends at its comma's ink; a text
 * layer gives every word of a line the type's height and a comma its advance. The field finder
 * splits a line into phrases where a gap is wide against the words' height, so on a scan set in
 * a monospaced face it cut "Skin | care | creams, | 50 ml jars" and "Via Garibaldi, | 78": the
 * gap after a comma is a cell and a half, and an x-height word makes the gap look wide.
 * Tune split (scripts/corpus/score_tune.ts): 300 dpi scans 78.1 → 83.7 % of fields, noisy 200 dpi
 * 83.0 → 86.0 %, image PDFs 79.9 → 81.8 %; exporter names 52 → 80 %. Raising the finder's
 * allowance for ink boxes instead (INK_TO_FONT 1.3 → 1.6) mended addresses but ran table
 * columns of numbers together: no better overall (79.2 → 79.0 %). The line's tallest word, not
 * the line's extent, sets the height: on tune photos 66.2 → 79.5 % (scans unchanged), since a
 * slanted line's extent grew with its length and ran columns together.
 */
import type { PixelWord } from "./tesseract.ts";

/** The advance of a trailing comma or semicolon beyond its ink, against the line's height. */
const COMMA_ADVANCE = 0.25;

export function typeBoxes(words: PixelWord[]): PixelWord[] {
  // The tallest word of each line, not the lines' extent: a line on a slanted photo or a skewed
  // scan spans more than a word's height from end to end.
  const tallest = new Map<number, number>();
  for (const w of words) {
    if (w.line !== undefined) tallest.set(w.line, Math.max(tallest.get(w.line) ?? 0, w.height));
  }
  return words.map((w) => {
    const height = w.line === undefined ? w.height : tallest.get(w.line) ?? w.height;
    // Grown about its middle, where the field finder compares words of a line.
    const y = w.y + w.height / 2 - height / 2;
    const width = /[,;]$/.test(w.text) ? w.width + Math.round(COMMA_ADVANCE * height) : w.width;
    return { ...w, y, height, width };
  });
}
