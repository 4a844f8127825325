/**
 * The zod-free TradeShipment type (shared/shipments/types.ts) is the zod schema's own type:
 * each is assignable to the other, member by member, so a field added to one and not the other
 * fails the type check of this file. ShipmentPath names exactly the schema's paths.
 */
import type { z } from "zod";
import type { ShipmentPath, TradeShipment as Written } from "../../shared/shipments/types.ts";
import type { TradeShipment as Schema } from "../../shared/shipments/trade_shipment.ts";
import { schemaHasPath } from "../support/schema_paths.ts";
import { assert, equal } from "../support/assert.ts";

type Inferred = z.infer<typeof Schema>;

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;

// Both directions of every top-level member, so a failure names the member.
type Members = {
  [K in keyof Inferred | keyof Written]: Same<
    Pick<Inferred, K & keyof Inferred>,
    Pick<Written, K & keyof Written>
  >;
};
const members: { [K in keyof Members]: true } = {} as Members;
const whole: Same<Inferred, Written> = true;

Deno.test("the written TradeShipment type is the zod schema's type", () => {
  equal(whole, true);
  equal(typeof members, "object");
});

Deno.test("ShipmentPath accepts the schema's paths and refuses others", () => {
  const valid: ShipmentPath[] = [
    "exporter.name",
    "exporter.tax_ids.eori",
    "goods.line_items.0.hs_code",
    "goods.line_items",
    "phytosanitary_data.treatment.method",
    "awb_data.routing.1.to",
    "certifier.role",
  ];
  for (const path of valid) assert(schemaHasPath(path), path);
  // @ts-expect-error: not a path of the schema
  const wrong: ShipmentPath = "exporter.nmae";
  // @ts-expect-error: a party has no title outside the certifier
  const title: ShipmentPath = "exporter.title";
  // @ts-expect-error: a leaf has no members
  const below: ShipmentPath = "exporter.name.first";
  assert(![wrong, title, below].some((p) => schemaHasPath(p)));
});
