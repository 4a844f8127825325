import type { Principal } from "../../platform/auth/principal.ts";
import type { Db } from "../../platform/db/db.ts";
import { ServiceError } from "../../platform/errors/service_error.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentData } from "../../shipments/types.ts";
import { diffData } from "../../shipments/diff.ts";
import { assertHashBindsShipment } from "./hash_binding.ts";

export interface GenerationRequest {
  shipment: ShipmentData;
  documentTypes: DocumentType[];
  shipmentId: string | undefined;
  finalDoc: boolean;
  validationHash: string | undefined;
  previousShipmentData: Record<string, unknown> | undefined;
  /** Printed in the footer when there is no stored shipment to take it from. */
  fallbackRef: string;
}

export interface Enqueued {
  jobs: { jobId: string; docType: string; providerJobId: string }[];
  generation?: { generation_count: number; max_generations: number; generation_history_id: string };
}

/** What a render job carries: everything the worker needs, fixed at request time. */
export interface JobPayload {
  shipment: ShipmentData;
  final_doc: boolean;
  validation_hash: string | null;
  shipment_ref: string;
}

/**
 * One transaction: check that the validation hash (if any) vouches for this team's shipment,
 * count the generation (with a shipment id: the SQL function locks the row
 * without waiting, refuses at the cap, writes the history), queue one job per document type,
 * note the types against the validation hash, and wake the workers. Either all of it happens or
 * none of it: a refused call leaves no job and no history behind.
 */
export function enqueueGeneration(
  db: Db,
  principal: Principal,
  req: GenerationRequest,
): Promise<Enqueued> {
  return db.transaction(async (tx) => {
    if (req.validationHash !== undefined) {
      await assertHashBindsShipment(tx, principal.teamId, req.validationHash, req.shipment);
    }
    let generation: Enqueued["generation"];
    let shipmentRef = req.fallbackRef;
    if (req.shipmentId !== undefined) {
      const diff = req.previousShipmentData === undefined
        ? null
        : diffData(req.previousShipmentData, req.shipment);
      const [counted] = await tx.query<{
        outcome: string;
        generation_count: number;
        max_generations: number;
        generation_history_id: string;
      }>(
        `select * from record_generation($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb,
                                         $7::text::jsonb, $8)`,
        [
          principal.teamId,
          req.shipmentId,
          req.documentTypes,
          req.validationHash ?? null,
          JSON.stringify(req.shipment),
          req.previousShipmentData === undefined ? null : JSON.stringify(req.previousShipmentData),
          diff === null ? null : JSON.stringify(diff),
          principal.actor,
        ],
      );
      refuse(counted!.outcome, counted!.generation_count, counted!.max_generations);
      generation = {
        generation_count: counted!.generation_count,
        max_generations: counted!.max_generations,
        generation_history_id: counted!.generation_history_id,
      };
      const [row] = await tx.query<{ shipment_ref: string }>(
        "select shipment_ref from shipments where id = $1",
        [req.shipmentId],
      );
      shipmentRef = row!.shipment_ref;
    }

    const payload: JobPayload = {
      shipment: req.shipment,
      final_doc: req.finalDoc,
      validation_hash: req.validationHash ?? null,
      shipment_ref: shipmentRef,
    };
    const jobs = await tx.query<{ id: string; doc_type: string; provider_job_id: string }>(
      `insert into document_jobs (team_id, shipment_id, generation_history_id, doc_type,
                                  provider_job_id, payload)
       select $1, $2, $3, t.doc_type, 'render_' || gen_random_uuid(), $5::text::jsonb
         from unnest($4::text[]) with ordinality as t (doc_type, n)
        order by t.n
       returning id, doc_type, provider_job_id`,
      [
        principal.teamId,
        req.shipmentId ?? null,
        generation?.generation_history_id ?? null,
        req.documentTypes,
        JSON.stringify(payload),
      ],
    );
    if (req.validationHash !== undefined) {
      await tx.query(
        `update validation_records
            set document_types = array(select distinct unnest(document_types || $3::text[])
                                        order by 1)
          where validation_hash = $1 and team_id = $2 and passed`,
        [req.validationHash, principal.teamId, req.documentTypes],
      );
    }
    await tx.query("select pg_notify('document_jobs', '')");
    return {
      jobs: jobs.map((j) => ({
        jobId: j.id,
        docType: j.doc_type,
        providerJobId: j.provider_job_id,
      })),
      ...(generation ? { generation } : {}),
    };
  });
}

function refuse(outcome: string, count: number | null, max: number | null): void {
  if (outcome === "ok") return;
  if (outcome === "not_found") throw new ServiceError("SVC_SHIP_004", "Shipment not found");
  if (outcome === "busy") {
    throw new ServiceError(
      "SVC_GEN_LIMIT",
      "Another generation for this shipment is in progress; retry in a moment",
      { status: 409, headers: { "Retry-After": "1" } },
    );
  }
  throw new ServiceError(
    "SVC_GEN_LIMIT",
    `Generation limit reached: ${count} of ${max} generations used for this shipment`,
    { status: 429, details: { generation_count: count, max_generations: max } },
  );
}
