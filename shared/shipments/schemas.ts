import { UUID_PATTERN } from "../platform/util/uuid.ts";
import { Timestamp, Uuid } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";

export const SHIPMENT_STATUSES = [
  "created",
  "draft",
  "validated",
  "validation_failed",
  "generated",
] as const;

export const ShipmentStatus = z.enum(SHIPMENT_STATUSES).meta({ id: "ShipmentStatus" });
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

export const ShipmentData = z.record(z.string(), z.unknown()).meta({
  id: "ShipmentData",
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
  .meta({ example: "PO-2026-0042" });

export const CreateShipmentRequest = z.object({
  shipment_data: ShipmentData,
  shipment_ref: ShipmentRef.optional(),
}).meta({ id: "CreateShipmentRequest" });

export const CreatedShipment = z.object({
  shipment_id: Uuid,
  shipment_ref: z.string(),
  status: ShipmentStatus,
  generation_count: z.int(),
  max_generations: z.int(),
  created_at: Timestamp,
}).meta({ id: "CreatedShipment" });

export const DataDiffEntry = z.object({
  path: z.string(),
  op: z.enum(["added", "removed", "changed"]),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
}).meta({ id: "DataDiffEntry" });

export const GenerationHistoryEntry = z.object({
  id: Uuid,
  generation_number: z.int(),
  document_types: z.array(z.string()),
  validation_hash: z.string().nullable(),
  shipment_data_snapshot: ShipmentData,
  data_diff: z.array(DataDiffEntry).nullable(),
  flattened_urls: z.record(z.string(), z.string()).nullable(),
  created_at: Timestamp,
}).meta({ id: "GenerationHistoryEntry" });

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
}).meta({ id: "Shipment" });

export const ShipmentListItem = Shipment.pick({
  id: true,
  shipment_ref: true,
  shipment_data: true,
  status: true,
  created_by: true,
  created_at: true,
  updated_at: true,
}).meta({ id: "ShipmentListItem" });

export const ShipmentList = z.object({ shipments: z.array(ShipmentListItem) })
  .meta({ id: "ShipmentList" });

// shipment_id first: an id that names no draft is answered before the data is judged.
export const SaveDraftRequest = z.object({
  shipment_id: z.string().regex(UUID_PATTERN).optional().meta({
    format: "uuid",
    description: "The draft to replace; omit to create",
  }),
  shipment_data: ShipmentData,
  shipment_ref: ShipmentRef.optional(),
}).meta({ id: "SaveDraftRequest" });

export const SavedDraft = z.object({ shipment_id: Uuid, updated_at: Timestamp })
  .meta({ id: "SavedDraft" });

export const PromoteDraftRequest = z.object({
  shipment_id: z.string().min(1).regex(UUID_PATTERN).meta({ format: "uuid" }),
}).meta({
  id: "PromoteDraftRequest",
});
