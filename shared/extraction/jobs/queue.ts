/**
 * The extraction job table as a queue. Jobs stay `processing` from upload to the end (the
 * specification's statuses); who holds one, and until when, is in locked_until / worker_id,
 * and a job is due when it has no lease and its run_after has come.
 */
import type { Queryable } from "../../platform/db/db.ts";
import type { FileKind } from "../provider.ts";
import type { ExtractionResult } from "../result.ts";
import { LeaseQueue } from "../../platform/queue/lease_queue.ts";

export interface ExtractionJob {
  id: string;
  team_id: string;
  shipment_id: string | null;
  file_path: string;
  file_kind: FileKind;
  attempts: number;
  max_attempts: number;
}

/**
 * Due: jobs with no lease whose run_after has come, and jobs whose lease ran out (their worker
 * died) with attempts left.
 */
export const extractionQueue = new LeaseQueue<ExtractionJob>({
  table: "extraction_jobs",
  held: "processing",
  due: `status = 'processing'
        and ((locked_until is null and run_after <= now())
          or (locked_until < now() and attempts < max_attempts))`,
  order: "run_after",
  columns: "j.id, j.team_id, j.shipment_id, j.file_path, j.file_kind, j.attempts, j.max_attempts",
});

/** Claims up to `limit` due jobs. */
export function claimExtractionJobs(
  db: Queryable,
  options: {
    limit: number;
    leaseSeconds: number;
    workerId: string;
    /** false: only jobs that may be read without OCR (text PDFs and spreadsheets). */
    ocr?: boolean;
  },
): Promise<ExtractionJob[]> {
  return extractionQueue.claim(db, {
    ...options,
    only: options.ocr === false
      ? "file_kind in ('pdf', 'xls', 'xlsx') and not needs_ocr"
      : undefined,
  });
}

export interface NewExtractionJob {
  id: string;
  teamId: string;
  shipmentId: string | null;
  filePath: string;
  fileKind: FileKind;
  fileSize: number;
  fileSha256: string;
}

/** Queues a job; a trigger notifies `extraction_jobs` listeners at commit. */
export async function insertExtractionJob(
  db: Queryable,
  job: NewExtractionJob,
): Promise<{ id: string; created_at: Date }> {
  const [row] = await db.query<{ id: string; created_at: Date }>(
    `insert into extraction_jobs
       (id, team_id, shipment_id, file_path, file_kind, file_size, file_sha256)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning id, created_at`,
    [
      job.id,
      job.teamId,
      job.shipmentId,
      job.filePath,
      job.fileKind,
      job.fileSize,
      job.fileSha256,
    ],
  );
  return row!;
}

export interface ExtractionJobView {
  id: string;
  shipment_id: string | null;
  status: "processing" | "completed" | "failed";
  result: ExtractionResult | null;
  error_code: string | null;
  error_message: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** One of the team's jobs, or null (an unknown id and another team's look the same). */
export async function findExtractionJob(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<ExtractionJobView | null> {
  const [row] = await db.query<ExtractionJobView>(
    `select id, shipment_id, status, result, error_code, error_message, created_at, completed_at
       from extraction_jobs where id = $1 and team_id = $2`,
    [id, teamId],
  );
  return row ?? null;
}
