/**
 * What an extraction produces: a shipment-shaped tree (the same snake_case paths as
 * TradeShipment) in which every leaf is `{value, confidence}`. Every provider's answer, the
 * built-in one's and an outside model's, is checked against this one schema.
 */
import { z } from "../platform/schemas/zod.ts";

const confidence = z.number().min(0).max(1);
const textLeaf = z.object({ value: z.string().min(1).max(2000), confidence });
const numberLeaf = z.object({ value: z.number().finite(), confidence });

export const ExtractedLineItem = z.object({
  description: textLeaf.optional(),
  hs_code: textLeaf.optional(),
  quantity: numberLeaf.optional(),
  unit_price: numberLeaf.optional(),
  unit_of_measure: textLeaf.optional(),
});

const ExtractedParty = z.object({
  name: textLeaf.optional(),
  address: textLeaf.optional(),
  country: textLeaf.optional().meta({ description: "ISO 3166-1 alpha-2" }),
});

export const ExtractionResult = z.object({
  exporter: ExtractedParty.optional(),
  importer: ExtractedParty.optional(),
  goods: z.object({
    currency: textLeaf.optional().meta({ description: "ISO 4217" }),
    total_value: numberLeaf.optional(),
    line_items: z.array(ExtractedLineItem).max(1000),
  }),
  invoice: z.object({ number: textLeaf.optional(), date: textLeaf.optional() }).optional(),
  terms: z.object({ incoterm: textLeaf.optional() }).optional(),
  route: z.object({
    port_of_loading: textLeaf.optional(),
    port_of_discharge: textLeaf.optional(),
  }).optional(),
}).meta({ id: "ExtractionResult" });

export type ExtractionResult = z.infer<typeof ExtractionResult>;
export type ExtractedLineItem = z.infer<typeof ExtractedLineItem>;
export interface Leaf<T> {
  value: T;
  confidence: number;
}
