import type { FormValue } from "../../shared/documents/forms/coerce.ts";
import { mergeValues } from "../../shared/documents/forms/merge.ts";
import { assertEquals, match } from "../support/assert.ts";

const values = (entries: Record<string, FormValue>) => new Map(Object.entries(entries));

Deno.test("mergeValues() fills empty and missing paths and replaces changed ones", () => {
  const current = {
    exporter: { name: "ACME", city: "" },
    invoice: { number: "INV-OLD" },
    goods: { currency: "EUR", line_items: [{ hs_code: "", quantity: "12" }] },
  };
  const before = structuredClone(current);
  const outcome = mergeValues(
    current,
    values({
      "exporter.name": "ACME", // the same: left alone
      "exporter.city": "Hamburg", // empty
      "exporter.postal_code": "22767", // missing
      "invoice.number": "INV-NEW", // changed
      "goods.line_items.0.hs_code": "0901.21", // empty
      "goods.line_items.0.quantity": 12, // a string before: now typed
      "route.vessel_name": "MSC Gülsün", // a missing group
    }),
  );
  assertEquals(outcome.updatedPaths, [
    "exporter.city",
    "exporter.postal_code",
    "goods.line_items.0.hs_code",
    "goods.line_items.0.quantity",
    "invoice.number",
    "route.vessel_name",
  ]);
  assertEquals(outcome.data, {
    exporter: { name: "ACME", city: "Hamburg", postal_code: "22767" },
    invoice: { number: "INV-NEW" },
    goods: { currency: "EUR", line_items: [{ hs_code: "0901.21", quantity: 12 }] },
    route: { vessel_name: "MSC Gülsün" },
  });
  assertEquals(outcome.refused.size, 0);
  assertEquals(current, before, "the input is not changed");
});

Deno.test("mergeValues() grows a list at its end only, in natural order", () => {
  const outcome = mergeValues(
    { goods: { line_items: [{ description: "a" }] } },
    values({
      "goods.line_items.2.description": "c", // applied after 1: fine
      "goods.line_items.1.description": "b",
      "goods.line_items.10.description": "k", // would leave 3..9 empty
      "awb_data.routing.0.to": "JFK", // a new list, from its start
    }),
  );
  assertEquals(outcome.data, {
    goods: { line_items: [{ description: "a" }, { description: "b" }, { description: "c" }] },
    awb_data: { routing: [{ to: "JFK" }] },
  });
  assertEquals(outcome.updatedPaths, [
    "awb_data.routing.0.to",
    "goods.line_items.1.description",
    "goods.line_items.2.description",
  ]);
  match(outcome.refused.get("goods.line_items.10.description")!, /3 entries: entry 10/);
});

Deno.test("mergeValues() refuses to overwrite data of another shape on the way", () => {
  const outcome = mergeValues(
    { exporter: "ACME Ltd", goods: { line_items: { 0: {} } } },
    values({ "exporter.name": "ACME", "goods.line_items.0.hs_code": "0901" }),
  );
  match(outcome.refused.get("exporter.name")!, /string value at exporter/);
  match(outcome.refused.get("goods.line_items.0.hs_code")!, /group of fields at goods.line_items/);
  assertEquals(outcome.updatedPaths, []);
});
