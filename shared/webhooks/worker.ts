import type { ServiceDeps } from "../deps.ts";
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
  #running = false;
  #inFlight = new Set<Promise<void>>();
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly deps: DelivererDeps,
    private readonly options: WebhookWorkerOptions,
  ) {}

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** New events or deliveries: look now rather than at the next poll. */
  kick(): void {
    this.#wake?.();
  }

  /** Stops claiming and waits for the deliveries in hand to finish. */
  async stop(): Promise<void> {
    this.#running = false;
    this.kick();
    await this.#loop;
    await Promise.all(this.#inFlight);
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let claimed: ClaimedDelivery[] = [];
      try {
        while (await dispatchOutbox(this.deps.db) > 0) { /* until the outbox is drained */ }
        const free = this.options.concurrency - this.#inFlight.size;
        if (free > 0) {
          claimed = await claimDeliveries(this.deps.db, {
            limit: free,
            leaseSeconds: this.options.leaseSeconds,
            workerId: this.id,
          });
        }
      } catch (error) {
        this.deps.log.error({
          worker: this.id,
          message: "webhook claim failed",
          error: String(error),
        });
      }
      for (const delivery of claimed) {
        const task = deliver(this.deps, this.options, this.id, delivery)
          .catch((error) =>
            this.deps.log.error({
              worker: this.id,
              delivery_id: delivery.id,
              message: "webhook delivery crashed",
              error: String(error),
            })
          )
          .finally(() => {
            this.#inFlight.delete(task);
            this.kick();
          });
        this.#inFlight.add(task);
      }
      if (claimed.length === 0 || this.#inFlight.size >= this.options.concurrency) {
        await this.#sleep(this.options.pollMs);
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      this.#wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
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
