/**
 * Random access to the objects of an uploaded PDF (ISO 32000-1, 7.5): the cross-reference
 * chain from `startxref` (tables, streams, hybrid files, incremental updates), object streams,
 * and the Flate filter with PNG predictors. When the chain is broken (offsets off, an object not
 * where it should be), `reconstructPdf` rebuilds the table by scanning for `n g obj`, as every
 * reader does.
 *
 * Limits keep hostile input cheap: the inflated bytes and the number of objects loaded per file
 * are capped (PdfLimitError), cycles and runaway chains are errors, and an encrypted file is
 * refused up front (its strings are unreadable without the key).
 */
import { constants, inflateSync } from "node:zlib";
import { indexOfBytes } from "../../platform/util/bytes.ts";
import { unfilterPngRows } from "./png_predictor.ts";
import {
  latin1,
  Lexer,
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfSyntaxError,
} from "./pdf_syntax.ts";

/** The file ends before its cross-reference pointer: cut short in transfer or on disk. */
export class PdfTruncatedError extends PdfSyntaxError {
  override name = "PdfTruncatedError";
}

export class PdfEncryptedError extends Error {
  override name = "PdfEncryptedError";
}

/** The file asks for more work than any real form needs. */
export class PdfLimitError extends Error {
  override name = "PdfLimitError";
}

export interface PdfLimits {
  /** Bytes all decompressed streams of one file may add up to. */
  maxInflatedBytes: number;
  /** Indirect objects one read may load. */
  maxObjects: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxInflatedBytes: 64 * 1024 * 1024,
  maxObjects: 200_000,
};

type XrefEntry = { offset: number } | { stream: number };

interface ObjectStream {
  data: Uint8Array;
  first: number;
  offsets: Map<number, number>;
}

const ENC = new TextEncoder();
const ENDSTREAM = ENC.encode("endstream");
const STARTXREF = ENC.encode("startxref");
/** Incremental updates chained further than this are not a real file. */
const MAX_XREF_SECTIONS = 512;

export class PdfFile {
  private readonly cache = new Map<number, PdfObject>();
  private readonly objectStreams = new Map<number, ObjectStream>();
  private readonly loading = new Set<number>();
  private inflated = 0;
  private loads = 0;

  constructor(
    readonly bytes: Uint8Array,
    private readonly xref: Map<number, XrefEntry>,
    readonly trailer: PdfDict,
    private readonly limits: PdfLimits,
  ) {
    const encrypt = trailer.get("Encrypt");
    if (encrypt !== undefined && encrypt !== null) {
      throw new PdfEncryptedError("the PDF is encrypted");
    }
  }

  /** Follows references to the object they name; a missing object is null (7.3.10). */
  resolve(value: PdfObject | undefined): PdfObject | undefined {
    let current = value;
    for (let hops = 0; current instanceof PdfRef; hops++) {
      if (hops > 16) throw new PdfSyntaxError("reference chain too long");
      current = this.object(current.num);
    }
    return current;
  }

  dict(value: PdfObject | undefined): PdfDict | undefined {
    const v = this.resolve(value);
    if (v instanceof PdfDict) return v;
    if (v instanceof PdfStream) return v.dict;
    return undefined;
  }

  array(value: PdfObject | undefined): PdfObject[] | undefined {
    const v = this.resolve(value);
    return Array.isArray(v) ? v : undefined;
  }

  object(num: number): PdfObject {
    const cached = this.cache.get(num);
    if (cached !== undefined) return cached;
    const entry = this.xref.get(num);
    if (!entry) return null;
    if (++this.loads > this.limits.maxObjects) {
      throw new PdfLimitError(`the PDF needs more than ${this.limits.maxObjects} objects`);
    }
    if (this.loading.has(num)) throw new PdfSyntaxError(`object ${num} refers to itself`);
    this.loading.add(num);
    try {
      let value: PdfObject;
      if ("offset" in entry) {
        const found = readIndirectAt(this.bytes, entry.offset, (l) => this.length(l));
        if (found.num !== num) {
          throw new PdfSyntaxError(`object ${num} is not where the cross-reference says`);
        }
        value = found.value;
      } else {
        value = this.fromObjectStream(entry.stream, num);
      }
      this.cache.set(num, value);
      return value;
    } finally {
      this.loading.delete(num);
    }
  }

  /** A stream's decoded data (FlateDecode with or without predictor, or no filter). */
  streamData(stream: PdfStream): Uint8Array {
    const filters = this.asList(stream.dict.get("Filter"));
    const parms = this.asList(stream.dict.get("DecodeParms"));
    let data = stream.raw;
    filters.forEach((f, i) => {
      const name = f instanceof PdfName ? f.value : "";
      if (name !== "FlateDecode" && name !== "Fl") {
        throw new PdfSyntaxError(`unsupported stream filter ${name || "(not a name)"}`);
      }
      data = this.inflate(data);
      const p = this.dict(parms[i] ?? null);
      if (p) data = unpredict(data, p, (v) => this.resolve(v));
    });
    return data;
  }

  private asList(value: PdfObject | undefined): PdfObject[] {
    const v = this.resolve(value);
    if (v === undefined || v === null) return [];
    return Array.isArray(v) ? v : [v];
  }

  private inflate(data: Uint8Array): Uint8Array {
    const room = this.limits.maxInflatedBytes - this.inflated;
    let out: Uint8Array;
    try {
      // A sync flush at the end accepts streams whose checksum is missing, as readers do.
      out = inflateSync(data, {
        maxOutputLength: Math.max(1, room),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new PdfLimitError("the PDF's compressed streams expand too far");
      }
      throw new PdfSyntaxError("a compressed stream is damaged");
    }
    this.inflated += out.byteLength;
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }

  /** A stream's /Length, when it can be had without a cycle (else the reader scans for it). */
  private length(value: PdfObject | undefined): number | undefined {
    if (typeof value === "number") return value;
    if (value instanceof PdfRef && !this.loading.has(value.num)) {
      try {
        const v = this.resolve(value);
        return typeof v === "number" ? v : undefined;
      } catch (error) {
        if (error instanceof PdfSyntaxError) return undefined;
        throw error;
      }
    }
    return undefined;
  }

  private fromObjectStream(streamNum: number, num: number): PdfObject {
    let os = this.objectStreams.get(streamNum);
    if (!os) {
      const stream = this.object(streamNum);
      if (!(stream instanceof PdfStream)) {
        throw new PdfSyntaxError(`object stream ${streamNum} is not a stream`);
      }
      os = parseObjectStream(this.streamData(stream), stream.dict);
      this.objectStreams.set(streamNum, os);
    }
    const offset = os.offsets.get(num);
    if (offset === undefined) return null;
    return new Lexer(os.data, os.first + offset).readObject();
  }
}

/** Opens a PDF through its cross-reference chain. */
export function openPdf(bytes: Uint8Array, limits = DEFAULT_PDF_LIMITS): PdfFile {
  const xref = new Map<number, XrefEntry>();
  let trailer: PdfDict | undefined;
  const visited = new Set<number>();
  const pending = [findStartXref(bytes)];
  while (pending.length > 0) {
    const offset = pending.shift()!;
    if (visited.has(offset)) continue;
    if (visited.size >= MAX_XREF_SECTIONS) {
      throw new PdfSyntaxError("too many cross-reference sections");
    }
    visited.add(offset);
    const section = readXrefSection(bytes, offset);
    // Newer sections come first: their entries and trailer keys win.
    for (const [num, entry] of section.entries) if (!xref.has(num)) xref.set(num, entry);
    trailer = trailer ? mergeTrailer(trailer, section.trailer) : section.trailer;
    // A hybrid file's /XRefStm belongs to the same revision, before the older ones.
    const stm = section.trailer.get("XRefStm");
    if (typeof stm === "number") pending.unshift(stm);
    const prev = section.trailer.get("Prev");
    if (typeof prev === "number") pending.push(prev);
  }
  return new PdfFile(bytes, xref, trailer!, limits);
}

/**
 * Rebuilds the cross-reference table by scanning the file for `n g obj` (the last one of a
 * number wins, as in an incremental update), then indexing the object streams found, and takes
 * the last trailer (or cross-reference stream, or catalog) that names a /Root.
 */
export function reconstructPdf(bytes: Uint8Array, limits = DEFAULT_PDF_LIMITS): PdfFile {
  const xref = new Map<number, XrefEntry>();
  /** Object headers in file order: [offset, number]. */
  const starts: [number, number][] = [];
  for (const at of occurrences(bytes, OBJ)) {
    const header = objectHeaderBefore(bytes, at);
    if (!header) continue;
    xref.set(header[1], { offset: header[0] });
    starts.push(header);
    if (starts.length > limits.maxObjects) {
      throw new PdfLimitError(`the PDF has more than ${limits.maxObjects} objects`);
    }
  }
  if (starts.length === 0) throw new PdfSyntaxError("no objects found");
  /** The object whose header is the last one at or before `position`. */
  const objectAt = (position: number): [number, number] | undefined => {
    let lo = 0;
    let hi = starts.length - 1;
    let found: [number, number] | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]![0] <= position) {
        found = starts[mid];
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  };

  const file = new PdfFile(bytes, xref, findTrailer(bytes, objectAt), limits);
  for (const at of occurrences(bytes, OBJSTM)) {
    const [, streamNum] = objectAt(at) ?? [];
    if (streamNum === undefined) continue;
    try {
      const stream = file.resolve(new PdfRef(streamNum, 0));
      if (!(stream instanceof PdfStream)) continue;
      const os = parseObjectStream(file.streamData(stream), stream.dict);
      for (const num of os.offsets.keys()) {
        if (!xref.has(num)) xref.set(num, { stream: streamNum });
      }
    } catch (error) {
      // A damaged object stream loses only its own objects.
      if (!(error instanceof PdfSyntaxError)) throw error;
    }
  }
  return file;
}

const OBJ = ENC.encode("obj");
const OBJSTM = ENC.encode("/ObjStm");
const XREF_TYPE = ENC.encode("/XRef");
const CATALOG = ENC.encode("/Catalog");
const TRAILER = ENC.encode("trailer");

/** Where `pattern` occurs as a whole word (not followed by a letter or digit), in file order. */
function* occurrences(bytes: Uint8Array, pattern: Uint8Array): Generator<number> {
  for (
    let at = indexOfBytes(bytes, pattern);
    at >= 0;
    at = indexOfBytes(bytes, pattern, at + pattern.length)
  ) {
    const next = bytes[at + pattern.length];
    if (next === undefined || !isAlphanumeric(next)) yield at;
  }
}

function isAlphanumeric(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isBlank = (c: number | undefined) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** The `num gen` before the `obj` at `at`, as [offset of num, num]; undefined when not one. */
function objectHeaderBefore(bytes: Uint8Array, at: number): [number, number] | undefined {
  let p = at - 1;
  const digits = (max: number): boolean => {
    const end = p;
    while (p >= 0 && isDigit(bytes[p])) p--;
    return p < end && end - p <= max;
  };
  const blanks = (): boolean => {
    const end = p;
    while (p >= 0 && isBlank(bytes[p])) p--;
    return p < end;
  };
  if (!blanks() || !digits(5) || !blanks()) return undefined;
  const numEnd = p + 1;
  if (!digits(10)) return undefined;
  const start = p + 1;
  return [start, Number(latin1(bytes, start, numEnd))];
}

function findTrailer(
  bytes: Uint8Array,
  objectAt: (position: number) => [number, number] | undefined,
): PdfDict {
  // The trailer (or cross-reference stream) nearest the end is the newest revision's.
  let found: PdfDict | undefined;
  let foundAt = -1;
  const consider = (at: number, read: () => PdfObject) => {
    try {
      const value = read();
      const dict = value instanceof PdfStream ? value.dict : value;
      if (dict instanceof PdfDict && dict.get("Root") instanceof PdfRef && at > foundAt) {
        found = dict;
        foundAt = at;
      }
    } catch (error) {
      if (!(error instanceof PdfSyntaxError)) throw error;
    }
  };
  for (const at of occurrences(bytes, TRAILER)) {
    consider(at, () => new Lexer(bytes, at + TRAILER.length).readObject());
  }
  for (const at of occurrences(bytes, XREF_TYPE)) {
    const [offset] = objectAt(at) ?? [];
    if (offset !== undefined) {
      consider(at, () => readIndirectAt(bytes, offset, () => undefined).value);
    }
  }
  if (found) return found;
  let root: number | undefined;
  for (const at of occurrences(bytes, CATALOG)) root = objectAt(at)?.[1] ?? root;
  if (root === undefined) throw new PdfSyntaxError("no document catalog found");
  return new PdfDict(new Map([["Root", new PdfRef(root, 0)]]));
}

function mergeTrailer(newer: PdfDict, older: PdfDict): PdfDict {
  const entries = new Map(older.entries);
  for (const [k, v] of newer.entries) entries.set(k, v);
  return new PdfDict(entries);
}

/** The offset after the last `startxref` in the file's last KiB. */
export function findStartXref(bytes: Uint8Array): number {
  const tailStart = Math.max(0, bytes.length - 1024);
  let at = -1;
  for (let i = indexOfBytes(bytes, STARTXREF, tailStart); i >= 0;) {
    at = i;
    i = indexOfBytes(bytes, STARTXREF, i + 1);
  }
  if (at < 0) throw new PdfTruncatedError("the file ends without startxref: it is truncated");
  const lexer = new Lexer(bytes, at + STARTXREF.length);
  const offset = lexer.readInt();
  if (offset >= bytes.length) throw new PdfSyntaxError("startxref points past the end");
  return offset;
}

interface XrefSection {
  entries: [number, XrefEntry][];
  trailer: PdfDict;
}

function readXrefSection(bytes: Uint8Array, offset: number): XrefSection {
  const lexer = new Lexer(bytes, offset);
  if (lexer.peekKeyword() === "xref") return readXrefTable(lexer);
  return readXrefStream(bytes, offset);
}

function readXrefTable(lexer: Lexer): XrefSection {
  lexer.expectKeyword("xref");
  const entries: [number, XrefEntry][] = [];
  while (lexer.peekKeyword() !== "trailer") {
    const first = lexer.readInt();
    const count = lexer.readInt();
    // Each entry takes at least 18 bytes: a count beyond that is a lie.
    if (count > (lexer.bytes.length - lexer.pos) / 18 + 1) {
      throw new PdfSyntaxError("cross-reference table longer than the file");
    }
    for (let i = 0; i < count; i++) {
      const position = lexer.readInt();
      lexer.readInt();
      const kind = lexer.peekKeyword();
      if (kind !== "n" && kind !== "f") throw new PdfSyntaxError("malformed xref entry");
      lexer.expectKeyword(kind);
      // Free entries are skipped: a missing object reads as null anyway.
      if (kind === "n" && position > 0) entries.push([first + i, { offset: position }]);
    }
  }
  lexer.expectKeyword("trailer");
  const trailer = lexer.readObject();
  if (!(trailer instanceof PdfDict)) throw new PdfSyntaxError("trailer is not a dictionary");
  return { entries, trailer };
}

function readXrefStream(bytes: Uint8Array, offset: number): XrefSection {
  const found = readIndirectAt(bytes, offset, () => undefined).value;
  if (!(found instanceof PdfStream)) throw new PdfSyntaxError("startxref points at no xref");
  const dict = found.dict;
  const type = dict.get("Type");
  if (!(type instanceof PdfName) || type.value !== "XRef") {
    throw new PdfSyntaxError("startxref points at no cross-reference stream");
  }
  // Cross-reference streams hold no references to resolve: a file of no objects serves.
  const data = new PdfFile(bytes, new Map(), new PdfDict(new Map()), DEFAULT_PDF_LIMITS)
    .streamData(found);
  const w = dict.get("W");
  const size = dict.get("Size");
  if (!Array.isArray(w) || w.length !== 3 || !w.every(isSmallInt) || typeof size !== "number") {
    throw new PdfSyntaxError("malformed cross-reference stream");
  }
  const [w0, w1, w2] = w as [number, number, number];
  const row = w0 + w1 + w2;
  if (row === 0) throw new PdfSyntaxError("malformed cross-reference stream");
  const index = dict.get("Index") ?? [0, size];
  if (!Array.isArray(index) || index.length % 2 !== 0 || !index.every(isCount)) {
    throw new PdfSyntaxError("malformed cross-reference stream index");
  }
  const entries: [number, XrefEntry][] = [];
  let p = 0;
  for (let k = 0; k < index.length; k += 2) {
    const first = index[k] as number;
    const count = index[k + 1] as number;
    for (let i = 0; i < count && p + row <= data.length; i++, p += row) {
      const kind = w0 === 0 ? 1 : field(data, p, w0);
      const f2 = field(data, p + w0, w1);
      if (kind === 1 && f2 > 0) entries.push([first + i, { offset: f2 }]);
      else if (kind === 2) entries.push([first + i, { stream: f2 }]);
    }
  }
  return { entries, trailer: dict };
}

function isSmallInt(v: PdfObject): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 8;
}

function isCount(v: PdfObject): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0;
}

function field(data: Uint8Array, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
  return v;
}

/** Reads `num gen obj … endobj` at `offset`; a stream's end comes from /Length or a scan. */
export function readIndirectAt(
  bytes: Uint8Array,
  offset: number,
  length: (value: PdfObject | undefined) => number | undefined,
): { num: number; value: PdfObject } {
  if (offset < 0 || offset >= bytes.length) throw new PdfSyntaxError("offset out of range");
  const lexer = new Lexer(bytes, offset);
  const num = lexer.readInt();
  lexer.readInt();
  lexer.expectKeyword("obj");
  const value = lexer.readObject();
  if (!(value instanceof PdfDict) || lexer.peekKeyword() !== "stream") return { num, value };
  lexer.expectKeyword("stream");
  let start = lexer.pos;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  const declared = length(value.get("Length"));
  let end: number;
  if (
    declared !== undefined && Number.isInteger(declared) && declared >= 0 &&
    start + declared <= bytes.length && endstreamFollows(bytes, start + declared)
  ) {
    end = start + declared;
  } else {
    const at = indexOfBytes(bytes, ENDSTREAM, start);
    if (at < 0) throw new PdfSyntaxError("stream without endstream");
    end = at;
    if (bytes[end - 1] === 0x0a) end--;
    if (bytes[end - 1] === 0x0d) end--;
    end = Math.max(start, end);
  }
  return { num, value: new PdfStream(value, bytes.subarray(start, end)) };
}

function endstreamFollows(bytes: Uint8Array, at: number): boolean {
  let p = at;
  while (
    p < bytes.length && p < at + 4 && (bytes[p] === 0x0a || bytes[p] === 0x0d || bytes[p] === 0x20)
  ) {
    p++;
  }
  return indexOfBytes(bytes.subarray(p, p + ENDSTREAM.length), ENDSTREAM) === 0;
}

function parseObjectStream(data: Uint8Array, dict: PdfDict): ObjectStream {
  const n = dict.get("N");
  const first = dict.get("First");
  if (!isCount(n ?? null) || !isCount(first ?? null) || (first as number) > data.length) {
    throw new PdfSyntaxError("malformed object stream");
  }
  if ((n as number) > data.length / 2) throw new PdfSyntaxError("malformed object stream");
  const lexer = new Lexer(data);
  const offsets = new Map<number, number>();
  for (let i = 0; i < (n as number); i++) {
    const num = lexer.readInt();
    const offset = lexer.readInt();
    if (!offsets.has(num)) offsets.set(num, offset);
  }
  return { data, first: first as number, offsets };
}

/** Undoes a PNG predictor (/Predictor 10–15), as cross-reference streams use (7.4.4.4). */
function unpredict(
  data: Uint8Array,
  parms: PdfDict,
  resolve: (v: PdfObject | undefined) => PdfObject | undefined,
): Uint8Array {
  const num = (key: string, fallback: number) => {
    const v = resolve(parms.get(key));
    return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : fallback;
  };
  const predictor = num("Predictor", 1);
  if (predictor === 1) return data;
  if (predictor < 10) throw new PdfSyntaxError(`unsupported predictor ${predictor}`);
  const colors = num("Colors", 1);
  const bits = num("BitsPerComponent", 8);
  const columns = num("Columns", 1);
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((colors * bits * columns) / 8);
  if (rowLength > 1 << 20) throw new PdfSyntaxError("predictor row too long");
  return unfilterPngRows(data, rowLength, bpp);
}
