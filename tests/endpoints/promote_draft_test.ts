import { assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";

const DRAFT = {
  exporter: { name: "Santos Coffee Exporters", country: "BR" },
  importer: { name: "Hamburg Roasters GmbH", country: "DE" },
  goods: { currency: "USD", total_value: 18250 },
};

const CREATED_FIELDS = [
  "created_at",
  "generation_count",
  "max_generations",
  "shipment_id",
  "shipment_ref",
  "status",
];

type Json = Record<string, unknown>;
type Team = Awaited<ReturnType<TestService["newTeam"]>>;

async function saveDraft(svc: TestService, team: Team, ref?: string): Promise<string> {
  const body: Json = { shipment_data: DRAFT };
  if (ref) body.shipment_ref = ref;
  const saved = await expectJson(await svc.call(team, "save-draft", { body }), 201);
  return String(saved.shipment_id);
}

async function getShipment(svc: TestService, team: Team, id: unknown): Promise<Json> {
  return await expectJson(
    await svc.call(team, "get-shipment", { query: { id: String(id) } }),
    200,
  );
}

function promote(svc: TestService, team: Team, shipmentId: unknown): Promise<Response> {
  return svc.call(team, "promote-draft", { body: { shipment_id: shipmentId } });
}

serviceTest("promote-draft", async (t) => {
  const svc = await testService();
  const free = await svc.newTeam("free");
  const scale = await svc.newTeam("scale");

  await t.step("promotes a draft: 200 with create-shipment's shape, status created", async () => {
    const id = await saveDraft(svc, free, "PROMO-1");
    const before = await getShipment(svc, free, id);
    equal(before.max_generations, 0);

    const body = await expectJson(await promote(svc, free, id), 200);
    assertEquals(Object.keys(body).sort(), CREATED_FIELDS);
    assertEquals(body, {
      shipment_id: id,
      shipment_ref: "PROMO-1",
      status: "created",
      generation_count: 0,
      max_generations: 2,
      created_at: before.created_at,
    });

    const after = await getShipment(svc, free, id);
    equal(after.status, "created");
    equal(after.max_generations, 2);
    equal(after.generation_count, 0);
    assertEquals(after.shipment_data, DRAFT);
    equal(after.shipment_ref, "PROMO-1");
  });

  await t.step("a promoted draft has the answer shape of create-shipment", async () => {
    const created = await expectJson(
      await svc.call(free, "create-shipment", { body: { shipment_data: DRAFT } }),
      201,
    );
    const promoted = await expectJson(await promote(svc, free, await saveDraft(svc, free)), 200);
    assertEquals(Object.keys(promoted).sort(), Object.keys(created).sort());
    equal(promoted.status, created.status);
    equal(promoted.max_generations, created.max_generations);
  });

  await t.step("a draft of a scale team is promoted with a cap of 20", async () => {
    const id = await saveDraft(svc, scale);
    const body = await expectJson(await promote(svc, scale, id), 200);
    equal(body.max_generations, 20);
    equal(body.status, "created");
    equal((await getShipment(svc, scale, id)).max_generations, 20);
  });

  await t.step("moves the shipment from the draft list to the created list", async () => {
    const id = await saveDraft(svc, free);
    await expectJson(await promote(svc, free, id), 200);
    const drafts = await expectJson<{ shipments: Json[] }>(
      await svc.call(free, "get-shipment", { query: { status: "draft" } }),
      200,
    );
    equal(drafts.shipments.some((s) => s.id === id), false);
    const created = await expectJson<{ shipments: Json[] }>(
      await svc.call(free, "get-shipment", { query: { status: "created" } }),
      200,
    );
    equal(created.shipments.some((s) => s.id === id), true);
  });

  await t.step("concurrent promotions of one draft: exactly one succeeds", async () => {
    const id = await saveDraft(svc, scale);
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await promote(svc, scale, id);
        return { status: res.status, body: await res.json() };
      }),
    );
    equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers));
    for (const a of answers.filter((a) => a.status !== 200)) {
      equal(a.status, 400);
      equal(a.body.error.code, "SVC_DRAFT_004");
    }
    const got = await getShipment(svc, scale, id);
    equal(got.status, "created");
    equal(got.max_generations, 20);
  });

  await t.step("a draft records no generation until it is promoted", async () => {
    const id = await saveDraft(svc, free);
    const record = async () => {
      const [row] = await svc.db.query<{ outcome: string; generation_count: number | null }>(
        "select * from record_generation($1,$2,$3,$4,$5::text::jsonb,$6::text::jsonb," +
          "$7::text::jsonb,$8)",
        [free.teamId, id, ["COMMERCIAL_INVOICE"], null, JSON.stringify(DRAFT), null, null, "t"],
      );
      return row!;
    };
    equal((await record()).outcome, "limit");
    const draft = await getShipment(svc, free, id);
    equal(draft.generation_count, 0);
    equal(draft.status, "draft");
    assertEquals(draft.generation_history, []);

    await expectJson(await promote(svc, free, id), 200);
    const recorded = await record();
    equal(recorded.outcome, "ok");
    equal(recorded.generation_count, 1);
    const after = await getShipment(svc, free, id);
    equal(after.status, "generated");
    equal(after.generation_count, 1);
  });

  await t.step("answers 400 SVC_DRAFT_004 when the draft is promoted twice", async () => {
    const id = await saveDraft(svc, free);
    await expectJson(await promote(svc, free, id), 200);
    await expectError(await promote(svc, free, id), 400, "SVC_DRAFT_004");
    const got = await getShipment(svc, free, id);
    equal(got.status, "created");
    equal(got.max_generations, 2);
  });

  await t.step("answers 400 SVC_DRAFT_004 for a shipment made with create-shipment", async () => {
    const created = await expectJson(
      await svc.call(free, "create-shipment", { body: { shipment_data: DRAFT } }),
      201,
    );
    await expectError(await promote(svc, free, created.shipment_id), 400, "SVC_DRAFT_004");
  });

  await t.step("answers 400 SVC_DRAFT_007 without shipment_id", async () => {
    for (const body of [{}, { shipment_id: null }, { shipment_id: "" }]) {
      await expectError(
        await svc.call(free, "promote-draft", { body }),
        400,
        "SVC_DRAFT_007",
      );
    }
  });

  await t.step("answers 404 SVC_DRAFT_003 for an unknown id", async () => {
    await expectError(await promote(svc, free, crypto.randomUUID()), 404, "SVC_DRAFT_003");
  });

  await t.step("answers 404 SVC_DRAFT_003 for a malformed id", async () => {
    for (const id of ["not-a-uuid", 12, { id: "x" }]) {
      await expectError(await promote(svc, free, id), 404, "SVC_DRAFT_003");
    }
  });

  await t.step(
    "answers 404 SVC_DRAFT_003 for another team's draft and leaves it a draft",
    async () => {
      const theirs = await saveDraft(svc, scale);
      const crossTeam = await expectError(await promote(svc, free, theirs), 404, "SVC_DRAFT_003");
      const unknown = await expectError(
        await promote(svc, free, crypto.randomUUID()),
        404,
        "SVC_DRAFT_003",
      );
      assertEquals(crossTeam, unknown);
      const got = await getShipment(svc, scale, theirs);
      equal(got.status, "draft");
      equal(got.max_generations, 0);
    },
  );

  await t.step(
    "after a tier change a later promotion gets the new cap; existing shipments keep theirs",
    async () => {
      const team = await svc.newTeam("free");
      const existing = await expectJson(
        await svc.call(team, "create-shipment", { body: { shipment_data: DRAFT } }),
        201,
      );
      equal(existing.max_generations, 2);
      const promotedBefore = await expectJson(
        await promote(svc, team, await saveDraft(svc, team)),
        200,
      );
      equal(promotedBefore.max_generations, 2);
      const draftId = await saveDraft(svc, team);

      const patched = await expectJson(
        await svc.admin(`/teams/${team.teamId}`, { method: "PATCH", body: { tier: "scale" } }),
        200,
      );
      equal(patched.tier, "scale");

      const promoted = await expectJson(await promote(svc, team, draftId), 200);
      equal(promoted.max_generations, 20);
      equal((await getShipment(svc, team, draftId)).max_generations, 20);
      equal((await getShipment(svc, team, existing.shipment_id)).max_generations, 2);
      equal((await getShipment(svc, team, promotedBefore.shipment_id)).max_generations, 2);
    },
  );

  await t.step("answers 400 SVC_REQ_002 for malformed JSON", async () => {
    const res = await svc.fetch("/functions/v1/promote-draft", {
      method: "POST",
      headers: {
        authorization: `Bearer ${free.apiKey}`,
        apikey: TEST_KEYS.anonKey,
        "content-type": "application/json",
      },
      body: '{"shipment_id": ',
    });
    await expectError(res, 400, "SVC_REQ_002");
  });

  await t.step("answers 415 SVC_REQ_003 for a body that is not JSON", async () => {
    const res = await svc.fetch("/functions/v1/promote-draft", {
      method: "POST",
      headers: {
        authorization: `Bearer ${free.apiKey}`,
        apikey: TEST_KEYS.anonKey,
        "content-type": "text/plain",
      },
      body: JSON.stringify({ shipment_id: crypto.randomUUID() }),
    });
    await expectError(res, 415, "SVC_REQ_003");
  });

  await t.step("answers 413 SVC_REQ_001 for a body over 1 MiB and leaves the draft", async () => {
    const id = await saveDraft(svc, free);
    const res = await svc.call(free, "promote-draft", {
      body: { shipment_id: id, padding: "x".repeat(1024 * 1024) },
    });
    await expectError(res, 413, "SVC_REQ_001");
    equal((await getShipment(svc, free, id)).status, "draft");
  });

  await t.step("answers 401 SVC_AUTH_001 without credentials and leaves the draft", async () => {
    const id = await saveDraft(svc, free);
    const res = await svc.fetch("/functions/v1/promote-draft", {
      method: "POST",
      headers: { apikey: TEST_KEYS.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ shipment_id: id }),
    });
    await expectError(res, 401, "SVC_AUTH_001");
    equal((await getShipment(svc, free, id)).status, "draft");
  });

  await t.step("answers 401 SVC_AUTH_002 without the apikey header", async () => {
    const res = await svc.fetch("/functions/v1/promote-draft", {
      method: "POST",
      headers: { authorization: `Bearer ${free.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ shipment_id: crypto.randomUUID() }),
    });
    await expectError(res, 401, "SVC_AUTH_002");
  });

  await t.step("answers 405 SVC_REQ_006 with Allow for GET (only POST is routed)", async () => {
    const res = await svc.call(free, "promote-draft");
    equal(res.headers.get("allow"), "POST, OPTIONS");
    await expectError(res, 405, "SVC_REQ_006");
  });
});
