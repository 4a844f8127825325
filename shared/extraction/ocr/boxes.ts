/** Pixel boxes of OCR words: the geometry the readings are joined and mended by. */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** At least 1, so that a zero-size box never divides by zero nor covers everything. */
export function area(b: Box): number {
  return Math.max(1, b.width * b.height);
}

/** The area the two boxes share (0 when they only touch or are apart). */
export function intersection(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The horizontal space from the right edge of `a` to the left edge of `b` (negative: they overlap). */
export function gapAfter(a: Box, b: Box): number {
  return b.x - (a.x + a.width);
}
