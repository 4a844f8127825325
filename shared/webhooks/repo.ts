import type { Db, Queryable } from "../platform/db/db.ts";

export interface SubscriptionRow {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = "id, url, events, enabled, secret, disabled_reason, created_at, updated_at";

export async function insertSubscription(
  db: Queryable,
  teamId: string,
  values: { url: string; events: readonly string[]; enabled: boolean; secret: string },
): Promise<SubscriptionRow> {
  const [row] = await db.query<SubscriptionRow>(
    `insert into webhook_subscriptions (team_id, url, events, enabled, secret)
     values ($1, $2, $3::text[], $4, $5) returning ${COLUMNS}`,
    [teamId, values.url, values.events, values.enabled, values.secret],
  );
  return row!;
}

/** The team's subscriptions, oldest first. */
export function listSubscriptions(db: Queryable, teamId: string): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `select ${COLUMNS} from webhook_subscriptions where team_id = $1 order by created_at, id`,
    [teamId],
  );
}

/** One of the team's subscriptions, or null (an unknown id and another team's look the same). */
export async function findSubscription(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from webhook_subscriptions where id = $1 and team_id = $2`,
    [id, teamId],
  );
  return row ?? null;
}

/** Sets url, events and enabled; enabling clears the reason the service disabled it for. */
export async function updateSubscription(
  db: Queryable,
  teamId: string,
  id: string,
  values: { url: string; events: readonly string[]; enabled: boolean },
): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(
    `update webhook_subscriptions
        set url = $3, events = $4::text[], enabled = $5, updated_at = now(),
            disabled_reason = case when $5 then null else disabled_reason end
      where id = $1 and team_id = $2 returning ${COLUMNS}`,
    [id, teamId, values.url, values.events, values.enabled],
  );
  return row ?? null;
}

/** Deletes a subscription (its deliveries go with it); false when the team has no such one. */
export async function deleteSubscription(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db.query(
    "delete from webhook_subscriptions where id = $1 and team_id = $2 returning id",
    [id, teamId],
  );
  return deleted.length > 0;
}

export async function replaceSecret(
  db: Queryable,
  teamId: string,
  id: string,
  secret: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(
    `update webhook_subscriptions set secret = $3, updated_at = now()
      where id = $1 and team_id = $2 returning ${COLUMNS}`,
    [id, teamId, secret],
  );
  return row ?? null;
}

/**
 * Puts a delivery back to pending, due now, with a fresh retry schedule, and wakes the webhook
 * workers (in any process) at commit. False when the subscription has no such delivery.
 */
export async function resendDelivery(
  db: Db,
  ids: { teamId: string; subscriptionId: string; deliveryId: string },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.query(
      `update webhook_deliveries
          set status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
        where id = $1 and subscription_id = $2 and team_id = $3 returning id`,
      [ids.deliveryId, ids.subscriptionId, ids.teamId],
    );
    if (rows.length > 0) await tx.query("select pg_notify('outbox_events', '')");
    return rows.length > 0;
  });
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event: string;
  status: string;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** A subscription's deliveries, newest first, each with its attempts (oldest first). */
export async function listDeliveries(
  db: Queryable,
  options: {
    teamId: string;
    subscriptionId: string;
    limit: number;
    status: string | null;
    deliveryId?: string;
  },
) {
  const rows = await db.query<DeliveryRow>(
    `select id, event_id, event, status, next_attempt_at, last_status_code, last_error,
            last_latency_ms, created_at, delivered_at
       from webhook_deliveries
      where team_id = $1 and subscription_id = $2
        and ($3::text is null or status = $3) and ($4::uuid is null or id = $4)
      order by created_at desc, id
      limit $5`,
    [
      options.teamId,
      options.subscriptionId,
      options.status,
      options.deliveryId ?? null,
      options.limit,
    ],
  );
  const attempts = rows.length === 0 ? [] : await db.query<{
    delivery_id: string;
    attempted_at: Date;
    status_code: number | null;
    latency_ms: number;
    error: string | null;
  }>(
    `select delivery_id, attempted_at, status_code, latency_ms, error
       from webhook_delivery_attempts
      where delivery_id = any($1::uuid[]) and team_id = $2
      order by attempted_at, id`,
    [rows.map((r) => r.id), options.teamId],
  );
  return rows.map((row) => ({
    ...row,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    attempts: attempts.filter((a) => a.delivery_id === row.id).map(({ delivery_id: _, ...a }) => a),
  }));
}
