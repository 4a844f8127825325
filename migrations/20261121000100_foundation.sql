/*
 * Foundation: teams and their tiers, API keys, team members (Supabase users), shipments and
 * their generation history, document jobs and validation records.
 *
 * Every row a team owns carries team_id, and every query the service runs is scoped by it.
 * Row level security (at the end of this file) is the second wall, for clients that reach the
 * tables through Supabase's REST API with a user JWT.
 */

-- Tiers: generations allowed per shipment, fixed on the shipment when it is created.
create table tiers (
  name text primary key,
  max_generations integer not null check (max_generations >= 0)
);

insert into tiers (name, max_generations) values
  ('free', 2), ('starter', 5), ('growth', 10), ('scale', 20);

create table teams (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  tier text not null references tiers (name),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

/*
 * API keys are shown once; only their SHA-256 is stored. The keys carry 256 random bits, so a
 * plain hash (no salt, no slow KDF) is enough and lets the lookup be one index probe.
 */
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  key_hash text not null unique,
  key_prefix text not null,
  name text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create index api_keys_team_idx on api_keys (team_id);

-- Supabase users (JWT `sub`) who act for a team.
create table team_members (
  team_id uuid not null references teams (id) on delete cascade,
  user_id text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, team_id)
);

create table shipments (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  shipment_ref text not null,
  shipment_data jsonb not null,
  status text not null
    check (status in ('draft', 'created', 'validated', 'validation_failed', 'generated')),
  generation_count integer not null default 0,
  max_generations integer not null,
  current_validation_record_id uuid,
  current_validation_hash text,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (generation_count >= 0 and generation_count <= max_generations)
);

-- List mode: one team's shipments of one status, newest change first.
create index shipments_team_status_updated_idx on shipments (team_id, status, updated_at desc);

create table generation_history (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  shipment_id uuid not null references shipments (id) on delete cascade,
  generation_number integer not null check (generation_number >= 1),
  document_types text[] not null,
  validation_hash text,
  shipment_data_snapshot jsonb not null,
  previous_shipment_data jsonb,
  data_diff jsonb,
  flattened_urls jsonb,
  created_by text,
  created_at timestamptz not null default now(),
  unique (shipment_id, generation_number)
);

create table validation_records (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  shipment_id uuid references shipments (id) on delete set null,
  gate text not null,
  ruleset_version text not null,
  passed boolean not null,
  validation_hash text,
  layers jsonb not null,
  origin_country text,
  destination_country text,
  document_types text[] not null default '{}',
  validated_at timestamptz not null,
  created_at timestamptz not null default now()
);

create index validation_records_hash_idx on validation_records (validation_hash)
  where validation_hash is not null;
create index validation_records_shipment_idx on validation_records (shipment_id);

alter table shipments
  add constraint shipments_current_validation_fk
  foreign key (current_validation_record_id) references validation_records (id)
  on delete set null;

/*
 * Document jobs: a durable queue claimed with FOR UPDATE SKIP LOCKED and a lease
 * (locked_until). A worker that dies loses nothing: the job is claimed again after the lease.
 */
create table document_jobs (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  shipment_id uuid references shipments (id) on delete set null,
  generation_history_id uuid references generation_history (id) on delete set null,
  doc_type text not null,
  status text not null default 'queued'
    check (status in ('queued', 'processing', 'completed', 'failed')),
  provider_job_id text,
  payload jsonb not null,
  attempts integer not null default 0,
  max_attempts integer not null default 3,
  run_after timestamptz not null default now(),
  locked_until timestamptz,
  storage_path text,
  error_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);

create index document_jobs_claim_idx on document_jobs (run_after)
  where status in ('queued', 'processing');
create index document_jobs_team_idx on document_jobs (team_id, created_at desc);

-- updated_at follows every change, whoever makes it.
create function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger teams_updated_at before update on teams
  for each row execute function set_updated_at();
create trigger shipments_updated_at before update on shipments
  for each row execute function set_updated_at();
create trigger document_jobs_updated_at before update on document_jobs
  for each row execute function set_updated_at();

/*
 * Counts one document generation for a shipment, atomically.
 *
 * The shipment row is locked without waiting: a generation already in flight for the same
 * shipment answers 'busy' (HTTP 409) instead of queueing behind it. At the cap (drafts have a
 * cap of 0) it answers 'limit' (HTTP 429). Otherwise it increments the count, sets the status
 * 'generated' and writes the history row in the same transaction, so that
 * count = history rows = accepted calls, and the count never passes the cap.
 */
create function record_generation(
  p_team_id uuid,
  p_shipment_id uuid,
  p_document_types text[],
  p_validation_hash text,
  p_snapshot jsonb,
  p_previous jsonb,
  p_diff jsonb,
  p_created_by text
) returns table (
  outcome text,
  generation_count integer,
  max_generations integer,
  generation_history_id uuid
)
language plpgsql as $$
declare
  v_count integer;
  v_max integer;
  v_history_id uuid;
begin
  begin
    select s.generation_count, s.max_generations into v_count, v_max
      from shipments s
     where s.id = p_shipment_id and s.team_id = p_team_id
       for update nowait;
  exception when lock_not_available then
    return query select 'busy'::text, null::integer, null::integer, null::uuid;
    return;
  end;

  if not found then
    return query select 'not_found'::text, null::integer, null::integer, null::uuid;
    return;
  end if;

  if v_count >= v_max then
    return query select 'limit'::text, v_count, v_max, null::uuid;
    return;
  end if;

  update shipments s
     set generation_count = s.generation_count + 1, status = 'generated'
   where s.id = p_shipment_id;

  insert into generation_history (
    team_id, shipment_id, generation_number, document_types, validation_hash,
    shipment_data_snapshot, previous_shipment_data, data_diff, created_by
  ) values (
    p_team_id, p_shipment_id, v_count + 1, p_document_types, p_validation_hash,
    p_snapshot, p_previous, p_diff, p_created_by
  ) returning id into v_history_id;

  return query select 'ok'::text, v_count + 1, v_max, v_history_id;
end;
$$;

/*
 * Row level security: the second wall. The service connects as the tables' owner and scopes
 * every query by team_id itself; these policies govern everyone else, such as Supabase users
 * reading through the REST API, whose JWT claims PostgREST puts in `request.jwt.claims`.
 */
create function request_user_id() returns text
language sql stable as $$
  select nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
$$;

create function request_team_ids() returns setof uuid
language sql stable security definer set search_path = public as $$
  select team_id from team_members where user_id = request_user_id()
$$;

alter table teams enable row level security;
alter table api_keys enable row level security;
alter table team_members enable row level security;
alter table shipments enable row level security;
alter table generation_history enable row level security;
alter table validation_records enable row level security;
alter table document_jobs enable row level security;

create policy teams_member_read on teams for select
  using (id in (select request_team_ids()));
create policy team_members_self_read on team_members for select
  using (user_id = request_user_id());
create policy shipments_team on shipments for all
  using (team_id in (select request_team_ids()))
  with check (team_id in (select request_team_ids()));
create policy generation_history_team_read on generation_history for select
  using (team_id in (select request_team_ids()));
create policy validation_records_team_read on validation_records for select
  using (team_id in (select request_team_ids()));
create policy document_jobs_team_read on document_jobs for select
  using (team_id in (select request_team_ids()));
-- api_keys has no policy: only the service (the owner) ever reads key hashes.

-- Timestamps inside JSON built by SQL, in the same form the API uses elsewhere.
create function iso_time(t timestamptz) returns text
language sql immutable as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
