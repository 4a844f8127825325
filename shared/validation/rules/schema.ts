import { summarise } from "../../platform/http/validate.ts";
import { TradeShipment } from "../../shipments/trade_shipment.ts";
import type { RuleResult } from "../types.ts";
import { failed, passed, type Rule } from "./context.ts";

/** Enough to fix a shipment; a hostile one with thousands of errors gets a bounded answer. */
const MAX_SCHEMA_RESULTS = 100;

export const schemaValid: Rule = {
  id: "schema_valid",
  check(ctx) {
    const result = TradeShipment.safeParse(ctx.data);
    if (result.success) return [passed(this.id, "The shipment matches the TradeShipment schema")];
    const issues = result.error.issues;
    const results: RuleResult[] = issues.slice(0, MAX_SCHEMA_RESULTS).map((issue) => {
      const { path, message } = summarise(issue);
      return failed(this.id, path, `${path} ${message}`);
    });
    if (issues.length > MAX_SCHEMA_RESULTS) {
      results.push(failed(
        this.id,
        "(body)",
        `…and ${issues.length - MAX_SCHEMA_RESULTS} more schema problems`,
      ));
    }
    return results;
  },
};
