/**
 * CJK labels set in an oblique face. Forms often set their labels in italics; a CJK font has no
 * italic, so the type is slanted, and the CJK models read slanted characters as other characters
 * at no confidence ("和静編考" for "輸出者"), whole page or box alone, while the English model
 * reads them as debris. A party's label so lost left its block unread (tune split: four of the
 * nine CJK scans lost an importer so). Set upright again, the same box reads right and sure
 * ("輸出者" at 0.96). So on a CJK page the debris left after the CJK reading (words the two
 * readings were unsure of, side by side on a line) is cut out, sheared upright and read again as
 * one line with the page's CJK model; a sure CJK reading replaces the words there.
 */
import type { GrayImage } from "./gray.ts";
import type { PixelWord } from "./tesseract.ts";
import { area, type Box, gapAfter, intersection, sameRow, union } from "./boxes.ts";
import { hasCjk } from "./cjk_page.ts";

/** Words below this confidence on a CJK page are debris worth reading again. */
const DEBRIS_BELOW = 0.5;
/**
 * CJK words below this confidence may be a slanted label misread ("発行考" for "発行者"), if they
 * have two characters or more: a lone one is as often part of a date or a unit ("日" of
 * "2026年3月20日", read again as another character).
 */
const UNSURE_CJK_BELOW = 0.8;
/** Debris boxes this close (against their height) on a line are one label. */
const JOIN_GAP = 1;
/** Boxes read again on a page, at most (each is a small reading). */
export const MAX_SLANTED = 12;
/** The slant of an oblique face: the top of a character leans this far right per unit of height. */
export const SLANT = 0.21;
/** Every character read upright must be at least this sure. */
const MIN_UPRIGHT_CONFIDENCE = 0.6;
/** A box this short (pixels at 300 dpi) is a speck or a rule's end, not a line of type. */
const MIN_HEIGHT = 16;

/**
 * The boxes worth reading upright: runs of debris on one engine line (unsure words side by
 * side), widest first, at most MAX_SLANTED.
 */
export function debrisBoxes(words: PixelWord[], dpi: number): Box[] {
  const debris = words.filter((w) =>
    (w.confidence < DEBRIS_BELOW ||
      (hasCjk(w.text) && [...w.text].length >= 2 && w.confidence < UNSURE_CJK_BELOW)) &&
    w.height >= MIN_HEIGHT * dpi / 300 && !/^[\d\s.,:;|/-]+$/.test(w.text)
  ).sort((a, b) => a.x - b.x);
  const boxes: Box[] = [];
  const taken = new Set<PixelWord>();
  for (const first of debris) {
    if (taken.has(first)) continue;
    let box: Box = { x: first.x, y: first.y, width: first.width, height: first.height };
    let widest = first;
    taken.add(first);
    for (const next of debris) {
      if (taken.has(next) || !sameRow(box, next)) continue;
      if (gapAfter(box, next) > JOIN_GAP * Math.max(box.height, next.height)) continue;
      box = union(box, next);
      if (next.width > widest.width) widest = next;
      taken.add(next);
    }
    // The widest word's height, not the run's: a debris box often reaches into the lines above
    // or below, and their ink in the cut makes the reading of the label fail.
    boxes.push({ ...box, y: widest.y, height: widest.height });
  }
  return boxes.sort((a, b) => b.width - a.width).slice(0, MAX_SLANTED);
}

/**
 * The box with a margin round it, cut out of the page and sheared so that type leaning right by
 * `slant` stands upright: a row `d` pixels above the bottom is taken from `slant × d` further
 * right. Outside the page is white.
 */
export function uprightCrop(image: GrayImage, box: Box, slant = SLANT): GrayImage {
  const pad = padOf(box);
  const x0 = box.x - pad, y0 = box.y - pad;
  const height = box.height + 2 * pad;
  const width = box.width + 2 * pad;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    const sy = y0 + y;
    if (sy < 0 || sy >= image.height) continue;
    const shift = Math.round(slant * (height - 1 - y));
    for (let x = 0; x < width; x++) {
      const sx = x0 + x + shift;
      if (sx >= 0 && sx < image.width) data[y * width + x] = image.data[sy * image.width + sx]!;
    }
  }
  return { width, height, data };
}

function padOf(box: Box): number {
  return Math.round(0.3 * box.height);
}

/**
 * Words read in `uprightCrop(image, box, slant)` where they stand on the page: a word's middle
 * row was taken from `slant × d` further right.
 */
export function onPage(box: Box, words: PixelWord[], slant = SLANT): PixelWord[] {
  const pad = padOf(box);
  const height = box.height + 2 * pad;
  return words.map((w) => {
    const shift = Math.round(slant * (height - 1 - (w.y + w.height / 2)));
    return { ...w, x: box.x - pad + w.x + shift, y: box.y - pad + w.y };
  });
}

/**
 * The words with each box's upright reading (its words where they stand on the page) in place of
 * the words it covers, where that reading is CJK throughout and sure of every character: one
 * word, its characters joined, as wide as they are.
 */
export function withUprightReadings(
  words: PixelWord[],
  readings: { box: Box; words: PixelWord[] }[],
): PixelWord[] {
  let out = words;
  for (const { box, words: read } of readings) {
    const text = read.map((w) => w.text).join("");
    if (read.length === 0 || !hasCjk(text) || /[\p{sc=Latin}\d]/u.test(text)) continue;
    const confidence = Math.min(...read.map((w) => w.confidence));
    if (confidence < MIN_UPRIGHT_CONFIDENCE) continue;
    const covered = out.filter((w) => intersection(w, box) >= 0.5 * area(w));
    // A word read sure under the box stays: Latin text, or CJK text the reading does not hold.
    const kept = (w: PixelWord) =>
      w.confidence >= DEBRIS_BELOW && (!hasCjk(w.text) || !text.includes(w.text)) &&
      w.confidence >= confidence;
    if (covered.some((w) => kept(w) || (!hasCjk(w.text) && w.confidence >= DEBRIS_BELOW))) {
      continue;
    }
    // The characters' own extent: a debris box often reaches into the next word's ink.
    const x0 = Math.max(box.x, Math.min(...read.map((w) => w.x)));
    const x1 = Math.min(box.x + box.width, Math.max(...read.map((w) => w.x + w.width)));
    const line = covered.find((w) => w.line !== undefined)?.line;
    out = [
      ...out.filter((w) => !covered.includes(w)),
      {
        text,
        x: x0,
        y: box.y,
        width: Math.max(1, x1 - x0),
        height: box.height,
        confidence,
        ...(line !== undefined ? { line } : {}),
      },
    ];
  }
  return out;
}
