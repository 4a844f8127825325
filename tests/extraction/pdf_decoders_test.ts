/**
 * The PDF filters the OCR reader decodes itself (shared/extraction/ocr/pdf_decoders.ts), on
 * vectors from outside it: the LZW example of ISO 32000-1 7.4.4.2, ASCII85 as Python's
 * base64.a85encode(adobe=True) writes it, and each filter's byte budget.
 */
import {
  decodeAscii85,
  decodeAsciiHex,
  decodeLzw,
  decodeRunLength,
} from "../../shared/extraction/ocr/pdf_decoders.ts";
import { assertEquals, equal } from "../support/assert.ts";

const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array) => new TextDecoder().decode(b);
const LOTS = 1 << 20;

Deno.test("LZWDecode: the specification's example, and the budget", () => {
  // 256 45 258 258 65 259 66 257 in 9-bit codes (ISO 32000-1, Example 2 of 7.4.4.2).
  const encoded = new Uint8Array([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
  equal(str(decodeLzw(encoded, LOTS)), "-----A---B");
  equal(str(decodeLzw(encoded, 4)), "----");
});

Deno.test("ASCII85Decode: Python's encoding, z for zeros, a short last group", () => {
  const encoded = "9jqo^BlbD-BleB1DJ+*+F(f,q/0JhKF<GL>Cj@.4Gp$d7F!,L7@<6@)~>";
  equal(str(decodeAscii85(text(encoded), LOTS)), "Man is distinguished, not only by his reason");
  assertEquals(decodeAscii85(text("z@:E^~>"), LOTS), new Uint8Array([0, 0, 0, 0, 97, 98, 99]));
  equal(decodeAscii85(text("9jqo^BlbD-~>"), 3).length, 3);
});

Deno.test("ASCIIHexDecode: white space skipped, an odd last digit padded, > ends", () => {
  assertEquals(decodeAsciiHex(text("48 65\n6c6C 6F 7>00"), LOTS), text("Hellop"));
  equal(decodeAsciiHex(text("41424344"), 2).length, 2);
});

Deno.test("RunLengthDecode: literal and repeated runs, 128 ends, and the budget", () => {
  const encoded = new Uint8Array([2, 65, 66, 67, 254, 68, 128, 69]);
  equal(str(decodeRunLength(encoded, LOTS)), "ABCDDD");
  equal(decodeRunLength(new Uint8Array([129, 0]), 10).length, 10); // 128 zeros, cut at 10
});
