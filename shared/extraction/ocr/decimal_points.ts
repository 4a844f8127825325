/**
 * Decimal points the engine read as a space. On 200 dpi pages (image-only PDFs, noisy scans,
 * enlarged to 300 dpi before reading) Tesseract often leaves out the point between two digit
 * groups of one number and parts the number there: "9509.50" comes back as the words "9509" and
 * "50", "1,234.50" as "1,234" "50", so HS codes and amounts are read wrong while the engine is
 * sure of each piece (ocr/page.ts sends only enlarged pages here; at 300 dpi it was not seen).
 * The page's pixels between two such words on one line are looked at (as stops.ts does after
 * letters): one blob of a point's shape (about a stroke wide and tall, its
 * foot on the digits' baseline) joins them with "."; one of a comma's shape (a stroke wide, its
 * top near the baseline and its tail below it) joins them with ",". A gap of clean paper is a
 * space the page shows ("8536 90", "+39 010 246"). A gap with other ink is a reading no one can
 * vouch for, and so is a number the engine ended with its mark a gap before a group of digits
 * ("94.950," "00" for 94.950,00): the two words keep their text but lose the engine's certainty
 * (DOUBTFUL), so no value made of them is given confidence >= 0.9.
 */
import type { GrayImage } from "./gray.ts";
import type { PixelWord } from "./tesseract.ts";
import {
  type Blob,
  blobsIn,
  type DotShape,
  dotShaped,
  inkThreshold,
  strokeWidth,
} from "./stops.ts";

/** The widest gap between two digit groups of one number, against the digits' height. */
const MAX_GAP = 1.2;
/** How far the tops of two parts of one number may stand apart, against their height. */
const LEVEL = 0.3;
/**
 * A point's shape against the digits' stroke width (see stops.ts's DotShape): a little looser than
 * a full stop after letters, as 200 dpi pages enlarged blur it.
 */
const POINT: DotShape = {
  minSize: 0.6,
  maxSize: 2.2,
  maxAspect: 1.6,
  minFill: 0.45,
  footTolerance: 0.7,
};
/** A comma's tail reaches at least this far below the baseline, against the stroke width. */
const MIN_TAIL = 0.8;
/** Room below the digits' foot for a comma's tail, against their height. */
const TAIL_ROOM = 0.45;
/** Ink blobs smaller than this share of a stroke's square are scanner speckle. */
const SPECK = 0.25;
/** The confidence at most of two digit groups with unexplained ink between them. */
export const DOUBTFUL = 0.6;

/** The words, with each number the engine parted at its decimal mark joined again. */
export function restoreDecimalPoints(
  words: PixelWord[],
  image: GrayImage,
): PixelWord[] {
  const out = [...words];
  // Left to right along each line, so "1" "234" "50" can join twice.
  const order = out.map((_, i) => i).sort((a, b) => out[a]!.x - out[b]!.x);
  const gone = new Set<number>();
  for (const i of order) {
    if (gone.has(i)) continue;
    const left = out[i]!;
    // A number the engine ended with its mark, then its decimals or next group a gap away
    // ("94.950," "00"): which of the two the mark belongs to, the reading cannot tell.
    const marked = /\d[.,]$/.test(left.text);
    if (!(/\d$/.test(left.text) || marked) || left.height < 8) continue;
    const j = nextOnLine(out, i, gone);
    if (j === null) continue;
    const right = out[j]!;
    if (!/^\d/.test(right.text)) continue;
    if (marked && !/^\d{1,3}$/.test(right.text)) continue;
    const mark = marked ? "doubtful" : markBetween(left, right, image);
    if (mark === "doubtful") {
      out[i] = { ...left, confidence: Math.min(left.confidence, DOUBTFUL) };
      out[j] = { ...right, confidence: Math.min(right.confidence, DOUBTFUL) };
      continue;
    }
    if (mark === null) continue;
    const top = Math.min(left.y, right.y);
    const bottom = Math.max(left.y + left.height, right.y + right.height);
    out[j] = {
      ...left,
      text: `${left.text}${mark}${right.text}`,
      width: right.x + right.width - left.x,
      y: top,
      height: bottom - top,
      confidence: Math.min(left.confidence, right.confidence),
    };
    gone.add(i);
  }
  return out.filter((_, i) => !gone.has(i));
}

/**
 * The word right after `words[i]` on its line, within a number's gap; null when none. The engine
 * often puts the two parts in lines of their own (sparse text parts a line at a wide gap), so
 * the line is told by the digits' tops, which stand level (a comma's tail makes one part
 * taller, not higher).
 */
function nextOnLine(words: PixelWord[], i: number, gone: Set<number>): number | null {
  const left = words[i]!;
  const right = left.x + left.width;
  let best: number | null = null;
  words.forEach((w, j) => {
    if (j === i || gone.has(j)) return;
    const height = Math.min(w.height, left.height);
    if (Math.abs(w.y - left.y) > LEVEL * height) return;
    if (w.x < right - 1 || w.x - right > MAX_GAP * height) return;
    if (best === null || w.x < words[best]!.x) best = j;
  });
  return best;
}

/**
 * What stands between two digit groups: "." or "," when the page shows one there, null for
 * clean paper (or a gap too narrow to hold a mark), "doubtful" for any other ink.
 */
function markBetween(
  left: PixelWord,
  right: PixelWord,
  image: GrayImage,
): "." | "," | "doubtful" | null {
  const x0 = Math.max(0, Math.round(left.x + left.width));
  const x1 = Math.min(image.width, Math.round(right.x));
  if (x1 - x0 < 2) return null;
  const threshold = inkThreshold(left, image);
  if (threshold === null) return null;
  const stroke = strokeWidth(left, image, threshold);
  if (stroke < 1) return null;
  // The digits' foot: the lower edge of the part without a comma's tail, which is the shorter
  // one (a column's median foot, as stops.ts takes it, stands on the bar of a "4" or a "7").
  const foot = Math.round(Math.min(left.y + left.height, right.y + right.height));
  const height = foot - left.y;
  // From the digits' top to a comma's tail below their foot, short of the next line.
  const y0 = Math.max(0, Math.round(left.y));
  const y1 = Math.min(image.height, Math.round(foot + TAIL_ROOM * height));
  if (y1 <= y0) return null;
  const blobs = blobsIn(image, x0, x1, y0, y1, threshold).filter((b) =>
    b.pixels >= SPECK * stroke * stroke &&
    // The fringe of a digit beside the gap (the engine's box ends inside its grey edge).
    !(b.left === x0 || b.right === x1) &&
    // The top of the next line's text.
    !(b.bottom === y1 && b.top >= foot + stroke)
  );
  if (blobs.length === 0) return null;
  if (blobs.length > 1) return "doubtful";
  const blob = blobs[0]!;
  if (dotShaped(blob, stroke, foot, POINT)) return ".";
  if (isComma(blob, stroke, foot)) return ",";
  return "doubtful";
}

/** A comma: a stroke or two wide, from about the baseline down into a tail below it. */
function isComma(blob: Blob, stroke: number, foot: number): boolean {
  const w = blob.right - blob.left, h = blob.bottom - blob.top;
  if (w < POINT.minSize * stroke || w > POINT.maxSize * stroke) return false;
  if (h < w || h > 4 * stroke) return false;
  if (blob.top > foot || blob.top < foot - 2.5 * stroke) return false;
  return blob.bottom - foot >= MIN_TAIL * stroke;
}
