/**
 * The answers of verify-hash, document-field-requirements and flatten-document, for the
 * OpenAPI document only:
 * those functions must serve without loading zod, so their routes name these schemas
 * (shared/platform/openapi/components.ts) instead of importing them.
 */
import { DOCUMENT_TYPES } from "../../documents/catalogue/document_types.ts";
import { Uuid } from "../schemas/common.ts";
import { z } from "../schemas/zod.ts";

const FieldSpec = z.object({
  fieldPath: z.string().meta({ example: "blData.freightPayment" }),
  dataPath: z.string().meta({ example: "bl_data.freight_payment" }),
  label: z.string().meta({ example: "Freight payment (PREPAID or COLLECT)" }),
  tab: z.enum(["parties", "route", "goods", "logistics", "compliance"]),
}).meta({ id: "FieldSpec" });

export const FieldRequirements = z.object({
  requirements: z.record(
    z.enum(DOCUMENT_TYPES),
    z.object({ required: z.array(FieldSpec), recommended: z.array(FieldSpec) }),
  ),
}).meta({ id: "FieldRequirements" });

export const Verification = z.object({
  verified: z.literal(true),
  validation_hash: z.string(),
  timestamp: z.string().meta({ format: "date-time" }),
  rules_summary: z.object({
    layers: z.array(z.object({ name: z.string(), status: z.string() })),
  }),
  documents_generated: z.array(z.string()),
  route: z.object({
    origin_country: z.string().nullable(),
    destination_country: z.string().nullable(),
  }),
  message: z.string(),
}).meta({ id: "Verification" });

export const FlattenedDocument = z.object({
  download_url: z.string().meta({ description: "Signed URL of the PDF/A-2b file" }),
  job_id: Uuid,
  doc_type: z.string().nullable(),
}).meta({ id: "FlattenedDocument" });

export const NotVerified = z.object({ verified: z.literal(false), message: z.string() })
  .meta({ id: "NotVerified" });
