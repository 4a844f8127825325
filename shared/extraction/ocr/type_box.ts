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
 * columns of numbers together: no better overall (79.2 → 79.0 %).
 */
import type { PixelWord } from "./tesseract.ts";

/** The advance of a trailing comma or semicolon beyond its ink, against the line's height. */
const COMMA_ADVANCE = 0.25;

export function typeBoxes(words: PixelWord[]): PixelWord[] {
  const lines = new Map<number, { top: number; bottom: number }>();
  for (const w of words) {
    if (w.line === undefined) continue;
    const line = lines.get(w.line);
    if (!line) lines.set(w.line, { top: w.y, bottom: w.y + w.height });
    else {
      line.top = Math.min(line.top, w.y);
      line.bottom = Math.max(line.bottom, w.y + w.height);
    }
  }
  return words.map((w) => {
    const line = w.line === undefined ? undefined : lines.get(w.line);
    const y = line?.top ?? w.y;
    const height = line ? line.bottom - line.top : w.height;
    const width = /[,;]$/.test(w.text) ? w.width + Math.round(COMMA_ADVANCE * height) : w.width;
    return { ...w, y, height, width };
  });
}
