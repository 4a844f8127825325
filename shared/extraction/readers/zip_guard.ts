/**
 * Opens an XLSX (a zip) under caps, before any spreadsheet library sees it: the central
 * directory is walked by hand, entries the cell reader does not need (pictures, charts, pivot
 * caches, macros) are never inflated, and the rest are inflated under a byte budget that holds
 * whatever sizes the directory claims. A worksheet is kept only up to a prefix of whole rows,
 * so a sheet of a million rows costs no more memory than one of a few thousand.
 */
import { inflateBounded, inflatePrefix } from "./inflate_bounded.ts";
import { mib, READER_LIMITS, refuse } from "./limits.ts";

export interface ZipLimits {
  maxEntries: number;
  /** Decompressed bytes of every entry kept, together (worksheets count their prefix). */
  maxTotalBytes: number;
  /** Claimed decompressed size over compressed size of the whole archive. */
  maxRatio: number;
  /** Bytes of worksheet XML kept per sheet (cut after the last whole row). */
  worksheetPrefixBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: READER_LIMITS.maxZipEntries,
  maxTotalBytes: READER_LIMITS.maxZipTotalBytes,
  maxRatio: READER_LIMITS.maxZipRatio,
  worksheetPrefixBytes: 8 * 1024 * 1024,
};

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const SKIPPED = new RegExp(
  "^xl/(media|drawings|charts|embeddings|pivotCache|pivotTables|externalLinks|diagrams|" +
    "customXml|printerSettings)/",
  "i",
);
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/** The entries a cell reader needs, decompressed and checked. */
export function openXlsx(
  bytes: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Map<string, Uint8Array> {
  const entries = centralDirectory(bytes, limits);
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith("/") || SKIPPED.test(entry.name)) continue;
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    const data = dataOf(bytes, entry);
    const budget = limits.maxTotalBytes - total;
    const content = WORKSHEET.test(entry.name)
      ? worksheetPrefix(data, entry, Math.min(budget, limits.worksheetPrefixBytes))
      : inflateEntry(data, entry, budget);
    if (content === null) {
      refuse(
        `The spreadsheet decompresses to more than ${mib(limits.maxTotalBytes)}; it is refused`,
      );
    }
    total += content.length;
    files.set(entry.name, content);
  }
  return files;
}

function centralDirectory(bytes: Uint8Array, limits: ZipLimits): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  if (eocd < 0) {
    refuse("The spreadsheet is not a complete XLSX file (its zip directory is missing)");
  }
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) refuse("ZIP64 spreadsheets are not read");
  if (count > limits.maxEntries) {
    refuse(`The spreadsheet holds ${count} files; at most ${limits.maxEntries} are read`);
  }
  if (dirOffset + dirSize > bytes.length) refuse("The spreadsheet's zip directory is truncated");
  const entries: Entry[] = [];
  let at = dirOffset;
  let claimed = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      refuse("The spreadsheet's zip directory is damaged");
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: Entry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    claimed += entry.size;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  // An honest bomb says what it is: refuse it without inflating anything.
  if (claimed > limits.maxRatio * Math.max(bytes.length, 1024 * 1024)) {
    refuse(
      `The spreadsheet claims to decompress to ${mib(claimed)} from ${mib(bytes.length)}; ` +
        "it is refused as a decompression bomb",
    );
  }
  return entries;
}

function findEocd(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/** The compressed bytes of an entry, found through its local header. */
function dataOf(bytes: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    refuse(`The spreadsheet's entry ${JSON.stringify(entry.name)} is damaged`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) refuse("The spreadsheet file is truncated");
  return bytes.subarray(start, end);
}

function inflateEntry(data: Uint8Array, entry: Entry, budget: number): Uint8Array | null {
  checkMethod(entry);
  if (entry.method === 0) return data.length <= budget ? data : null;
  return inflateBounded(data, "deflate-raw", budget);
}

/** Stored (0) and deflated (8) are what spreadsheet writers use. */
function checkMethod(entry: Entry): void {
  if (entry.method === 0 || entry.method === 8) return;
  refuse(`The spreadsheet uses a compression method (${entry.method}) that is not read`);
}

/**
 * A worksheet's XML up to `budget` bytes, cut after its last whole row and closed again; the
 * rows after that are not read (the finder reads the top of a sheet, where documents are).
 */
function worksheetPrefix(data: Uint8Array, entry: Entry, budget: number): Uint8Array | null {
  checkMethod(entry);
  if (budget <= 0) return null;
  const prefix = entry.method === 0
    ? { data: data.subarray(0, budget), complete: data.length <= budget }
    : inflatePrefix(data, "deflate-raw", budget);
  if (prefix.complete) return prefix.data;
  const text = new TextDecoder().decode(prefix.data);
  const cut = text.lastIndexOf("</row>");
  if (cut < 0) refuse(`A worksheet row of the spreadsheet is larger than ${mib(budget)}`);
  return new TextEncoder().encode(
    text.slice(0, cut + "</row>".length) + "</sheetData></worksheet>",
  );
}
