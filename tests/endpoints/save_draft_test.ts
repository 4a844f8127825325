import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";

const DRAFT = {
  exporter: { name: "Rotterdam Bulbs BV", country: "NL" },
  importer: { name: "Toronto Gardens Ltd", country: "CA" },
  goods: { currency: "EUR", total_value: 410 },
  notes: "first draft",
};

type Json = Record<string, unknown>;
type Team = Awaited<ReturnType<TestService["newTeam"]>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function headersFor(team: Team, contentType = "application/json"): Record<string, string> {
  return {
    authorization: `Bearer ${team.apiKey}`,
    apikey: TEST_KEYS.anonKey,
    "content-type": contentType,
  };
}

async function saveDraft(svc: TestService, team: Team, body: Json, status = 201): Promise<Json> {
  return await expectJson(await svc.call(team, "save-draft", { body }), status);
}

async function getShipment(svc: TestService, team: Team, id: unknown): Promise<Json> {
  return await expectJson(
    await svc.call(team, "get-shipment", { query: { id: String(id) } }),
    200,
  );
}

serviceTest("save-draft", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("growth");
  const other = await svc.newTeam("growth");

  await t.step("creates a draft: 201 {shipment_id, updated_at}, status draft, cap 0", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT, shipment_ref: "DRAFT-1" });
    assertEquals(Object.keys(saved).sort(), ["shipment_id", "updated_at"]);
    match(
      String(saved.shipment_id),
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    assert(!Number.isNaN(Date.parse(String(saved.updated_at))), "updated_at is a timestamp");

    const got = await getShipment(svc, team, saved.shipment_id);
    equal(got.status, "draft");
    equal(got.max_generations, 0);
    equal(got.generation_count, 0);
    equal(got.shipment_ref, "DRAFT-1");
    assertEquals(got.shipment_data, DRAFT);
    assertEquals(got.generation_history, []);
    equal(got.updated_at, saved.updated_at);
  });

  await t.step("gives a draft without shipment_ref a readable reference", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT });
    const got = await getShipment(svc, team, saved.shipment_id);
    match(String(got.shipment_ref), /^SHP-\d{8}-[0-9A-Z]{6}$/);
  });

  await t.step("updates a draft: 200, data replaced whole, updated_at increases", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT, shipment_ref: "DRAFT-2" });
    const id = String(saved.shipment_id);
    await sleep(5);

    const replacement = { exporter: { name: "Rotterdam Bulbs BV (new)" }, goods: { lines: 3 } };
    const updated = await saveDraft(
      svc,
      team,
      { shipment_id: id, shipment_data: replacement, shipment_ref: "DRAFT-2b" },
      200,
    );
    assertEquals(Object.keys(updated).sort(), ["shipment_id", "updated_at"]);
    equal(updated.shipment_id, id);
    assert(
      Date.parse(String(updated.updated_at)) > Date.parse(String(saved.updated_at)),
      `updated_at ${updated.updated_at} should be after ${saved.updated_at}`,
    );

    const got = await getShipment(svc, team, id);
    // Whole replacement: importer, notes and exporter.country are gone, not merged in.
    assertEquals(got.shipment_data, replacement);
    equal(got.shipment_ref, "DRAFT-2b");
    equal(got.status, "draft");
    equal(got.max_generations, 0);
    equal(got.generation_count, 0);
    equal(got.updated_at, updated.updated_at);
  });

  await t.step("keeps shipment_ref when an update omits it", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT, shipment_ref: "DRAFT-3" });
    await sleep(5);
    const updated = await saveDraft(
      svc,
      team,
      { shipment_id: saved.shipment_id, shipment_data: { only: "this" } },
      200,
    );
    const got = await getShipment(svc, team, saved.shipment_id);
    equal(got.shipment_ref, "DRAFT-3");
    assertEquals(got.shipment_data, { only: "this" });
    assert(Date.parse(String(updated.updated_at)) > Date.parse(String(saved.updated_at)));
  });

  for (
    const [label, body] of [
      ["missing shipment_data", {}],
      ["shipment_data null", { shipment_data: null }],
      ["shipment_data an array", { shipment_data: [{ a: 1 }] }],
      ["shipment_data a string", { shipment_data: "draft" }],
      ["shipment_data a number", { shipment_data: 42 }],
    ] as const
  ) {
    await t.step(`answers 400 SVC_DRAFT_001 for ${label}`, async () => {
      await expectError(await svc.call(team, "save-draft", { body }), 400, "SVC_DRAFT_001");
    });
  }

  await t.step("answers 400 SVC_DRAFT_001 on update for shipment_data not an object", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT });
    await expectError(
      await svc.call(team, "save-draft", {
        body: { shipment_id: saved.shipment_id, shipment_data: ["x"] },
      }),
      400,
      "SVC_DRAFT_001",
    );
    assertEquals((await getShipment(svc, team, saved.shipment_id)).shipment_data, DRAFT);
  });

  await t.step("answers 400 SVC_DRAFT_002 for an empty shipment_data object", async () => {
    await expectError(
      await svc.call(team, "save-draft", { body: { shipment_data: {} } }),
      400,
      "SVC_DRAFT_002",
    );
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT });
    await expectError(
      await svc.call(team, "save-draft", {
        body: { shipment_id: saved.shipment_id, shipment_data: {} },
      }),
      400,
      "SVC_DRAFT_002",
    );
    assertEquals((await getShipment(svc, team, saved.shipment_id)).shipment_data, DRAFT);
  });

  await t.step("answers 400 SVC_SHIP_006 for a reference with control characters", async () => {
    await expectError(
      await svc.call(team, "save-draft", {
        body: { shipment_data: DRAFT, shipment_ref: "bad\u0007ref" },
      }),
      400,
      "SVC_SHIP_006",
    );
  });

  await t.step("answers 404 SVC_DRAFT_003 for an unknown draft id", async () => {
    await expectError(
      await svc.call(team, "save-draft", {
        body: { shipment_id: crypto.randomUUID(), shipment_data: DRAFT },
      }),
      404,
      "SVC_DRAFT_003",
    );
  });

  await t.step("answers 404 SVC_DRAFT_003 for a malformed draft id", async () => {
    for (const shipment_id of ["not-a-uuid", "", 17]) {
      await expectError(
        await svc.call(team, "save-draft", { body: { shipment_id, shipment_data: DRAFT } }),
        404,
        "SVC_DRAFT_003",
      );
    }
  });

  await t.step("answers 404 SVC_DRAFT_003 for another team's draft and leaves it", async () => {
    const theirs = await saveDraft(svc, other, { shipment_data: DRAFT, shipment_ref: "THEIRS" });
    const crossTeam = await svc.call(team, "save-draft", {
      body: { shipment_id: theirs.shipment_id, shipment_data: { hijacked: true } },
    });
    const unknown = await svc.call(team, "save-draft", {
      body: { shipment_id: crypto.randomUUID(), shipment_data: { hijacked: true } },
    });
    const error = await expectError(crossTeam, 404, "SVC_DRAFT_003");
    assertEquals(error, await expectError(unknown, 404, "SVC_DRAFT_003"));

    const got = await getShipment(svc, other, theirs.shipment_id);
    assertEquals(got.shipment_data, DRAFT);
    equal(got.shipment_ref, "THEIRS");
    equal(got.updated_at, theirs.updated_at);
  });

  await t.step("answers 400 SVC_DRAFT_004 for a shipment made with create-shipment", async () => {
    const created = await expectJson(
      await svc.call(team, "create-shipment", { body: { shipment_data: DRAFT } }),
      201,
    );
    await expectError(
      await svc.call(team, "save-draft", {
        body: { shipment_id: created.shipment_id, shipment_data: { changed: true } },
      }),
      400,
      "SVC_DRAFT_004",
    );
    const got = await getShipment(svc, team, created.shipment_id);
    assertEquals(got.shipment_data, DRAFT);
    equal(got.status, "created");
  });

  await t.step("answers 400 SVC_DRAFT_004 for a draft that was promoted", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT });
    await expectJson(
      await svc.call(team, "promote-draft", { body: { shipment_id: saved.shipment_id } }),
      200,
    );
    await expectError(
      await svc.call(team, "save-draft", {
        body: { shipment_id: saved.shipment_id, shipment_data: { changed: true } },
      }),
      400,
      "SVC_DRAFT_004",
    );
    const got = await getShipment(svc, team, saved.shipment_id);
    assertEquals(got.shipment_data, DRAFT);
    equal(got.status, "created");
    equal(got.max_generations, 10);
  });

  await t.step("answers 400 SVC_REQ_002 for malformed JSON", async () => {
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: headersFor(team),
      body: '{"shipment_data": {"a": 1},',
    });
    await expectError(res, 400, "SVC_REQ_002");
  });

  await t.step("answers 400 SVC_REQ_002 for a JSON array body", async () => {
    for (const body of ['[{"shipment_data": {"a": 1}}]', "null", '"text"', "12"]) {
      const res = await svc.fetch("/functions/v1/save-draft", {
        method: "POST",
        headers: headersFor(team),
        body,
      });
      await expectError(res, 400, "SVC_REQ_002");
    }
  });

  await t.step("answers 400 SVC_REQ_002 for an empty body", async () => {
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: headersFor(team),
      body: "",
    });
    await expectError(res, 400, "SVC_REQ_002");
  });

  await t.step("answers 400 SVC_REQ_002 for text PostgreSQL cannot store", async () => {
    for (const notes of ["nul\u0000byte", "lone \ud800 surrogate"]) {
      await expectError(
        await svc.call(team, "save-draft", { body: { shipment_data: { notes } } }),
        400,
        "SVC_REQ_002",
      );
    }
  });

  await t.step("answers 413 SVC_REQ_001 for a body over 1 MiB", async () => {
    const big = { shipment_data: { notes: "x".repeat(1024 * 1024) } };
    await expectError(await svc.call(team, "save-draft", { body: big }), 413, "SVC_REQ_001");
  });

  await t.step("accepts a body just under 1 MiB", async () => {
    const notes = "y".repeat(1024 * 1024 - 100);
    const body = JSON.stringify({ shipment_data: { notes } });
    assert(body.length < 1024 * 1024);
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: headersFor(team),
      body,
    });
    const saved = await expectJson(res, 201);
    equal(((await getShipment(svc, team, saved.shipment_id)).shipment_data as Json).notes, notes);
  });

  await t.step(
    "answers 413 SVC_REQ_001 for a chunked body without Content-Length, and stops reading it",
    async () => {
      const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
      const prefix = new TextEncoder().encode('{"shipment_data": {"notes": "');
      const limit = 64 * 1024 * 1024;
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= limit) {
            controller.enqueue(new TextEncoder().encode('"}}'));
            controller.close();
            return;
          }
          const next = sent === 0 ? prefix : chunk;
          sent += next.byteLength;
          controller.enqueue(next);
        },
      });
      const request = new Request("http://service.test/functions/v1/save-draft", {
        method: "POST",
        headers: headersFor(team),
        body: stream,
      });
      equal(request.headers.get("content-length"), null);
      await expectError(await svc.gateway.fetch(request), 413, "SVC_REQ_001");
      assert(sent < 4 * 1024 * 1024, `the service read ${sent} bytes of a refused body`);
    },
  );

  await t.step("answers 415 SVC_REQ_003 for a body that is not JSON", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
      const res = await svc.fetch("/functions/v1/save-draft", {
        method: "POST",
        headers: headersFor(team, type),
        body: JSON.stringify({ shipment_data: DRAFT }),
      });
      await expectError(res, 415, "SVC_REQ_003");
    }
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: { authorization: `Bearer ${team.apiKey}`, apikey: TEST_KEYS.anonKey },
      body: new Blob([JSON.stringify({ shipment_data: DRAFT })]),
    });
    await expectError(res, 415, "SVC_REQ_003");
  });

  await t.step("accepts application/json with a charset", async () => {
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: headersFor(team, "application/json; charset=utf-8"),
      body: JSON.stringify({ shipment_data: DRAFT }),
    });
    await expectJson(res, 201);
  });

  await t.step("answers 401 SVC_AUTH_001 without credentials", async () => {
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: { apikey: TEST_KEYS.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ shipment_data: DRAFT }),
    });
    await expectError(res, 401, "SVC_AUTH_001");
  });

  await t.step("answers 401 SVC_AUTH_001 for an unknown API key", async () => {
    const res = await svc.call(
      { teamId: team.teamId, apiKey: `tdk_${"B".repeat(43)}` },
      "save-draft",
      { body: { shipment_data: DRAFT } },
    );
    await expectError(res, 401, "SVC_AUTH_001");
  });

  await t.step("answers 401 SVC_AUTH_002 without the apikey header", async () => {
    const res = await svc.fetch("/functions/v1/save-draft", {
      method: "POST",
      headers: { authorization: `Bearer ${team.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ shipment_data: DRAFT }),
    });
    await expectError(res, 401, "SVC_AUTH_002");
  });

  await t.step("a draft saved by one team is invisible to another", async () => {
    const saved = await saveDraft(svc, team, { shipment_data: DRAFT });
    await expectError(
      await svc.call(other, "get-shipment", { query: { id: String(saved.shipment_id) } }),
      404,
      "SVC_SHIP_004",
    );
    const list = await expectJson<{ shipments: Json[] }>(
      await svc.call(other, "get-shipment", { query: { status: "draft" } }),
      200,
    );
    equal(list.shipments.some((s) => s.id === saved.shipment_id), false);
    const ours = await expectJson<{ shipments: Json[] }>(
      await svc.call(team, "get-shipment", { query: { status: "draft" } }),
      200,
    );
    equal(ours.shipments.some((s) => s.id === saved.shipment_id), true);
  });
});
