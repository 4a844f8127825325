import { Timestamp, Uuid } from "../schemas/common.ts";
import { z } from "../schemas/zod.ts";

export const SHIPMENT_STATUSES = [
  "created",
  "draft",
  "validated",
  "validation_failed",
  "generated",
] as const;

export const ShipmentStatus = z.enum(SHIPMENT_STATUSES).openapi("ShipmentStatus");
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

export const ShipmentData = z.record(z.string(), z.unknown()).openapi("ShipmentData", {
  description: "The shipment data object (TradeShipment, snake_case paths such as " +
    "exporter.name, route.port_of_loading, goods.line_items). Stored as given; " +
    "validate-shipment checks it against the rules.",
  example: {
    exporter: { name: "Acme Exports Ltd", country: "DE" },
    importer: { name: "Globex Imports Inc", country: "US" },
    route: { origin_country: "DE", destination_country: "US", port_of_loading: "DEHAM" },
    goods: { currency: "EUR", total_value: 1250 },
  },
});

/** Printable text without control characters; references end up on printed documents. */
export const ShipmentRef = z.string().trim().min(1).max(100)
  .regex(/^[^\p{Cc}]+$/u, "must not contain control characters")
  .openapi({ example: "PO-2026-0042" });

export const CreateShipmentRequest = z.object({
  shipment_data: ShipmentData,
  shipment_ref: ShipmentRef.optional(),
}).openapi("CreateShipmentRequest");

export const CreatedShipment = z.object({
  shipment_id: Uuid,
  shipment_ref: z.string(),
  status: ShipmentStatus,
  generation_count: z.int(),
  max_generations: z.int(),
  created_at: Timestamp,
}).openapi("CreatedShipment");

export const DataDiffEntry = z.object({
  path: z.string(),
  op: z.enum(["added", "removed", "changed"]),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
}).openapi("DataDiffEntry");

export const GenerationHistoryEntry = z.object({
  id: Uuid,
  generation_number: z.int(),
  document_types: z.array(z.string()),
  validation_hash: z.string().nullable(),
  shipment_data_snapshot: ShipmentData,
  data_diff: z.array(DataDiffEntry).nullable(),
  flattened_urls: z.record(z.string(), z.string()).nullable(),
  created_at: Timestamp,
}).openapi("GenerationHistoryEntry");

export const Shipment = z.object({
  id: Uuid,
  shipment_ref: z.string(),
  shipment_data: ShipmentData,
  status: ShipmentStatus,
  generation_count: z.int(),
  max_generations: z.int(),
  current_validation_record_id: Uuid.nullable(),
  current_validation_hash: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  generation_history: z.array(GenerationHistoryEntry),
}).openapi("Shipment");

export const ShipmentListItem = Shipment.pick({
  id: true,
  shipment_ref: true,
  shipment_data: true,
  status: true,
  created_by: true,
  created_at: true,
  updated_at: true,
}).openapi("ShipmentListItem");

export const ShipmentList = z.object({ shipments: z.array(ShipmentListItem) })
  .openapi("ShipmentList");

export const GetShipmentQuery = z.object({
  id: z.string().optional().openapi({
    description: "Shipment UUID: single mode (wins over status)",
  }),
  status: ShipmentStatus.optional().openapi({
    description: "Without id: list mode, at most 50, newest update first",
  }),
});

export const SaveDraftRequest = z.object({
  shipment_data: ShipmentData,
  shipment_ref: ShipmentRef.optional(),
  shipment_id: Uuid.optional().openapi({ description: "The draft to replace; omit to create" }),
}).openapi("SaveDraftRequest");

export const SavedDraft = z.object({ shipment_id: Uuid, updated_at: Timestamp })
  .openapi("SavedDraft");

export const PromoteDraftRequest = z.object({ shipment_id: Uuid }).openapi("PromoteDraftRequest");
