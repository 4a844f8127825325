import type { Context } from "hono";
import { ServiceError } from "../errors/service_error.ts";

/** JSON bodies larger than this are refused with 413 (DESIGN.md). */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Reads a JSON object body: checks the content type (415), the size before and while reading
 * (413, also for chunked bodies without Content-Length), the syntax (400 SVC_REQ_002) and that
 * the top level is an object. The body is read exactly once.
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
  return parsed as Record<string, unknown>;
}

export async function readTextLimited(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBytesLimited(request, maxBytes));
}

export async function readBytesLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
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
