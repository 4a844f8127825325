/**
 * A PDF stream's filters, each held to a byte budget: Flate through the bounded inflater (a
 * Flate bomb stops one slice past the budget), LZW, ASCII85, ASCIIHex and RunLength through
 * pdf-lib's decoders read only up to the budget, then PNG or TIFF predictors. An image codec
 * (DCT, CCITT, JBIG2, JPX) may only come last; its data is handed back undecoded.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
} from "@pdfme/pdf-lib";
import { inflateBounded } from "../readers/inflate_bounded.ts";
import { refuse } from "./limits.ts";

export type ImageCodec = "DCTDecode" | "CCITTFaxDecode" | "JBIG2Decode" | "JPXDecode";

const CODECS = new Set<string>(["DCTDecode", "CCITTFaxDecode", "JBIG2Decode", "JPXDecode"]);
const ABBREVIATIONS: Record<string, string> = {
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
  LZW: "LZWDecode",
  Fl: "FlateDecode",
  RL: "RunLengthDecode",
  CCF: "CCITTFaxDecode",
  DCT: "DCTDecode",
};
const GENERIC = new Set([
  "FlateDecode",
  "LZWDecode",
  "ASCII85Decode",
  "ASCIIHexDecode",
  "RunLengthDecode",
]);

export interface Filter {
  name: string;
  params: PDFDict | undefined;
}

export function streamFilters(dict: PDFDict): Filter[] {
  const filter = dict.lookup(PDFName.of("Filter"));
  const params = dict.lookup(PDFName.of("DecodeParms")) ?? dict.lookup(PDFName.of("DP"));
  const names = filter instanceof PDFName
    ? [filter]
    : filter instanceof PDFArray
    ? filter.asArray().map((_, i) => filter.lookup(i))
    : [];
  return names.map((name, i) => {
    if (!(name instanceof PDFName)) refuse("A PDF stream names a filter that is not a name");
    const raw = name.decodeText();
    const p = params instanceof PDFArray ? params.lookup(i) : i === 0 ? params : undefined;
    return { name: ABBREVIATIONS[raw] ?? raw, params: p instanceof PDFDict ? p : undefined };
  });
}

/** The image codec a stream ends with, or null for raw samples; refuses unknown filters. */
export function imageCodec(filters: Filter[], what: string): Filter | null {
  filters.forEach((f, i) => {
    if (CODECS.has(f.name) && i !== filters.length - 1) {
      refuse(`${what} applies a filter after ${f.name}, which this reader does not decode`);
    }
    if (!CODECS.has(f.name) && !GENERIC.has(f.name)) {
      refuse(`${what} uses the filter ${f.name}, which this reader does not decode`);
    }
  });
  const last = filters[filters.length - 1];
  return last && CODECS.has(last.name) ? last : null;
}

/**
 * Applies the generic filters (all but a final image codec) with at most `budget` bytes out of
 * each; a stream that would give more is refused as a bomb.
 */
export function decodeGeneric(
  doc: PDFDocument,
  stream: PDFRawStream,
  budget: number,
  what: string,
): Uint8Array {
  const filters = streamFilters(stream.dict);
  let data: Uint8Array = stream.contents;
  for (const filter of filters) {
    if (CODECS.has(filter.name)) break;
    data = applyFilter(doc, filter, data, budget, what);
  }
  return data;
}

function applyFilter(
  doc: PDFDocument,
  filter: Filter,
  input: Uint8Array,
  budget: number,
  what: string,
): Uint8Array {
  let out: Uint8Array;
  if (filter.name === "FlateDecode") {
    const inflated = inflateBounded(input, "zlib", budget);
    if (inflated === null) refuse(`${what} inflates past its declared size (a bomb)`);
    out = inflated;
  } else {
    const dict = doc.context.obj({ Filter: filter.name });
    if (filter.params) dict.set(PDFName.of("DecodeParms"), filter.params);
    const decoder = decodePDFRawStream(PDFRawStream.of(dict, input));
    try {
      const bytes = decoder.getBytes(budget + 1);
      out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    } catch (error) {
      refuse(`${what} could not be decoded (${(error as Error).message})`);
    }
    if (out.length > budget) refuse(`${what} decodes past its declared size (a bomb)`);
  }
  return unpredict(out, filter.params, what);
}

function num(dict: PDFDict | undefined, key: string, fallback: number): number {
  const value = dict?.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : fallback;
}

/** Undoes a Flate or LZW predictor: 2 (TIFF, 8-bit) or 10–15 (PNG, per row). */
function unpredict(data: Uint8Array, params: PDFDict | undefined, what: string): Uint8Array {
  const predictor = num(params, "Predictor", 1);
  if (predictor <= 1) return data;
  const colors = num(params, "Colors", 1);
  const bits = num(params, "BitsPerComponent", 8);
  const columns = num(params, "Columns", 1);
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((columns * colors * bits) / 8);
  if (colors < 1 || colors > 32 || columns < 1 || rowBytes > 1_000_000) {
    refuse(`${what} has an invalid predictor setting`);
  }
  if (predictor === 2) {
    if (bits !== 8) refuse(`${what} uses a TIFF predictor on ${bits}-bit samples`);
    const out = data.slice();
    for (let row = 0; row + rowBytes <= out.length; row += rowBytes) {
      for (let i = bpp; i < rowBytes; i++) {
        out[row + i] = (out[row + i]! + out[row + i - bpp]!) & 255;
      }
    }
    return out;
  }
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const at = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i]!;
      const left = i >= bpp ? out[at + i - bpp]! : 0;
      const up = r > 0 ? out[at - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[at - rowBytes + i - bpp]! : 0;
      let value: number;
      switch (type) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          refuse(`${what} has a corrupt predictor row`);
      }
      out[at + i] = value & 255;
    }
  }
  return out;
}
