import type { Queryable } from "../platform/db/db.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { isUuid } from "../platform/util/uuid.ts";
import { findParties, PARTY_FIELDS, type PartyRow } from "./repo.ts";

/** The places in shipment data where a saved party may stand. */
export const PARTY_SLOTS = ["exporter", "importer", "consignee", "notify_party"] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Fills in saved parties: an exporter, importer, consignee or notify_party given as
 * `{party_id: "<uuid>", ...}` gets the party's fields wherever the shipment gives none (the
 * shipment's own fields win; party_id is kept). All the referenced parties are read in one
 * query. A party_id that names none of the team's parties is 400 SVC_PARTY_003. Data without
 * party_id is answered as it came.
 */
export async function resolvePartyRefs(
  db: Queryable,
  teamId: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const refs: { slot: string; id: unknown }[] = [];
  for (const slot of PARTY_SLOTS) {
    const value = data[slot];
    if (isObject(value) && value.party_id !== undefined) refs.push({ slot, id: value.party_id });
  }
  if (refs.length === 0) return data;

  const ids = refs.map((r) => r.id).filter(isUuid).map((id) => id.toLowerCase());
  const found = new Map<string, PartyRow>(
    (await findParties(db, teamId, ids)).map((p) => [p.id, p]),
  );
  const missing = refs.filter((r) => !isUuid(r.id) || !found.has(r.id.toLowerCase()));
  if (missing.length > 0) {
    const paths = missing.map((r) => `${r.slot}.party_id`);
    throw new ServiceError("SVC_PARTY_003", `party not found: ${paths.join(", ")}`, {
      details: { paths },
    });
  }

  const resolved: Record<string, unknown> = { ...data };
  for (const ref of refs) {
    const given = data[ref.slot] as Record<string, unknown>;
    const party = found.get(String(ref.id).toLowerCase())!;
    const merged: Record<string, unknown> = {};
    for (const field of PARTY_FIELDS) {
      const value = party[field];
      if (value === null) continue;
      if (field === "tax_ids" && Object.keys(value).length === 0) continue;
      merged[field] = value;
    }
    for (const [key, value] of Object.entries(given)) {
      if (value !== undefined && value !== null) merged[key] = value;
    }
    merged.party_id = party.id;
    resolved[ref.slot] = merged;
  }
  return resolved;
}
