import type { ResponseSpec } from "../http/route.ts";
import { ErrorBody } from "../schemas/common.ts";

/** Responses every JSON-body endpoint can give before its own logic runs. */
export const JSON_BODY_ERRORS: Record<number, ResponseSpec> = {
  413: { description: "SVC_REQ_001: body over 1 MiB", schema: ErrorBody },
  415: { description: "SVC_REQ_003: Content-Type is not application/json", schema: ErrorBody },
};

export function errorResponse(description: string): ResponseSpec {
  return { description, schema: ErrorBody };
}
