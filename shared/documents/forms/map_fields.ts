/**
 * From form field names and typed text to shipment data paths and typed values, with the one
 * name mapping generation uses (shared/documents/catalogue/paths.ts): the field `goods.lineItems.0.hsCode` is
 * the data path `goods.line_items.0.hs_code`. A filled field maps when its name is exactly the
 * camelCase form of a path of the TradeShipment schema and its text coerces to that path's type;
 * otherwise it is unmapped, with the reason.
 */
import { type ShipmentPath, toDataPath, toFieldPath } from "../catalogue/paths.ts";
import { coerceValue, type FormValue } from "./coerce.ts";
import { leafAt } from "./schema_leaves.ts";

export interface MappedValue {
  /** The form field it came from, and the text typed there. */
  field: string;
  text: string;
  value: FormValue;
}

export interface UnmappedValue {
  value: string;
  reason: string;
}

export interface FieldMapping {
  /** By snake_case data path, in field order. */
  mapped: Map<ShipmentPath, MappedValue>;
  /** By form field name. */
  unmapped: Map<string, UnmappedValue>;
}

/** Maps the fields with a value; empty ones map to nothing and are never merged. */
export function mapFields(fields: ReadonlyMap<string, string>): FieldMapping {
  const mapped = new Map<ShipmentPath, MappedValue>();
  const unmapped = new Map<string, UnmappedValue>();
  for (const [field, value] of fields) {
    if (!value.trim()) continue;
    const dataPath = toDataPath(field);
    // Only the name generation would give the path: one field per path, never two.
    if (toFieldPath(dataPath) !== field) {
      unmapped.set(field, { value, reason: "not a field name the service generates" });
      continue;
    }
    const lookup = leafAt(dataPath);
    if (!lookup.ok) {
      unmapped.set(field, { value, reason: lookup.reason });
      continue;
    }
    const coerced = coerceValue(value, lookup.leaf);
    // leafAt found the path in the schema: it is a ShipmentPath.
    if (coerced.ok) {
      mapped.set(dataPath as ShipmentPath, { field, text: value, value: coerced.value });
    } else unmapped.set(field, { value, reason: coerced.reason });
  }
  return { mapped, unmapped };
}
