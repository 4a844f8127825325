/**
 * The register of issued files: every stored document's SHA-256, and what the public may know
 * about it (verify-document).
 */
import type { Queryable } from "../platform/db/db.ts";

export type FileVariant = "generated" | "flattened";

export interface IssuedFile {
  sha256: string;
  variant: FileVariant;
  jobId: string;
  storagePath: string;
  signer: string | null;
}

/**
 * Records a stored file of a document job; its type, team and validation hash come from the job.
 * The same bytes stored twice (flattening the same job again) stay one entry.
 */
export async function recordIssuedFile(db: Queryable, file: IssuedFile): Promise<void> {
  await db.query(
    `insert into issued_files (sha256, variant, team_id, job_id, document_type, validation_hash,
                               storage_path, signer)
     select $1, $2, j.team_id, j.id, j.doc_type, j.payload ->> 'validation_hash', $4, $5
       from document_jobs j where j.id = $3
     on conflict (sha256) do nothing`,
    [file.sha256, file.variant, file.jobId, file.storagePath, file.signer],
  );
}

/** What verify-document answers: no team, shipment, names, values or paths. */
export interface PublicFileRecord {
  variant: FileVariant;
  document_type: string;
  validation_hash: string | null;
  validated_at: Date | null;
  generated_at: Date;
  signer: string | null;
}

/**
 * The issued file with this SHA-256, or null. Its validation hash is named only when it is a
 * passing validation of the team that generated the file (older files may carry any hash).
 */
export async function findIssuedFile(
  db: Queryable,
  sha256: string,
): Promise<PublicFileRecord | null> {
  const [row] = await db.query<PublicFileRecord>(
    `select f.variant, f.document_type, v.validation_hash, v.validated_at,
            f.created_at as generated_at, f.signer
       from issued_files f
       left join lateral (
         select validation_hash, validated_at from validation_records
          where validation_hash = f.validation_hash and team_id = f.team_id and passed
          order by validated_at limit 1
       ) v on true
      where f.sha256 = $1`,
    [sha256],
  );
  return row ?? null;
}
