/**
 * The extraction job table as a queue. Jobs stay `processing` from upload to the end (the
 * specification's statuses); who holds one, and until when, is in locked_until / worker_id,
 * and a job is due when it has no lease and its run_after has come.
 */
import type { Queryable } from "../../db/db.ts";
import type { FileKind } from "../../providers/extraction.ts";
import type { ExtractionResult } from "../result.ts";

export interface ExtractionJob {
  id: string;
  team_id: string;
  shipment_id: string | null;
  file_path: string;
  file_kind: FileKind;
  attempts: number;
  max_attempts: number;
}

const JOB_COLUMNS = "j.id, j.team_id, j.shipment_id, j.file_path, j.file_kind, j.attempts, " +
  "j.max_attempts";

/**
 * Claims up to `limit` jobs: due ones, and ones whose lease ran out (their worker died) with
 * attempts left. FOR UPDATE SKIP LOCKED lets any number of workers, on any machines, claim from
 * the same table without taking the same job.
 */
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
  const withoutOcr = options.ocr === false
    ? "and file_kind in ('pdf', 'xls', 'xlsx') and not needs_ocr"
    : "";
  return db.query<ExtractionJob>(
    `with due as (
       select id from extraction_jobs
        where status = 'processing'
          and ((locked_until is null and run_after <= now())
            or (locked_until < now() and attempts < max_attempts))
          ${withoutOcr}
        order by run_after
        limit $1
        for update skip locked
     )
     update extraction_jobs j
        set attempts = j.attempts + 1, locked_until = now() + make_interval(secs => $2),
            worker_id = $3
       from due
      where j.id = due.id
     returning ${JOB_COLUMNS}`,
    [options.limit, options.leaseSeconds, options.workerId],
  );
}

/** Jobs whose last attempt's lease ran out: nobody will finish them. */
export function abandonedExtractionJobs(db: Queryable): Promise<ExtractionJob[]> {
  return db.query<ExtractionJob>(
    `select ${JOB_COLUMNS} from extraction_jobs j
      where j.status = 'processing' and j.locked_until < now() and j.attempts >= j.max_attempts
      limit 100`,
  );
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
