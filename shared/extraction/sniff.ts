/**
 * Decides an upload's kind from its bytes alone: names and declared types are whatever the
 * client says. Only structure is read (signatures, the OLE2 directory, the ZIP central
 * directory); nothing is decompressed, so a hostile file costs no more than a walk over its
 * bytes.
 */
import type { FileKind } from "./provider.ts";

export const ACCEPTED_KINDS: readonly FileKind[] = ["pdf", "png", "jpeg", "tiff", "xls", "xlsx"];

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  tiff: "image/tiff",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Readers accept a PDF header anywhere in the first 1024 bytes (after junk a mailer added). */
const PDF_HEADER_WINDOW = 1024;

export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return "tiff";
  }
  if (startsWith(bytes, OLE2_SIGNATURE)) return isOleWorkbook(bytes) ? "xls" : null;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return isXlsx(bytes) ? "xlsx" : null;
  }
  if (indexOf(bytes, PDF_MAGIC, PDF_HEADER_WINDOW) >= 0) return "pdf";
  return null;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function indexOf(bytes: Uint8Array, needle: readonly number[], window: number): number {
  const end = Math.min(bytes.length, window) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

// --- XLS: an OLE2 compound file whose directory holds a Workbook (BIFF8) or Book (BIFF5) stream.

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTOR_ID = 0xfffffffa;
const DIRECTORY_ENTRY = 128;
const STREAM = 2;

function isOleWorkbook(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return false;
  const sectorSize = 1 << shift;
  const sectorAt = (id: number) => sectorSize + id * sectorSize;
  // No chain is longer than the file has sectors: a looping (hostile) chain stops there.
  const maxChain = Math.ceil(bytes.length / sectorSize);
  const fat = fatSectors(view, sectorSize, sectorAt, maxChain);
  const nextSector = (id: number): number => {
    const perSector = sectorSize / 4;
    const fatSector = fat[Math.floor(id / perSector)];
    if (fatSector === undefined) return END_OF_CHAIN;
    const at = sectorAt(fatSector) + (id % perSector) * 4;
    return at + 4 <= bytes.length ? view.getUint32(at, true) : END_OF_CHAIN;
  };
  let sector = view.getUint32(0x30, true);
  for (let steps = 0; sector <= MAX_SECTOR_ID && steps < maxChain; steps++) {
    const start = sectorAt(sector);
    if (start + sectorSize > bytes.length) return false;
    for (let at = start; at < start + sectorSize; at += DIRECTORY_ENTRY) {
      const name = entryName(bytes, view, at);
      if ((name === "Workbook" || name === "Book") && bytes[at + 66] === STREAM) return true;
    }
    sector = nextSector(sector);
  }
  return false;
}

/** The FAT's own sectors: the first 109 listed in the header, the rest in the DIFAT chain. */
function fatSectors(
  view: DataView,
  sectorSize: number,
  sectorAt: (id: number) => number,
  maxChain: number,
): number[] {
  // A FAT sector maps sectorSize / 4 sectors; more than the file needs is a lie.
  const count = Math.min(view.getUint32(0x2c, true), Math.ceil(maxChain / (sectorSize / 4)));
  const sectors: number[] = [];
  for (let i = 0; i < 109 && sectors.length < count; i++) {
    sectors.push(view.getUint32(0x4c + i * 4, true));
  }
  let difat = view.getUint32(0x44, true);
  for (let steps = 0; difat <= MAX_SECTOR_ID && sectors.length < count; steps++) {
    const start = sectorAt(difat);
    if (steps >= maxChain || start + sectorSize > view.byteLength) break;
    for (let at = start; at < start + sectorSize - 4 && sectors.length < count; at += 4) {
      sectors.push(view.getUint32(at, true));
    }
    difat = view.getUint32(start + sectorSize - 4, true);
  }
  return sectors;
}

function entryName(bytes: Uint8Array, view: DataView, at: number): string {
  const length = view.getUint16(at + 64, true); // bytes, with the terminating NUL
  if (length < 2 || length > 64 || length % 2 !== 0) return "";
  let name = "";
  for (let i = 0; i < length - 2; i += 2) name += String.fromCharCode(view.getUint16(at + i, true));
  return bytes[at + length - 2] === 0 ? name : "";
}

// --- XLSX: a ZIP archive whose central directory lists the OOXML parts of a workbook.

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const MAX_ENTRIES = 50_000;

function isXlsx(bytes: Uint8Array): boolean {
  const names = centralDirectoryNames(bytes);
  return names !== null && names.has("[Content_Types].xml") && names.has("xl/workbook.xml");
}

/** The entry names of a ZIP's central directory, or null when it cannot be found. */
function centralDirectoryNames(bytes: Uint8Array): Set<string> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  if (eocd < 0) return null;
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20) {
    // ZIP64: the real numbers are in the ZIP64 end record the locator points at.
    if (view.getUint32(eocd - 20, true) !== ZIP64_LOCATOR) return null;
    const record = Number(view.getBigUint64(eocd - 20 + 8, true));
    if (record + 56 > bytes.length || view.getUint32(record, true) !== ZIP64_EOCD) return null;
    count = Number(view.getBigUint64(record + 32, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  const names = new Set<string>();
  const decoder = new TextDecoder();
  let at = offset;
  for (let i = 0; i < Math.min(count, MAX_ENTRIES); i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return null;
    names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** The end-of-central-directory record is in the last 22 + 65535 (comment) bytes. */
function findEocd(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  return -1;
}
