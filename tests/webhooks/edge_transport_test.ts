/**
 * Webhook delivery on Supabase's edge runtime, whose node:http has no `lookup` option: every
 * address of the host is resolved and checked, then fetch connects (transport "fetch").
 */
import { assert, equal, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, testService } from "../support/service.ts";
import { deliveryOf, emit, receiver, runWorkerUntil, subscribe, webhookWorker } from "./support.ts";

serviceTest(`edge transport: delivered by fetch, signed (${testDbKind()})`, async () => {
  const svc = await testService({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } });
  const team = await svc.newTeam();
  const hook = receiver();
  const sub = await subscribe(svc, team, hook.url, ["document.failed"]);
  const eventId = await emit(svc, team);
  const worker = webhookWorker(svc, { transport: "fetch" });
  await runWorkerUntil(
    worker,
    "the delivery",
    async () => (await deliveryOf(svc, sub.id, eventId))?.status === "delivered",
    [hook],
  );
  equal(hook.received.length, 1);
  equal(hook.received[0]!.headers.get("x-service-event-id"), eventId);
  match(hook.received[0]!.headers.get("x-service-signature") ?? "", /\S/);
  equal(JSON.parse(hook.received[0]!.body).id, eventId);
});

serviceTest(`edge transport: a redirect is not followed (${testDbKind()})`, async () => {
  const svc = await testService({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } });
  const team = await svc.newTeam();
  const target = receiver();
  const hook = receiver(() =>
    new Response(null, { status: 302, headers: { location: target.url } })
  );
  const sub = await subscribe(svc, team, hook.url, ["document.failed"]);
  const eventId = await emit(svc, team);
  await runWorkerUntil(
    webhookWorker(svc, { transport: "fetch" }),
    "the redirected attempt",
    async () => (await deliveryOf(svc, sub.id, eventId))?.last_status_code === 302,
    [hook, target],
  );
  match((await deliveryOf(svc, sub.id, eventId))!.last_error!, /^Redirect not followed/);
  equal(target.received.length, 0);
});

serviceTest(
  `edge transport: a name resolving inside is refused before connecting (${testDbKind()})`,
  async () => {
    const svc = await testService();
    const team = await svc.newTeam();
    const inside = receiver();
    const port = new URL(inside.url).port;
    const [sub] = await svc.db.query<{ id: string }>(
      `insert into webhook_subscriptions (team_id, url, events, secret)
       values ($1, $2, '{document.failed}', 'whsec_test') returning id`,
      [team.teamId, `https://hooks.test:${port}/hooks`],
    );
    const eventId = await emit(svc, team);
    let lookups = 0;
    const worker = webhookWorker(svc, {
      transport: "fetch",
      resolve: () => {
        lookups++;
        // A global address first (only checked: the edge transport's fetch resolves the name
        // itself, so nothing ever connects to it), then the loopback one that must be refused.
        return Promise.resolve(["8.8.8.8", "127.0.0.1"]);
      },
    });
    await runWorkerUntil(
      worker,
      "the refused attempt",
      async () => (await deliveryOf(svc, sub!.id, eventId))?.last_error != null,
      [inside],
    );
    const delivery = await deliveryOf(svc, sub!.id, eventId);
    equal(delivery!.last_status_code, null);
    // Every address is checked, not only the first.
    match(delivery!.last_error!, /^Refused: url host hooks\.test resolves to a loopback/);
    assert(lookups >= 1);
    equal(inside.received.length, 0);
  },
);
