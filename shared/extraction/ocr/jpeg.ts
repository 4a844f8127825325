/**
 * JPEG to grey with jpeg-js. The frame size is read from the SOF marker first and checked
 * against the caps; the EXIF orientation phones write is applied, and the JFIF or EXIF
 * resolution is kept when the file gives one.
 */
import jpeg from "jpeg-js";
import { applyOrientation, type DecodedPage, grayFromChannels, type GrayImage } from "./gray.ts";
import { checkRasterSize, OCR_LIMITS, refuse } from "./limits.ts";

export interface JpegHeader {
  width: number;
  height: number;
  orientation: number;
  dpi: number | null;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function readJpegHeader(bytes: Uint8Array, what = "The JPEG image"): JpegHeader {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) refuse(`${what} is not a valid JPEG file`);
  let orientation = 1;
  let dpi: number | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) refuse(`${what} is corrupt (no marker where one belongs)`);
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const body = at + 4;
    if (length < 2 || body + length - 2 > bytes.length) refuse(`${what} is truncated`);
    if (marker === 0xe0 && ascii(bytes, body, 5) === "JFIF\0") {
      dpi = jfifDpi(bytes, body) ?? dpi;
    } else if (marker === 0xe1 && ascii(bytes, body, 6) === "Exif\0\0") {
      const exif = readExif(bytes.subarray(body + 6, body + length - 2));
      orientation = exif.orientation;
      dpi = exif.dpi ?? dpi;
    } else if (SOF.has(marker)) {
      if (length < 8) refuse(`${what} is corrupt`);
      const height = (bytes[body + 1]! << 8) | bytes[body + 2]!;
      const width = (bytes[body + 3]! << 8) | bytes[body + 4]!;
      checkRasterSize(width, height, what);
      return { width, height, orientation, dpi };
    } else if (marker === 0xd9 || marker === 0xda) {
      break;
    }
    at = body + length - 2;
  }
  refuse(`${what} has no frame header (truncated or not a JPEG)`);
}

/** `orient: false` for JPEGs inside PDFs, whose readers ignore the EXIF orientation. */
export function decodeJpeg(
  bytes: Uint8Array,
  what = "The JPEG image",
  options: { orient: boolean } = { orient: true },
): DecodedPage {
  const header = readJpegHeader(bytes, what);
  if (!hasEndMarker(bytes)) refuse(`${what} is truncated (no end of image marker)`);
  const gray = decodeJpegGray(bytes, `${what} could not be decoded`, { tolerantDecoding: true });
  const image = options.orient ? applyOrientation(gray, header.orientation) : gray;
  return { image, dpi: header.dpi };
}

/**
 * JPEG data → grey pixels, within the page pixel limit; `failure` says what could not be
 * decoded when the data is broken. `colorTransform`: whether the data is YCbCr (TIFF says).
 */
export function decodeJpegGray(
  bytes: Uint8Array,
  failure: string,
  options: { tolerantDecoding?: boolean; colorTransform?: boolean },
): GrayImage {
  let decoded;
  try {
    decoded = jpeg.decode(bytes, {
      ...options,
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: OCR_LIMITS.maxPagePixels / 1_000_000,
      maxMemoryUsageInMB: 1024,
    });
  } catch (error) {
    refuse(`${failure} (${(error as Error).message})`);
  }
  return grayFromChannels(decoded.data, decoded.width, decoded.height, 3);
}

/** Cameras and scanners end with FFD9, sometimes followed by padding or a trailer. */
function hasEndMarker(bytes: Uint8Array): boolean {
  const from = Math.max(2, bytes.length - 64 * 1024);
  for (let i = bytes.length - 2; i >= from; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

function jfifDpi(bytes: Uint8Array, body: number): number | null {
  const units = bytes[body + 7];
  const x = (bytes[body + 8]! << 8) | bytes[body + 9]!;
  if (units === 1) return x;
  if (units === 2) return x * 2.54;
  return null;
}

/** Reads Orientation (0x0112) and XResolution (0x011a) from the EXIF block's first IFD. */
function readExif(tiff: Uint8Array): { orientation: number; dpi: number | null } {
  const none = { orientation: 1, dpi: null };
  if (tiff.length < 8) return none;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const le = tiff[0] === 0x49;
  const u16 = (at: number) => at + 2 <= tiff.length ? view.getUint16(at, le) : 0;
  const u32 = (at: number) => at + 4 <= tiff.length ? view.getUint32(at, le) : 0;
  const ifd = u32(4);
  const count = Math.min(u16(ifd), 512);
  let orientation = 1;
  let resolution: number | null = null;
  let unit = 2;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    if (tag === 0x0112) orientation = u16(entry + 8);
    if (tag === 0x0128) unit = u16(entry + 8);
    if (tag === 0x011a) {
      const at = u32(entry + 8);
      const den = u32(at + 4);
      if (den > 0) resolution = u32(at) / den;
    }
  }
  const dpi = resolution === null ? null : unit === 3 ? resolution * 2.54 : resolution;
  return { orientation, dpi };
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
