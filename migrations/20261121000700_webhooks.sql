/*
 * Webhooks: subscriptions per team, one delivery per (subscription, outbox event), and every
 * attempt of a delivery with the receiver's answer. The dispatcher fans out outbox events not
 * yet dispatched (dispatched_at is null) into deliveries in one transaction; deliverers claim
 * due deliveries with FOR UPDATE SKIP LOCKED and a lease, like the document job queue.
 */

create table webhook_subscriptions (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  url text not null,
  events text[] not null,
  enabled boolean not null default true,
  secret text not null,
  disabled_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index webhook_subscriptions_team_idx on webhook_subscriptions (team_id, created_at);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  subscription_id uuid not null references webhook_subscriptions (id) on delete cascade,
  event_id uuid not null references outbox_events (id) on delete cascade,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  -- Attempts since the delivery was created or last sent again (the backoff step).
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  worker_id text,
  last_status_code integer,
  last_error text,
  last_latency_ms integer,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (subscription_id, event_id)
);

-- Claims take pending deliveries that are due (an expired lease is checked on the same rows).
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
  where status = 'pending';
create index webhook_deliveries_subscription_idx on webhook_deliveries
  (subscription_id, created_at desc);

create table webhook_delivery_attempts (
  id uuid primary key default gen_random_uuid(),
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  team_id uuid not null references teams (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  status_code integer,
  latency_ms integer not null,
  error text
);

create index webhook_delivery_attempts_delivery_idx on webhook_delivery_attempts
  (delivery_id, attempted_at);

alter table outbox_events add column dispatched_at timestamptz;
-- Events written before webhooks existed have nobody to go to.
update outbox_events set dispatched_at = created_at;
create index outbox_events_undispatched_idx on outbox_events (created_at)
  where dispatched_at is null;

-- Wakes webhook workers (LISTEN outbox_events) in every process when an event is written; the
-- notification is sent at commit, so a worker never looks before the event is visible.
create function notify_outbox_events() returns trigger language plpgsql as $$
begin
  perform pg_notify('outbox_events', '');
  return null;
end;
$$;

create trigger outbox_events_notify after insert on outbox_events
  for each statement execute function notify_outbox_events();

alter table webhook_subscriptions enable row level security;
alter table webhook_deliveries enable row level security;
alter table webhook_delivery_attempts enable row level security;

-- Subscriptions hold their signing secret, shown only by the API at creation and rotation:
-- no policy, so only the service itself reads them.
create policy webhook_deliveries_team_read on webhook_deliveries for select
  using (team_id in (select request_team_ids()));
create policy webhook_delivery_attempts_team_read on webhook_delivery_attempts for select
  using (team_id in (select request_team_ids()));
