/**
 * Where the page has ink no word read covers (unreadInk): lines a pen stroke hid from the
 * engine are found, while words read, speckle, small marks and pictures are not.
 */
import { unreadInk } from "../../shared/extraction/ocr/unread_ink.ts";
import type { GrayImage } from "../../shared/extraction/ocr/gray.ts";
import { assert, assertEquals } from "../support/assert.ts";

function page(): GrayImage {
  return { width: 1200, height: 1600, data: new Uint8Array(1200 * 1600).fill(250) };
}

/** Letter-like ink: strokes 4 pixels wide every 12, a line `height` high. */
function type(image: GrayImage, x: number, y: number, width: number, height = 30): void {
  for (let j = y; j < y + height; j++) {
    for (let i = x; i < x + width; i++) if ((i - x) % 12 < 4) image.data[j * image.width + i] = 20;
  }
}

function fill(image: GrayImage, x: number, y: number, width: number, height: number): void {
  for (let j = y; j < y + height; j++) {
    image.data.fill(20, j * image.width + x, j * image.width + x + width);
  }
}

Deno.test("unreadInk() finds lines no word was read in, and only those", () => {
  const image = page();
  // Two lines read as words, and two lines under a stroke the engine skipped.
  type(image, 100, 100, 300);
  type(image, 100, 150, 240);
  type(image, 700, 400, 320);
  type(image, 700, 450, 200);
  // Speckle, a tick too small for a line, and a picture far larger than any line block.
  for (let k = 0; k < 400; k++) image.data[(37 * k % 1500 + 50) * 1200 + (91 * k % 1100 + 50)] = 20;
  fill(image, 1000, 100, 20, 20);
  fill(image, 100, 800, 800, 600);
  const words = [
    { x: 100, y: 100, width: 300, height: 30 },
    { x: 100, y: 150, width: 240, height: 30 },
  ];
  const areas = unreadInk(image, words, 300);
  assertEquals(areas.length, 1);
  const [box] = areas;
  assert(box!.x <= 700 && box!.x + box!.width >= 1020, "the area spans the lines' width");
  assert(box!.y <= 400 && box!.y + box!.height >= 480, "the area spans both lines");
  assert(box!.width * box!.height < 0.05 * image.width * image.height, "the area is the lines'");
});

Deno.test("unreadInk() finds nothing on a page whose ink was all read", () => {
  const image = page();
  type(image, 100, 100, 300);
  assertEquals(unreadInk(image, [{ x: 100, y: 100, width: 300, height: 30 }], 300), []);
});
