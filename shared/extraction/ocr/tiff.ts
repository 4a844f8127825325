/**
 * TIFF to grey pages. The directory chain is walked here, not by UTIF.decode, so that a loop in
 * it, thousands of pages, strips pointing outside the file or a raster beyond the caps are
 * refused before anything is decompressed; UTIF then decodes one checked page at a time
 * (uncompressed, CCITT G3/G4, LZW, Deflate, PackBits, JPEG).
 */
// UTIF's own typings pull all of @types/node into the program (setTimeout's type changes).
// @ts-types="./utif.d.ts"
import UTIF from "utif2";
import type { UtifPage } from "./utif.d.ts";
import { inflatedSize } from "../readers/inflate_bounded.ts";
import {
  blankImage,
  type DecodedPage,
  grayFromBits,
  grayFromChannels,
  type GrayImage,
} from "./gray.ts";
import { decodeJpegGray, readJpegHeader } from "./jpeg.ts";
import { checkRasterSize, OCR_LIMITS, refuse } from "./limits.ts";
import { concatBytes } from "../../platform/util/bytes.ts";

/** A page's tags as UTIF wants them: `t<tag number>` → values. */
export type TiffTags = Record<string, number[]>;

const T = {
  subfileType: 254,
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  xResolution: 282,
  planar: 284,
  resolutionUnit: 296,
  predictor: 317,
  colorMap: 320,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  extraSamples: 338,
  jpegTables: 347,
} as const;

/** Compressions read: none, CCITT RLE/G3/G4, LZW, JPEG, Deflate (two codes), PackBits. */
const COMPRESSIONS = new Set([1, 2, 3, 4, 5, 7, 8, 32946, 32773]);
const MAX_TAGS = 1_000;
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};

/** The pages of a TIFF, checked but not decoded; thumbnails (reduced-resolution images) skipped. */
export function readTiffPages(bytes: Uint8Array): TiffTags[] {
  if (bytes.length < 8) refuse("The TIFF image is too short to be a TIFF file");
  const le = bytes[0] === 0x49 && bytes[1] === 0x49;
  if (!le && !(bytes[0] === 0x4d && bytes[1] === 0x4d)) refuse("The TIFF image is not a TIFF file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint16(2, le);
  if (magic === 43) refuse("BigTIFF images are not supported");
  if (magic !== 42) refuse("The TIFF image is not a TIFF file");
  const pages: TiffTags[] = [];
  const seen = new Set<number>();
  let directories = 0;
  for (let ifd = view.getUint32(4, le); ifd !== 0;) {
    if (seen.has(ifd)) refuse("The TIFF image's page chain loops");
    seen.add(ifd);
    if (++directories > OCR_LIMITS.maxPages * 2) {
      refuse(`The TIFF image has more than ${OCR_LIMITS.maxPages} pages`);
    }
    if (ifd + 2 > bytes.length) refuse("The TIFF image is truncated (a page is missing)");
    const count = view.getUint16(ifd, le);
    if (count > MAX_TAGS) refuse("The TIFF image has a corrupt page directory");
    if (ifd + 2 + count * 12 + 4 > bytes.length) refuse("The TIFF image is truncated");
    const tags = readDirectory(view, ifd, count, le);
    if (((tags[`t${T.subfileType}`]?.[0] ?? 0) & 1) === 0) {
      pages.push(tags);
      if (pages.length > OCR_LIMITS.maxPages) {
        refuse(`The TIFF image has more than ${OCR_LIMITS.maxPages} pages`);
      }
    }
    ifd = view.getUint32(ifd + 2 + count * 12, le);
  }
  if (pages.length === 0) refuse("The TIFF image has no pages");
  pages.forEach((tags, i) => checkPage(bytes, tags, i + 1));
  return pages;
}

function readDirectory(view: DataView, ifd: number, count: number, le: boolean): TiffTags {
  const tags: TiffTags = {};
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = view.getUint16(entry, le);
    const type = view.getUint16(entry + 2, le);
    const n = view.getUint32(entry + 4, le);
    const size = TYPE_SIZES[type];
    // Text and opaque blobs are not needed, but for the JPEG tables strips refer to.
    if (size === undefined || type === 2 || (type === 7 && tag !== T.jpegTables)) continue;
    if (type === 7 && n > 65_536) refuse("The TIFF image has corrupt JPEG tables");
    if (n > view.byteLength / size) refuse("The TIFF image has a corrupt tag");
    const at = size * n <= 4 ? entry + 8 : view.getUint32(entry + 8, le);
    if (at + size * n > view.byteLength) refuse("The TIFF image has a tag outside the file");
    tags[`t${tag}`] = readValues(view, at, type, n, le);
  }
  return tags;
}

function readValues(view: DataView, at: number, type: number, n: number, le: boolean): number[] {
  const values: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    switch (type) {
      case 1:
      case 6:
      case 7:
        values[i] = view.getUint8(at + i);
        break;
      case 3:
      case 8:
        values[i] = view.getUint16(at + i * 2, le);
        break;
      case 5:
      case 10: {
        const den = view.getUint32(at + i * 8 + 4, le);
        values[i] = den === 0 ? 0 : view.getUint32(at + i * 8, le) / den;
        break;
      }
      case 11:
        values[i] = view.getFloat32(at + i * 4, le);
        break;
      case 12:
        values[i] = view.getFloat64(at + i * 8, le);
        break;
      default:
        values[i] = view.getUint32(at + i * 4, le);
    }
  }
  return values;
}

function first(tags: TiffTags, tag: number, fallback: number): number {
  return tags[`t${tag}`]?.[0] ?? fallback;
}

function checkPage(file: Uint8Array, tags: TiffTags, page: number): void {
  const what = `Page ${page} of the TIFF image`;
  const width = first(tags, T.width, 0);
  const height = first(tags, T.height, 0);
  checkRasterSize(width, height, what);
  const compression = first(tags, T.compression, 1);
  if (!COMPRESSIONS.has(compression)) {
    refuse(`${what} uses a compression this reader does not decode (${compression})`);
  }
  const bits = tags[`t${T.bitsPerSample}`] ?? [1];
  const spp = first(tags, T.samplesPerPixel, 1);
  if (spp < 1 || spp > 4 || bits.some((b) => ![1, 2, 4, 8, 16].includes(b))) {
    refuse(`${what} has a pixel format this reader does not decode`);
  }
  if (spp > 1 && first(tags, T.planar, 1) === 2) {
    refuse(`${what} stores colour planes separately, which this reader does not decode`);
  }
  const tiled = tags[`t${T.tileWidth}`] !== undefined;
  const offsets = tags[`t${tiled ? T.tileOffsets : T.stripOffsets}`];
  const counts = tags[`t${tiled ? T.tileByteCounts : T.stripByteCounts}`];
  if (!offsets || offsets.length === 0) refuse(`${what} has no image data`);
  if (counts && counts.length < offsets.length) refuse(`${what} has a corrupt strip table`);
  if (tiled) {
    const tw = first(tags, T.tileWidth, 0);
    const th = first(tags, T.tileLength, 0);
    checkRasterSize(tw, th, `${what}'s tile`);
    if (offsets.length < Math.ceil(width / tw) * Math.ceil(height / th)) {
      refuse(`${what} is missing tiles`);
    }
  } else if (!counts && !(compression === 1 && offsets.length === 1)) {
    refuse(`${what} has no strip sizes`);
  }
  offsets.forEach((offset, i) => {
    const count = counts?.[i] ?? 0;
    if (offset + count > file.length) {
      refuse(`${what} is truncated (image data past the file's end)`);
    }
  });
  if (compression === 8 || compression === 32946) checkInflatedStrips(file, tags, tiled, what);
  if (compression === 5) checkLzwStrips(tags, tiled, what);
  if (compression === 7) checkJpegStrips(file, tags, tiled, what);
}

/** A strip's Deflate data may not inflate past the strip's raster: a bomb is refused here. */
function checkInflatedStrips(file: Uint8Array, tags: TiffTags, tiled: boolean, what: string): void {
  const width = first(tags, tiled ? T.tileWidth : T.width, 0);
  const rows = tiled ? first(tags, T.tileLength, 0) : Math.min(
    first(tags, T.rowsPerStrip, first(tags, T.height, 0)),
    first(tags, T.height, 0),
  );
  const bitsPerPixel = (tags[`t${T.bitsPerSample}`] ?? [1]).reduce((a, b) => a + b, 0);
  const budget = rows * Math.ceil((width * bitsPerPixel) / 8);
  const offsets = tags[`t${tiled ? T.tileOffsets : T.stripOffsets}`]!;
  const counts = tags[`t${tiled ? T.tileByteCounts : T.stripByteCounts}`]!;
  offsets.forEach((offset, i) => {
    const strip = file.subarray(offset, offset + counts[i]!);
    if (inflatedSize(strip, "zlib", budget) > budget) {
      refuse(`${what}'s data inflates past its declared size (a decompression bomb)`);
    }
  });
}

/**
 * LZW never takes more than 12 bits for a byte it gives: a strip much larger than its raster is
 * not image data, and decoding it would only burn time (UTIF does not stop at the raster's end).
 */
function checkLzwStrips(tags: TiffTags, tiled: boolean, what: string): void {
  const width = first(tags, tiled ? T.tileWidth : T.width, 0);
  const height = first(tags, T.height, 0);
  const rows = tiled ? first(tags, T.tileLength, 0) : Math.min(
    first(tags, T.rowsPerStrip, height),
    height,
  );
  const bitsPerPixel = (tags[`t${T.bitsPerSample}`] ?? [1]).reduce((a, b) => a + b, 0);
  const raster = rows * Math.ceil((width * bitsPerPixel) / 8);
  const counts = tags[`t${tiled ? T.tileByteCounts : T.stripByteCounts}`] ?? [];
  if (counts.some((count) => count > raster * 1.5 + 1024)) {
    refuse(`${what} has LZW data larger than its raster could need`);
  }
}

/** A JPEG strip carries its own frame size, which must fit the strip it fills. */
function checkJpegStrips(file: Uint8Array, tags: TiffTags, tiled: boolean, what: string): void {
  const offsets = tags[`t${tiled ? T.tileOffsets : T.stripOffsets}`]!;
  const counts = tags[`t${tiled ? T.tileByteCounts : T.stripByteCounts}`]!;
  const width = first(tags, tiled ? T.tileWidth : T.width, 0);
  const height = first(tags, tiled ? T.tileLength : T.height, 0);
  offsets.forEach((offset, i) => {
    const strip = file.subarray(offset, offset + counts[i]!);
    if (strip[0] !== 0xff || strip[1] !== 0xd8) return; // tables-only streams: UTIF joins them
    const frame = readJpegHeader(strip, `${what}'s JPEG data`);
    if (frame.width > width + 16 || frame.height > height + 16) {
      refuse(`${what}'s JPEG data is larger than the page`);
    }
  });
}

/** Reads and checks the pages of a TIFF file, then decodes them one by one. */
export function* decodeTiff(bytes: Uint8Array): Generator<DecodedPage> {
  const pages = readTiffPages(bytes);
  // UTIF reads strips as views of the buffer from its start.
  const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes.buffer as ArrayBuffer
    : bytes.slice().buffer;
  for (let i = 0; i < pages.length; i++) {
    yield decodePage(bytes, buffer, pages[i]!, i + 1);
  }
}

function decodePage(
  bytes: Uint8Array,
  buffer: ArrayBuffer,
  tags: TiffTags,
  page: number,
): DecodedPage {
  const what = `Page ${page} of the TIFF image`;
  if (first(tags, T.compression, 1) === 7) {
    return { image: decodeJpegPage(bytes, tags, what), dpi: dpiOf(tags) };
  }
  const ifd = { ...tags } as unknown as UtifPage;
  try {
    UTIF.decodeImage(buffer, ifd);
  } catch (error) {
    refuse(`${what} could not be decoded (${(error as Error).message})`);
  }
  const width = first(tags, T.width, 0);
  const height = first(tags, T.height, 0);
  const raw = ifd.data as Uint8Array | undefined;
  if (!raw || raw.length === 0) refuse(`${what} could not be decoded`);
  const image = toGray(raw, width, height, tags, first(tags, T.compression, 1), what);
  return { image, dpi: dpiOf(tags) };
}

function dpiOf(tags: TiffTags): number | null {
  const resolution = first(tags, T.xResolution, 0);
  const unit = first(tags, T.resolutionUnit, 2);
  return resolution > 0 && unit !== 1 ? (unit === 3 ? resolution * 2.54 : resolution) : null;
}

/**
 * JPEG-compressed pages, strip by strip (or tile by tile) with jpeg-js: each strip is a JPEG
 * stream that may leave its tables to the page's JPEGTables tag. UTIF's own JPEG path fails on
 * files libtiff writes.
 */
function decodeJpegPage(file: Uint8Array, tags: TiffTags, what: string): GrayImage {
  const width = first(tags, T.width, 0);
  const height = first(tags, T.height, 0);
  const tiled = tags[`t${T.tileWidth}`] !== undefined;
  const pieceWidth = tiled ? first(tags, T.tileWidth, 0) : width;
  const pieceHeight = tiled ? first(tags, T.tileLength, 0) : first(tags, T.rowsPerStrip, height);
  const across = Math.ceil(width / pieceWidth);
  const offsets = tags[`t${tiled ? T.tileOffsets : T.stripOffsets}`]!;
  const counts = tags[`t${tiled ? T.tileByteCounts : T.stripByteCounts}`]!;
  const tables = tags[`t${T.jpegTables}`];
  const ycc = first(tags, T.photometric, 6) === 6;
  const out = blankImage(width, height);
  offsets.forEach((offset, i) => {
    let data = file.subarray(offset, offset + counts[i]!);
    if (tables && tables.length > 4) {
      // The tables stream without its end marker, then the strip without its start marker.
      data = concatBytes([new Uint8Array(tables.slice(0, -2)), data.subarray(2)]);
    }
    const gray = decodeJpegGray(data, `${what}'s JPEG data could not be decoded`, {
      colorTransform: ycc,
    });
    const x0 = (i % across) * pieceWidth;
    const y0 = Math.floor(i / across) * pieceHeight;
    const w = Math.min(gray.width, pieceWidth, width - x0);
    const h = Math.min(gray.height, pieceHeight, height - y0);
    for (let y = 0; y < h; y++) {
      out.data.set(gray.data.subarray(y * gray.width, y * gray.width + w), (y0 + y) * width + x0);
    }
  });
  return out;
}

function toGray(
  raw: Uint8Array,
  width: number,
  height: number,
  tags: TiffTags,
  compression: number,
  what: string,
): GrayImage {
  const bits = first(tags, T.bitsPerSample, 1);
  const spp = first(tags, T.samplesPerPixel, 1);
  const ccitt = compression >= 2 && compression <= 4;
  const photometric = first(tags, T.photometric, ccitt ? 0 : 1);
  // UTIF's CCITT decoders write ink as 1, which is what min-is-white, their default, means.
  if (bits === 1 && spp === 1) return grayFromBits(raw, width, height, photometric === 0);
  const samples = bits === 16
    ? littleEndian16(raw)
    : bits === 8
    ? raw
    : unpackRows(raw, width * spp, height, bits);
  const max = (1 << bits) - 1;
  if (photometric === 3 && spp === 1) return fromColorMap(samples, width, height, tags, what);
  if (photometric === 5 && spp === 4) return fromCmyk(samples, width, height, max);
  // UTIF turns JPEG-compressed YCbCr into RGB.
  const rgb = photometric === 2 || (compression === 7 && photometric === 6);
  if (rgb && (spp === 3 || spp === 4)) return grayFromChannels(samples, width, height, spp, max);
  if ((photometric === 0 || photometric === 1) && spp <= 2) {
    const gray = grayFromChannels(samples, width, height, spp, max);
    if (photometric === 0) {
      for (let i = 0; i < gray.data.length; i++) gray.data[i] = 255 - gray.data[i]!;
    }
    return gray;
  }
  refuse(`${what} uses a colour model this reader does not decode (${photometric})`);
}

/** UTIF leaves 16-bit samples little-endian. */
function littleEndian16(raw: Uint8Array): Uint16Array {
  const out = new Uint16Array(raw.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = raw[2 * i]! | (raw[2 * i + 1]! << 8);
  return out;
}

function unpackRows(
  raw: Uint8Array,
  samplesPerRow: number,
  height: number,
  bits: number,
): Uint8Array {
  const out = new Uint8Array(samplesPerRow * height);
  const rowBytes = Math.ceil((samplesPerRow * bits) / 8);
  const mask = (1 << bits) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < samplesPerRow; x++) {
      const bit = x * bits;
      const byte = raw[y * rowBytes + (bit >> 3)] ?? 0;
      out[y * samplesPerRow + x] = (byte >> (8 - bits - (bit & 7))) & mask;
    }
  }
  return out;
}

function fromColorMap(
  samples: ArrayLike<number>,
  width: number,
  height: number,
  tags: TiffTags,
  what: string,
): GrayImage {
  const map = tags[`t${T.colorMap}`];
  if (!map || map.length % 3 !== 0) refuse(`${what} has a palette without colours`);
  const n = map.length / 3;
  const lut = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    lut[i] = Math.round((map[i]! * 299 + map[n + i]! * 587 + map[2 * n + i]! * 114) / 1000 / 257);
  }
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = lut[samples[i]!] ?? 255;
  return { width, height, data: out };
}

function fromCmyk(
  samples: ArrayLike<number>,
  width: number,
  height: number,
  max: number,
): GrayImage {
  const out = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4) {
    const ink = 0.3 * samples[p]! + 0.59 * samples[p + 1]! + 0.11 * samples[p + 2]! +
      samples[p + 3]!;
    out[i] = Math.max(0, 255 - Math.round((ink / max) * 255));
  }
  return { width, height, data: out };
}
