import { assertEquals, expectError } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, testService } from "../support/service.ts";

serviceTest("a known path with a wrong method answers 405 with Allow", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const functionHeaders = { authorization: `Bearer ${team.apiKey}`, apikey: TEST_KEYS.anonKey };

  for (
    const [method, path, allow] of [
      ["GET", "/functions/v1/create-shipment", "POST, OPTIONS"],
      ["DELETE", "/functions/v1/get-shipment", "GET, HEAD, OPTIONS"],
      ["POST", "/functions/v1/verify-hash/abc", "GET, HEAD, OPTIONS"],
      ["PUT", `/api/v1/parties/${crypto.randomUUID()}`, "GET, HEAD, PATCH, DELETE, OPTIONS"],
      ["POST", "/health", "GET, HEAD, OPTIONS"],
      ["DELETE", "/openapi.json", "GET, HEAD, OPTIONS"],
    ] as const
  ) {
    await t.step(`${method} ${path}`, async () => {
      const res = await svc.fetch(path, { method, headers: functionHeaders });
      assertEquals(res.headers.get("allow"), allow);
      await expectError(res, 405, "SVC_REQ_006");
    });
  }

  await t.step("an unknown path is still 404", async () => {
    await expectError(
      await svc.fetch("/functions/v1/create-shipment/extra", { method: "GET" }),
      404,
      "SVC_REQ_004",
    );
  });

  await t.step("a CORS preflight is still answered as one", async () => {
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST" },
    });
    assertEquals(res.status, 204);
    assertEquals(res.headers.has("access-control-allow-methods"), true);
  });
});
