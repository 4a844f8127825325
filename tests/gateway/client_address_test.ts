import { expectError, expectJson } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";

const HASH = "ab".repeat(32);

/** verify-hash (public, limited per address) from the proxy at 10.0.0.2, with an XFF header. */
function viaProxy(svc: Awaited<ReturnType<typeof testService>>, headers: Record<string, string>) {
  return svc.gateway.fetch(
    new Request(`http://service.test/functions/v1/verify-hash/${HASH}`, { headers }),
    { remoteAddr: "10.0.0.2" },
  );
}

serviceTest(
  "client address behind one trusted proxy: the right-most forwarded entry",
  async (t) => {
    const svc = await testService({
      env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "2", TRUSTED_PROXY_HOPS: "1" },
    });

    await t.step("spoofed left-most entries do not escape the per-address limit", async () => {
      for (let i = 0; i < 2; i++) {
        await expectJson(
          await viaProxy(svc, { "x-forwarded-for": `1.2.3.${i}, 203.0.113.5` }),
          404,
        );
      }
      const limited = await viaProxy(svc, { "x-forwarded-for": "9.9.9.9, 203.0.113.5" });
      await expectError(limited, 429, "SVC_RATE_LIMIT");
    });

    await t.step("another client behind the same proxy is its own address", async () => {
      await expectJson(await viaProxy(svc, { "x-forwarded-for": "203.0.113.6" }), 404);
    });
  },
);

serviceTest("client address: two trusted hops, and an edge-set header", async (t) => {
  await t.step("with two hops the second entry from the right is the client", async () => {
    const svc = await testService({
      env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "1", TRUSTED_PROXY_HOPS: "2" },
    });
    await expectJson(
      await viaProxy(svc, { "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.9" }),
      404,
    );
    await expectError(
      await viaProxy(svc, { "x-forwarded-for": "7.7.7.7, 203.0.113.7, 10.0.0.9" }),
      429,
      "SVC_RATE_LIMIT",
    );
  });

  await t.step("CLIENT_IP_HEADER wins over X-Forwarded-For", async () => {
    const svc = await testService({
      env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "1", CLIENT_IP_HEADER: "CF-Connecting-IP" },
    });
    await expectJson(
      await viaProxy(svc, { "cf-connecting-ip": "203.0.113.8", "x-forwarded-for": "1.1.1.1" }),
      404,
    );
    await expectError(
      await viaProxy(svc, { "cf-connecting-ip": "203.0.113.8", "x-forwarded-for": "2.2.2.2" }),
      429,
      "SVC_RATE_LIMIT",
    );
  });

  await t.step("without trusted proxies X-Forwarded-For is ignored", async () => {
    const svc = await testService({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "1" } });
    await expectJson(await viaProxy(svc, { "x-forwarded-for": "3.3.3.3" }), 404);
    await expectError(
      await viaProxy(svc, { "x-forwarded-for": "4.4.4.4" }),
      429,
      "SVC_RATE_LIMIT",
    );
  });
});
