import type { GenerationDeps } from "./generation/root.ts";
import { enqueueGeneration } from "./generation/enqueue.ts";
import { glyphWarnings } from "./generation/glyph_warnings.ts";
import { mergeWarnings, preCheck, softWarnings } from "./generation/prechecks.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { fieldOf, type IssueError } from "../platform/http/validate.ts";
import { DOCUMENT_TYPES } from "./catalogue/document_types.ts";
import { asShipmentData, type ShipmentData } from "./catalogue/paths.ts";
import { DocumentTypeSchema, JsonObject, Uuid } from "../platform/schemas/common.ts";
import { EXAMPLE_SHIPMENT } from "../shipments/examples.ts";
import { HASH_INPUT_PATTERN } from "../validation/hash.ts";
import { z } from "../platform/schemas/zod.ts";
import { errorResponse, JSON_BODY_ERRORS } from "../platform/http/common_responses.ts";

const Finding = z.object({ message: z.string(), fieldPath: z.string(), tab: z.string() });

const GenerateRequest = z.object({
  shipment: JsonObject.meta({ description: "Full shipment data" }),
  document_types: z.array(DocumentTypeSchema).min(1)
    .transform((types) => [...new Set(types)]),
  shipment_id: Uuid.optional().meta({ description: "Counts the generation and keeps history" }),
  final_doc: z.boolean().default(false).meta({
    description: "true: all static text; false (default): empty fields become fillable",
  }),
  confirm_warnings: z.boolean().default(false),
  validation_hash: z.string().regex(HASH_INPUT_PATTERN).meta({
    description: "A passing validation of this team of exactly this shipment (SHA-256 hex); " +
      "printed in every footer with the verify QR code",
  }).transform((hash) => hash.toLowerCase()).optional(),
  previous_shipment_data: JsonObject.optional(),
}).meta({ id: "GenerateDocumentsRequest" });

/** Each field's failure answers the code the spec gives it. */
const requestError: IssueError = (issue) => {
  switch (fieldOf(issue)) {
    case "document_types":
      if (issue.path.length === 1) return "SVC_VAL_002";
      return new ServiceError("SVC_VAL_004", `Unknown document type: ${issue.message}`, {
        details: { supported: DOCUMENT_TYPES },
      });
    case "shipment_id":
      // A malformed id names no shipment: answered like an unknown one.
      return new ServiceError("SVC_SHIP_004", "Shipment not found");
    case "validation_hash":
      return "SVC_VAL_011";
    case "final_doc":
    case "confirm_warnings":
    case "previous_shipment_data":
      return "SVC_VAL_012";
    default:
      return "SVC_VAL_002";
  }
};

const EXAMPLE = {
  shipment: EXAMPLE_SHIPMENT,
  document_types: ["COMMERCIAL_INVOICE", "PACKING_LIST"],
  final_doc: false,
};

const Accepted = z.object({
  jobs: z.array(z.object({ jobId: Uuid, docType: DocumentTypeSchema, providerJobId: z.string() })),
  generation_count: z.int().optional(),
  max_generations: z.int().optional(),
  generation_history_id: Uuid.optional(),
}).meta({ id: "GenerationAccepted" });

const PreCheckFailed = z.object({
  success: z.literal(false),
  preCheckErrors: z.array(z.object({ docType: DocumentTypeSchema, errors: z.array(Finding) })),
}).meta({ id: "PreCheckErrors" });

const NeedsConfirmation = z.object({
  success: z.literal(false),
  requiresConfirmation: z.literal(true),
  warnings: z.array(z.object({ docType: DocumentTypeSchema, warnings: z.array(Finding) })),
}).meta({ id: "SoftWarnings" });

export function generateDocumentsApp(deps: GenerationDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "generate-documents" });
  addRoute(svc, {
    operationId: "generateDocuments",
    method: "post",
    path: "/",
    summary: "Generate trade documents (asynchronous)",
    description: "Pre-checks of all requested types block together (400); missing " +
      "recommended fields ask for confirmation (200, resubmit with confirm_warnings). With " +
      "shipment_id the generation is counted against the tier (429 at the cap, 409 while " +
      "another is in flight) and recorded in the history. Poll GET /api/v1/jobs/:id.",
    tags: ["Documents"],
    auth: "function",
    body: { schema: GenerateRequest, error: requestError, example: EXAMPLE },
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
  }, async (c, { body: input }) => {
    // The request edge: from here on the shipment is typed data.
    const data = asShipmentData(input.shipment);

    const errors = preCheck(
      input.document_types,
      data,
      (await deps.reference.codeLists()).euMembers,
    );
    if (errors.length > 0) return c.json({ success: false, preCheckErrors: errors }, 400);
    if (!input.confirm_warnings) {
      const warnings = mergeWarnings(
        softWarnings(input.document_types, data),
        await glyphWarnings(input.document_types, data),
      );
      if (warnings.length > 0) {
        return c.json({ success: false, requiresConfirmation: true, warnings }, 200);
      }
    }

    const enqueued = await enqueueGeneration(deps.db, c.get("principal"), {
      shipment: data,
      documentTypes: input.document_types,
      shipmentId: input.shipment_id,
      finalDoc: input.final_doc,
      validationHash: input.validation_hash,
      previousShipmentData: input.previous_shipment_data,
      fallbackRef: fallbackRef(data),
    });
    deps.documentsQueued.fire();
    return c.json({ jobs: enqueued.jobs, ...enqueued.generation }, 202);
  });
  return svc;
}

/** Without a stored shipment, the footer shows the invoice number, if any. */
function fallbackRef(data: ShipmentData): string {
  const invoice: unknown = data.invoice?.number;
  return typeof invoice === "string" && invoice.trim() ? invoice.trim().slice(0, 100) : "";
}
