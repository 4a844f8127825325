import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, testService } from "../support/service.ts";

const SAMPLE = {
  exporter: { name: "Hamburg Maschinenbau GmbH", country: "DE" },
  importer: { name: "Chicago Tools Inc", country: "US" },
  route: { origin_country: "DE", destination_country: "US", port_of_loading: "DEHAM" },
  goods: { currency: "EUR", total_value: 1250.5 },
};

serviceTest("create-shipment", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("growth");

  await t.step("answers 201 with the created shipment and the tier's cap", async () => {
    const body = await expectJson(
      await svc.call(team, "create-shipment", {
        body: { shipment_data: SAMPLE, shipment_ref: "PO-2026-0042" },
      }),
      201,
    );
    match(String(body.shipment_id), /^[0-9a-f-]{36}$/);
    assertEquals(
      { ...body, shipment_id: "x", created_at: "x" },
      {
        shipment_id: "x",
        shipment_ref: "PO-2026-0042",
        status: "created",
        generation_count: 0,
        max_generations: 10,
        created_at: "x",
      },
    );
    assert(!Number.isNaN(Date.parse(String(body.created_at))));
  });

  await t.step("generates a readable reference when none is given", async () => {
    const body = await expectJson(
      await svc.call(team, "create-shipment", { body: { shipment_data: SAMPLE } }),
      201,
    );
    match(String(body.shipment_ref), /^SHP-\d{8}-[0-9A-Z]{6}$/);
  });

  await t.step("stores the data as given", async () => {
    const { shipment_id } = await expectJson(
      await svc.call(team, "create-shipment", { body: { shipment_data: SAMPLE } }),
      201,
    );
    const got = await expectJson(
      await svc.call(team, "get-shipment", { query: { id: String(shipment_id) } }),
      200,
    );
    assertEquals(got.shipment_data, SAMPLE);
  });

  for (
    const [label, body] of [
      ["missing shipment_data", {}],
      ["shipment_data null", { shipment_data: null }],
      ["shipment_data an array", { shipment_data: [1, 2] }],
      ["shipment_data a string", { shipment_data: "x" }],
    ] as const
  ) {
    await t.step(`answers 400 SVC_SHIP_001 for ${label}`, async () => {
      await expectError(await svc.call(team, "create-shipment", { body }), 400, "SVC_SHIP_001");
    });
  }

  await t.step("answers 400 SVC_SHIP_006 for a reference with control characters", async () => {
    const res = await svc.call(team, "create-shipment", {
      body: { shipment_data: SAMPLE, shipment_ref: "bad\nref" },
    });
    await expectError(res, 400, "SVC_SHIP_006");
  });

  await t.step("answers 400 SVC_REQ_002 for malformed JSON", async () => {
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "POST",
      headers: {
        authorization: `Bearer ${team.apiKey}`,
        apikey: TEST_KEYS.anonKey,
        "content-type": "application/json",
      },
      body: '{"shipment_data": {',
    });
    await expectError(res, 400, "SVC_REQ_002");
  });

  for (
    const [label, raw] of [
      ["a NUL character", '{"shipment_data": {"exporter": {"name": "a\\u0000b"}}}'],
      ["an unpaired surrogate", '{"shipment_data": {"exporter": {"name": "\\ud800"}}}'],
      ["an unpaired surrogate in a key", '{"shipment_data": {"\\udc00": 1}}'],
      ["nesting 40 levels deep", `{"shipment_data": ${'{"a":'.repeat(40)}1${"}".repeat(40)}}`],
    ]
  ) {
    await t.step(`answers 400 SVC_REQ_002, not a 500, for ${label}`, async () => {
      const res = await svc.fetch("/functions/v1/create-shipment", {
        method: "POST",
        headers: {
          authorization: `Bearer ${team.apiKey}`,
          apikey: TEST_KEYS.anonKey,
          "content-type": "application/json",
        },
        body: raw,
      });
      await expectError(res, 400, "SVC_REQ_002");
    });
  }

  await t.step("says what was wrong with shipment_data, not just that it is required", async () => {
    const error = await expectError(
      await svc.call(team, "create-shipment", { body: { shipment_data: [1] } }),
      400,
      "SVC_SHIP_001",
    );
    match(error.message, /^shipment_data: .*array/);
    const missing = await expectError(
      await svc.call(team, "create-shipment", { body: {} }),
      400,
      "SVC_SHIP_001",
    );
    equal(missing.message, "shipment_data: is required");
  });

  await t.step("answers 415 SVC_REQ_003 for a body that is not JSON", async () => {
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "POST",
      headers: {
        authorization: `Bearer ${team.apiKey}`,
        apikey: TEST_KEYS.anonKey,
        "content-type": "text/plain",
      },
      body: "shipment_data=1",
    });
    await expectError(res, 415, "SVC_REQ_003");
  });

  await t.step("answers 413 SVC_REQ_001 for a body over 1 MiB", async () => {
    const big = { shipment_data: { notes: "x".repeat(1024 * 1024) } };
    await expectError(
      await svc.call(team, "create-shipment", { body: big }),
      413,
      "SVC_REQ_001",
    );
  });

  await t.step("answers 401 SVC_AUTH_001 without a Bearer token", async () => {
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "POST",
      headers: { apikey: TEST_KEYS.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ shipment_data: SAMPLE }),
    });
    await expectError(res, 401, "SVC_AUTH_001");
  });

  await t.step("answers 401 SVC_AUTH_002 without the apikey header", async () => {
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "POST",
      headers: { authorization: `Bearer ${team.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ shipment_data: SAMPLE }),
    });
    await expectError(res, 401, "SVC_AUTH_002");
  });

  await t.step("answers 401 SVC_AUTH_001 for an unknown API key", async () => {
    const res = await svc.call(
      { teamId: team.teamId, apiKey: `tdk_${"A".repeat(43)}` },
      "create-shipment",
      { body: { shipment_data: SAMPLE } },
    );
    await expectError(res, 401, "SVC_AUTH_001");
  });

  await t.step("a shipment created by one team is invisible to another", async () => {
    const other = await svc.newTeam();
    const { shipment_id } = await expectJson(
      await svc.call(team, "create-shipment", { body: { shipment_data: SAMPLE } }),
      201,
    );
    await expectError(
      await svc.call(other, "get-shipment", { query: { id: String(shipment_id) } }),
      404,
      "SVC_SHIP_004",
    );
    const list = await expectJson<{ shipments: { id: string }[] }>(
      await svc.call(other, "get-shipment", { query: { status: "created" } }),
      200,
    );
    equal(list.shipments.some((s) => s.id === shipment_id), false);
  });
});
