/**
 * Full stops the engine left out. Tesseract drops a small dot after a word's last letter,
 * mostly at the end of a line: on the fresh scans (scan601) 11 of 45 wrong party names were
 * "Co., Ltd", "S.A" or "Şti" where the page shows "Co., Ltd.", "S.A.", "Şti.". The page's
 * pixels just right of such a word are looked at: when the only ink there is one blob of a full
 * stop's shape (about as wide and tall as the word's strokes are thick, round or square, its
 * foot on the word's baseline), the word ends with ".". A comma's tail, a bullet's height, a
 * speck much thinner than a stroke, a dot leader's second dot or a next word's letter keep the
 * word as read. It reads only a small window per word: no OCR pass.
 */
import type { GrayImage } from "./gray.ts";
import type { PixelWord } from "./tesseract.ts";

/** The window right of a word where its stop would stand, against the word's ink height. */
const WINDOW_WIDTH = 0.8;
/** The stop starts this close to the word's last letter, against the word's height. */
const MAX_GAP = 0.5;
/**
 * A full stop's shape against the word's stroke width: its width and height (`minSize`,
 * `maxSize`), about as tall as wide (a comma is taller, a dash wider), the share of its bounding
 * box its ink fills (a round dot fills π/4) and how far its foot may stand from the baseline.
 */
const STOP: DotShape = {
  minSize: 0.6,
  maxSize: 2,
  maxAspect: 1.5,
  minFill: 0.5,
  footTolerance: 0.5,
};
/** Grey levels between a word's paper and its ink, at least, for the word to be read here. */
const MIN_CONTRAST = 64;
/** Ink blobs smaller than this share of a stroke's square are scanner speckle. */
const SPECK = 0.2;

/** The words, each that ends in a letter with the full stop its page shows after it. */
export function restoreStops(words: PixelWord[], image: GrayImage): PixelWord[] {
  return words.map((word) => {
    if (!/\p{L}$/u.test(word.text) || word.height < 8) return word;
    const stop = stopAfter(word, image, words);
    if (!stop) return word;
    return { ...word, text: `${word.text}.`, width: stop.right - word.x };
  });
}

export interface Blob {
  left: number;
  right: number;
  top: number;
  bottom: number;
  pixels: number;
  /** Whether the blob reaches the window's edge (it may go on beyond it). */
  clipped: boolean;
}

/** The stop right of `word` (its right edge, exclusive), or null where there is none. */
function stopAfter(
  word: PixelWord,
  image: GrayImage,
  words: PixelWord[],
): { right: number } | null {
  const wordRight = word.x + word.width;
  const x0 = Math.round(wordRight),
    x1 = Math.min(image.width, Math.round(wordRight + WINDOW_WIDTH * word.height));
  // From the word's top (a stop stands low) to below its foot, where a comma's tail would go.
  const y0 = Math.max(0, Math.round(word.y));
  const y1 = Math.min(image.height, Math.round(word.y + 1.25 * word.height));
  if (x1 - x0 < 4 || y1 <= y0) return null;
  // A word read in the window: the stop would be its business, not this one's.
  if (words.some((w) => w !== word && overlaps(w, x0, x1, y0, y1))) return null;
  // A threshold is at most 255 - MIN_CONTRAST / 2: a window lighter than that holds no ink, and
  // most windows are blank paper after a line's last word, so the word's box is not read then.
  if (darkest(image, x0, x1, y0, y1) > 255 - MIN_CONTRAST / 2) return null;
  const threshold = inkThreshold(word, image);
  if (threshold === null) return null;
  // The window first: most words have nothing or a next letter there, and it is small.
  const inked = blobsIn(image, x0, x1, y0, y1, threshold);
  if (inked.length === 0) return null;
  const stroke = strokeWidth(word, image, threshold);
  if (stroke < 1) return null;
  const blobs = inked.filter((b) => b.pixels >= SPECK * stroke * stroke);
  if (blobs.length !== 1) return null;
  const dot = blobs[0]!;
  if (dot.clipped || dot.left - x0 > MAX_GAP * word.height) return null;
  const foot = baseline(word, image, threshold);
  if (foot === null || !dotShaped(dot, stroke, foot, STOP)) return null;
  return { right: dot.right };
}

/** The limits of a dot's shape, each against the stroke width of the letters beside it. */
export interface DotShape {
  minSize: number;
  maxSize: number;
  maxAspect: number;
  minFill: number;
  footTolerance: number;
}

/** Whether a blob is a dot within `shape`, its foot on the baseline `foot`. */
export function dotShaped(blob: Blob, stroke: number, foot: number, shape: DotShape): boolean {
  const w = blob.right - blob.left, h = blob.bottom - blob.top;
  if (Math.min(w, h) < shape.minSize * stroke || Math.max(w, h) > shape.maxSize * stroke) {
    return false;
  }
  if (h > shape.maxAspect * w || w > shape.maxAspect * h) return false;
  if (blob.pixels < shape.minFill * w * h) return false;
  return Math.abs(blob.bottom - foot) <= Math.max(2, shape.footTolerance * stroke);
}

function overlaps(w: PixelWord, x0: number, x1: number, y0: number, y1: number): boolean {
  return w.x < x1 && w.x + w.width > x0 && w.y < y1 && w.y + w.height > y0;
}

/** Midway between the word's paper and its ink; null where the box holds no contrast. */
export function inkThreshold(word: PixelWord, image: GrayImage): number | null {
  const { x0, x1, y0, y1 } = pixelBox(word, image);
  const dark = darkest(image, x0, x1, y0, y1);
  let light = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) light = Math.max(light, image.data[y * image.width + x]!);
  }
  return light - dark < MIN_CONTRAST ? null : (dark + light) / 2;
}

export function darkest(image: GrayImage, x0: number, x1: number, y0: number, y1: number): number {
  let dark = 255;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) dark = Math.min(dark, image.data[y * image.width + x]!);
  }
  return dark;
}

/** The word's strokes' thickness: the median length of its rows' runs of ink. */
export function strokeWidth(word: PixelWord, image: GrayImage, threshold: number): number {
  const runs: number[] = [];
  const { x0, x1, y0, y1 } = pixelBox(word, image);
  for (let y = y0; y < y1; y++) {
    let run = 0;
    for (let x = x0; x <= x1; x++) {
      const ink = x < x1 && image.data[y * image.width + x]! <= threshold;
      if (ink) run++;
      else if (run > 0) runs.push(run), run = 0;
    }
  }
  if (runs.length === 0) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/**
 * The word's baseline: the median of its columns' lowest ink (exclusive). A cedilla or an ogonek
 * on the last letter ("A.Ş", "Sp.ą") reaches below it in a few columns only; a word most of whose
 * columns descend gets a baseline too low for any stop, which is the safe side.
 */
export function baseline(word: PixelWord, image: GrayImage, threshold: number): number | null {
  const { x0, x1, y0, y1 } = pixelBox(word, image);
  const feet: number[] = [];
  for (let x = x0; x < x1; x++) {
    for (let y = y1 - 1; y >= y0; y--) {
      if (image.data[y * image.width + x]! <= threshold) {
        feet.push(y + 1);
        break;
      }
    }
  }
  if (feet.length === 0) return null;
  feet.sort((p, q) => p - q);
  return feet[Math.floor(feet.length / 2)]!;
}

/** The blobs of ink (8-connected) in a window of the image. */
export function blobsIn(
  image: GrayImage,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  threshold: number,
): Blob[] {
  const w = x1 - x0, h = y1 - y0;
  const seen = new Uint8Array(w * h);
  const ink = (x: number, y: number) => image.data[(y0 + y) * image.width + x0 + x]! <= threshold;
  const blobs: Blob[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !ink(start % w, Math.floor(start / w))) continue;
    const blob: Blob = { left: w, right: 0, top: h, bottom: 0, pixels: 0, clipped: false };
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % w, y = Math.floor(at / w);
      blob.pixels++;
      blob.left = Math.min(blob.left, x), blob.right = Math.max(blob.right, x + 1);
      blob.top = Math.min(blob.top, y), blob.bottom = Math.max(blob.bottom, y + 1);
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) blob.clipped = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (!seen[n] && ink(nx, ny)) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    blobs.push({
      ...blob,
      left: blob.left + x0,
      right: blob.right + x0,
      top: blob.top + y0,
      bottom: blob.bottom + y0,
    });
  }
  return blobs;
}

function pixelBox(word: PixelWord, image: GrayImage) {
  return {
    x0: Math.max(0, Math.round(word.x)),
    x1: Math.min(image.width, Math.round(word.x + word.width)),
    y0: Math.max(0, Math.round(word.y)),
    y1: Math.min(image.height, Math.round(word.y + word.height)),
  };
}
