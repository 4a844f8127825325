/**
 * PNG to grey. The size comes from IHDR and the image data's inflated length is counted against
 * what that size needs before fast-png decodes anything: a PNG whose data inflates past its
 * declared raster is a bomb and is refused.
 */
import { decode } from "fast-png";
import { inflatedSize } from "../readers/inflate_bounded.ts";
import { concatBytes } from "../../platform/util/bytes.ts";
import { type DecodedPage, grayFromBits, grayFromChannels, type GrayImage } from "./gray.ts";
import { checkDecodedSize, checkRasterSize, refuse } from "./limits.ts";

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface PngHeader {
  width: number;
  height: number;
  depth: number;
  channels: number;
  interlaced: boolean;
  /** The IDAT chunks' contents, in order (views into the file). */
  data: Uint8Array[];
}

export function readPngHeader(bytes: Uint8Array): PngHeader {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) {
    refuse("The PNG image is not a valid PNG file");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || ascii(bytes, 12) !== "IHDR") {
    refuse("The PNG image has no header");
  }
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  checkRasterSize(width, height, "The PNG image");
  const depth = bytes[24]!;
  const channels = CHANNELS[bytes[25]!];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(depth)) {
    refuse("The PNG image has an unknown pixel format");
  }
  const data: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4);
    if (at + 12 + length > bytes.length) refuse("The PNG image is truncated");
    if (type === "IDAT") data.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === "IEND") break;
    at += 12 + length;
  }
  if (data.length === 0) refuse("The PNG image has no image data");
  // fast-png keeps every sample, 16-bit ones in two bytes.
  checkDecodedSize(width * height * channels * (depth > 8 ? 2 : 1), "The PNG image");
  return { width, height, depth, channels, interlaced: bytes[28] === 1, data };
}

export function decodePng(bytes: Uint8Array): DecodedPage {
  const header = readPngHeader(bytes);
  checkInflatedSize(header);
  let png;
  try {
    png = decode(bytes);
  } catch (error) {
    refuse(`The PNG image could not be decoded (${(error as Error).message})`);
  }
  const image = toGray(png);
  const res = png.resolution;
  const dpi = res && res.unit === 1 ? res.x * 0.0254 : null;
  return { image, dpi };
}

function checkInflatedSize(header: PngHeader): void {
  const { width, height, depth, channels } = header;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  // Adam7 passes add up to seven partial rows' filter bytes and padding per row of the image.
  const needed = height * (rowBytes + 1) + (header.interlaced ? height * 8 + rowBytes * 7 : 0);
  const compressed = concatBytes(header.data);
  const produced = inflatedSize(compressed, "zlib", needed);
  if (produced > needed) {
    refuse("The PNG image's data inflates past its declared size (a decompression bomb)");
  }
  if (produced < height * (rowBytes + 1) && !header.interlaced) {
    refuse("The PNG image is truncated or corrupt");
  }
}

function toGray(png: ReturnType<typeof decode>): GrayImage {
  const { width, height, depth, channels, data, palette } = png;
  if (palette) return fromPalette(data as Uint8Array, width, height, depth, palette);
  if (depth === 1 && channels === 1) return grayFromBits(data as Uint8Array, width, height, false);
  if (depth < 8) {
    const max = (1 << depth) - 1;
    return grayFromChannels(
      unpack(data as Uint8Array, width, height, depth),
      width,
      height,
      1,
      max,
    );
  }
  return grayFromChannels(data, width, height, channels, depth === 16 ? 65535 : 255);
}

function fromPalette(
  data: Uint8Array,
  width: number,
  height: number,
  depth: number,
  palette: number[][],
): GrayImage {
  const lut = new Uint8Array(256).fill(255);
  palette.forEach((c, i) => {
    const alpha = c.length > 3 ? c[3]! / 255 : 1;
    const g = (c[0]! * 299 + c[1]! * 587 + c[2]! * 114) / 1000;
    lut[i] = Math.round(g * alpha + 255 * (1 - alpha));
  });
  const indices = depth === 8 ? data : unpack(data, width, height, depth);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = lut[indices[i]!]!;
  return { width, height, data: out };
}

/** 2- and 4-bit samples, rows padded to whole bytes, to one byte per sample. */
function unpack(data: Uint8Array, width: number, height: number, depth: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const perByte = 8 / depth;
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const byte = data[y * rowBytes + Math.floor(x / perByte)] ?? 0;
      const shift = 8 - depth * ((x % perByte) + 1);
      out[y * width + x] = (byte >> shift) & mask;
    }
  }
  return out;
}

function ascii(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}
