import type { Queryable } from "../platform/db/db.ts";
import { generateShipmentRef } from "./ref.ts";
import type { ShipmentStatus } from "./schemas.ts";

export interface CreatedShipmentRow {
  shipment_id: string;
  shipment_ref: string;
  status: ShipmentStatus;
  generation_count: number;
  max_generations: number;
  created_at: Date;
}

const CREATED_COLUMNS = `id as shipment_id, shipment_ref, status, generation_count,
  max_generations, created_at`;

/**
 * Inserts a shipment (`created`: the cap comes from the team's tier, read in the same
 * statement so a tier change applies at once) or a draft (cap 0 until promoted). Without a
 * `ref`, a readable one is generated.
 */
export async function insertShipment(
  db: Queryable,
  input: {
    teamId: string;
    ref?: string | undefined;
    data: Record<string, unknown>;
    actor: string;
    status: "created" | "draft";
  },
): Promise<CreatedShipmentRow> {
  const [row] = await db.query<CreatedShipmentRow>(
    `insert into shipments (team_id, shipment_ref, shipment_data, status, max_generations,
                            created_by)
     select t.id, $2, $3::text::jsonb, $4,
            case when $4 = 'draft' then 0 else tr.max_generations end, $5
       from teams t join tiers tr on tr.name = t.tier
      where t.id = $1
     returning ${CREATED_COLUMNS}`,
    [
      input.teamId,
      input.ref ?? generateShipmentRef(),
      JSON.stringify(input.data),
      input.status,
      input.actor,
    ],
  );
  if (!row) throw new Error(`team ${input.teamId} not found while creating a shipment`);
  return row;
}

export interface ShipmentRow {
  id: string;
  shipment_ref: string;
  shipment_data: Record<string, unknown>;
  status: ShipmentStatus;
  generation_count: number;
  max_generations: number;
  current_validation_record_id: string | null;
  current_validation_hash: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  generation_history: unknown[];
}

/** One shipment with its history, newest generation first, in one round trip. */
export async function findShipment(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<ShipmentRow | null> {
  const [row] = await db.query<ShipmentRow>(
    `select s.id, s.shipment_ref, s.shipment_data, s.status, s.generation_count,
            s.max_generations, s.current_validation_record_id, s.current_validation_hash,
            s.created_by, s.created_at, s.updated_at,
            coalesce((
              select jsonb_agg(jsonb_build_object(
                       'id', h.id,
                       'generation_number', h.generation_number,
                       'document_types', to_jsonb(h.document_types),
                       'validation_hash', h.validation_hash,
                       'shipment_data_snapshot', h.shipment_data_snapshot,
                       'data_diff', h.data_diff,
                       'flattened_urls', h.flattened_urls,
                       'created_at', iso_time(h.created_at))
                     order by h.generation_number desc)
                from generation_history h
               where h.shipment_id = s.id), '[]'::jsonb) as generation_history
       from shipments s
      where s.id = $1 and s.team_id = $2`,
    [id, teamId],
  );
  return row ?? null;
}

export const LIST_LIMIT = 50;

export function listShipments(db: Queryable, teamId: string, status: ShipmentStatus) {
  return db.query(
    `select id, shipment_ref, shipment_data, status, created_by, created_at, updated_at
       from shipments
      where team_id = $1 and status = $2
      order by updated_at desc, id
      limit ${LIST_LIMIT}`,
    [teamId, status],
  );
}

/** What a change made only to a draft found: nothing, a shipment no longer a draft, or `T`. */
type DraftChange<T> = { kind: "not_found" } | { kind: "not_draft"; status: ShipmentStatus } | T;

export type DraftUpdate = DraftChange<{ kind: "updated"; updated_at: Date }>;

/** `status`: the shipment's before the change (none: not found); `changed`: null if not made. */
function draftChange<T>(status: ShipmentStatus | undefined, changed: T | null): DraftChange<T> {
  if (status === undefined) return { kind: "not_found" };
  return changed ?? { kind: "not_draft", status };
}

/**
 * Replaces a draft's data whole (and its reference when one is given), in one statement that
 * also tells a missing shipment from one that is no longer a draft.
 */
export async function replaceDraft(
  db: Queryable,
  input: { teamId: string; id: string; data: Record<string, unknown>; ref: string | undefined },
): Promise<DraftUpdate> {
  const [row] = await db.query<{ status: ShipmentStatus; updated_at: Date | null }>(
    `with target as (
       select id, status from shipments where id = $1 and team_id = $2 for update
     ), updated as (
       update shipments s
          set shipment_data = $3::text::jsonb, shipment_ref = coalesce($4, s.shipment_ref)
         from target t
        where s.id = t.id and t.status = 'draft'
       returning s.id, s.updated_at
     )
     select t.status, u.updated_at from target t left join updated u on u.id = t.id`,
    [input.id, input.teamId, JSON.stringify(input.data), input.ref ?? null],
  );
  const updated = row?.updated_at;
  return draftChange(row?.status, updated ? { kind: "updated", updated_at: updated } : null);
}

export type DraftPromotion = DraftChange<{ kind: "promoted"; shipment: CreatedShipmentRow }>;

/** Turns a draft into a shipment: status `created`, the cap from the team's tier. */
export async function promoteDraft(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<DraftPromotion> {
  const [row] = await db.query<CreatedShipmentRow & { previous_status: ShipmentStatus }>(
    `with target as (
       select id, status from shipments where id = $1 and team_id = $2 for update
     ), promoted as (
       update shipments s
          set status = 'created', max_generations = tr.max_generations
         from target t, teams tm join tiers tr on tr.name = tm.tier
        where s.id = t.id and t.status = 'draft' and tm.id = $2
       returning s.*
     )
     select t.status as previous_status, p.id as shipment_id, p.shipment_ref, p.status,
            p.generation_count, p.max_generations, p.created_at
       from target t left join promoted p on p.id = t.id`,
    [id, teamId],
  );
  if (!row?.shipment_id) return draftChange<DraftPromotion>(row?.previous_status, null);
  const { previous_status: _, ...shipment } = row;
  return { kind: "promoted", shipment };
}

/**
 * The data of one of the team's shipments, its row locked until the caller's transaction ends
 * (so a read-modify-write of the data is not lost to a concurrent one); null when not found.
 */
export async function lockShipmentData(
  tx: Queryable,
  teamId: string,
  id: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await tx.query<{ shipment_data: Record<string, unknown> }>(
    "select shipment_data from shipments where id = $1 and team_id = $2 for update",
    [id, teamId],
  );
  return row?.shipment_data ?? null;
}

/** Replaces one of the team's shipments' data (its status and history stay as they are). */
export async function storeShipmentData(
  tx: Queryable,
  teamId: string,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    "update shipments set shipment_data = $3::text::jsonb where id = $1 and team_id = $2",
    [id, teamId, JSON.stringify(data)],
  );
}
