import type { Queryable } from "../db/db.ts";

export type EventName =
  | "document.generated"
  | "document.failed"
  | "extraction.completed"
  | "extraction.failed";

/**
 * Records an event for webhook delivery. Call it inside the transaction that makes the change
 * the event reports, so the event exists exactly when the change does.
 */
export async function recordEvent(
  tx: Queryable,
  teamId: string,
  event: EventName,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    "insert into outbox_events (team_id, event, payload) values ($1, $2, $3::text::jsonb)",
    [teamId, event, JSON.stringify(data)],
  );
}
