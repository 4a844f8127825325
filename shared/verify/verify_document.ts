import type { PlatformDeps } from "../platform/deps.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { MAX_UPLOAD_BYTES } from "../platform/http/body.ts";
import type { ParamSpec } from "../platform/http/params.ts";
import { addRoute } from "../platform/http/route.ts";
import { UploadedFile } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";
import { sha256HexInSlices } from "../platform/util/sha256_slices.ts";
import { HASH_INPUT_PATTERN } from "../validation/hash.ts";
import { CHECK_SCRIPT_SOURCE } from "./check_script.ts";
import { findIssuedFile } from "./issued_files.ts";
import { checkFilePage, sendPage } from "./page.ts";
import { errorResponse } from "../platform/http/common_responses.ts";
import { wantsHtml } from "./verify_hash.ts";

const FileCheck = z.object({
  issued: z.boolean(),
  sha256: z.string().meta({ description: "SHA-256 (hex) of the file asked about" }),
  variant: z.enum(["generated", "flattened"]).nullable(),
  document_type: z.string().nullable(),
  validation_hash: z.string().nullable().meta({
    description: "The passing validation the document was generated with; null when none",
  }),
  validated_at: z.string().nullable().meta({ format: "date-time" }),
  generated_at: z.string().nullable().meta({ format: "date-time" }),
  signer: z.string().nullable().meta({
    description: "Subject of the certificate the file is signed with; null when unsigned",
  }),
}).meta({ id: "DocumentCheck" });

type FileCheckAnswer = z.infer<typeof FileCheck>;

const UploadRequest = z.object({
  file: UploadedFile.refine((file) => file.size > 0).meta({
    description: "The PDF (at most 20 MiB), one part",
  }),
}).meta({ id: "VerifyDocumentRequest" });

const SHA256_PARAM: ParamSpec = {
  name: "sha256",
  description: "SHA-256 hex of the file",
  normalize: (value) => value.trim().toLowerCase(),
  pattern: HASH_INPUT_PATTERN,
  invalid: () => new ServiceError("SVC_VAL_011", "sha256 must be 64 hexadecimal characters"),
};

const DESCRIPTION = "Public: was exactly this file issued by the service? `issued` is true only " +
  "for the very bytes the service stored (a generated or a flattened document); any change, " +
  "even one byte, answers false. Names the document type, the validation it was generated " +
  "with and the signer, nothing private (no parties, values, team or shipment).";

export function verifyDocumentApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "verify-document" });
  addRoute(svc, {
    operationId: "checkDocumentFile",
    method: "post",
    path: "/",
    summary: "Check a document file",
    description: DESCRIPTION,
    tags: ["Validation"],
    auth: "public",
    body: {
      schema: UploadRequest,
      error: () =>
        new ServiceError("SVC_VAL_001", "Send the document as one non-empty `file` part"),
      contentType: "multipart/form-data",
      maxFileBytes: MAX_UPLOAD_BYTES,
    },
    responses: {
      200: { description: "The answer, issued or not", schema: FileCheck },
      400: errorResponse("SVC_VAL_001: the `file` part is missing or empty"),
      413: errorResponse(`SVC_REQ_001: file over ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB`),
      415: errorResponse("SVC_REQ_003: Content-Type is not multipart/form-data"),
    },
  }, async (c, { body }) => {
    const sha256 = await sha256HexInSlices(body.file.bytes);
    return c.json(await check(sha256), 200);
  });

  // Registered before /:sha256, which would otherwise take it.
  svc.app.get("/check.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=300");
    return c.body(CHECK_SCRIPT_SOURCE);
  });

  addRoute(svc, {
    operationId: "getCheckFilePage",
    method: "get",
    path: "/",
    summary: "The check-a-file page",
    description: "A browser (Accept: text/html) gets a page that hashes a chosen file in the " +
      "browser and asks GET /verify-document/<sha256>; the file never leaves the device.",
    tags: ["Validation"],
    auth: "public",
    responses: {
      200: { description: "The page (text/html)" },
      400: errorResponse("SVC_VAL_001: an API client asked without a SHA-256"),
    },
  }, (c) => {
    if (!wantsHtml(c)) {
      throw new ServiceError("SVC_VAL_001", "Ask GET /verify-document/<sha256> or POST a file");
    }
    return sendPage(c, checkFilePage(), 200);
  });

  addRoute(svc, {
    operationId: "checkDocumentHash",
    method: "get",
    path: "/:sha256",
    summary: "Check a document by its SHA-256",
    description: `${DESCRIPTION} The file's SHA-256 (hex) is computed by the caller, so the ` +
      "file need not be sent.",
    tags: ["Validation"],
    auth: "public",
    params: [SHA256_PARAM],
    responses: {
      200: { description: "The answer, issued or not", schema: FileCheck },
      400: errorResponse("SVC_VAL_011: not 64 hexadecimal characters"),
    },
  }, async (c, { params }) => c.json(await check(params.sha256!), 200));

  async function check(sha256: string): Promise<FileCheckAnswer> {
    const found = await findIssuedFile(deps.db, sha256);
    if (!found) {
      return {
        issued: false,
        sha256,
        variant: null,
        document_type: null,
        validation_hash: null,
        validated_at: null,
        generated_at: null,
        signer: null,
      };
    }
    return {
      issued: true,
      sha256,
      variant: found.variant,
      document_type: found.document_type,
      validation_hash: found.validation_hash,
      validated_at: found.validated_at?.toISOString() ?? null,
      generated_at: found.generated_at.toISOString(),
      signer: found.signer,
    };
  }
  return svc;
}
