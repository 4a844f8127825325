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

/** Reads a dot path (`a.b.0.c`) from a JSON value; undefined when any step is missing. */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const step of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** A value a document can print: not missing, not an empty or blank string, not an empty list. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
