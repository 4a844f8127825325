import { readPath } from "../../documents/catalogue/paths.ts";
import type { RuleResult } from "../types.ts";
import { failed, hsDigits, outcome, plural, type Rule } from "./context.ts";

/** 19 CFR 141.86: each line of an entry needs its HTSUS number and its country of origin. */
export const usEntryLines: Rule = {
  id: "us_entry_lines",
  check(ctx) {
    const problems: RuleResult[] = [];
    if (readPath(ctx.data, "route.destination_country") !== "US") {
      problems.push(failed(
        this.id,
        "route.destination_country",
        "The us-customs-entry gate is for goods entering the US: route.destination_country " +
          "must be US",
      ));
    }
    for (const { path, item } of ctx.lineItems) {
      const digits = hsDigits(item.hs_code);
      if (!digits || digits.length !== 10 || !ctx.hs.usLines.has(digits)) {
        problems.push(failed(
          this.id,
          `${path}.hs_code`,
          `${path}.hs_code must be a 10-digit HTSUS statistical line (such as 8471.30.01.00)`,
        ));
      }
      if (typeof item.origin_country !== "string") {
        problems.push(failed(
          this.id,
          `${path}.origin_country`,
          `${path}.origin_country is required for US entry (the country of origin of the goods)`,
        ));
      }
    }
    return outcome(
      this.id,
      problems,
      `${plural(ctx.lineItems.length, "line")} carry HTSUS numbers and countries of origin`,
    );
  },
};
