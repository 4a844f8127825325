import { z } from "../platform/schemas/zod.ts";
import type { ShipmentData } from "../shipments/types.ts";

export const RuleStatus = z.enum(["passed", "failed", "warning"]);
export type RuleStatus = z.infer<typeof RuleStatus>;

export const RuleResult = z.object({
  rule: z.string().meta({ example: "hs_code_exists" }),
  status: RuleStatus,
  message: z.string(),
  path: z.string().optional().meta({
    description: "The shipment data path the result is about",
    example: "goods.line_items.0.hs_code",
  }),
}).meta({ id: "RuleResult" });
export type RuleResult = z.infer<typeof RuleResult>;

export const LayerResult = z.object({
  name: z.string().meta({ example: "Business Rules" }),
  status: z.enum(["passed", "failed"]),
  results: z.array(RuleResult),
}).meta({ id: "LayerResult" });
export type LayerResult = z.infer<typeof LayerResult>;

/** What a rules provider answers for one run. */
export interface ProviderRun {
  run_id: string;
  /** The provider's run status (`validated` when the run completed), not pass or fail. */
  status: string;
  ruleset_version: string;
  layers: LayerResult[];
}

/** A rules provider: the built-in engine, or an outside service over HTTP. */
export interface RulesProvider {
  validate(input: { gate: string; shipment: ShipmentData }): Promise<ProviderRun>;
}

export function layerStatus(results: RuleResult[]): "passed" | "failed" {
  return results.some((r) => r.status === "failed") ? "failed" : "passed";
}
