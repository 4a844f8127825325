/**
 * The one raster form OCR works on: 8-bit grey, 0 black, 255 white, rows top to bottom. Every
 * decoder turns its pixels into this, so preprocessing and the engine see one format.
 */

export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A decoded page: its pixels and, when the file says, its resolution in dots per inch. */
export interface DecodedPage {
  image: GrayImage;
  dpi: number | null;
}

export function blankImage(width: number, height: number): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

/**
 * Grey from interleaved 8-bit channels: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. Alpha is laid
 * over white, as a viewer shows a transparent scan.
 */
export function grayFromChannels(
  data: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
  maxValue = 255,
): GrayImage {
  const out = new Uint8Array(width * height);
  const scale = 255 / maxValue;
  const n = width * height;
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    let g: number;
    let a = 1;
    if (channels >= 3) {
      g = (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114) / 1000;
      if (channels === 4) a = data[p + 3]! / maxValue;
    } else {
      g = data[p]!;
      if (channels === 2) a = data[p + 1]! / maxValue;
    }
    out[i] = Math.round(g * scale * a + 255 * (1 - a));
  }
  return { width, height, data: out };
}

/** Grey from 1-bit rows padded to whole bytes; `oneIsBlack` tells which bit value is ink. */
export function grayFromBits(
  data: Uint8Array,
  width: number,
  height: number,
  oneIsBlack: boolean,
): GrayImage {
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil(width / 8);
  const ink = oneIsBlack ? 1 : 0;
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const bit = ((data[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      out[y * width + x] = bit === ink ? 0 : 255;
    }
  }
  return { width, height, data: out };
}

/**
 * Applies an EXIF orientation (1–8) so the image stands as the camera's owner saw it: phones
 * store the sensor's rows and only tag the turn.
 */
export function applyOrientation(image: GrayImage, orientation: number): GrayImage {
  if (orientation < 2 || orientation > 8) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  // Where pixel (x, y) lands: ox = ax·x + bx·y + cx, oy = ay·x + by·y + cy.
  const [ax, bx, cx, ay, by, cy] = TURNS[orientation]!(w - 1, h - 1);
  const out = new Uint8Array(ow * oh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      out[(ay * x + by * y + cy) * ow + ax * x + bx * y + cx] = data[y * w + x]!;
    }
  }
  return { width: ow, height: oh, data: out };
}

type Turn = [number, number, number, number, number, number];

/** Each EXIF orientation's turn or mirror as the coefficients above, from the last column and row. */
const TURNS: Record<number, (right: number, bottom: number) => Turn> = {
  2: (r) => [-1, 0, r, 0, 1, 0],
  3: (r, b) => [-1, 0, r, 0, -1, b],
  4: (_r, b) => [1, 0, 0, 0, -1, b],
  5: () => [0, 1, 0, 1, 0, 0],
  6: (_r, b) => [0, -1, b, 1, 0, 0],
  7: (r, b) => [0, -1, b, -1, 0, r],
  8: (r) => [0, 1, 0, -1, 0, r],
};
