import type { Context } from "hono";
import { ServiceError } from "../errors/service_error.ts";

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
  c: Context,
  maxBytes = MAX_JSON_BYTES,
): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ServiceError(
      "SVC_REQ_003",
      "Send the body as JSON with Content-Type: application/json",
    );
  }
  const text = await readTextLimited(c.req.raw, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ServiceError("SVC_REQ_002", "The body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ServiceError("SVC_REQ_002", "The body must be a JSON object");
  }
  assertStorableJson(parsed);
  return parsed as Record<string, unknown>;
}

/**
 * PostgreSQL's jsonb refuses NUL characters and unpaired UTF-16 surrogates, both of which
 * JSON.parse accepts; catching them here makes them a 400 instead of a failed insert. The walk
 * also bounds the nesting depth.
 */
export function assertStorableJson(value: unknown, depth = 0, path = "(body)"): void {
  if (typeof value === "string") {
    if (!value.isWellFormed() || value.includes("\u0000")) {
      throw new ServiceError(
        "SVC_REQ_002",
        `${path}: text must not contain NUL characters or unpaired surrogates`,
      );
    }
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
    value.forEach((item, i) => assertStorableJson(item, depth + 1, `${path}.${i}`));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    assertStorableJson(key, depth + 1, path);
    assertStorableJson(item, depth + 1, path === "(body)" ? key : `${path}.${key}`);
  }
}

export async function readTextLimited(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBytesLimited(request, maxBytes));
}

export async function readBytesLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  // A declared length within the limit: the server delivers no more than that, read at once.
  if (Number.isInteger(declared)) return new Uint8Array(await request.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number): ServiceError {
  const mib = maxBytes / (1024 * 1024);
  return new ServiceError("SVC_REQ_001", `The body is larger than ${mib} MiB`);
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
export async function readMultipartForm(
  c: Context,
  maxFileBytes = MAX_UPLOAD_BYTES,
): Promise<FormData> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;(.*;)?\s*boundary=/i.test(type)) {
    throw new ServiceError(
      "SVC_REQ_003",
      "Send the body as multipart/form-data (Content-Type: multipart/form-data; boundary=…)",
    );
  }
  const bytes = await readBytesLimited(c.req.raw, maxFileBytes + MULTIPART_OVERHEAD_BYTES);
  const body = bytes as Uint8Array<ArrayBuffer>;
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new ServiceError("SVC_REQ_002", "The body is not a well-formed multipart form");
  }
  for (const value of form.values()) {
    if (typeof value !== "string" && value.size > maxFileBytes) {
      throw new ServiceError(
        "SVC_REQ_001",
        `The file is larger than ${maxFileBytes / (1024 * 1024)} MiB`,
      );
    }
  }
  return form;
}
