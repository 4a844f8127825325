/**
 * A PDF image XObject to grey: its size and filters are checked first (planImage), its pixels
 * decoded only when its page is read (decodeImage). Raw samples of 1–16 bits in grey, RGB,
 * CMYK, Lab, Indexed, ICC, Separation and DeviceN colour; JPEG (DCT); CCITT G3 and G4. JBIG2
 * and JPEG 2000 are refused with a message saying so, rather than read as blank.
 */
// UTIF's own typings pull all of @types/node into the program (setTimeout's type changes).
// @ts-types="./utif.d.ts"
import UTIF from "utif2";
import type { UtifPage } from "./utif.d.ts";
import { PdfString } from "../../documents/forms/pdf_syntax.ts";
import {
  nameOf,
  numberIn,
  numberOf,
  type PdfDict,
  type PdfFile,
  type PdfObject,
  PdfStream,
  streamOf,
} from "./pdf_document.ts";
import { grayFromBits, grayFromChannels, type GrayImage } from "./gray.ts";
import { decodeJpeg } from "./jpeg.ts";
import { checkRasterSize, refuse } from "./limits.ts";
import { decodeGeneric, type Filter, imageCodec, streamFilters } from "./pdf_filters.ts";

type ColorSpace =
  | { kind: "gray" | "rgb" | "cmyk" | "lab" | "ink"; n: number }
  | { kind: "indexed"; n: 1; base: ColorSpace; hival: number; lookup: Uint8Array };

export interface PlannedImage {
  stream: PdfStream;
  width: number;
  height: number;
  bits: number;
  mask: boolean;
  space: ColorSpace;
  decode: number[] | null;
  codec: Filter | null;
  what: string;
}

/** Headers only: refuses an image too large, of an unknown codec or colour, before decoding. */
export function planImage(
  file: PdfFile,
  stream: PdfStream,
  resources: PdfDict | undefined,
  what: string,
): PlannedImage {
  const dict = stream.dict;
  const num = (key: string, fallback: number) => numberIn(file, dict, key, fallback);
  const width = num("Width", 0);
  const height = num("Height", 0);
  checkRasterSize(width, height, what);
  const codec = imageCodec(streamFilters(file, dict), what);
  if (codec?.name === "JBIG2Decode") {
    refuse(`${what} is JBIG2-compressed, which this reader does not decode`);
  }
  if (codec?.name === "JPXDecode") {
    refuse(`${what} is JPEG 2000-compressed, which this reader does not decode`);
  }
  const mask = file.resolve(dict.get("ImageMask")) === true;
  const bits = mask ? 1 : num("BitsPerComponent", 8);
  if (![1, 2, 4, 8, 16].includes(bits)) refuse(`${what} has ${bits}-bit samples`);
  const space: ColorSpace = mask || codec?.name === "DCTDecode"
    ? { kind: "gray", n: 1 }
    : colorSpace(file, dict.get("ColorSpace"), resources, what, 0);
  const decodeArray = file.array(dict.get("Decode"));
  const decode = decodeArray ? decodeArray.map((v) => numberOf(file, v) ?? 0) : null;
  return { stream, width, height, bits, mask, space, decode, codec, what };
}

export function decodeImage(file: PdfFile, image: PlannedImage): GrayImage {
  const { width, height, bits, space, codec, what } = image;
  const rowBytes = Math.ceil((width * space.n * bits) / 8);
  if (codec?.name === "DCTDecode") {
    const jpeg = decodeGeneric(file, image.stream, 64 * 1024 * 1024, what);
    const gray = decodeJpeg(jpeg, what, { orient: false }).image;
    if (image.decode && image.decode[0]! > image.decode[1]!) invert(gray.data);
    return gray;
  }
  // Predictors add a byte per row; the slack covers padding some writers leave at the end.
  const budget = height * (rowBytes + 1) + 4096;
  let samples = decodeGeneric(file, image.stream, budget, what);
  if (codec?.name === "CCITTFaxDecode") samples = decodeCcitt(file, samples, codec.params, image);
  if (samples.length < rowBytes * height) {
    if (samples.length < rowBytes * height * 0.9) refuse(`${what} is truncated`);
    const padded = new Uint8Array(rowBytes * height).fill(image.mask ? 255 : 0);
    padded.set(samples);
    samples = padded;
  }
  return toGray(samples, image);
}

function invert(data: Uint8Array): void {
  for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]!;
}

/**
 * CCITT through UTIF's G3/G4 decoders; the output is packed the way the PDF filter defines it
 * (0 is black unless BlackIs1), so the Decode array and an image mask apply as to raw samples.
 */
function decodeCcitt(
  file: PdfFile,
  data: Uint8Array,
  params: PdfDict | undefined,
  image: PlannedImage,
) {
  const num = (key: string, fallback: number) => numberIn(file, params, key, fallback);
  const k = num("K", 0);
  const columns = num("Columns", 1728);
  const rows = num("Rows", image.height) || image.height;
  if (columns !== image.width) refuse(`${image.what} has CCITT data of another width`);
  const byteAlign = file.resolve(params?.get("EncodedByteAlign")) === true;
  const blackIs1 = file.resolve(params?.get("BlackIs1")) === true;
  const buffer = data.slice().buffer;
  const ifd = {
    t256: [columns],
    t257: [Math.min(rows, image.height)],
    t258: [1],
    t259: [k < 0 ? 4 : 3],
    t262: [0],
    t273: [0],
    t277: [1],
    t278: [Math.min(rows, image.height)],
    t279: [data.length],
    t292: [(k > 0 ? 1 : 0) | (byteAlign ? 4 : 0)],
  } as unknown as UtifPage;
  try {
    UTIF.decodeImage(buffer, ifd);
  } catch (error) {
    refuse(`${image.what}'s CCITT data could not be decoded (${(error as Error).message})`);
  }
  const decoded = ifd.data as Uint8Array | undefined;
  if (!decoded) refuse(`${image.what}'s CCITT data could not be decoded`);
  // UTIF writes ink as 1; the filter writes ink as 1 only with BlackIs1, as 0 by default.
  return blackIs1 ? decoded : decoded.map((b) => 255 - b);
}

function toGray(samples: Uint8Array, image: PlannedImage): GrayImage {
  const { width, height, bits, space } = image;
  const n = space.n;
  const plain = image.decode === null || image.decode.every((v, i) => v === i % 2);
  if (plain && bits === 1 && (image.mask || space.kind === "gray")) {
    return grayFromBits(samples, width, height, image.mask);
  }
  if (plain && bits === 8 && (space.kind === "gray" || space.kind === "rgb")) {
    return grayFromChannels(samples, width, height, n);
  }
  const rowBytes = Math.ceil((width * n * bits) / 8);
  const max = (1 << bits) - 1;
  // Decode maps each sample 0..max to [dmin, dmax]; by default [0, 1] (indexed: [0, max]).
  const ranges: [number, number][] = [];
  for (let c = 0; c < n; c++) {
    const fallback: [number, number] = space.kind === "indexed"
      ? [0, max]
      : space.kind === "lab" && c === 0
      ? [0, 100]
      : space.kind === "lab"
      ? [-100, 100]
      : [0, 1];
    const d = image.decode;
    ranges.push(d && d.length >= 2 * n ? [d[2 * c]!, d[2 * c + 1]!] : fallback);
  }
  const out = new Uint8Array(width * height);
  const values = new Float64Array(n);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < n; c++) {
        const sample = readSample(samples, row, (x * n + c) * bits, bits);
        const [lo, hi] = ranges[c]!;
        values[c] = lo + (sample / max) * (hi - lo);
      }
      out[y * width + x] = image.mask
        ? (values[0]! < 0.5 ? 0 : 255) // 0 paints (in the fill colour, taken as black)
        : Math.round(255 * lightness(space, values));
    }
  }
  return { width, height, data: out };
}

function readSample(data: Uint8Array, row: number, bit: number, bits: number): number {
  if (bits === 8) return data[row + (bit >> 3)]!;
  if (bits === 16) return (data[row + (bit >> 3)]! << 8) | data[row + (bit >> 3) + 1]!;
  const byte = data[row + (bit >> 3)]!;
  return (byte >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
}

/** 0 black … 1 white for one pixel's decoded components. */
function lightness(space: ColorSpace, v: Float64Array | number[]): number {
  switch (space.kind) {
    case "gray":
      return clamp(v[0]!);
    case "rgb":
      return clamp(0.299 * v[0]! + 0.587 * v[1]! + 0.114 * v[2]!);
    case "cmyk":
      return clamp(1 - (0.3 * v[0]! + 0.59 * v[1]! + 0.11 * v[2]! + v[3]!));
    case "lab":
      return clamp(v[0]! / 100);
    case "ink": {
      let ink = 0;
      for (let i = 0; i < space.n; i++) ink += v[i]!;
      return clamp(1 - ink);
    }
    case "indexed": {
      const base = space.base;
      const index = Math.min(space.hival, Math.max(0, Math.round(v[0]!)));
      const entry: number[] = [];
      for (let c = 0; c < base.n; c++) entry.push((space.lookup[index * base.n + c] ?? 255) / 255);
      return lightness(base, base.kind === "lab" ? [entry[0]! * 100] : entry);
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

function colorSpace(
  file: PdfFile,
  raw: PdfObject | undefined,
  resources: PdfDict | undefined,
  what: string,
  depth: number,
): ColorSpace {
  if (depth > 4) refuse(`${what} has a colour space that refers to itself`);
  const value = file.resolve(raw);
  const name = nameOf(file, value);
  if (name !== undefined) {
    const device = deviceSpace(name);
    if (device) return device;
    const named = file.dict(resources?.get("ColorSpace"));
    if (named) return colorSpace(file, named.get(name), resources, what, depth + 1);
  }
  if (Array.isArray(value) && value.length > 0) {
    const family = nameOf(file, value[0]) ?? "";
    switch (family) {
      case "CalGray":
        return { kind: "gray", n: 1 };
      case "CalRGB":
        return { kind: "rgb", n: 3 };
      case "Lab":
        return { kind: "lab", n: 3 };
      case "ICCBased": {
        const stream = streamOf(file, value[1]);
        const n = stream ? numberIn(file, stream.dict, "N", 0) : 0;
        if (n === 1) return { kind: "gray", n };
        if (n === 3) return { kind: "rgb", n };
        if (n === 4) return { kind: "cmyk", n };
        break;
      }
      case "Separation":
        return { kind: "ink", n: 1 };
      case "DeviceN": {
        const names = file.array(value[1]);
        if (names && names.length > 0 && names.length <= 32) {
          return { kind: "ink", n: names.length };
        }
        break;
      }
      case "Indexed":
      case "I":
        return indexedSpace(file, value, resources, what, depth);
      default: {
        const device = deviceSpace(family);
        if (device) return device;
      }
    }
  }
  refuse(`${what} has a colour space this reader does not decode`);
}

function deviceSpace(name: string): ColorSpace | null {
  if (name === "DeviceGray" || name === "G") return { kind: "gray", n: 1 };
  if (name === "DeviceRGB" || name === "RGB") return { kind: "rgb", n: 3 };
  if (name === "DeviceCMYK" || name === "CMYK") return { kind: "cmyk", n: 4 };
  return null;
}

function indexedSpace(
  file: PdfFile,
  value: PdfObject[],
  resources: PdfDict | undefined,
  what: string,
  depth: number,
): ColorSpace {
  const base = colorSpace(file, value[1], resources, what, depth + 1);
  if (base.kind === "indexed") refuse(`${what} has an indexed colour space inside another`);
  const hival = Math.min(255, Math.max(0, Math.floor(numberOf(file, value[2]) ?? 0)));
  const table = file.resolve(value[3]);
  let lookup: Uint8Array;
  if (table instanceof PdfString) lookup = table.bytes;
  else if (table instanceof PdfStream) {
    lookup = decodeGeneric(file, table, (hival + 1) * base.n + 1024, `${what}'s colour table`);
  } else refuse(`${what} has an indexed colour space without a colour table`);
  return { kind: "indexed", n: 1, base, hival, lookup };
}
