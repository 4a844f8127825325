import { DOCUMENT_TYPES } from "../../documents/catalogue/document_types.ts";
import { UUID_PATTERN } from "../util/uuid.ts";
import { z } from "./zod.ts";
import { UploadedPart } from "../http/multipart.ts";

export const ErrorBody = z.object({
  error: z.object({
    code: z.string().meta({ example: "SVC_SHIP_004" }),
    message: z.string().meta({ example: "Shipment not found" }),
    details: z.unknown().optional(),
  }),
}).meta({ id: "Error" });

export const Uuid = z.uuid();

export const Timestamp = z.string().meta({
  format: "date-time",
  example: "2026-11-21T10:15:00.000Z",
});

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES, {
  // The message names the value sent (zod's own lists every type instead).
  error: (issue) =>
    issue.code === "invalid_value" ? JSON.stringify(issue.input)?.slice(0, 100) : undefined,
}).meta({ id: "DocumentType" });

/** A JSON object (not a list, not null). */
export const JsonObject = z.record(z.string(), z.unknown());

/** A UUID as the database reads one (any version): what isUuid accepts. */
export const UuidText = z.string().regex(UUID_PATTERN).meta({ format: "uuid" });

/** A file part of a multipart form. */
export const UploadedFile = z.instanceof(UploadedPart).meta({ type: "string", format: "binary" });
