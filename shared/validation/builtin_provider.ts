import { ServiceError } from "../platform/errors/service_error.ts";
import { GATES, RULES } from "./gates.ts";
import type { ReferenceData } from "./reference.ts";
import { hsDigits, lineItemsOf, locodeOf, type RuleContext } from "./rules/context.ts";
import { layerStatus, type ProviderRun, type RulesProvider } from "./types.ts";
import { readPath } from "../documents/catalogue/paths.ts";
import type { ShipmentData } from "../shipments/types.ts";

/**
 * The built-in rules engine: prefetches the reference data a shipment needs (one query per
 * family: HS codes, UN/LOCODEs; code lists from the process cache), then runs the gate's rules
 * as pure functions.
 */
export class BuiltInRulesProvider implements RulesProvider {
  constructor(private readonly reference: ReferenceData) {}

  async validate(input: { gate: string; shipment: ShipmentData }): Promise<ProviderRun> {
    // Own properties only: "constructor" or "toString" are not gates.
    const gate = Object.hasOwn(GATES, input.gate) ? GATES[input.gate] : undefined;
    if (!gate) throw unknownGate(input.gate);
    const lineItems = lineItemsOf(input.shipment);
    const hsCandidates = lineItems.flatMap(({ item }) => {
      const digits = hsDigits(item.hs_code);
      return digits ? [digits.slice(0, 6), digits] : [];
    });
    const ports = (["route.port_of_loading", "route.port_of_discharge"] as const)
      .map((p) => locodeOf(readPath(input.shipment, p)))
      .filter((c): c is string => c !== undefined);
    const [codeLists, hs, locodes] = await Promise.all([
      this.reference.codeLists(),
      this.reference.hsCodes(hsCandidates),
      this.reference.locodes(ports),
    ]);
    const ctx: RuleContext = { data: input.shipment, lineItems, codeLists, hs, locodes };
    return {
      run_id: crypto.randomUUID(),
      status: "validated",
      ruleset_version: gate.ruleset_version,
      layers: gate.layers.map((layer) => {
        const results = layer.rules.flatMap((id) => RULES[id]!.check(ctx));
        return { name: layer.name, status: layerStatus(results), results };
      }),
    };
  }
}

export function unknownGate(gate: string): ServiceError {
  return new ServiceError(
    "SVC_VAL_009",
    `Unknown gate ${JSON.stringify(gate)}; known gates: ${Object.keys(GATES).join(", ")}`,
  );
}
