import type { ShipmentData, ShipmentPath } from "../../shipments/types.ts";

export type { ShipmentData, ShipmentPath };

/**
 * Shipment data paths are snake_case (`goods.line_items.0.hs_code`); form fields and the
 * pre-check and warning answers use the camelCase form (`goods.lineItems.0.hsCode`). One
 * mapping, used both ways, so generated PDFs and extracted fields always agree.
 */
export function toFieldPath(dataPath: string): string {
  return dataPath.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function toDataPath(fieldPath: string): string {
  return fieldPath.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Reads a dot path (`a.b.0.c`) of the shipment data; undefined when any step is missing. The
 * path is typed (a wrong one does not compile); the value is not, since stored data may predate
 * the schema's checks: callers read it defensively.
 */
export function readPath(data: ShipmentData, path: ShipmentPath): unknown {
  let current: unknown = data;
  for (const step of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** A value a document can print: not missing, not an empty or blank string, not an empty list. */
/**
 * The one step from untyped JSON (a request body, a jsonb column) to shipment data: an object
 * is taken as it is (its members are read defensively), anything else is no data at all.
 */
export function asShipmentData(value: unknown): ShipmentData {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value as ShipmentData
    : {};
}

export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
