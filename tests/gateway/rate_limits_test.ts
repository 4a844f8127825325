import { assert, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, testService } from "../support/service.ts";

serviceTest("per-team limits by tier, shared by all of a team's keys", async (t) => {
  const svc = await testService({ env: { TEAM_RATE_LIMITS: "free=3,starter=5" } });
  const free = await svc.newTeam("free");
  const second = await expectJson<{ api_key: string }>(
    await svc.admin(`/teams/${free.teamId}/api-keys`, { method: "POST", body: {} }),
    201,
  );
  const list = (apiKey: string) =>
    svc.fetch("/functions/v1/get-shipment?status=created", {
      headers: { authorization: `Bearer ${apiKey}`, apikey: TEST_KEYS.anonKey },
    });

  await t.step("answers carry RateLimit and RateLimit-Policy", async () => {
    const res = await list(free.apiKey);
    await expectJson(res, 200);
    equal(res.headers.get("ratelimit-policy"), '"team";q=3;w=60');
    match(String(res.headers.get("ratelimit")), /^"team";r=2;t=\d+$/);
  });

  await t.step("a second key of the same team draws on the same budget", async () => {
    await expectJson(await list(second.api_key), 200);
    await expectJson(await list(free.apiKey), 200);
    const limited = await list(second.api_key);
    const retryAfter = Number(limited.headers.get("retry-after"));
    match(String(limited.headers.get("ratelimit")), /^"team";r=0;t=\d+$/);
    await expectError(limited, 429, "SVC_RATE_LIMIT");
    assert(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  });

  await t.step("a team of a higher tier has its own, larger budget", async () => {
    const starter = await svc.newTeam("starter");
    for (let i = 0; i < 5; i++) await expectJson(await list(starter.apiKey), 200);
    await expectError(await list(starter.apiKey), 429, "SVC_RATE_LIMIT");
  });
});

serviceTest("failed authentications are limited per address", async (t) => {
  const svc = await testService({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: "3" } });
  const team = await svc.newTeam();
  const from = (remoteAddr: string, apiKey: string) =>
    svc.gateway.fetch(
      new Request("http://service.test/functions/v1/get-shipment?status=created", {
        headers: { authorization: `Bearer ${apiKey}`, apikey: TEST_KEYS.anonKey },
      }),
      { remoteAddr },
    );

  await t.step("three wrong keys are 401, the fourth attempt 429 before any lookup", async () => {
    for (let i = 0; i < 3; i++) {
      await expectError(await from("203.0.113.20", `wrong-${i}`), 401, "SVC_AUTH_001");
    }
    await expectError(await from("203.0.113.20", "wrong-4"), 429, "SVC_RATE_LIMIT");
    await expectError(await from("203.0.113.20", team.apiKey), 429, "SVC_RATE_LIMIT");
  });

  await t.step("another address, and successful calls, are not counted", async () => {
    for (let i = 0; i < 5; i++) await expectJson(await from("203.0.113.21", team.apiKey), 200);
  });

  await t.step("wrong service role keys count too", async () => {
    const admin = (key: string) =>
      svc.gateway.fetch(
        new Request(`http://service.test/api/v1/admin/teams/${team.teamId}`, {
          headers: { authorization: `Bearer ${key}` },
        }),
        { remoteAddr: "203.0.113.22" },
      );
    for (let i = 0; i < 3; i++) await expectError(await admin("nope"), 403, "SVC_AUTH_003");
    await expectError(await admin(TEST_KEYS.serviceRoleKey), 429, "SVC_RATE_LIMIT");
    await expectJson(
      await svc.gateway.fetch(
        new Request(`http://service.test/api/v1/admin/teams/${team.teamId}`, {
          headers: { authorization: `Bearer ${TEST_KEYS.serviceRoleKey}` },
        }),
        { remoteAddr: "203.0.113.23" },
      ),
      200,
    );
  });
});
