import type { FormsDeps } from "./forms/root.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import {
  assertShipmentVisible,
  mergeIntoShipment,
  type MergeResult,
  responseBody,
} from "./forms/extract.ts";
import { MAX_FORM_FIELDS } from "./forms/read_form.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { MAX_UPLOAD_BYTES } from "../platform/http/body.ts";
import { addRoute } from "../platform/http/route.ts";
import { fieldOf, type IssueError, wasSent } from "../platform/http/validate.ts";
import { DOCUMENT_TYPES } from "./catalogue/document_types.ts";
import { DocumentTypeSchema, UploadedFile, UuidText } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";
import { errorResponse } from "../platform/http/common_responses.ts";

const ExtractRequest = z.object({
  file: UploadedFile.meta({ description: "The filled PDF (at most 20 MiB)" }),
  doc_type: DocumentTypeSchema,
  shipment_id: UuidText.optional().meta({
    description: "Merge the extracted values into this shipment",
  }),
  auto_merge: z.string().optional().meta({
    description: "Merging is on unless this is exactly `false`",
  }).transform((value) => value !== "false"),
}).meta({ id: "ExtractFilledFieldsRequest" });

const requestError: IssueError = (issue, form) => {
  switch (fieldOf(issue)) {
    case "file":
      return new ServiceError("SVC_VAL_001", "file is required: the filled PDF as a file part");
    case "doc_type":
      if (!wasSent(issue, form)) return "SVC_VAL_002";
      return new ServiceError("SVC_VAL_004", `Unknown document type: ${issue.message}`, {
        details: { supported: DOCUMENT_TYPES },
      });
    case "shipment_id":
      // A malformed id names no shipment: answered like an unknown one, as generate-documents does.
      return new ServiceError("SVC_SHIP_004", "Shipment not found");
    default:
      return "SVC_VAL_002";
  }
};

const FieldValue = z.union([z.string(), z.number(), z.boolean()]);

const ExtractResponse = z.object({
  extracted_fields: z.record(z.string(), z.string()).meta({
    description: 'Every text field by its form name; empty fields are ""',
    example: { "goods.lineItems.0.hsCode": "0901.21", "invoice.number": "" },
  }),
  mapped_data: z.record(z.string(), FieldValue).meta({
    description: "Shipment data path to the typed value, filled fields only",
    example: { "goods.line_items.0.hs_code": "0901.21", "goods.line_items.0.quantity": 12 },
  }),
  unmapped_fields: z.record(z.string(), z.string()).optional().meta({
    description: "Only when some filled fields could not be mapped: field name to value",
  }),
  unmapped_reasons: z.record(z.string(), z.string()).optional().meta({
    description: "With unmapped_fields: why each one was not mapped",
  }),
  field_count: z.int(),
  filled_count: z.int(),
  empty_count: z.int(),
  merge_result: z.object({ merged: z.boolean(), updatedPaths: z.array(z.string()) }).optional()
    .meta({ description: "Only with shipment_id" }),
}).meta({ id: "ExtractFilledFieldsResult" });

export function extractFilledFieldsApp(deps: FormsDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "extract-filled-fields" });
  addRoute(svc, {
    operationId: "extractFilledFields",
    method: "post",
    path: "/",
    summary: "Read the values typed into a generated PDF's form, and merge them",
    description: "Reads the text fields of a filled PDF (checkboxes and choices are skipped; " +
      "the hidden _service_* fields are checked and left out). Field names map to shipment " +
      "data paths as generation names them (goods.lineItems.0.hsCode → " +
      "goods.line_items.0.hs_code) and values are typed by the shipment schema. With " +
      "shipment_id (and auto_merge not `false`) empty, missing and changed values are written " +
      "into the shipment in one transaction. Regenerating the documents is the client's next " +
      "step (generate-documents); this call never spends a generation.",
    tags: ["Documents"],
    auth: "function",
    body: {
      schema: ExtractRequest,
      error: requestError,
      contentType: "multipart/form-data",
      maxFileBytes: MAX_UPLOAD_BYTES,
    },
    responses: {
      200: { description: "The fields, mapped (and merged)", schema: ExtractResponse },
      400: errorResponse(
        "SVC_VAL_001 file missing; SVC_VAL_002 doc_type missing; SVC_VAL_003 not a PDF; " +
          "SVC_VAL_004 unknown doc_type (details.supported); SVC_VAL_005 corrupted, truncated " +
          "or encrypted PDF; SVC_VAL_006 no fillable text fields; SVC_VAL_007 another " +
          "shipment's PDF (details.expected, details.actual); SVC_VAL_008 another document " +
          `type; SVC_VAL_013 more than ${MAX_FORM_FIELDS} fields; SVC_VAL_017 too large to ` +
          "read (field text, time or memory budget); SVC_REQ_002 malformed form",
      ),
      404: errorResponse("SVC_SHIP_004: no such shipment for this team"),
      413: errorResponse(`SVC_REQ_001: file over ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB`),
      415: errorResponse("SVC_REQ_003: Content-Type is not multipart/form-data"),
      500: errorResponse("SVC_SYS_001: the shipment could not be updated"),
      503: errorResponse("SVC_SYS_004: too many forms waiting to be read (Retry-After)"),
    },
  }, async (c, { body: input }) => {
    const bytes = input.file.bytes;
    const shipmentId = input.shipment_id;
    const extraction = await deps.forms.read(bytes, {
      docType: input.doc_type,
      ...(shipmentId !== undefined ? { shipmentId } : {}),
    });
    let mergeResult: MergeResult | undefined;
    if (shipmentId !== undefined) {
      const { teamId } = c.get("principal");
      if (input.auto_merge) {
        mergeResult = await mergeIntoShipment(deps.db, teamId, shipmentId, extraction.mapping);
      } else {
        await assertShipmentVisible(deps.db, teamId, shipmentId);
        mergeResult = { merged: false, updatedPaths: [] };
      }
    }
    return c.json(responseBody(extraction, mergeResult), 200);
  });
  return svc;
}
