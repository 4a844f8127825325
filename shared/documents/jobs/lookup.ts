import type { Queryable } from "../../platform/db/db.ts";
import { isUuid } from "../../platform/util/uuid.ts";

/** A document job as its team sees it (polling, flattening). */
export interface TeamJob {
  id: string;
  status: string;
  doc_type: string;
  shipment_id: string | null;
  provider_job_id: string | null;
  storage_path: string | null;
  file_sha256: string | null;
  error_message: string | null;
  attempts: number;
  created_at: Date;
  completed_at: Date | null;
}

/** One of the team's document jobs; null for another team's, an unknown or a malformed id. */
export async function findTeamJob(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<TeamJob | null> {
  if (!isUuid(id)) return null;
  const [job] = await db.query<TeamJob>(
    `select id, status, doc_type, shipment_id, provider_job_id, storage_path, file_sha256,
            error_message, attempts, created_at, completed_at
       from document_jobs where id = $1 and team_id = $2`,
    [id, teamId],
  );
  return job ?? null;
}
