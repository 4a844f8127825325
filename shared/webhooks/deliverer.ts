import type { Db } from "../platform/db/db.ts";
import { LeaseQueue } from "../platform/queue/lease_queue.ts";
import type { Logger } from "../platform/http/log.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { NoAnswerInTime, postOnce, postOnceByFetch } from "./http_post.ts";
import { signPayload } from "./signing.ts";
import { checkedLookup, checkUrlShape, REFUSED_CODE, RefusedUrl, resolveChecked } from "./ssrf.ts";

/**
 * Seconds to wait after attempt n (1-based) before attempt n + 1, before jitter: about two days
 * (51 h) in all over 11 attempts. After the last one the delivery is failed.
 */
export const RETRY_SCHEDULE_SECONDS = [
  30,
  60,
  300,
  900,
  3600,
  7200,
  14400,
  28800,
  43200,
  86400,
] as const;

/** The wait after attempt `attempts`, ±20 % jitter; null when no attempt is left. */
export function nextRetrySeconds(attempts: number): number | null {
  const base = RETRY_SCHEDULE_SECONDS[attempts - 1];
  if (base === undefined) return null;
  return base * (0.8 + Math.random() * 0.4);
}

export interface ClaimedDelivery {
  id: string;
  team_id: string;
  subscription_id: string;
  event_id: string;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
  enabled: boolean;
}

/**
 * The delivery table as a queue: a delivery stays `pending` until it is delivered or failed.
 * Due: pending ones whose next attempt has come and whose lease, if any, ended (their worker
 * died). A claim returns the subscription's address and secret with it.
 */
export const deliveryQueue = new LeaseQueue<ClaimedDelivery>({
  table: "webhook_deliveries",
  held: "pending",
  due: `status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())`,
  order: "next_attempt_at",
  columns: `j.id, j.team_id, j.subscription_id, j.event_id, j.event, j.payload, j.attempts,
            s.url, s.secret, s.enabled`,
  join: { from: "webhook_subscriptions s", on: "s.id = j.subscription_id" },
});

export interface DelivererOptions {
  /** How long a receiver may take to answer (10 s; tests shorten it). */
  timeoutMs: number;
  leaseSeconds: number;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
  allowPrivate: boolean;
  /** Lifetime of the download_url minted for document.generated. */
  signedUrlSeconds: number;
  resolve?: (hostname: string) => Promise<string[]>;
  /** Extra trusted root certificates, PEM (tests' own certificate authority). */
  caCerts?: string[];
  /**
   * `node` (default): node:http connecting to exactly the addresses checkedLookup checked.
   * `fetch`: Supabase's edge runtime, which has no `lookup` option: every address is checked,
   * then fetch connects, resolving the name again (see postOnceByFetch for what that leaves).
   */
  transport?: "node" | "fetch";
}

export interface DelivererDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/** Sends one claimed delivery and records the attempt and what follows from it. */
export async function deliver(
  deps: DelivererDeps,
  options: DelivererOptions,
  workerId: string,
  delivery: ClaimedDelivery,
): Promise<void> {
  if (!delivery.enabled) {
    await deliveryQueue.settle(
      deps.db,
      delivery.id,
      workerId,
      "status = 'failed', last_error = 'The subscription is disabled'",
    );
    return;
  }
  const outcome = await send(deps, options, delivery);
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const gone = outcome.statusCode === 410;
  const wait = ok || gone ? null : nextRetrySeconds(delivery.attempts);
  const status = ok ? "delivered" : gone || wait === null ? "failed" : "pending";
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into webhook_delivery_attempts (delivery_id, team_id, status_code, latency_ms, error)
       values ($1, $2, $3, $4, $5)`,
      [delivery.id, delivery.team_id, outcome.statusCode, outcome.latencyMs, outcome.error],
    );
    // A worker whose lease ran out, and whose delivery was claimed again, only logs its attempt.
    const updated = await deliveryQueue.settle(
      tx,
      delivery.id,
      workerId,
      `status = $1, last_status_code = $2, last_error = $3, last_latency_ms = $4,
       next_attempt_at = now() + make_interval(secs => $5),
       delivered_at = case when $1 = 'delivered' then now() else delivered_at end`,
      [status, outcome.statusCode, outcome.error, outcome.latencyMs, wait ?? 0],
    );
    if (gone && updated) {
      await tx.query(
        `update webhook_subscriptions
            set enabled = false, updated_at = now(),
                disabled_reason = 'The receiver answered 410 Gone'
          where id = $1`,
        [delivery.subscription_id],
      );
    }
  });
  if (!ok) {
    deps.log.error({
      message: "webhook delivery failed",
      delivery_id: delivery.id,
      attempt: delivery.attempts,
      status_code: outcome.statusCode,
      error: outcome.error,
      next: status,
    });
  }
}

/** The body a receiver gets: `{id, event, timestamp, data}`, data with a fresh download_url. */
export async function webhookBody(
  storage: Storage,
  signedUrlSeconds: number,
  delivery: Pick<ClaimedDelivery, "event_id" | "event" | "payload">,
  now: Date,
): Promise<string> {
  const { storage_path, ...data } = delivery.payload;
  if (typeof storage_path === "string") {
    data.download_url = await storage.signedUrl(storage_path, signedUrlSeconds);
  }
  return JSON.stringify({
    id: delivery.event_id,
    event: delivery.event,
    timestamp: now.toISOString(),
    data,
  });
}

async function send(
  deps: DelivererDeps,
  options: DelivererOptions,
  delivery: ClaimedDelivery,
): Promise<Outcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    // Again at every attempt, and the name resolved at connect time by checkedLookup: what it
    // resolves to may have changed since subscribing.
    const policy = { allowPrivate: options.allowPrivate, resolve: options.resolve };
    const { url, name } = checkUrlShape(delivery.url, policy);
    const byFetch = options.transport === "fetch";
    if (byFetch && name !== null) await resolveChecked(name, policy);
    const now = new Date();
    const body = await webhookBody(deps.storage, options.signedUrlSeconds, delivery, now);
    const answer = await (byFetch ? postOnceByFetch : postOnce)(url, {
      headers: {
        "content-type": "application/json",
        "user-agent": "trade-docs-webhooks/1",
        "x-service-event-id": delivery.event_id,
        "x-service-signature": await signPayload(delivery.secret, body),
        "x-service-timestamp": String(Math.floor(now.getTime() / 1000)),
      },
      body,
      timeoutMs: options.timeoutMs,
      lookup: options.allowPrivate || byFetch ? undefined : checkedLookup(policy),
      caCerts: options.caCerts,
    });
    const latencyMs = latency();
    if (answer.status >= 300 && answer.status < 400) {
      return {
        statusCode: answer.status,
        error: `Redirect not followed (Location: ${(answer.location ?? "(none)").slice(0, 500)})`,
        latencyMs,
      };
    }
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      statusCode: answer.status,
      error: ok ? null : `The receiver answered HTTP ${answer.status}`,
      latencyMs,
    };
  } catch (error) {
    return { statusCode: null, error: failure(error).slice(0, 1000), latencyMs: latency() };
  }
}

/** What went wrong with an attempt that got no answer, for the deliveries listing. */
function failure(error: unknown): string {
  if (error instanceof RefusedUrl || (error as { code?: unknown })?.code === REFUSED_CODE) {
    return `Refused: ${(error as Error).message}`;
  }
  if (error instanceof NoAnswerInTime) return error.message;
  return `Request failed: ${error instanceof Error ? error.message : String(error)}`;
}
