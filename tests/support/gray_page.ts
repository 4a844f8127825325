/** Page images drawn by hand for the OCR pixel tests: light paper, dark rectangles of ink. */
import type { GrayImage } from "../../shared/extraction/ocr/gray.ts";

/** A blank page of light paper. */
export function page(width = 600, height = 200): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(245) };
}

/** Ink over a rectangle of the page. */
export function fill(image: GrayImage, x: number, y: number, width: number, height: number): void {
  for (let j = y; j < y + height; j++) {
    image.data.fill(15, j * image.width + x, j * image.width + x + width);
  }
}
