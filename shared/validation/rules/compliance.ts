import sanctions from "../../../data/compliance/sanctions.json" with { type: "json" };
import { readPath, type ShipmentPath } from "../../documents/catalogue/paths.ts";
import type { RuleResult } from "../types.ts";
import {
  failed,
  hsDigits,
  locodeOf,
  outcome,
  type Rule,
  type RuleContext,
  warning,
} from "./context.ts";

type Jurisdiction = "UN" | "US" | "EU";

/**
 * The jurisdictions whose measures bind this shipment: UN measures always; US measures when the
 * exporter or the goods' origin is the US; EU measures when either is an EU member state.
 */
function bindingJurisdictions(ctx: RuleContext): Set<Jurisdiction> {
  const bound = new Set<Jurisdiction>(["UN"]);
  for (const path of ["exporter.country", "route.origin_country"] as const) {
    const country = readPath(ctx.data, path);
    if (country === "US") bound.add("US");
    if (typeof country === "string" && ctx.codeLists.euMembers.has(country)) bound.add("EU");
  }
  return bound;
}

const DESTINATION_FIELDS: readonly ShipmentPath[] = [
  "route.destination_country",
  "importer.country",
  "consignee.country",
];

export const embargoScreening: Rule = {
  id: "embargo_screening",
  check(ctx) {
    const bound = bindingJurisdictions(ctx);
    const problems: RuleResult[] = [];
    const seen = new Set<string>();
    for (const path of DESTINATION_FIELDS) {
      const country = readPath(ctx.data, path);
      if (typeof country !== "string" || seen.has(country)) continue;
      seen.add(country);
      const measure = sanctions.countries.find((m) => m.country === country);
      if (!measure) continue;
      const name = ctx.codeLists.countries.get(country) ?? country;
      const binds = measure.jurisdictions.some((j) => bound.has(j as Jurisdiction));
      const text = `${path} ${country} (${name}) is under ${
        measure.level === "comprehensive" ? "a comprehensive embargo" : "sanctions restrictions"
      }: ${measure.measures}`;
      problems.push(
        measure.level === "comprehensive" && binds
          ? failed(this.id, path, `${text}. An export licence or exemption is required.`)
          : warning(this.id, path, `${text}. Check the goods and parties before shipping.`),
      );
    }
    const port = locodeOf(readPath(ctx.data, "route.port_of_discharge"));
    const place = port ? ctx.locodes.get(port) : undefined;
    if (place) {
      const region = sanctions.regions.find((r) =>
        r.country === place.country && r.subdivisions.includes(place.subdivision ?? "")
      );
      if (region) {
        const binds = region.jurisdictions.some((j) => bound.has(j as Jurisdiction));
        const text = `route.port_of_discharge ${port} (${place.name}) is in ${region.name}, ` +
          `under ${region.measures}`;
        problems.push(
          region.level === "comprehensive" && binds
            ? failed(this.id, "route.port_of_discharge", `${text}. Trade with it is prohibited.`)
            : warning(this.id, "route.port_of_discharge", `${text}. Check before shipping.`),
        );
      }
    }
    return outcome(
      this.id,
      problems,
      `No embargoed destination (screened against measures as of ${sanctions.as_of})`,
    );
  },
};

export const exportControlScreening: Rule = {
  id: "export_control_screening",
  check(ctx) {
    const problems: RuleResult[] = [];
    for (const { path, item } of ctx.lineItems) {
      const digits = hsDigits(item.hs_code);
      if (digits?.startsWith("93")) {
        problems.push(warning(
          this.id,
          `${path}.hs_code`,
          `${path} is arms or ammunition (HS chapter 93): an export licence is required in ` +
            `most jurisdictions`,
        ));
      }
      const eccn = typeof item.eccn === "string" ? item.eccn.trim().toUpperCase() : "";
      if (eccn && eccn !== "EAR99") {
        problems.push(warning(
          this.id,
          `${path}.eccn`,
          `${path} is classified ${eccn} under the US Commerce Control List: check whether ` +
            `the destination needs a licence (${path}.export_license)`,
        ));
      }
    }
    return outcome(this.id, problems, "No goods flagged for export control");
  },
};
