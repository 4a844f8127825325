import type { Context } from "hono";
import { ServiceError } from "../errors/service_error.ts";
import { concatBytes } from "../util/bytes.ts";
import { FREE_BYTES, type HeldBody } from "./body_budget.ts";
import {
  DelimiterSearch,
  multipartBoundary,
  type MultipartPart,
  multipartParts,
} from "./multipart.ts";
import type { AppEnv } from "./types.ts";

/** JSON bodies larger than this are refused with 413 (DESIGN.md). */
export const MAX_JSON_BYTES = 1024 * 1024;

/** Deeper nesting than any trade document needs; bounds every recursive walk downstream. */
export const MAX_JSON_DEPTH = 32;

/**
 * Reads a JSON object body: checks the content type (415), the size before and while reading
 * (413, also for chunked bodies without Content-Length), the syntax (400 SVC_REQ_002), that the
 * top level is an object, and that it can be stored (see assertStorableJson). The body is read
 * exactly once.
 */
export async function readJsonObject(
  c: Context<AppEnv>,
  maxBytes = MAX_JSON_BYTES,
): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ServiceError(
      "SVC_REQ_003",
      "Send the body as JSON with Content-Type: application/json",
    );
  }
  assertUtf8Charset(type);
  const text = await readTextLimited(c.req.raw, {
    maxBytes,
    timeoutMs: c.get("bodyReadTimeoutMs"),
  });
  let parsed: unknown;
  const inexact = new Set<number>();
  try {
    parsed = mayHoldInexactIntegers(text)
      ? JSON.parse(text, function (_key, value, context?: { source?: string }) {
        // The number's own digits (JSON.parse source text access): an integer that does not
        // survive as a double would be stored as another number.
        if (typeof value === "number" && context?.source && !keepsDigits(context.source, value)) {
          inexact.add(value);
        }
        return value;
      })
      : JSON.parse(text);
  } catch {
    throw new ServiceError("SVC_REQ_002", "The body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ServiceError("SVC_REQ_002", "The body must be a JSON object");
  }
  assertStorableJson(parsed, inexact);
  return parsed as Record<string, unknown>;
}

/** JSON is UTF-8 (RFC 8259); a body labelled otherwise would be decoded wrongly, so it is a 400. */
function assertUtf8Charset(contentType: string): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) {
    throw new ServiceError(
      "SVC_REQ_002",
      `The body must be UTF-8 JSON, not charset=${charset.slice(0, 40)}`,
    );
  }
}

/**
 * PostgreSQL's jsonb refuses NUL characters and unpaired UTF-16 surrogates, both of which
 * JSON.parse accepts; catching them here makes them a 400 instead of a failed insert. The walk
 * also bounds the nesting depth.
 */
export function assertStorableJson(
  value: unknown,
  inexact: ReadonlySet<number> = new Set(),
  depth = 0,
  path = "(body)",
): void {
  // Nearly every body passes: checked first without building a path for every value, and
  // walked again with paths only to say where it failed.
  if (depth === 0 && isStorable(value, inexact, 0)) return;
  if (typeof value === "string") {
    if (!value.isWellFormed() || value.includes("\u0000")) {
      throw new ServiceError(
        "SVC_REQ_002",
        `${path}: text must not contain NUL characters or unpaired surrogates`,
      );
    }
    return;
  }
  if (typeof value === "number") {
    assertExactNumber(value, path, inexact);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (depth >= MAX_JSON_DEPTH) {
    throw new ServiceError(
      "SVC_REQ_002",
      `The body is nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertStorableJson(item, inexact, depth + 1, `${path}.${i}`));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    assertStorableJson(key, inexact, depth + 1, path);
    assertStorableJson(item, inexact, depth + 1, path === "(body)" ? key : `${path}.${key}`);
  }
}

/** assertStorableJson's verdict without the paths: whether nothing in `value` fails it. */
function isStorable(value: unknown, inexact: ReadonlySet<number>, depth: number): boolean {
  if (typeof value === "string") return value.isWellFormed() && !value.includes("\u0000");
  if (typeof value === "number") return Number.isFinite(value) && !inexact.has(value);
  if (typeof value !== "object" || value === null) return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isStorable(item, inexact, depth + 1)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!isStorable(key, inexact, depth) || !isStorable(record[key], inexact, depth + 1)) {
      return false;
    }
  }
  return true;
}

/** A body not received in full within this time is cut off with 408 SVC_REQ_005. */
export const BODY_READ_TIMEOUT_MS = 30_000;

export interface ReadLimits {
  maxBytes: number;
  /** The whole body must arrive within this time from the first read. */
  timeoutMs?: number;
  /** The limit as the caller states it in a 413 (default: `maxBytes` in MiB). */
  limitLabel?: string;
  /** The process's budget for upload bodies (body_budget.ts), and where its reservation goes. */
  budget?: HeldBody;
  /** Sees each chunk as it arrives: work on the body spread over its arrival, not done after. */
  onChunk?: (chunk: Uint8Array) => void;
}

/**
 * JSON.parse turns 1e309 into Infinity (which jsonb stores as null) and rounds integers past
 * 2^53 (9007199254740993 becomes …992); both would silently store another number than the one
 * sent. Integers that a double keeps digit for digit (1e21, 18446744073709552000) are fine.
 */
function assertExactNumber(value: number, path: string, inexact: ReadonlySet<number>): void {
  if (!Number.isFinite(value)) {
    throw new ServiceError("SVC_REQ_002", `${path}: the number is out of range`);
  }
  if (inexact.has(value)) {
    throw new ServiceError(
      "SVC_REQ_002",
      `${path}: integers beyond ±2^53 cannot be kept exactly; send them as text`,
    );
  }
}

/**
 * Whether the text has a run of 16 digits, which every integer beyond ±2^53 has. Without one
 * no number can lose digits, and JSON.parse runs without the reviver that checks them: a
 * reviver is called for every value, which made parsing a small shipment 4 times as slow.
 */
function mayHoldInexactIntegers(text: string): boolean {
  return /\d{16}/.test(text);
}

/** Whether an integer literal is the same number once parsed and written back. */
function keepsDigits(source: string, value: number): boolean {
  if (Number.isSafeInteger(value) || !/^-?\d+$/.test(source)) return true;
  return BigInt(source) === decimalBigInt(String(value));
}

/** `1.8e+21` → 1800000000000000000000n (String(number) of a large integer). */
function decimalBigInt(text: string): bigint {
  const [mantissa, exponent = "0"] = text.split("e");
  const [whole, fraction = ""] = mantissa!.split(".");
  return BigInt(whole! + fraction) * 10n ** BigInt(Number(exponent) - fraction.length);
}

/** One for every request: a decode without `stream` keeps no state between calls. */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes a body as strict UTF-8: a byte sequence that is not UTF-8 is a 400, never U+FFFD. */
export async function readTextLimited(request: Request, limits: ReadLimits): Promise<string> {
  const bytes = await readBytesLimited(request, limits);
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    throw new ServiceError("SVC_REQ_002", "The body is not valid UTF-8");
  }
}

/**
 * Streams the body with a running count: memory grows with the bytes that arrived, never with
 * the declared Content-Length (`arrayBuffer()` reserves that up front, so slow senders
 * declaring large bodies could pin gigabytes). Past `maxBytes` it is 413; a body not complete
 * within the deadline is 408, and cancelling the stream makes the server drop the connection.
 */
export async function readBytesLimited(request: Request, limits: ReadLimits): Promise<Uint8Array> {
  const { maxBytes, timeoutMs = BODY_READ_TIMEOUT_MS, budget, onChunk } = limits;
  const limitLabel = limits.limitLabel ?? `${maxBytes / (1024 * 1024)} MiB`;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge(limitLabel);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(timeoutMs)), timeoutMs);
  });
  /** Only a body that may wait for the budget has a wait to give up. */
  const waiting = budget ? new AbortController() : undefined;
  let chunks: Uint8Array[] = [];
  /** Once the body holds a reservation: its whole size, filled as bytes arrive. */
  let whole: Uint8Array | undefined;
  let total = 0;
  try {
    while (true) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(limitLabel);
      onChunk?.(value);
      if (whole) {
        if (total > whole.length) throw unreadable();
        whole.set(value, total - value.byteLength);
        continue;
      }
      chunks.push(value);
      if (budget && total >= FREE_BYTES) {
        const size = declared >= total ? declared : maxBytes;
        const reservation = budget.of.reserve(size, waiting?.signal);
        // Held as soon as it is granted, even when the deadline came first: the request's end
        // gives it back.
        reservation.then(budget.hold, () => {});
        await Promise.race([reservation, deadline]);
        whole = new Uint8Array(size);
        whole.set(concatBytes(chunks));
        chunks = [];
      }
    }
  } catch (error) {
    waiting?.abort();
    reader.cancel().catch(() => {});
    if (error instanceof ServiceError) throw error;
    // The client went away or sent a broken chunked encoding.
    throw unreadable();
  } finally {
    clearTimeout(timer);
  }
  return whole ? whole.subarray(0, total) : concatBytes(chunks);
}

function unreadable(): ServiceError {
  return new ServiceError("SVC_REQ_002", "The body could not be read to its end");
}

function tooSlow(timeoutMs: number): ServiceError {
  return new ServiceError(
    "SVC_REQ_005",
    `The body did not arrive within ${timeoutMs / 1000} s`,
    { headers: { connection: "close" } },
  );
}

function tooLarge(limitLabel: string): ServiceError {
  return new ServiceError("SVC_REQ_001", `The body is larger than ${limitLabel}`);
}

/** Uploaded files larger than this are refused with 413 (DESIGN.md). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** What a multipart body may carry besides its files: boundaries, part headers, small fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart/form-data body: checks the content type (415), the size before and while
 * reading (413: the body may not pass the file limit plus a little for the other parts, so an
 * oversized upload is refused without being held in memory), the syntax (400 SVC_REQ_002) and
 * each file's size (413).
 */
export async function readMultipartParts(
  c: Context<AppEnv>,
  maxFileBytes = MAX_UPLOAD_BYTES,
): Promise<MultipartPart[]> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;(.*;)?\s*boundary=/i.test(type)) {
    throw new ServiceError(
      "SVC_REQ_003",
      "Send the body as multipart/form-data (Content-Type: multipart/form-data; boundary=…)",
    );
  }
  const boundary = multipartBoundary(type);
  const search = boundary ? new DelimiterSearch(boundary) : undefined;
  const bytes = await readBytesLimited(c.req.raw, {
    maxBytes: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    timeoutMs: c.get("bodyReadTimeoutMs"),
    // Users know the file limit; the form's few extra KiB are ours to allow, not to announce.
    limitLabel: `${maxFileBytes / (1024 * 1024)} MiB (the file limit)`,
    budget: c.get("uploadBuffer"),
    onChunk: search && ((chunk) => search.feed(chunk)),
  });
  let parts: MultipartPart[];
  try {
    parts = multipartParts(bytes, boundary, search);
  } catch {
    throw new ServiceError("SVC_REQ_002", "The body is not a well-formed multipart form");
  }
  for (const part of parts) {
    if (part.filename !== undefined && part.data.length > maxFileBytes) {
      throw new ServiceError(
        "SVC_REQ_001",
        `The file is larger than ${maxFileBytes / (1024 * 1024)} MiB`,
      );
    }
  }
  return parts;
}
