/**
 * A PDF stream's filters, each held to a byte budget: Flate through the bounded inflater (a
 * Flate bomb stops one slice past the budget), LZW, ASCII85, ASCIIHex and RunLength through
 * pdf_decoders.ts, which stop at the budget, then PNG or TIFF predictors. An image codec
 * (DCT, CCITT, JBIG2, JPX) may only come last; its data is handed back undecoded.
 */
import { unfilterPngRows } from "../../documents/forms/png_predictor.ts";
import { PdfSyntaxError } from "../../documents/forms/pdf_syntax.ts";
import { inflateBounded } from "../readers/inflate_bounded.ts";
import { refuse } from "./limits.ts";
import { nameOf, numberIn, type PdfDict, type PdfFile, type PdfStream } from "./pdf_document.ts";
import { decodeAscii85, decodeAsciiHex, decodeLzw, decodeRunLength } from "./pdf_decoders.ts";

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
  params: PdfDict | undefined;
}

export function streamFilters(file: PdfFile, dict: PdfDict): Filter[] {
  const filter = file.resolve(dict.get("Filter"));
  const params = file.resolve(dict.get("DecodeParms") ?? dict.get("DP"));
  const names = Array.isArray(filter)
    ? filter
    : filter === undefined || filter === null
    ? []
    : [filter];
  return names.map((value, i) => {
    const raw = nameOf(file, value);
    if (raw === undefined) refuse("A PDF stream names a filter that is not a name");
    const p = Array.isArray(params) ? params[i] : i === 0 ? params : undefined;
    return { name: ABBREVIATIONS[raw] ?? raw, params: file.dict(p ?? undefined) };
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
  file: PdfFile,
  stream: PdfStream,
  budget: number,
  what: string,
): Uint8Array {
  const filters = streamFilters(file, stream.dict);
  let data: Uint8Array = stream.raw;
  for (const filter of filters) {
    if (CODECS.has(filter.name)) break;
    data = applyFilter(file, filter, data, budget, what);
  }
  return data;
}

const DECODERS: Record<
  string,
  (input: Uint8Array, budget: number, earlyChange: boolean) => Uint8Array
> = {
  LZWDecode: decodeLzw,
  ASCII85Decode: decodeAscii85,
  ASCIIHexDecode: decodeAsciiHex,
  RunLengthDecode: decodeRunLength,
};

function applyFilter(
  file: PdfFile,
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
    const earlyChange = numberIn(file, filter.params, "EarlyChange", 1) !== 0;
    try {
      out = DECODERS[filter.name]!(input, budget + 1, earlyChange);
    } catch (error) {
      refuse(`${what} could not be decoded (${(error as Error).message})`);
    }
    if (out.length > budget) refuse(`${what} decodes past its declared size (a bomb)`);
  }
  return unpredict(file, out, filter.params, what);
}

/** Undoes a Flate or LZW predictor: 2 (TIFF, 8-bit) or 10–15 (PNG, per row). */
function unpredict(
  file: PdfFile,
  data: Uint8Array,
  params: PdfDict | undefined,
  what: string,
): Uint8Array {
  const num = (key: string, fallback: number) => numberIn(file, params, key, fallback);
  const predictor = num("Predictor", 1);
  if (predictor <= 1) return data;
  const colors = num("Colors", 1);
  const bits = num("BitsPerComponent", 8);
  const columns = num("Columns", 1);
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
  try {
    return unfilterPngRows(data, rowBytes, bpp);
  } catch (error) {
    if (error instanceof PdfSyntaxError) refuse(`${what} has a corrupt predictor row`);
    throw error;
  }
}
