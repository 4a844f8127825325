/**
 * OCR word boxes measured like a text layer's (type_box.ts): every word of an engine text line
 * as tall as the line's tallest word, about its own middle; a trailing comma given its advance.
 */
import { typeBoxes } from "../../shared/extraction/ocr/type_box.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { assertEquals } from "../support/assert.ts";

function word(text: string, x: number, y: number, height: number, line?: number): PixelWord {
  return {
    text,
    x,
    y,
    width: 80,
    height,
    confidence: 0.9,
    ...(line === undefined ? {} : { line }),
  };
}

Deno.test("typeBoxes() gives a line's words its tallest word's height, a comma its advance", () => {
  const boxes = typeBoxes([
    word("Skin", 494, 1607, 27, 7),
    word("care", 607, 1614, 20, 7),
    word("creams,", 720, 1614, 27, 7),
    word("78", 962, 1609, 25, 8),
    word("read", 100, 300, 22),
  ]);
  assertEquals(
    boxes.map((w) => [w.text, w.y, w.height, w.width]),
    [
      ["Skin", 1607, 27, 80],
      ["care", 1610.5, 27, 80],
      // 27 high: a quarter of that beyond the comma's ink.
      ["creams,", 1614, 27, 87],
      ["78", 1609, 25, 80],
      // A word read box by box has no engine line: left as read.
      ["read", 300, 22, 80],
    ],
  );
});
