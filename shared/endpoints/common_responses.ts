import type { ResponseSpec } from "../http/route.ts";

/** Responses every JSON-body endpoint can give before its own logic runs. */
export const JSON_BODY_ERRORS: Record<number, ResponseSpec> = {
  413: errorResponse("SVC_REQ_001: body over 1 MiB"),
  415: errorResponse("SVC_REQ_003: Content-Type is not application/json"),
};

/** An error answer (`{error: {code, message, details?}}`, the schema named `Error`). */
export function errorResponse(description: string): ResponseSpec {
  return { description, schema: "Error" };
}
