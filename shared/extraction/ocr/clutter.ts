/**
 * A page that is mostly speckle (random noise, a dithered photograph) holds no readable text,
 * yet it is the costliest thing Tesseract can be given: its layout analysis finds millions of
 * blobs, for minutes, in WASM where neither a cancellation nor Deno's terminate() reaches it
 * (cancel.ts). Such a page is refused before the engine sees it. The measure is how often two
 * horizontally neighbouring pixels fall on different sides of the page's Otsu threshold: 2 to
 * 6 % on the scans and photos in tests/fixtures/ocr, about 50 % on noise.
 */
import type { GrayImage } from "./gray.ts";
import { OCR_LIMITS, refuse } from "./limits.ts";
import { otsu } from "./preprocess.ts";

/** The share (0..1) of horizontal neighbours on different sides of the threshold. */
export function edgeDensity(image: GrayImage): number {
  const { width, height, data } = image;
  if (width < 2 || height < 1) return 0;
  const threshold = otsu(data);
  let edges = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let dark = data[row]! <= threshold;
    for (let x = 1; x < width; x++) {
      const next = data[row + x]! <= threshold;
      if (next !== dark) edges++;
      dark = next;
    }
  }
  return edges / (height * (width - 1));
}

/** Refuses a page too cluttered to hold text (see above). */
export function checkClutter(image: GrayImage, what: string): void {
  const density = edgeDensity(image);
  if (density > OCR_LIMITS.maxEdgeDensity) {
    refuse(
      `${what} is mostly speckle (${Math.round(density * 100)} % of neighbouring pixels ` +
        `change between dark and light; text pages have under ${
          Math.round(OCR_LIMITS.maxEdgeDensity * 100)
        } %): it holds no readable text`,
    );
  }
}
