/**
 * Refuses PDFs whose Flate streams inflate past the caps, before pdf.js (which decodes a
 * stream whole into memory) sees them. Every stream is found by its `stream` keyword in the raw
 * bytes (streams are never inside object streams, so none is missed) and inflated under a
 * budget without keeping the output.
 */
import { inflatedSize } from "./inflate_bounded.ts";
import { mib, READER_LIMITS, refuse } from "./limits.ts";

const STREAM = /(>>\s*)stream(\r\n|\r|\n)/g;
const INDIRECT_INT = /(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g;
/** How far back from `stream` its dictionary is looked for. */
const DICT_WINDOW = 4096;

export interface StreamLimits {
  maxStreamBytes: number;
  maxTotalBytes: number;
}

export function checkPdfStreams(
  bytes: Uint8Array,
  limits: StreamLimits = {
    maxStreamBytes: READER_LIMITS.maxPdfStreamBytes,
    maxTotalBytes: READER_LIMITS.maxPdfTotalStreamBytes,
  },
): void {
  // One byte per character, so string offsets are byte offsets.
  const text = new TextDecoder("latin1").decode(bytes);
  const lengths = indirectIntegers(text);
  let total = 0;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const dict = dictionaryBefore(text, match.index);
    const flates = dict.match(/\/FlateDecode\b/g)?.length ?? 0;
    if (flates === 0) continue;
    if (flates > 1) refuse("The PDF nests compression filters inside each other; it is not read");
    if (!isZlibHeader(bytes[start], bytes[start + 1])) continue; // pdf.js refuses it too
    const end = regionEnd(text, start, declaredLength(dict, lengths));
    const budget = Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total);
    const size = inflatedSize(bytes.subarray(start, end), "zlib", budget);
    if (size > limits.maxStreamBytes) {
      refuse(
        `A stream in the PDF decompresses to more than ${mib(limits.maxStreamBytes)}; ` +
          "the file is refused",
      );
    }
    total += size;
    if (total > limits.maxTotalBytes) {
      refuse(`The PDF decompresses to more than ${mib(limits.maxTotalBytes)}; it is refused`);
    }
  }
}

function indirectIntegers(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const m of text.matchAll(INDIRECT_INT)) map.set(`${m[1]} ${m[2]}`, Number(m[3]));
  return map;
}

function dictionaryBefore(text: string, streamAt: number): string {
  const from = Math.max(0, streamAt - DICT_WINDOW);
  const objAt = text.lastIndexOf("obj", streamAt);
  return text.slice(Math.max(from, objAt), streamAt);
}

function declaredLength(dict: string, lengths: Map<string, number>): number | undefined {
  const m = dict.match(/\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/);
  if (!m) return undefined;
  return m[2] === undefined ? Number(m[1]) : lengths.get(`${m[1]} ${m[2]}`);
}

/**
 * Where a stream's data ends: the farther of its declared /Length and the next `endstream`,
 * since pdf.js trusts either; so data that hides an `endstream` inside itself is still counted.
 */
function regionEnd(text: string, start: number, length: number | undefined): number {
  const keyword = text.indexOf("endstream", start);
  const byKeyword = keyword < 0 ? text.length : keyword;
  const byLength = length === undefined ? 0 : start + length;
  return Math.min(text.length, Math.max(byKeyword, byLength));
}

function isZlibHeader(cmf: number | undefined, flg: number | undefined): boolean {
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}
