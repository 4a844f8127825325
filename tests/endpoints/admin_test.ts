import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";

const SAMPLE = {
  exporter: { name: "Cape Town Wines Pty", country: "ZA" },
  importer: { name: "Oslo Vinmonopol AS", country: "NO" },
};

const API_KEY = /^tdk_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Json = Record<string, unknown>;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** create-shipment with a bare API key: the proof that a key works (or not). */
function createWith(svc: TestService, apiKey: string): Promise<Response> {
  return svc.call({ teamId: "", apiKey }, "create-shipment", { body: { shipment_data: SAMPLE } });
}

async function newAdminTeam(svc: TestService, tier = "starter", name?: string): Promise<Json> {
  return await expectJson(
    await svc.admin("/teams", {
      body: { name: name ?? `Admin test ${crypto.randomUUID().slice(0, 8)}`, tier },
    }),
    201,
  );
}

/** An admin call with any Authorization header (or none). */
function adminAs(
  svc: TestService,
  authorization: string | undefined,
  path: string,
  method = "GET",
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  if (body !== undefined) headers["content-type"] = "application/json";
  return svc.fetch(`/api/v1/admin${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}

serviceTest("admin routes", async (t) => {
  const svc = await testService();

  await t.step("POST /teams answers 201 {team_id, name, tier, api_key}", async () => {
    const body = await newAdminTeam(svc, "growth", "  Acme Exports  ");
    assertEquals(Object.keys(body).sort(), ["api_key", "name", "team_id", "tier"]);
    match(String(body.team_id), UUID);
    match(String(body.api_key), API_KEY);
    equal(body.name, "Acme Exports");
    equal(body.tier, "growth");
  });

  await t.step("the new team's key works on create-shipment with the tier's cap", async () => {
    for (const [tier, cap] of [["free", 2], ["starter", 5], ["growth", 10], ["scale", 20]]) {
      const team = await newAdminTeam(svc, String(tier));
      const created = await expectJson(await createWith(svc, String(team.api_key)), 201);
      equal(created.max_generations, cap, `tier ${tier}`);
    }
  });

  for (
    const [label, body] of [
      ["an unknown tier", { name: "Acme", tier: "platinum" }],
      ["a tier in capitals", { name: "Acme", tier: "FREE" }],
      ["a missing tier", { name: "Acme" }],
      ["a missing name", { tier: "free" }],
      ["an empty name", { name: "", tier: "free" }],
      ["a blank name", { name: "   ", tier: "free" }],
      ["a name that is not text", { name: 42, tier: "free" }],
      ["a name with control characters", { name: "Acme\u0007", tier: "free" }],
      ["a name over 200 characters", { name: "n".repeat(201), tier: "free" }],
    ] as const
  ) {
    await t.step(`POST /teams answers 400 SVC_TEAM_001 for ${label}`, async () => {
      await expectError(await svc.admin("/teams", { body }), 400, "SVC_TEAM_001");
    });
  }

  await t.step("POST /teams answers 400 SVC_REQ_002 for malformed JSON", async () => {
    const res = await svc.fetch("/api/v1/admin/teams", {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_KEYS.serviceRoleKey}`,
        "content-type": "application/json",
      },
      body: '{"name": "Acme", ',
    });
    await expectError(res, 400, "SVC_REQ_002");
  });

  await t.step("GET /teams/:id answers the team", async () => {
    const created = await newAdminTeam(svc, "free", "Lookup Ltd");
    const team = await expectJson(await svc.admin(`/teams/${created.team_id}`), 200);
    assertEquals(Object.keys(team).sort(), ["created_at", "name", "team_id", "tier", "updated_at"]);
    equal(team.team_id, created.team_id);
    equal(team.name, "Lookup Ltd");
    equal(team.tier, "free");
    assert(!Number.isNaN(Date.parse(String(team.created_at))));
    assert(!Number.isNaN(Date.parse(String(team.updated_at))));
    equal(JSON.stringify(team).includes(String(created.api_key)), false);
  });

  await t.step(
    "GET /teams/:id answers 404 SVC_TEAM_002 for an unknown or malformed id",
    async () => {
      await expectError(await svc.admin(`/teams/${crypto.randomUUID()}`), 404, "SVC_TEAM_002");
      await expectError(await svc.admin("/teams/not-a-uuid"), 404, "SVC_TEAM_002");
    },
  );

  await t.step("PATCH /teams/:id changes the tier and the name", async () => {
    const created = await newAdminTeam(svc, "free", "Before Ltd");
    const before = await expectJson(await svc.admin(`/teams/${created.team_id}`), 200);

    const tiered = await expectJson(
      await svc.admin(`/teams/${created.team_id}`, { method: "PATCH", body: { tier: "scale" } }),
      200,
    );
    equal(tiered.tier, "scale");
    equal(tiered.name, "Before Ltd");

    const renamed = await expectJson(
      await svc.admin(`/teams/${created.team_id}`, {
        method: "PATCH",
        body: { name: "After Ltd" },
      }),
      200,
    );
    equal(renamed.name, "After Ltd");
    equal(renamed.tier, "scale");

    const both = await expectJson(
      await svc.admin(`/teams/${created.team_id}`, {
        method: "PATCH",
        body: { name: "Final Ltd", tier: "growth" },
      }),
      200,
    );
    assertEquals(Object.keys(both).sort(), ["created_at", "name", "team_id", "tier", "updated_at"]);

    const got = await expectJson(await svc.admin(`/teams/${created.team_id}`), 200);
    equal(got.name, "Final Ltd");
    equal(got.tier, "growth");
    equal(got.created_at, before.created_at);
    assert(Date.parse(String(got.updated_at)) >= Date.parse(String(before.updated_at)));

    const shipment = await expectJson(await createWith(svc, String(created.api_key)), 201);
    equal(shipment.max_generations, 10);
  });

  await t.step("PATCH /teams/:id answers 400 SVC_TEAM_001 for an invalid change", async () => {
    const created = await newAdminTeam(svc, "free");
    for (const body of [{}, { tier: "gold" }, { name: "" }, { tier: null }]) {
      await expectError(
        await svc.admin(`/teams/${created.team_id}`, { method: "PATCH", body }),
        400,
        "SVC_TEAM_001",
      );
    }
    const got = await expectJson(await svc.admin(`/teams/${created.team_id}`), 200);
    equal(got.tier, "free");
  });

  await t.step("PATCH /teams/:id answers 404 SVC_TEAM_002 for an unknown team", async () => {
    await expectError(
      await svc.admin(`/teams/${crypto.randomUUID()}`, { method: "PATCH", body: { tier: "free" } }),
      404,
      "SVC_TEAM_002",
    );
    await expectError(
      await svc.admin("/teams/not-a-uuid", { method: "PATCH", body: { tier: "free" } }),
      404,
      "SVC_TEAM_002",
    );
  });

  await t.step("POST /teams/:id/api-keys issues another key; both keys work", async () => {
    const created = await newAdminTeam(svc, "starter");
    const issued = await expectJson(
      await svc.admin(`/teams/${created.team_id}/api-keys`, { method: "POST" }),
      201,
    );
    assertEquals(Object.keys(issued).sort(), ["api_key", "id"]);
    match(String(issued.id), UUID);
    match(String(issued.api_key), API_KEY);
    assert(issued.api_key !== created.api_key);

    const named = await expectJson(
      await svc.admin(`/teams/${created.team_id}/api-keys`, { body: { name: "ci" } }),
      201,
    );
    match(String(named.api_key), API_KEY);

    const viaFirst = await expectJson(await createWith(svc, String(created.api_key)), 201);
    const viaSecond = await expectJson(await createWith(svc, String(issued.api_key)), 201);
    const viaThird = await expectJson(await createWith(svc, String(named.api_key)), 201);
    // All three act for the same team: each sees the others' shipments.
    for (const key of [created.api_key, issued.api_key, named.api_key]) {
      const list = await expectJson<{ shipments: Json[] }>(
        await svc.call({ teamId: "", apiKey: String(key) }, "get-shipment", {
          query: { status: "created" },
        }),
        200,
      );
      const ids = list.shipments.map((s) => s.id);
      for (const s of [viaFirst, viaSecond, viaThird]) assert(ids.includes(s.shipment_id));
    }
    const [row] = await svc.db.query<{ created_by: string }>(
      "select created_by from shipments where id = $1",
      [viaSecond.shipment_id],
    );
    equal(row?.created_by, `api_key:${issued.id}`);
  });

  await t.step(
    "POST /teams/:id/api-keys answers 404 SVC_TEAM_002 for an unknown team",
    async () => {
      await expectError(
        await svc.admin(`/teams/${crypto.randomUUID()}/api-keys`, { method: "POST" }),
        404,
        "SVC_TEAM_002",
      );
    },
  );

  await t.step("DELETE /api-keys/:id answers 204 and the key is refused at once", async () => {
    const created = await newAdminTeam(svc, "starter");
    const issued = await expectJson(
      await svc.admin(`/teams/${created.team_id}/api-keys`, { method: "POST" }),
      201,
    );
    // Used first, so that a cached verification would be the thing refusing it.
    await expectJson(await createWith(svc, String(issued.api_key)), 201);

    const res = await svc.admin(`/api-keys/${issued.id}`, { method: "DELETE" });
    equal(res.status, 204);
    equal(await res.text(), "");

    await expectError(await createWith(svc, String(issued.api_key)), 401, "SVC_AUTH_001");
    await expectError(
      await svc.call({ teamId: "", apiKey: String(issued.api_key) }, "get-shipment", {
        query: { status: "created" },
      }),
      401,
      "SVC_AUTH_001",
    );
    // The team's other key is untouched.
    await expectJson(await createWith(svc, String(created.api_key)), 201);

    const [row] = await svc.db.query<{ revoked: boolean }>(
      "select revoked_at is not null as revoked from api_keys where id = $1",
      [issued.id],
    );
    equal(row?.revoked, true);
  });

  await t.step("DELETE /api-keys/:id answers 404 SVC_TEAM_003 the second time", async () => {
    const created = await newAdminTeam(svc, "starter");
    const issued = await expectJson(
      await svc.admin(`/teams/${created.team_id}/api-keys`, { method: "POST" }),
      201,
    );
    equal((await svc.admin(`/api-keys/${issued.id}`, { method: "DELETE" })).status, 204);
    await expectError(
      await svc.admin(`/api-keys/${issued.id}`, { method: "DELETE" }),
      404,
      "SVC_TEAM_003",
    );
  });

  await t.step("DELETE /api-keys/:id answers 404 SVC_TEAM_003 for an unknown key", async () => {
    await expectError(
      await svc.admin(`/api-keys/${crypto.randomUUID()}`, { method: "DELETE" }),
      404,
      "SVC_TEAM_003",
    );
    await expectError(
      await svc.admin("/api-keys/not-a-uuid", { method: "DELETE" }),
      404,
      "SVC_TEAM_003",
    );
  });

  await t.step("stores API keys only as their SHA-256", async () => {
    const created = await newAdminTeam(svc, "starter");
    const issued = await expectJson(
      await svc.admin(`/teams/${created.team_id}/api-keys`, { method: "POST" }),
      201,
    );
    const rows = await svc.db.query<{ key_hash: string }>(
      "select key_hash from api_keys where team_id = $1 order by created_at",
      [created.team_id],
    );
    equal(rows.length, 2);
    const hashes = rows.map((r) => r.key_hash).sort();
    const expected = [
      await sha256Hex(String(created.api_key)),
      await sha256Hex(String(issued.api_key)),
    ].sort();
    assertEquals(hashes, expected);

    const table = JSON.stringify(await svc.db.query("select * from api_keys"));
    for (const key of [created.api_key, issued.api_key]) {
      equal(table.includes(String(key)), false, "the plain key is stored");
      equal(table.includes(String(key).slice(4)), false, "the key's secret part is stored");
    }
  });

  await t.step("admin routes answer 403 SVC_AUTH_003 to a team API key", async () => {
    const created = await newAdminTeam(svc, "starter");
    const issued = await expectJson(
      await svc.admin(`/teams/${created.team_id}/api-keys`, { method: "POST" }),
      201,
    );
    const bearer = `Bearer ${created.api_key}`;
    const calls: [string, string, unknown][] = [
      ["/teams", "POST", { name: "Sneaky", tier: "scale" }],
      [`/teams/${created.team_id}`, "GET", undefined],
      [`/teams/${created.team_id}`, "PATCH", { tier: "scale" }],
      [`/teams/${created.team_id}/api-keys`, "POST", {}],
      [`/api-keys/${issued.id}`, "DELETE", undefined],
      [`/teams/${created.team_id}/members`, "POST", { user_id: "someone" }],
    ];
    for (const [path, method, body] of calls) {
      await expectError(await adminAs(svc, bearer, path, method, body), 403, "SVC_AUTH_003");
    }
    const got = await expectJson(await svc.admin(`/teams/${created.team_id}`), 200);
    equal(got.tier, "starter");
    await expectJson(await createWith(svc, String(issued.api_key)), 201);
  });

  await t.step("admin routes answer 403 SVC_AUTH_003 to the anon key", async () => {
    await expectError(
      await adminAs(svc, `Bearer ${TEST_KEYS.anonKey}`, "/teams", "POST", {
        name: "Anon",
        tier: "free",
      }),
      403,
      "SVC_AUTH_003",
    );
  });

  await t.step("admin routes answer 401 SVC_AUTH_001 without credentials", async () => {
    const created = await newAdminTeam(svc, "starter");
    await expectError(
      await adminAs(svc, undefined, "/teams", "POST", { name: "Nobody", tier: "free" }),
      401,
      "SVC_AUTH_001",
    );
    await expectError(
      await adminAs(svc, undefined, `/teams/${created.team_id}`),
      401,
      "SVC_AUTH_001",
    );
    await expectError(
      await adminAs(svc, "Basic dXNlcjpwYXNz", `/teams/${created.team_id}`),
      401,
      "SVC_AUTH_001",
    );
  });
});
