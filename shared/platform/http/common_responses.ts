import type { ResponseSpec } from "./route.ts";

/** Responses every JSON-body endpoint can give before its own logic runs. */
export const JSON_BODY_ERRORS: Record<number, ResponseSpec> = {
  413: errorResponse("SVC_REQ_001: body over 1 MiB"),
  415: errorResponse("SVC_REQ_003: Content-Type is not application/json"),
};

/**
 * The error answers of a JSON-body route: its own 400s (`badRequest`) and malformed JSON
 * (SVC_REQ_002), then JSON_BODY_ERRORS.
 */
export function jsonBodyErrors(badRequest: string): Record<number, ResponseSpec> {
  return {
    400: errorResponse(`${badRequest}; SVC_REQ_002: malformed JSON`),
    ...JSON_BODY_ERRORS,
  };
}

/** An error answer (`{error: {code, message, details?}}`, the schema named `Error`). */
export function errorResponse(description: string): ResponseSpec {
  return { description, schema: "Error" };
}
