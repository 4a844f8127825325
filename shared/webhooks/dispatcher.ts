import type { Db } from "../platform/db/db.ts";

/**
 * Fans out outbox events not yet dispatched: one delivery per enabled subscription of the
 * event's team that lists the event and existed when the event was written, and the event marked
 * dispatched, in one transaction. SKIP LOCKED lets several dispatchers run side by side; the
 * unique (subscription, event) pair keeps a delivery from being made twice.
 * Returns the number of events dispatched.
 */
export async function dispatchOutbox(db: Db, limit = 100): Promise<number> {
  return await db.transaction(async (tx) => {
    const events = await tx.query<{ id: string }>(
      `select id from outbox_events
        where dispatched_at is null
        order by created_at
        limit $1
        for update skip locked`,
      [limit],
    );
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    await tx.query(
      `insert into webhook_deliveries (team_id, subscription_id, event_id, event, payload)
       select e.team_id, s.id, e.id, e.event, e.payload
         from outbox_events e
         join webhook_subscriptions s
           on s.team_id = e.team_id and s.enabled and e.event = any(s.events)
          and s.created_at <= e.created_at
        where e.id = any($1::uuid[])
       on conflict (subscription_id, event_id) do nothing`,
      [ids],
    );
    await tx.query(
      "update outbox_events set dispatched_at = now() where id = any($1::uuid[])",
      [ids],
    );
    return events.length;
  });
}
