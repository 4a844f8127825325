import { recordEvent } from "../../shared/platform/events/outbox.ts";
import { WebhookWorker, type WebhookWorkerOptions } from "../../shared/webhooks/worker.ts";
import { expectJson } from "../support/assert.ts";
import type { TestService, TestTeam } from "../support/service.ts";

export interface Received {
  headers: Headers;
  body: string;
  at: number;
}

/** A webhook receiver on a loopback port that records every request and answers as told. */
export function receiver(
  answer: (n: number, req: Received) => Promise<Response> | Response = () => new Response("ok"),
) {
  const received: Received[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const entry = { headers: req.headers, body: await req.text(), at: Date.now() };
    received.push(entry);
    return await answer(received.length, entry);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/hooks`,
    received,
    close: () => server.shutdown(),
  };
}

export function webhookWorker(
  svc: TestService,
  options: Partial<
    Pick<WebhookWorkerOptions, "timeoutMs" | "resolve" | "caCerts" | "transport">
  > = {},
) {
  return new WebhookWorker(
    { db: svc.db, storage: svc.deps.storage, log: svc.deps.log },
    {
      concurrency: 8,
      pollMs: 50,
      timeoutMs: 5_000,
      leaseSeconds: 30,
      allowPrivate: svc.deps.config.webhookAllowPrivateNetworks,
      signedUrlSeconds: svc.deps.config.signedUrlSeconds,
      ...options,
    },
  );
}

export function api(svc: TestService, team: TestTeam, path: string, init: {
  method?: string;
  body?: unknown;
} = {}): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${team.apiKey}` };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return svc.fetch(`/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
}

export interface CreatedSubscription {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
}

export async function subscribe(
  svc: TestService,
  team: TestTeam,
  url: string,
  events = ["document.generated", "document.failed"],
): Promise<CreatedSubscription> {
  return await expectJson<CreatedSubscription>(
    await api(svc, team, "/webhooks", { body: { url, events } }),
    201,
  );
}

/** Writes a document.failed event for the team, as the document worker would. */
export async function emit(svc: TestService, team: TestTeam, jobId = crypto.randomUUID()) {
  await svc.db.transaction((tx) =>
    recordEvent(tx, team.teamId, "document.failed", {
      job_id: jobId,
      shipment_id: null,
      document_type: "PACKING_LIST",
      status: "failed",
      error_message: "Rendering failed: test",
    })
  );
  const [row] = await svc.db.query<{ id: string }>(
    "select id from outbox_events where team_id = $1 and payload ->> 'job_id' = $2",
    [team.teamId, jobId],
  );
  return row!.id;
}

export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function deliveryOf(svc: TestService, subscriptionId: string, eventId: string) {
  const [row] = await svc.db.query<{
    id: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
  }>(
    `select id, status, attempts, last_status_code, last_error from webhook_deliveries
      where subscription_id = $1 and event_id = $2`,
    [subscriptionId, eventId],
  );
  return row;
}

/** Makes the subscription's pending deliveries due now (instead of after the backoff). */
export async function makeDue(svc: TestService, subscriptionId: string) {
  await svc.db.query(
    "update webhook_deliveries set next_attempt_at = now() where subscription_id = $1 and status = 'pending'",
    [subscriptionId],
  );
}

/** Waits until the delivery of `eventId` to a subscription has `status`. */
export function untilStatus(
  svc: TestService,
  subscriptionId: string,
  eventId: string,
  status: "delivered" | "failed" | "pending",
): Promise<void> {
  return waitUntil(
    status,
    async () => (await deliveryOf(svc, subscriptionId, eventId))?.status === status,
  );
}

/** Runs `worker` until `check` holds, then stops it and closes the loopback `servers`. */
export async function runWorkerUntil(
  worker: WebhookWorker,
  what: string,
  check: () => Promise<boolean> | boolean,
  servers: { close(): Promise<void> }[],
): Promise<void> {
  worker.start();
  try {
    await waitUntil(what, check);
  } finally {
    await worker.stop();
    for (const server of servers) await server.close();
  }
}
