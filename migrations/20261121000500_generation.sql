/*
 * Document generation: the job queue's claim index, files of generated documents, and the
 * outbox that webhook delivery drains. Events are written in the same transaction as the
 * change that causes them, so none is lost and none is sent for a change that rolled back.
 */

-- Claims take queued jobs that are due, or processing jobs whose lease ran out.
drop index document_jobs_claim_idx;
create index document_jobs_due_idx on document_jobs (run_after) where status = 'queued';
create index document_jobs_lease_idx on document_jobs (locked_until) where status = 'processing';

alter table document_jobs
  add column file_sha256 text,
  add column file_size integer,
  add column worker_id text;

create table outbox_events (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  event text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

create index outbox_events_team_idx on outbox_events (team_id, created_at);

alter table outbox_events enable row level security;
create policy outbox_events_team_read on outbox_events for select
  using (team_id in (select request_team_ids()));
