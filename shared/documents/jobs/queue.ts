import { LeaseQueue } from "../../platform/queue/lease_queue.ts";

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
 * The document job table as a queue: a job waits `queued` until its run_after, and is
 * `processing` while a worker holds it. Due: queued jobs whose time has come, and processing
 * ones whose lease ended (their worker died) with attempts left.
 */
export const documentQueue = new LeaseQueue<DocumentJob>({
  table: "document_jobs",
  held: "processing",
  due: `(status = 'queued' and run_after <= now())
        or (status = 'processing' and locked_until < now() and attempts < max_attempts)`,
  order: "run_after",
  onClaim: "status = 'processing'",
  columns: `j.id, j.team_id, j.shipment_id, j.generation_history_id, j.doc_type, j.status,
            j.provider_job_id, j.payload, j.attempts, j.max_attempts, j.created_at`,
});
