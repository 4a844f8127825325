import type { StorageDeps } from "../platform/storage/create.ts";
import { QueueWorker } from "../platform/queue/claim_loop.ts";
import { runListening, type RunningQueueWorker } from "../platform/queue/listening.ts";
import { dispatchOutbox } from "./dispatcher.ts";
import {
  type ClaimedDelivery,
  deliver,
  type DelivererDeps,
  type DelivererOptions,
  deliveryQueue,
} from "./deliverer.ts";

export interface WebhookWorkerOptions extends DelivererOptions {
  /** Deliveries sent at once. */
  concurrency: number;
  /** How often an idle worker looks for due work (retries, leases that ran out). */
  pollMs: number;
}

/**
 * A drain claims no more deliveries when less than a delivery's timeout and this margin is left
 * before its deadline, so a delivery it started always ends (answered or timed out) in time.
 */
const DRAIN_MARGIN_MS = 1_000;

/**
 * Turns outbox events into deliveries and sends them. Any number of these, in any number of
 * processes, share the tables; a delivery whose worker dies is claimed again when its lease ends.
 */
export class WebhookWorker extends QueueWorker<ClaimedDelivery> {
  readonly id = `webhooks-${crypto.randomUUID().slice(0, 8)}`;

  constructor(
    private readonly deps: DelivererDeps,
    private readonly options: WebhookWorkerOptions,
  ) {
    super(options, deps.log, "webhook claim failed");
  }

  /**
   * Fans out new events and sends the due deliveries until none is left or the deadline nears
   * (the edge functions, which have no worker running between requests).
   */
  drain(deadline: number): Promise<number> {
    return this.drainWhile(() => Date.now() + this.options.timeoutMs + DRAIN_MARGIN_MS < deadline);
  }

  protected async claim(limit: number): Promise<ClaimedDelivery[]> {
    while (await dispatchOutbox(this.deps.db) > 0) { /* until the outbox is drained */ }
    return await deliveryQueue.claim(this.deps.db, {
      limit,
      leaseSeconds: this.options.leaseSeconds,
      workerId: this.id,
    });
  }

  protected process(delivery: ClaimedDelivery): Promise<void> {
    return deliver(this.deps, this.options, this.id, delivery).catch((error) =>
      this.deps.log.error({
        worker: this.id,
        delivery_id: delivery.id,
        message: "webhook delivery crashed",
        error: String(error),
      })
    );
  }
}

/** Deliveries an edge function sends at once (it has one isolate, and other work to do). */
export const EDGE_WEBHOOK_CONCURRENCY = 8;

/** A webhook worker with the service's settings (10 s timeout, 60 s lease). */
export function serviceWebhookWorker(deps: StorageDeps, concurrency = 16): WebhookWorker {
  return new WebhookWorker(
    { db: deps.db, storage: deps.storage, log: deps.log },
    {
      concurrency,
      pollMs: 500,
      timeoutMs: 10_000,
      leaseSeconds: 60,
      allowPrivate: deps.config.webhookAllowPrivateNetworks,
      signedUrlSeconds: deps.config.signedUrlSeconds,
      transport: deps.config.runtime === "edge" ? "fetch" : "node",
    },
  );
}

export type RunningWebhookWorker = RunningQueueWorker<WebhookWorker>;

/**
 * Starts a webhook worker for this process. It wakes on every outbox write and resend, in any
 * process (LISTEN outbox_events, notified by a trigger at commit), and polls every 500 ms for
 * retries that fall due.
 */
export function startWebhookWorker(deps: StorageDeps): Promise<RunningWebhookWorker> {
  return runListening(deps.db, "outbox_events", serviceWebhookWorker(deps));
}
