/**
 * Whether a snake_case data path exists in a zod schema (objects, arrays by index, records by
 * any key): field requirements and templates may only name paths of the TradeShipment schema.
 */
import type { z } from "zod";
import { TradeShipment } from "../../shared/shipments/trade_shipment.ts";

/** Follows a snake_case data path through the zod schema; false when a step does not exist. */
export function schemaHasPath(path: string, schema: z.ZodType = TradeShipment): boolean {
  let current: z.ZodType = schema;
  for (const step of path.split(".")) {
    current = unwrap(current);
    const def = current._zod.def as {
      type: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      valueType?: z.ZodType;
    };
    if (def.type === "array" && /^\d+$/.test(step)) {
      current = def.element!;
    } else if (def.type === "object" && def.shape && step in def.shape) {
      current = def.shape[step]!;
    } else if (def.type === "record" && def.valueType && /^[a-z0-9_]+$/.test(step)) {
      current = def.valueType;
    } else {
      return false;
    }
  }
  return true;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (["optional", "nullable", "default"].includes(current._zod.def.type)) {
    current = (current._zod.def as unknown as { innerType: z.ZodType }).innerType;
  }
  return current;
}
