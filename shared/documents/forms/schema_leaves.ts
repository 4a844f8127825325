/**
 * What the TradeShipment zod schema says about one snake_case data path: whether it exists
 * (objects by key, arrays by index within their maximum length, records by a key their key
 * schema accepts) and, at its end, the leaf schema a form value must satisfy. The schema is the
 * one source of the types: `goods.line_items.0.quantity` is a positive number, `invoice.date`
 * an ISO date, `route.transport_mode` one of its enum's options.
 */
import type { z } from "zod";
import { TradeShipment } from "../../shipments/trade_shipment.ts";

export type LeafKind = "text" | "number" | "boolean" | "enum" | "date";

export interface Leaf {
  kind: LeafKind;
  schema: z.ZodType;
  /** The options of an enum leaf. */
  options: readonly string[];
}

export type LeafLookup = { ok: true; leaf: Leaf } | { ok: false; reason: string };

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** An array index as generation writes it: no sign, no leading zeros. */
const INDEX = /^(?:0|[1-9]\d{0,5})$/;

export function leafAt(dataPath: string, root: z.ZodType = TradeShipment): LeafLookup {
  let current = root;
  for (const step of dataPath.split(".")) {
    // Record keys are free text; these would reach the object's prototype, not the data.
    if (step === "__proto__" || step === "constructor" || step === "prototype") {
      return { ok: false, reason: "no shipment data field has this name" };
    }
    current = unwrap(current);
    const def = defOf(current);
    if (def.type === "object" && def.shape && Object.hasOwn(def.shape, step)) {
      current = def.shape[step]!;
    } else if (def.type === "array" && def.element && INDEX.test(step)) {
      const max = maxLength(def);
      if (max !== undefined && Number(step) >= max) {
        return { ok: false, reason: `index ${step} is beyond the list's maximum of ${max}` };
      }
      current = def.element;
    } else if (def.type === "record" && def.valueType && def.keyType?.safeParse(step).success) {
      current = def.valueType;
    } else {
      return { ok: false, reason: "no shipment data field has this name" };
    }
  }
  const leaf = unwrap(current);
  const def = defOf(leaf);
  switch (def.type) {
    case "string":
      return {
        ok: true,
        leaf: { kind: def.format === "date" ? "date" : "text", schema: leaf, options: [] },
      };
    case "number":
      return { ok: true, leaf: { kind: "number", schema: leaf, options: [] } };
    case "boolean":
      return { ok: true, leaf: { kind: "boolean", schema: leaf, options: [] } };
    case "enum":
      return {
        ok: true,
        leaf: { kind: "enum", schema: leaf, options: Object.values(def.entries ?? {}) },
      };
    default:
      return { ok: false, reason: "the name is a group of shipment fields, not one field" };
  }
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (["optional", "nullable", "default"].includes(defOf(current).type)) {
    current = defOf(current).innerType!;
  }
  return current;
}

function maxLength(def: Def): number | undefined {
  for (const check of def.checks ?? []) {
    if (check._zod.def.check === "max_length") return check._zod.def.maximum;
  }
  return undefined;
}
