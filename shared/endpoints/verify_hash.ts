import type { Context } from "hono";
import type { PlatformDeps } from "../platform/deps.ts";
import { ServiceError } from "../errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addRoute, type RouteSpec } from "../http/route.ts";
import type { AppEnv } from "../http/types.ts";
import { z } from "../schemas/zod.ts";
import { HASH_PATTERN } from "../validation/hash.ts";
import { findVerification } from "../verify/lookup.ts";
import { notVerifiedPage, sendPage, verifiedPage } from "../verify/page.ts";
import { errorResponse } from "./common_responses.ts";

const Verified = z.object({
  verified: z.literal(true),
  validation_hash: z.string(),
  timestamp: z.string().openapi({ format: "date-time" }),
  rules_summary: z.object({
    layers: z.array(z.object({ name: z.string(), status: z.string() })),
  }),
  documents_generated: z.array(z.string()),
  route: z.object({
    origin_country: z.string().nullable(),
    destination_country: z.string().nullable(),
  }),
  message: z.string(),
}).openapi("Verification");

const NotVerified = z.object({ verified: z.literal(false), message: z.string() })
  .openapi("NotVerified");

const UNKNOWN = "No passing validation has this hash. The document may have been altered, or " +
  "the hash mistyped.";

export function verifyHashApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "verify-hash" });
  const spec = (path: string, summary: string): RouteSpec => ({
    method: "get",
    path,
    summary,
    description: "Public: what a QR code on a generated document opens. Browsers " +
      "(Accept: text/html) get a readable page, API clients JSON. Shows only the validation " +
      "time, the layer summary, the route countries and the document types.",
    tags: ["Validation"],
    auth: "public",
    ...(path === "/"
      ? { query: z.object({ hash: z.string().openapi({ description: "SHA-256 hex" }) }) }
      : { params: z.object({ hash: z.string() }) }),
    responses: {
      200: { description: "Verified", schema: Verified },
      400: errorResponse("SVC_VAL_001: hash missing; SVC_VAL_011: not 64 hex characters"),
      404: { description: "No passing validation has this hash", schema: NotVerified },
    },
  });
  addRoute(svc, spec("/", "Verify a validation hash"), (c) => verify(c, c.req.query("hash")));
  addRoute(
    svc,
    spec("/:hash", "Verify a validation hash (the QR code's form)"),
    (c) => verify(c, c.req.param("hash")),
  );

  async function verify(c: Context<AppEnv>, raw: string | undefined): Promise<Response> {
    const hash = raw?.trim().toLowerCase() ?? "";
    if (hash === "") throw new ServiceError("SVC_VAL_001", "hash is required");
    const html = wantsHtml(c);
    if (!HASH_PATTERN.test(hash)) {
      if (html) {
        return sendPage(
          c,
          notVerifiedPage(
            raw!,
            "This is not a validation hash: a hash is 64 hexadecimal characters.",
          ),
          400,
        );
      }
      throw new ServiceError("SVC_VAL_011", "hash must be 64 hexadecimal characters (SHA-256)");
    }
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
