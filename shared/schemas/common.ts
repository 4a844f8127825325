import { z } from "./zod.ts";

export const ErrorBody = z.object({
  error: z.object({
    code: z.string().openapi({ example: "SVC_SHIP_004" }),
    message: z.string().openapi({ example: "Shipment not found" }),
    details: z.unknown().optional(),
  }),
}).openapi("Error");

export const Uuid = z.uuid();

export const Timestamp = z.string().openapi({
  format: "date-time",
  example: "2026-11-21T10:15:00.000Z",
});
