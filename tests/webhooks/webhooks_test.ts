import type { Principal } from "../../shared/platform/auth/principal.ts";
import { enqueueGeneration } from "../../shared/documents/generation/enqueue.ts";
import { DocumentWorker } from "../../shared/documents/jobs/worker.ts";
import { createRenderer } from "../../shared/documents/pdf/documents.ts";
import { sha256Hex, toHex } from "../../shared/platform/util/crypto.ts";
import { deliveryQueue } from "../../shared/webhooks/deliverer.ts";
import { dispatchOutbox } from "../../shared/webhooks/dispatcher.ts";
import { hazardousShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, type TestService, testService } from "../support/service.ts";
import {
  api,
  deliveryOf,
  emit,
  makeDue,
  receiver,
  subscribe,
  untilStatus,
  waitUntil,
  webhookWorker,
} from "./support.ts";

const ALLOW = { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } };

/** The receiver's side: HMAC-SHA256 of the raw body, computed here independently. */
async function expectedSignature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return `sha256=${toHex(new Uint8Array(mac))}`;
}

/** The subscription's delivery has `attempts` recorded attempts and no worker holds it. */
async function settled(svc: TestService, subscriptionId: string, attempts: number) {
  const [row] = await svc.db.query<{ n: number; locked: boolean }>(
    `select (select count(*)::int from webhook_delivery_attempts a where a.delivery_id = d.id) as n,
            d.locked_until is not null as locked
       from webhook_deliveries d where d.subscription_id = $1`,
    [subscriptionId],
  );
  return row?.n === attempts && !row.locked;
}

interface DeliveryView {
  id: string;
  event_id: string;
  status: string;
  attempts: { status_code: number | null; latency_ms: number; error: string | null }[];
}

serviceTest(`webhooks: delivery (${testDbKind()})`, async (t) => {
  const svc = await testService(ALLOW);
  const team = await svc.newTeam();

  await t.step("a loopback receiver gets a signed {id, event, timestamp, data}", async () => {
    const hook = receiver();
    const sub = await subscribe(svc, team, hook.url);
    match(sub.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc);
    worker.start();
    try {
      await waitUntil("the delivery", () => hook.received.length === 1);
      await untilStatus(svc, sub.id, eventId, "delivered");
    } finally {
      await worker.stop();
      await hook.close();
    }
    const [req] = hook.received;
    equal(req!.headers.get("content-type"), "application/json");
    equal(req!.headers.get("x-service-event-id"), eventId);
    equal(req!.headers.get("x-service-signature"), await expectedSignature(sub.secret, req!.body));
    const ts = Number(req!.headers.get("x-service-timestamp"));
    assert(Number.isInteger(ts) && Math.abs(Date.now() / 1000 - ts) < 30, String(ts));
    const body = JSON.parse(req!.body);
    assertEquals(Object.keys(body).sort(), ["data", "event", "id", "timestamp"]);
    equal(body.id, eventId);
    equal(body.event, "document.failed");
    equal(Math.floor(Date.parse(body.timestamp) / 1000), ts);
    assertEquals(Object.keys(body.data).sort(), [
      "document_type",
      "error_message",
      "job_id",
      "shipment_id",
      "status",
    ]);
  });

  await t.step("a failing receiver is retried with the same event id; resend", async () => {
    const hook = receiver((n) => new Response("nope", { status: n <= 2 ? 500 : 200 }));
    const sub = await subscribe(svc, team, hook.url);
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc);
    worker.start();
    try {
      await waitUntil(
        "first attempt",
        async () => (await deliveryOf(svc, sub.id, eventId))?.last_status_code === 500,
      );
      // The next attempt waits 30 s ± 20 %.
      const [due] = await svc.db.query<{ wait: number }>(
        `select extract(epoch from next_attempt_at - now())::float8 as wait
           from webhook_deliveries where subscription_id = $1`,
        [sub.id],
      );
      assert(due!.wait > 20 && due!.wait <= 36, String(due!.wait));
      for (const n of [2, 3]) {
        await waitUntil(`attempt ${n - 1} recorded`, () => settled(svc, sub.id, n - 1));
        await makeDue(svc, sub.id);
        worker.kick();
        await waitUntil(`attempt ${n}`, () => hook.received.length === n);
      }
      await untilStatus(svc, sub.id, eventId, "delivered");

      const listed = await expectJson<{ deliveries: DeliveryView[] }>(
        await api(svc, team, `/webhooks/${sub.id}/deliveries`),
        200,
      );
      equal(listed.deliveries.length, 1);
      const delivery = listed.deliveries[0]!;
      equal(delivery.event_id, eventId);
      equal(delivery.status, "delivered");
      assertEquals(delivery.attempts.map((a) => a.status_code), [500, 500, 200]);
      assert(delivery.attempts.every((a) => Number.isInteger(a.latency_ms) && a.latency_ms >= 0));
      equal(delivery.attempts[0]!.error, "The receiver answered HTTP 500");

      const resent = await expectJson<DeliveryView>(
        await api(svc, team, `/webhooks/${sub.id}/deliveries/${delivery.id}/resend`, {
          method: "POST",
        }),
        202,
      );
      equal(resent.status, "pending");
      await waitUntil("the resend", () => hook.received.length === 4);
      await waitUntil(
        "delivered again",
        async () => (await deliveryOf(svc, sub.id, eventId))?.status === "delivered",
      );
    } finally {
      await worker.stop();
      await hook.close();
    }
    assertEquals(
      hook.received.map((r) => r.headers.get("x-service-event-id")),
      [eventId, eventId, eventId, eventId],
    );
    assertEquals(new Set(hook.received.map((r) => JSON.parse(r.body).id)), new Set([eventId]));
    const listed = await expectJson<{ deliveries: DeliveryView[] }>(
      await api(svc, team, `/webhooks/${sub.id}/deliveries`),
      200,
    );
    assertEquals(listed.deliveries[0]!.attempts.map((a) => a.status_code), [500, 500, 200, 200]);
  });

  await t.step("a receiver that does not answer in time is retried", async () => {
    const hook = receiver(async (n) => {
      if (n === 1) await new Promise((r) => setTimeout(r, 1500));
      return new Response("ok");
    });
    const sub = await subscribe(svc, team, hook.url);
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc, { timeoutMs: 300 });
    worker.start();
    try {
      await waitUntil(
        "the timed-out attempt",
        async () =>
          (await deliveryOf(svc, sub.id, eventId))?.last_error?.startsWith("No answer") ?? false,
      );
      const [attempt] = await svc.db.query<{ status_code: number | null; latency_ms: number }>(
        `select a.status_code, a.latency_ms from webhook_delivery_attempts a
           join webhook_deliveries d on d.id = a.delivery_id where d.subscription_id = $1`,
        [sub.id],
      );
      equal(attempt!.status_code, null);
      assert(attempt!.latency_ms >= 250 && attempt!.latency_ms < 1400, String(attempt!.latency_ms));
      await makeDue(svc, sub.id);
      worker.kick();
      await untilStatus(svc, sub.id, eventId, "delivered");
    } finally {
      await worker.stop();
      await hook.close();
    }
    equal(hook.received.length, 2);
  });

  await t.step("a delivery whose worker died is delivered by another after the lease", async () => {
    const hook = receiver();
    const sub = await subscribe(svc, team, hook.url);
    const eventId = await emit(svc, team);
    while (await dispatchOutbox(svc.db) > 0) { /* fan out */ }
    const claimed = await deliveryQueue.claim(svc.db, {
      limit: 100,
      leaseSeconds: 1,
      workerId: "dead-worker",
    });
    assert(claimed.some((d) => d.event_id === eventId && d.subscription_id === sub.id));
    const worker = webhookWorker(svc);
    worker.start();
    try {
      await untilStatus(svc, sub.id, eventId, "delivered");
    } finally {
      await worker.stop();
      await hook.close();
    }
    equal(hook.received.length, 1);
    equal((await deliveryOf(svc, sub.id, eventId))!.attempts, 2);
  });

  await t.step("410 Gone disables the subscription and fails the delivery", async () => {
    const hook = receiver(() => new Response("gone", { status: 410 }));
    const sub = await subscribe(svc, team, hook.url);
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc);
    worker.start();
    try {
      await untilStatus(svc, sub.id, eventId, "failed");
      const after = await emit(svc, team);
      await waitUntil("dispatch", async () => {
        const [row] = await svc.db.query<{ done: boolean }>(
          "select dispatched_at is not null as done from outbox_events where id = $1",
          [after],
        );
        return row!.done;
      });
      equal(await deliveryOf(svc, sub.id, after), undefined);
    } finally {
      await worker.stop();
      await hook.close();
    }
    equal(hook.received.length, 1);
    const view = await expectJson<{ enabled: boolean; disabled_reason: string }>(
      await api(svc, team, `/webhooks/${sub.id}`),
      200,
    );
    equal(view.enabled, false);
    match(view.disabled_reason, /410/);
    const enabled = await expectJson<{ enabled: boolean; disabled_reason: string | null }>(
      await api(svc, team, `/webhooks/${sub.id}`, { method: "PATCH", body: { enabled: true } }),
      200,
    );
    assertEquals(enabled, { ...enabled, enabled: true, disabled_reason: null });
    await api(svc, team, `/webhooks/${sub.id}`, { method: "DELETE" });
  });

  await t.step("a redirect is not followed: the attempt fails", async () => {
    const inside = receiver();
    const hook = receiver(() =>
      new Response(null, { status: 302, headers: { location: inside.url } })
    );
    const sub = await subscribe(svc, team, hook.url);
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc);
    worker.start();
    try {
      await waitUntil(
        "the attempt",
        async () => (await deliveryOf(svc, sub.id, eventId))?.last_status_code === 302,
      );
    } finally {
      await worker.stop();
      await hook.close();
      await inside.close();
    }
    const delivery = await deliveryOf(svc, sub.id, eventId);
    equal(delivery!.status, "pending");
    match(delivery!.last_error!, /^Redirect not followed \(Location: http:\/\/127\.0\.0\.1:/);
    equal(inside.received.length, 0);
    equal(
      (await api(svc, team, `/webhooks/${sub.id}`, { method: "DELETE" })).status,
      204,
    );
  });

  await t.step(
    "document.generated from the generation flow, with download_url and hash",
    async () => {
      const hook = receiver();
      const sub = await subscribe(svc, team, hook.url, ["document.generated"]);
      const principal: Principal = { teamId: team.teamId, actor: "test", credentialId: "test" };
      const { jobs } = await enqueueGeneration(svc.db, principal, {
        shipment: hazardousShipment() as unknown as Record<string, unknown>,
        documentTypes: ["COMMERCIAL_INVOICE"],
        shipmentId: undefined,
        finalDoc: false,
        validationHash: undefined,
        previousShipmentData: undefined,
        fallbackRef: "WEBHOOK-TEST",
      });
      const renderer = createRenderer(0);
      const documents = new DocumentWorker(
        {
          db: svc.db,
          storage: svc.deps.storage,
          renderer,
          log: svc.deps.log,
          signer: svc.deps.signer,
        },
        {
          concurrency: 2,
          leaseSeconds: 30,
          pollMs: 50,
          verifyUrl: svc.deps.config.publicVerifyUrl,
        },
      );
      const worker = webhookWorker(svc);
      const unlisten = await svc.db.listen("outbox_events", () => worker.kick());
      documents.start();
      worker.start();
      try {
        await waitUntil("document.generated", () => hook.received.length === 1, 30_000);
      } finally {
        await documents.stop();
        await worker.stop();
        await unlisten();
        await hook.close();
        renderer.close?.();
      }
      const req = hook.received[0]!;
      equal(req.headers.get("x-service-signature"), await expectedSignature(sub.secret, req.body));
      const body = JSON.parse(req.body);
      equal(body.event, "document.generated");
      const data = body.data as Record<string, string>;
      assertEquals(Object.keys(data).sort(), [
        "document_type",
        "download_url",
        "hash",
        "job_id",
        "shipment_id",
        "status",
      ]);
      equal(data.job_id, jobs[0]!.jobId);
      equal(data.status, "completed");
      equal(data.document_type, "COMMERCIAL_INVOICE");
      match(data.hash!, /^sha256:[0-9a-f]{64}$/);
      const download = new URL(data.download_url!);
      const pdf = await svc.fetch(download.pathname + download.search);
      equal(pdf.status, 200);
      equal(`sha256:${await sha256Hex(new Uint8Array(await pdf.arrayBuffer()))}`, data.hash);
    },
  );
});

serviceTest(`webhooks: subscriptions API (${testDbKind()})`, async (t) => {
  const svc = await testService(ALLOW);
  const team = await svc.newTeam();
  const other = await svc.newTeam();

  await t.step("the secret is shown at creation and rotation only", async () => {
    const sub = await subscribe(svc, team, "https://hooks.example.com/a");
    assertEquals(Object.keys(sub).sort(), ["enabled", "events", "id", "secret", "url"]);
    const got = await expectJson<Record<string, unknown>>(
      await api(svc, team, `/webhooks/${sub.id}`),
      200,
    );
    equal("secret" in got, false);
    equal(got.url, "https://hooks.example.com/a");
    const list = await expectJson<{ webhooks: Record<string, unknown>[] }>(
      await api(svc, team, "/webhooks"),
      200,
    );
    assertEquals(list.webhooks.map((w) => w.id), [sub.id]);
    assert(list.webhooks.every((w) => !("secret" in w)));
    const rotated = await expectJson<{ id: string; secret: string }>(
      await api(svc, team, `/webhooks/${sub.id}/rotate-secret`, { method: "POST" }),
      200,
    );
    equal(rotated.id, sub.id);
    match(rotated.secret, /^whsec_/);
    assert(rotated.secret !== sub.secret);
    const patched = await expectJson<Record<string, unknown>>(
      await api(svc, team, `/webhooks/${sub.id}`, {
        method: "PATCH",
        body: { events: ["document.generated"], enabled: false },
      }),
      200,
    );
    assertEquals(patched.events, ["document.generated"]);
    equal(patched.enabled, false);
    equal("secret" in patched, false);
  });

  await t.step("invalid subscriptions are 400 SVC_HOOK_001", async () => {
    for (
      const body of [
        { url: "https://hooks.example.com", events: ["shipment.validated"] },
        { url: "https://hooks.example.com", events: [] },
        { url: "not a url", events: ["document.generated"] },
        { url: "ftp://hooks.example.com", events: ["document.generated"] },
        { events: ["document.generated"] },
      ]
    ) {
      await expectError(await api(svc, team, "/webhooks", { body }), 400, "SVC_HOOK_001");
    }
  });

  await t.step("another team's subscriptions and deliveries are 404 SVC_HOOK_002", async () => {
    const hook = receiver();
    const sub = await subscribe(svc, team, hook.url);
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc);
    worker.start();
    try {
      await untilStatus(svc, sub.id, eventId, "delivered");
    } finally {
      await worker.stop();
      await hook.close();
    }
    const delivery = (await deliveryOf(svc, sub.id, eventId))!;
    const mine = await subscribe(svc, other, "https://hooks.example.com/b");
    const attempts: [string, string, unknown?][] = [
      ["GET", `/webhooks/${sub.id}`],
      ["PATCH", `/webhooks/${sub.id}`, { enabled: false }],
      ["DELETE", `/webhooks/${sub.id}`],
      ["POST", `/webhooks/${sub.id}/rotate-secret`],
      ["GET", `/webhooks/${sub.id}/deliveries`],
      ["POST", `/webhooks/${sub.id}/deliveries/${delivery.id}/resend`],
      ["POST", `/webhooks/${mine.id}/deliveries/${delivery.id}/resend`],
      ["GET", `/webhooks/not-a-uuid`],
    ];
    for (const [method, path, body] of attempts) {
      await expectError(await api(svc, other, path, { method, body }), 404, "SVC_HOOK_002");
    }
    const list = await expectJson<{ webhooks: { id: string }[] }>(
      await api(svc, other, "/webhooks"),
      200,
    );
    assertEquals(list.webhooks.map((w) => w.id), [mine.id]);
    equal((await api(svc, team, `/webhooks/${sub.id}`)).status, 200);
    equal((await api(svc, team, `/webhooks/${sub.id}`, { method: "DELETE" })).status, 204);
    await expectError(await api(svc, team, `/webhooks/${sub.id}`), 404, "SVC_HOOK_002");
  });
});

serviceTest(`webhooks: private addresses are refused (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();

  await t.step("at subscription time", async () => {
    for (
      const url of [
        "https://127.0.0.1/hooks",
        "https://10.0.0.1/hooks",
        "https://172.16.5.4/hooks",
        "https://192.168.1.1/hooks",
        "https://169.254.169.254/latest/meta-data/",
        "https://0.0.0.0/hooks",
        "https://[::1]/hooks",
        "https://[fd00::1]/hooks",
        "https://[fe80::1]/hooks",
        "https://[::ffff:127.0.0.1]/hooks",
        "https://localhost/hooks",
        "https://api.localhost/hooks",
        "http://hooks.example.com/plain-http",
      ]
    ) {
      const error = await expectError(
        await api(svc, team, "/webhooks", { body: { url, events: ["document.generated"] } }),
        400,
        "SVC_HOOK_001",
      );
      assert(/loopback|private|link-local|unspecified|https/.test(error.message), error.message);
    }
  });
});
