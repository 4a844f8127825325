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

/** Whether `b` is on `a`'s row: their middles within half the shorter one's height. */
export function sameRow(a: Box, b: Box): boolean {
  const middle = (w: Box) => w.y + w.height / 2;
  return Math.abs(middle(a) - middle(b)) <= Math.min(a.height, b.height) / 2;
}

/** The smallest box holding both. */
export function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
