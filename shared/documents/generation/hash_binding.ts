/**
 * A validation hash printed on a document must vouch for that document's data: it has to be a
 * passing validation of the generating team, of exactly the submitted shipment. Each way it
 * is not is its own 400, so the caller knows whether to fix the hash or validate again.
 */
import canonicalize from "canonicalize";
import type { Queryable } from "../../platform/db/db.ts";
import { ServiceError } from "../../platform/errors/service_error.ts";

interface HashRecord {
  passed: boolean;
  shipment_data: unknown;
}

/**
 * Throws unless `hash` is a passing validation of `teamId` whose shipment has the same RFC 8785
 * canonical form (the form the hash was computed over) as `shipment`. Another team's hash is
 * answered as unknown: whether it exists is none of this team's business.
 */
export async function assertHashBindsShipment(
  db: Queryable,
  teamId: string,
  hash: string,
  shipment: Record<string, unknown>,
): Promise<void> {
  const records = await db.query<HashRecord>(
    `select passed, shipment_data from validation_records
      where validation_hash = $1 and team_id = $2
      order by passed desc`,
    [hash, teamId],
  );
  if (records.length === 0) {
    throw new ServiceError(
      "SVC_VAL_014",
      "validation_hash is not a validation of this team: validate the shipment and send the " +
        "hash validate-shipment answered",
    );
  }
  const passing = records.filter((r) => r.passed);
  if (passing.length === 0) {
    throw new ServiceError(
      "SVC_VAL_015",
      "The validation with this hash did not pass: correct the shipment and validate again",
    );
  }
  const submitted = canonicalize(shipment);
  if (
    !passing.some((r) => r.shipment_data != null && canonicalize(r.shipment_data) === submitted)
  ) {
    throw new ServiceError(
      "SVC_VAL_016",
      "The shipment differs from the data validated with this hash: validate it again and " +
        "send the new hash",
    );
  }
}
