import type { ServiceDeps } from "../deps.ts";
import { ClaimLoop } from "../jobs/claim_loop.ts";
import { dispatchOutbox } from "./dispatcher.ts";
import {
  claimDeliveries,
  type ClaimedDelivery,
  deliver,
  type DelivererDeps,
  type DelivererOptions,
} from "./deliverer.ts";

export interface WebhookWorkerOptions extends DelivererOptions {
  /** Deliveries sent at once. */
  concurrency: number;
  /** How often an idle worker looks for due work (retries, leases that ran out). */
  pollMs: number;
}

/**
 * Turns outbox events into deliveries and sends them. Any number of these, in any number of
 * processes, share the tables; a delivery whose worker dies is claimed again when its lease ends.
 */
export class WebhookWorker {
  readonly id = `webhooks-${crypto.randomUUID().slice(0, 8)}`;
  readonly #loop: ClaimLoop<ClaimedDelivery>;

  constructor(
    private readonly deps: DelivererDeps,
    private readonly options: WebhookWorkerOptions,
  ) {
    this.#loop = new ClaimLoop({
      claim: async (limit) => {
        while (await dispatchOutbox(deps.db) > 0) { /* until the outbox is drained */ }
        return await claimDeliveries(deps.db, {
          limit,
          leaseSeconds: options.leaseSeconds,
          workerId: this.id,
        });
      },
      process: (delivery) =>
        deliver(deps, options, this.id, delivery).catch((error) =>
          deps.log.error({
            worker: this.id,
            delivery_id: delivery.id,
            message: "webhook delivery crashed",
            error: String(error),
          })
        ),
      onClaimError: (error) =>
        deps.log.error({ worker: this.id, message: "webhook claim failed", error: String(error) }),
    }, options);
  }

  start(): void {
    this.#loop.start();
  }

  /** New events or deliveries: look now rather than at the next poll. */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops claiming and waits for the deliveries in hand to finish. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }
}

export interface RunningWebhookWorker {
  worker: WebhookWorker;
  stop(): Promise<void>;
}

/**
 * Starts a webhook worker for this process. It wakes on every outbox write and resend, in any
 * process (LISTEN outbox_events, notified by a trigger at commit), and polls every 500 ms for
 * retries that fall due.
 */
export async function startWebhookWorker(deps: ServiceDeps): Promise<RunningWebhookWorker> {
  const worker = new WebhookWorker(
    { db: deps.db, storage: deps.storage, log: deps.log },
    {
      concurrency: 16,
      pollMs: 500,
      timeoutMs: 10_000,
      leaseSeconds: 60,
      allowPrivate: deps.config.webhookAllowPrivateNetworks,
      signedUrlSeconds: deps.config.signedUrlSeconds,
    },
  );
  const unlisten = await deps.db.listen("outbox_events", () => worker.kick());
  worker.start();
  return {
    worker,
    async stop() {
      await unlisten();
      await worker.stop();
    },
  };
}
