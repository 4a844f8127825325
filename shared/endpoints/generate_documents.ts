import type { GenerationDeps } from "../generation/root.ts";
import { enqueueGeneration } from "../generation/enqueue.ts";
import { glyphWarnings } from "../generation/glyph_warnings.ts";
import { mergeWarnings, preCheck, softWarnings } from "../generation/prechecks.ts";
import { ServiceError } from "../errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { addRoute } from "../http/route.ts";
import {
  DOCUMENT_TYPES,
  type DocumentType,
  DocumentTypeSchema,
  isDocumentType,
} from "../rules/document_types.ts";
import { readPath } from "../rules/paths.ts";
import { Uuid } from "../schemas/common.ts";
import { z } from "../schemas/zod.ts";
import { isUuid } from "../util/uuid.ts";
import { HASH_PATTERN } from "../validation/hash.ts";
import { isObject } from "../validation/rules/context.ts";
import { errorResponse, JSON_BODY_ERRORS } from "./common_responses.ts";

const Finding = z.object({ message: z.string(), fieldPath: z.string(), tab: z.string() });

const GenerateRequest = z.object({
  shipment: z.record(z.string(), z.unknown()).openapi({ description: "Full shipment data" }),
  document_types: z.array(DocumentTypeSchema).min(1),
  shipment_id: Uuid.optional().openapi({ description: "Counts the generation and keeps history" }),
  final_doc: z.boolean().optional().openapi({
    description: "true: all static text; false (default): empty fields become fillable",
  }),
  confirm_warnings: z.boolean().optional(),
  validation_hash: z.string().optional().openapi({
    description: "A passing validation of this team of exactly this shipment; printed in every " +
      "footer with the verify QR code",
  }),
  previous_shipment_data: z.record(z.string(), z.unknown()).optional(),
}).openapi("GenerateDocumentsRequest");

const Accepted = z.object({
  jobs: z.array(z.object({ jobId: Uuid, docType: DocumentTypeSchema, providerJobId: z.string() })),
  generation_count: z.int().optional(),
  max_generations: z.int().optional(),
  generation_history_id: Uuid.optional(),
}).openapi("GenerationAccepted");

const PreCheckFailed = z.object({
  success: z.literal(false),
  preCheckErrors: z.array(z.object({ docType: DocumentTypeSchema, errors: z.array(Finding) })),
}).openapi("PreCheckErrors");

const NeedsConfirmation = z.object({
  success: z.literal(false),
  requiresConfirmation: z.literal(true),
  warnings: z.array(z.object({ docType: DocumentTypeSchema, warnings: z.array(Finding) })),
}).openapi("SoftWarnings");

export function generateDocumentsApp(deps: GenerationDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "generate-documents" });
  addRoute(svc, {
    method: "post",
    path: "/",
    summary: "Generate trade documents (asynchronous)",
    description: "Pre-checks of all requested types block together (400); missing " +
      "recommended fields ask for confirmation (200, resubmit with confirm_warnings). With " +
      "shipment_id the generation is counted against the tier (429 at the cap, 409 while " +
      "another is in flight) and recorded in the history. Poll GET /api/v1/jobs/:id.",
    tags: ["Documents"],
    auth: "function",
    body: GenerateRequest,
    responses: {
      202: { description: "Jobs queued", schema: Accepted },
      200: { description: "Soft warnings: confirm to proceed", schema: NeedsConfirmation },
      400: {
        description: "Pre-check errors (body as specified), or SVC_VAL_002 (shipment or " +
          "document_types missing), SVC_VAL_004 (unknown type), SVC_VAL_011 (malformed hash), " +
          "SVC_VAL_012 (invalid option), SVC_VAL_014/015/016 (hash unknown, not passing, of other " +
          "data)",
        schema: PreCheckFailed,
      },
      404: errorResponse("SVC_SHIP_004: no such shipment"),
      409: errorResponse("SVC_GEN_LIMIT: a generation is in flight for this shipment; retry"),
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const body = await readJsonObject(c);
    const input = parseRequest(body);
    const data = input.shipment;

    const errors = preCheck(
      input.documentTypes,
      data,
      (await deps.reference.codeLists()).euMembers,
    );
    if (errors.length > 0) return c.json({ success: false, preCheckErrors: errors }, 400);
    if (!input.confirmWarnings) {
      const warnings = mergeWarnings(
        softWarnings(input.documentTypes, data),
        await glyphWarnings(input.documentTypes, data),
      );
      if (warnings.length > 0) {
        return c.json({ success: false, requiresConfirmation: true, warnings }, 200);
      }
    }

    const enqueued = await enqueueGeneration(deps.db, c.get("principal"), {
      shipment: data,
      documentTypes: input.documentTypes,
      shipmentId: input.shipmentId,
      finalDoc: input.finalDoc,
      validationHash: input.validationHash,
      previousShipmentData: input.previousShipmentData,
      fallbackRef: fallbackRef(data),
    });
    deps.documentsQueued.fire();
    return c.json({ jobs: enqueued.jobs, ...enqueued.generation }, 202);
  });
  return svc;
}

interface ParsedRequest {
  shipment: Record<string, unknown>;
  documentTypes: DocumentType[];
  shipmentId: string | undefined;
  finalDoc: boolean;
  confirmWarnings: boolean;
  validationHash: string | undefined;
  previousShipmentData: Record<string, unknown> | undefined;
}

function parseRequest(body: Record<string, unknown>): ParsedRequest {
  const { shipment, document_types: types } = body;
  if (!isObject(shipment) || !Array.isArray(types) || types.length === 0) {
    throw new ServiceError(
      "SVC_VAL_002",
      "shipment (an object) and document_types (a non-empty list) are required",
    );
  }
  const unknown = types.filter((t) => !isDocumentType(t));
  if (unknown.length > 0) {
    throw new ServiceError(
      "SVC_VAL_004",
      `Unknown document type(s): ${unknown.map((t) => JSON.stringify(t)).join(", ")}`,
      { details: { supported: DOCUMENT_TYPES } },
    );
  }
  if (body.shipment_id !== undefined && !isUuid(body.shipment_id)) {
    throw new ServiceError("SVC_SHIP_004", "Shipment not found");
  }
  for (const flag of ["final_doc", "confirm_warnings"]) {
    if (body[flag] !== undefined && typeof body[flag] !== "boolean") {
      throw new ServiceError("SVC_VAL_012", `${flag} must be true or false`);
    }
  }
  const hash = body.validation_hash;
  if (hash !== undefined && (typeof hash !== "string" || !HASH_PATTERN.test(hash.toLowerCase()))) {
    throw new ServiceError(
      "SVC_VAL_011",
      "validation_hash must be 64 hexadecimal characters (SHA-256)",
    );
  }
  const previous = body.previous_shipment_data;
  if (previous !== undefined && !isObject(previous)) {
    throw new ServiceError("SVC_VAL_012", "previous_shipment_data must be an object");
  }
  return {
    shipment,
    documentTypes: [...new Set(types as DocumentType[])],
    shipmentId: body.shipment_id as string | undefined,
    finalDoc: body.final_doc === true,
    confirmWarnings: body.confirm_warnings === true,
    validationHash: (hash as string | undefined)?.toLowerCase(),
    previousShipmentData: previous,
  };
}

/** Without a stored shipment, the footer shows the invoice number, if any. */
function fallbackRef(data: Record<string, unknown>): string {
  const invoice = readPath(data, "invoice.number");
  return typeof invoice === "string" && invoice.trim() ? invoice.trim().slice(0, 100) : "";
}
