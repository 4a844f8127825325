import type { Principal } from "../platform/auth/principal.ts";
import type { Db } from "../platform/db/db.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { readPath, type ShipmentPath } from "../documents/catalogue/paths.ts";
import { validationHash } from "./hash.ts";
import type { LayerResult, RulesProvider } from "./types.ts";
import type { ShipmentData } from "../shipments/types.ts";

export interface ValidationAnswer {
  run_id: string;
  validation_record_id: string;
  status: string;
  passed: boolean;
  layers: LayerResult[];
  error: { message: string } | null;
  validation_hash: string | null;
}

/**
 * Runs a validation and records it. With a shipment id, the record is linked and the shipment's
 * status, current record and (on a pass) current hash are set in the same transaction; an
 * unknown or foreign shipment is a 404 and leaves no record behind. A draft stays a draft (its
 * record is linked): a status change would strand it, since save-draft, promote-draft and
 * generation accept only drafts or refuse them.
 */
export async function runValidation(
  db: Db,
  provider: RulesProvider,
  principal: Principal,
  input: { shipment: ShipmentData; shipmentId: string | undefined; gate: string },
  providerName: string,
): Promise<ValidationAnswer> {
  const run = await provider.validate({ gate: input.gate, shipment: input.shipment });
  const passed = run.layers.every((l) => l.status === "passed");
  const validatedAt = new Date().toISOString();
  const hash = passed
    ? await validationHash({
      gate: input.gate,
      ruleset_version: run.ruleset_version,
      shipment: input.shipment,
      validated_at: validatedAt,
    })
    : null;

  const recordId = await db.transaction(async (tx) => {
    // Lock the shipment first: an unknown or foreign id must leave no record behind.
    if (input.shipmentId !== undefined) {
      const [shipment] = await tx.query(
        "select id from shipments where id = $1 and team_id = $2 for update",
        [input.shipmentId, principal.teamId],
      );
      if (!shipment) throw new ServiceError("SVC_SHIP_004", "Shipment not found");
    }
    const [record] = await tx.query<{ id: string }>(
      `insert into validation_records (team_id, shipment_id, gate, ruleset_version, passed,
         validation_hash, layers, origin_country, destination_country, validated_at,
         shipment_data, run_id, provider)
       values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $9, $10, $11::text::jsonb, $12, $13)
       returning id`,
      [
        principal.teamId,
        input.shipmentId ?? null,
        input.gate,
        run.ruleset_version,
        passed,
        hash,
        JSON.stringify(run.layers),
        countryAt(input.shipment, "route.origin_country"),
        countryAt(input.shipment, "route.destination_country"),
        validatedAt,
        JSON.stringify(input.shipment),
        run.run_id,
        providerName,
      ],
    );
    if (input.shipmentId !== undefined) {
      await tx.query(
        `update shipments
            set status = case when status = 'draft' then status
                              when $3 then 'validated' else 'validation_failed' end,
                current_validation_record_id = $4,
                current_validation_hash = case when $3 then $5 else current_validation_hash end
          where id = $1 and team_id = $2`,
        [input.shipmentId, principal.teamId, passed, record!.id, hash],
      );
    }
    return record!.id;
  });

  const failedRules = [
    ...new Set(
      run.layers.flatMap((l) => l.results.filter((r) => r.status === "failed").map((r) => r.rule)),
    ),
  ];
  return {
    run_id: run.run_id,
    validation_record_id: recordId,
    status: run.status,
    passed,
    layers: run.layers,
    error: passed ? null : {
      message: `Validation failed: ${failedRules.length} rule(s) failed (${
        failedRules.join(", ")
      })`,
    },
    validation_hash: hash,
  };
}

/** Only a well-formed code is kept for the public verification page. */
function countryAt(shipment: ShipmentData, path: ShipmentPath): string | null {
  const value = readPath(shipment, path);
  return typeof value === "string" && /^[A-Z]{2}$/.test(value) ? value : null;
}
