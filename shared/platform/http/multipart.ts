/**
 * multipart/form-data (RFC 7578) parsed with native byte searches. `Response.formData()` scans
 * the body byte by byte in JavaScript on the main thread: about half a second for an 18.5 MiB
 * upload, during which no other request is answered. Here the delimiter is found with
 * `indexOf` (native) and file parts are views of the body until they become Files. A body read
 * from the network is searched chunk by chunk as it arrives (DelimiterSearch), so parsing it
 * at the end walks none of its bytes again: a pass over 18.5 MiB of noise took 12 ms on a quiet
 * core and 110–220 ms with the machine loaded, in one piece, per upload.
 */
import { concatBytes, indexOfBytes } from "../util/bytes.ts";

const encoder = new TextEncoder();
const CRLF = encoder.encode("\r\n");
const HEADER_END = encoder.encode("\r\n\r\n");

export class MalformedMultipart extends Error {
  override name = "MalformedMultipart";
}

/** The boundary parameter of a multipart Content-Type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** A part of a form; `data` is a view of the body, not a copy. */
export interface MultipartPart {
  name: string;
  /** Set (possibly empty) for a file part. */
  filename?: string;
  type: string;
  data: Uint8Array;
}

/**
 * A file part as a route's checked body holds it: its bytes stay a view of the request body, so
 * an upload is held once (a FormData File would copy it in, and reading it would copy it out).
 */
export class UploadedPart {
  constructor(
    readonly bytes: Uint8Array,
    readonly filename: string,
    readonly type: string,
  ) {}

  get size(): number {
    return this.bytes.length;
  }
}

export function parseMultipart(body: Uint8Array, boundary: string | undefined): FormData {
  return toFormData(multipartParts(body, boundary));
}

/** Parts as a FormData: text parts as strings, file parts as Files (copies of their bytes). */
export function toFormData(parts: readonly MultipartPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, new TextDecoder().decode(part.data));
    else {
      const file = new File([part.data as Uint8Array<ArrayBuffer>], part.filename, {
        type: part.type,
      });
      form.append(part.name, file);
    }
  }
  return form;
}

/**
 * The parts of a form as views of its body: a route that only stores or reads a file's bytes
 * takes them without the two copies a FormData File costs (into the Blob, and out again).
 */
export function multipartParts(
  body: Uint8Array,
  boundary: string | undefined,
  search?: DelimiterSearch,
): MultipartPart[] {
  if (!boundary) throw new MalformedMultipart("no boundary parameter");
  const delimiter = encoder.encode(`--${boundary}`);
  const between = concatBytes([CRLF, delimiter]);
  const found = search?.complete(body, delimiter);
  /** The first `CRLF--boundary` at or after `from` (what indexOfBytes would answer). */
  const nextBetween = found
    ? (from: number) => found.nextAfterCrlf(body, from)
    : (from: number) => indexOfBytes(body, between, from);
  let at = found ? found.next(0) : indexOfBytes(body, delimiter, 0);
  if (at < 0) throw new MalformedMultipart("no boundary");
  const parts: MultipartPart[] = [];
  while (true) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts; // the close delimiter
    while (body[at] === 0x20 || body[at] === 0x09) at++; // transport padding
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw new MalformedMultipart("delimiter");
    const headerEnd = indexOfBytes(body, HEADER_END, at);
    if (headerEnd < 0) throw new MalformedMultipart("part headers");
    const headers = partHeaders(body.subarray(at + 2, headerEnd));
    const start = headerEnd + 4;
    const end = nextBetween(start);
    if (end < 0) throw new MalformedMultipart("unterminated part");
    parts.push(partOf(headers, body.subarray(start, end)));
    at = end + 2;
  }
}

function partOf(headers: Map<string, string>, data: Uint8Array): MultipartPart {
  const disposition = headers.get("content-disposition") ?? "";
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MalformedMultipart("disposition");
  const name = parameter(disposition, "name");
  if (name === undefined) throw new MalformedMultipart("part without a name");
  const filename = parameter(disposition, "filename");
  const type = headers.get("content-type") ?? "application/octet-stream";
  return filename === undefined ? { name, type, data } : { name, filename, type, data };
}

function parameter(header: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]+))`, "i")
    .exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}

function partHeaders(bytes: Uint8Array): Map<string, string> {
  const headers = new Map<string, string>();
  if (bytes.length === 0) return headers;
  for (const line of new TextDecoder().decode(bytes).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MalformedMultipart("part header");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Past this many delimiters a body is parsed by searching it again (see DelimiterSearch). */
const MAX_FOUND = 10_000;

/**
 * Every place `--boundary` occurs in a body fed chunk by chunk as it arrives, with offsets from
 * the body's start, so that multipartParts need not search the whole body again. A body with
 * more delimiters than any form needs stops being tracked (a hostile "--x--x--x…" would
 * otherwise hold millions of offsets) and is searched at the end as before.
 */
export class DelimiterSearch {
  readonly #delimiter: Uint8Array;
  #found: number[] | null = [];
  /** The stream's last `delimiter.length - 1` bytes: a delimiter may straddle two chunks. */
  #carry = new Uint8Array(0);
  #fed = 0;

  constructor(boundary: string) {
    this.#delimiter = encoder.encode(`--${boundary}`);
  }

  feed(chunk: Uint8Array): void {
    const found = this.#found;
    const pattern = this.#delimiter;
    const tail = pattern.length - 1;
    if (!found) return;
    if (this.#carry.length > 0) {
      // Only delimiters that start in the carry and end in this chunk: the carry is too short
      // to hold one whole.
      const seam = concatBytes([this.#carry, chunk.subarray(0, tail)]);
      for (let i = indexOfBytes(seam, pattern); i >= 0 && i < this.#carry.length;) {
        found.push(this.#fed - this.#carry.length + i);
        i = indexOfBytes(seam, pattern, i + 1);
      }
    }
    for (let i = indexOfBytes(chunk, pattern); i >= 0; i = indexOfBytes(chunk, pattern, i + 1)) {
      found.push(this.#fed + i);
    }
    this.#fed += chunk.length;
    this.#carry = chunk.length >= tail
      ? chunk.slice(chunk.length - tail)
      : concatBytes([this.#carry, chunk]).slice(-tail);
    if (found.length > MAX_FOUND) this.#found = null;
  }

  /**
   * The offsets found, for `body` (the whole stream fed) and `delimiter`; undefined when they
   * cannot stand for a search of it (too many, or another body or boundary).
   */
  complete(body: Uint8Array, delimiter: Uint8Array): FoundDelimiters | undefined {
    const same = delimiter.length === this.#delimiter.length &&
      delimiter.every((b, i) => b === this.#delimiter[i]);
    if (!this.#found || !same || body.length !== this.#fed) return undefined;
    return new FoundDelimiters(this.#found);
  }
}

/** Delimiter offsets in ascending order, answered as the searches multipartParts makes. */
class FoundDelimiters {
  constructor(private readonly at: readonly number[]) {}

  /** The first delimiter at or after `from`, or -1. */
  next(from: number): number {
    let low = 0;
    let high = this.at.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.at[mid]! < from) low = mid + 1;
      else high = mid;
    }
    return low < this.at.length ? this.at[low]! : -1;
  }

  /** The first `CRLF` + delimiter at or after `from` (the CRLF's offset), or -1. */
  nextAfterCrlf(body: Uint8Array, from: number): number {
    for (let at = this.next(from + 2); at >= 0; at = this.next(at + 1)) {
      if (body[at - 2] === 0x0d && body[at - 1] === 0x0a) return at - 2;
    }
    return -1;
  }
}
