/*
 * Issued files: the SHA-256 of every file the service stores (a generated document, a flattened
 * one), so anyone holding a file can ask whether the service issued exactly these bytes
 * (verify-document). Files are only ever added; the answer reads nothing private.
 */
create table issued_files (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  variant text not null check (variant in ('generated', 'flattened')),
  team_id uuid not null references teams (id) on delete cascade,
  job_id uuid references document_jobs (id) on delete set null,
  document_type text not null,
  -- As printed on the file; verify-document names it only while it is a passing validation
  -- of the same team.
  validation_hash text,
  storage_path text not null,
  -- The signing certificate's subject, when the file carries the service's signature.
  signer text,
  created_at timestamptz not null default now()
);

create index issued_files_job_idx on issued_files (job_id);

-- Documents generated before this table: their recorded hashes become issued files.
insert into issued_files (sha256, variant, team_id, job_id, document_type, validation_hash,
                          storage_path, created_at)
select file_sha256, 'generated', team_id, id, doc_type, payload ->> 'validation_hash',
       storage_path, coalesce(completed_at, created_at)
  from document_jobs
 where status = 'completed' and file_sha256 ~ '^[0-9a-f]{64}$' and storage_path is not null
on conflict (sha256) do nothing;

alter table issued_files enable row level security;
create policy issued_files_team_read on issued_files for select
  using (team_id in (select request_team_ids()));
