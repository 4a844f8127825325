import { assert, equal, expectJson } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, TEST_KEYS, testService } from "../support/service.ts";
import { deliveryOf, emit, receiver, subscribe } from "./support.ts";

serviceTest(`the worker function sends due webhook deliveries (${testDbKind()})`, async () => {
  const svc = await testService({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } });
  const team = await svc.newTeam();
  const hook = receiver();
  try {
    const sub = await subscribe(svc, team, hook.url, ["document.failed"]);
    const eventIds = [await emit(svc, team), await emit(svc, team)];
    const drained = await expectJson<{ processed: number }>(
      await svc.fetch("/functions/v1/worker", {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_KEYS.serviceRoleKey}`,
          apikey: TEST_KEYS.anonKey,
        },
      }),
      200,
    );
    assert(drained.processed >= 2, `processed ${drained.processed}`);
    // Delivered within the request: the scheduled function is all there is on Supabase.
    for (const eventId of eventIds) {
      equal((await deliveryOf(svc, sub.id, eventId))?.status, "delivered");
    }
    equal(hook.received.length, 2);
    const received = hook.received.map((r) => r.headers.get("x-service-event-id")).sort();
    equal(JSON.stringify(received), JSON.stringify([...eventIds].sort()));
  } finally {
    await hook.close();
  }
});
