/*
 * Extraction jobs (/api/v1/extract): an uploaded file (kept in storage) turned into an
 * ExtractionResult by a worker. The specification names three statuses: processing, completed
 * and failed. `processing` covers both "waiting for a worker" and "being worked on"; the claim
 * state lives in run_after / locked_until / worker_id / attempts, like document_jobs:
 *
 * - due: processing, no lease (locked_until is null), run_after <= now();
 * - in hand: processing, locked_until in the future (the worker's lease);
 * - abandoned: processing, lease over; claimed again while attempts < max_attempts, failed
 *   otherwise.
 */

-- The composite key lets extraction_jobs point only at a shipment of the job's own team.
alter table shipments add constraint shipments_id_team_key unique (id, team_id);

create table extraction_jobs (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  shipment_id uuid,
  status text not null default 'processing'
    check (status in ('processing', 'completed', 'failed')),
  file_path text not null,
  file_kind text not null check (file_kind in ('pdf', 'png', 'jpeg', 'tiff', 'xls', 'xlsx')),
  file_size integer not null check (file_size > 0),
  file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
  result jsonb,
  error_code text,
  error_message text,
  attempts integer not null default 0,
  max_attempts integer not null default 3 check (max_attempts >= 1),
  run_after timestamptz not null default now(),
  locked_until timestamptz,
  worker_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  foreign key (shipment_id, team_id) references shipments (id, team_id)
    on delete set null (shipment_id),
  -- A finished job says how it ended, and only that.
  check (status <> 'completed' or (result is not null and completed_at is not null)),
  check (status <> 'failed' or (error_code is not null and error_message is not null))
);

-- Claims: due jobs (no lease), and jobs whose lease ran out (their worker died).
create index extraction_jobs_due_idx on extraction_jobs (run_after)
  where status = 'processing' and locked_until is null;
create index extraction_jobs_lease_idx on extraction_jobs (locked_until)
  where status = 'processing' and locked_until is not null;
create index extraction_jobs_team_idx on extraction_jobs (team_id, created_at desc);
create index extraction_jobs_shipment_idx on extraction_jobs (shipment_id)
  where shipment_id is not null;

create trigger extraction_jobs_updated_at before update on extraction_jobs
  for each row execute function set_updated_at();

-- Wakes extraction workers (LISTEN extraction_jobs) in every process when a job is queued; the
-- notification is sent at commit, so a worker never looks before the job is visible.
create function notify_extraction_jobs() returns trigger language plpgsql as $$
begin
  perform pg_notify('extraction_jobs', '');
  return null;
end;
$$;

create trigger extraction_jobs_notify after insert on extraction_jobs
  for each statement execute function notify_extraction_jobs();

alter table extraction_jobs enable row level security;
create policy extraction_jobs_team_read on extraction_jobs for select
  using (team_id in (select request_team_ids()));
