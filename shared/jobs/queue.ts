import type { Queryable } from "../db/db.ts";

export interface DocumentJob {
  id: string;
  team_id: string;
  shipment_id: string | null;
  generation_history_id: string | null;
  doc_type: string;
  status: "queued" | "processing" | "completed" | "failed";
  provider_job_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  created_at: Date;
}

/**
 * Claims up to `limit` jobs: queued ones that are due, and processing ones whose lease ended
 * (their worker died). FOR UPDATE SKIP LOCKED lets any number of workers, on any machines,
 * claim from the same table without taking the same job.
 */
export function claimJobs(
  db: Queryable,
  options: { limit: number; leaseSeconds: number; workerId: string },
): Promise<DocumentJob[]> {
  return db.query<DocumentJob>(
    `with due as (
       select id from document_jobs
        where (status = 'queued' and run_after <= now())
           or (status = 'processing' and locked_until < now() and attempts < max_attempts)
        order by run_after
        limit $1
        for update skip locked
     )
     update document_jobs j
        set status = 'processing', attempts = j.attempts + 1,
            locked_until = now() + make_interval(secs => $2), worker_id = $3
       from due
      where j.id = due.id
     returning j.id, j.team_id, j.shipment_id, j.generation_history_id, j.doc_type, j.status,
               j.provider_job_id, j.payload, j.attempts, j.max_attempts, j.created_at`,
    [options.limit, options.leaseSeconds, options.workerId],
  );
}

/**
 * Jobs whose last attempt's lease ran out: nobody will finish them, so they fail (and say so
 * through the outbox) instead of staying `processing` for ever.
 */
export function abandonedJobs(db: Queryable): Promise<DocumentJob[]> {
  return db.query<DocumentJob>(
    `select id, team_id, shipment_id, generation_history_id, doc_type, status, provider_job_id,
            payload, attempts, max_attempts, created_at
       from document_jobs
      where status = 'processing' and locked_until < now() and attempts >= max_attempts
      limit 100`,
  );
}

/** Seconds before attempt `attempts + 1`: 2, 8, 32 … with jitter, at most 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  const base = Math.min(300, 2 * 4 ** Math.max(0, attempts - 1));
  return base * (0.75 + Math.random() * 0.5);
}
