import type { Context } from "hono";
import type { PlatformDeps } from "../platform/deps.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import type { ParamSpec } from "../platform/http/params.ts";
import { addRoute } from "../platform/http/route.ts";
import type { AppEnv } from "../platform/http/types.ts";
import { HASH_INPUT_PATTERN } from "../validation/hash.ts";
import { findVerification } from "./lookup.ts";
import { notVerifiedPage, sendPage, verifiedPage } from "./page.ts";
import { errorResponse } from "../platform/http/common_responses.ts";

const UNKNOWN = "No passing validation has this hash. The document may have been altered, or " +
  "the hash mistyped.";

const HASH_PARAM: ParamSpec = {
  name: "hash",
  description: "The validation hash: SHA-256, 64 hexadecimal characters (any case)",
  example: "9f2c4e0b7a1d3c5e8f6a2b4d0c1e3f5a7b9d2c4e6f8a0b1c3d5e7f9a2b4c6d8e",
  normalize: (value) => value.trim().toLowerCase(),
  pattern: HASH_INPUT_PATTERN,
  invalid: () =>
    new ServiceError("SVC_VAL_011", "hash must be 64 hexadecimal characters (SHA-256)"),
  missing: () => new ServiceError("SVC_VAL_001", "hash is required"),
};

export function verifyHashApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "verify-hash" });
  const spec = (path: "/" | "/:hash", operationId: string, summary: string) => ({
    operationId,
    method: "get" as const,
    path,
    summary,
    description: "Public: what a QR code on a generated document opens. Browsers " +
      "(Accept: text/html) get a readable page, API clients JSON. Shows only the validation " +
      "time, the layer summary, the route countries and the document types.",
    tags: ["Validation"],
    auth: "public" as const,
    responses: {
      200: { description: "Verified", schema: "Verification" },
      400: errorResponse("SVC_VAL_001: hash missing; SVC_VAL_011: not 64 hex characters"),
      404: { description: "No passing validation has this hash", schema: "NotVerified" },
    },
    // A browser that followed a mistyped link gets a page saying so, not JSON.
    onInvalid: (c: Context<AppEnv>, error: ServiceError) => {
      if (error.code !== "SVC_VAL_011" || !wantsHtml(c)) throw error;
      const raw = c.req.param("hash") ?? c.req.query("hash") ?? "";
      const why = "This is not a validation hash: a hash is 64 hexadecimal characters.";
      return sendPage(c, notVerifiedPage(raw, why), 400);
    },
  });
  addRoute(svc, {
    ...spec("/", "verifyHashByQuery", "Verify a validation hash"),
    query: [{ ...HASH_PARAM, required: true }],
  }, (c, input) => verify(c, input.query.hash!));
  addRoute(svc, {
    ...spec("/:hash", "verifyHash", "Verify a validation hash (the QR code's form)"),
    params: [HASH_PARAM],
  }, (c, input) => verify(c, input.params.hash!));

  async function verify(c: Context<AppEnv>, hash: string): Promise<Response> {
    const html = wantsHtml(c);
    const found = await findVerification(deps.db, hash);
    if (!found) {
      return html
        ? sendPage(c, notVerifiedPage(hash, UNKNOWN), 404)
        : c.json({ verified: false, message: UNKNOWN }, 404);
    }
    if (html) return sendPage(c, verifiedPage(hash, found), 200);
    return c.json({
      verified: true,
      validation_hash: hash,
      timestamp: found.validated_at.toISOString(),
      rules_summary: { layers: found.layers },
      documents_generated: found.documents_generated,
      route: {
        origin_country: found.origin_country,
        destination_country: found.destination_country,
      },
      message: "Shipment data with this hash passed validation",
    }, 200);
  }
  return svc;
}

/** A browser asks for HTML; API clients (and curl's default) get JSON. */
export function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").toLowerCase().includes("text/html");
}
