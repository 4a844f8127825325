import { assert, assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";

const SAMPLE = {
  exporter: { name: "Lyon Textiles SA", country: "FR" },
  importer: { name: "Osaka Trading KK", country: "JP" },
  route: { origin_country: "FR", destination_country: "JP", port_of_loading: "FRLEH" },
  goods: { currency: "EUR", total_value: 9800 },
};

const SHIPMENT_FIELDS = [
  "created_at",
  "created_by",
  "current_validation_hash",
  "current_validation_record_id",
  "generation_count",
  "generation_history",
  "id",
  "max_generations",
  "shipment_data",
  "shipment_ref",
  "status",
  "updated_at",
];

const LIST_FIELDS = [
  "created_at",
  "created_by",
  "id",
  "shipment_data",
  "shipment_ref",
  "status",
  "updated_at",
];

const HISTORY_FIELDS = [
  "created_at",
  "data_diff",
  "document_types",
  "flattened_urls",
  "generation_number",
  "id",
  "shipment_data_snapshot",
  "validation_hash",
];

type Json = Record<string, unknown>;
type Team = Awaited<ReturnType<TestService["newTeam"]>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createShipment(svc: TestService, team: Team, body: Json): Promise<Json> {
  return await expectJson(await svc.call(team, "create-shipment", { body }), 201);
}

/** Records one generation through the counting SQL function, as generate-documents does. */
async function recordGeneration(
  svc: TestService,
  team: Team,
  shipmentId: string,
  gen: { types: string[]; hash: string; snapshot: Json; previous?: Json; diff?: unknown },
) {
  const [row] = await svc.db.query<{ outcome: string; generation_count: number }>(
    "select * from record_generation($1,$2,$3,$4,$5::text::jsonb,$6::text::jsonb," +
      "$7::text::jsonb,$8)",
    [
      team.teamId,
      shipmentId,
      gen.types,
      gen.hash,
      JSON.stringify(gen.snapshot),
      gen.previous === undefined ? null : JSON.stringify(gen.previous),
      gen.diff === undefined ? null : JSON.stringify(gen.diff),
      "test",
    ],
  );
  equal(row?.outcome, "ok", `record_generation answered ${JSON.stringify(row)}`);
  return row!;
}

serviceTest("get-shipment", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");
  const other = await svc.newTeam("starter");
  const [key] = await svc.db.query<{ id: string }>(
    "select id from api_keys where team_id = $1",
    [team.teamId],
  );

  await t.step(
    "single mode answers every Shipment field, with an empty history for a new shipment",
    async () => {
      const created = await createShipment(svc, team, {
        shipment_data: SAMPLE,
        shipment_ref: "PO-GET-0001",
      });
      const got = await expectJson(
        await svc.call(team, "get-shipment", { query: { id: String(created.shipment_id) } }),
        200,
      );
      assertEquals(Object.keys(got).sort(), SHIPMENT_FIELDS);
      assertEquals(
        { ...got, updated_at: "x" },
        {
          id: created.shipment_id,
          shipment_ref: "PO-GET-0001",
          shipment_data: SAMPLE,
          status: "created",
          generation_count: 0,
          max_generations: 5,
          current_validation_record_id: null,
          current_validation_hash: null,
          created_by: `api_key:${key!.id}`,
          created_at: created.created_at,
          updated_at: "x",
          generation_history: [],
        },
      );
      assert(!Number.isNaN(Date.parse(String(got.updated_at))), "updated_at is a timestamp");
      assert(Date.parse(String(got.updated_at)) >= Date.parse(String(got.created_at)));
    },
  );

  await t.step("single mode lists the generation history newest first", async () => {
    const created = await createShipment(svc, team, { shipment_data: SAMPLE });
    const id = String(created.shipment_id);
    const second = { ...SAMPLE, goods: { currency: "EUR", total_value: 9900 } };
    const diff = [{ path: "goods.total_value", op: "changed", before: 9800, after: 9900 }];
    const generations = [
      { types: ["COMMERCIAL_INVOICE"], hash: "a".repeat(64), snapshot: SAMPLE },
      {
        types: ["COMMERCIAL_INVOICE", "PACKING_LIST"],
        hash: "b".repeat(64),
        snapshot: second,
        previous: SAMPLE,
        diff,
      },
      { types: ["BILL_OF_LADING"], hash: "c".repeat(64), snapshot: second },
    ];
    for (const [i, gen] of generations.entries()) {
      const row = await recordGeneration(svc, team, id, gen);
      equal(row.generation_count, i + 1);
    }

    const got = await expectJson<Json & { generation_history: Json[] }>(
      await svc.call(team, "get-shipment", { query: { id } }),
      200,
    );
    equal(got.status, "generated");
    equal(got.generation_count, 3);
    equal(got.max_generations, 5);
    assertEquals(got.generation_history.map((h) => h.generation_number), [3, 2, 1]);
    for (const entry of got.generation_history) {
      assertEquals(Object.keys(entry).sort(), HISTORY_FIELDS);
      const gen = generations[Number(entry.generation_number) - 1]!;
      assertEquals(entry.document_types, gen.types);
      equal(entry.validation_hash, gen.hash);
      assertEquals(entry.shipment_data_snapshot, gen.snapshot);
      equal(entry.flattened_urls, null);
      assert(!Number.isNaN(Date.parse(String(entry.created_at))), "created_at is a timestamp");
    }
    const [third, secondEntry, first] = got.generation_history;
    assertEquals(secondEntry!.data_diff, diff);
    equal(first!.data_diff, null);
    equal(new Set([third!.id, secondEntry!.id, first!.id]).size, 3);
  });

  await t.step(
    "list mode answers at most 50 shipments of that status, newest update first",
    async () => {
      const lister = await svc.newTeam("starter");
      const ids: string[] = [];
      for (let i = 0; i < 55; i++) {
        const created = await createShipment(svc, lister, {
          shipment_data: { ...SAMPLE, seq: i },
          shipment_ref: `LIST-${i}`,
        });
        ids.push(String(created.shipment_id));
        // Distinct timestamps even where the clock ticks in milliseconds (PGlite).
        await sleep(2);
      }
      const drafts: string[] = [];
      for (let i = 0; i < 2; i++) {
        const saved = await expectJson(
          await svc.call(lister, "save-draft", { body: { shipment_data: { draft: i } } }),
          201,
        );
        drafts.push(String(saved.shipment_id));
      }

      const list = await expectJson<{ shipments: Json[] }>(
        await svc.call(lister, "get-shipment", { query: { status: "created" } }),
        200,
      );
      assertEquals(Object.keys(list), ["shipments"]);
      equal(list.shipments.length, 50);
      assertEquals(list.shipments.map((s) => s.id), ids.slice(5).reverse());
      for (const item of list.shipments) {
        assertEquals(Object.keys(item).sort(), LIST_FIELDS);
        equal(item.status, "created");
      }
      const newest = list.shipments[0]!;
      assertEquals(newest.shipment_data, { ...SAMPLE, seq: 54 });
      equal(newest.shipment_ref, "LIST-54");
      equal(newest.created_by, list.shipments[1]!.created_by);
      const times = list.shipments.map((s) => Date.parse(String(s.updated_at)));
      assert(times.every((v, i) => i === 0 || v <= times[i - 1]!), "updated_at descending");

      // The order is by updated_at, not created_at: touching the oldest moves it to the top.
      await sleep(2);
      await svc.db.query("update shipments set shipment_ref = 'LIST-TOUCHED' where id = $1", [
        ids[0],
      ]);
      const after = await expectJson<{ shipments: Json[] }>(
        await svc.call(lister, "get-shipment", { query: { status: "created" } }),
        200,
      );
      equal(after.shipments.length, 50);
      equal(after.shipments[0]!.id, ids[0]);
      equal(after.shipments[0]!.shipment_ref, "LIST-TOUCHED");
      assertEquals(after.shipments.slice(1).map((s) => s.id), ids.slice(6).reverse());

      const draftList = await expectJson<{ shipments: Json[] }>(
        await svc.call(lister, "get-shipment", { query: { status: "draft" } }),
        200,
      );
      assertEquals(draftList.shipments.map((s) => s.id), [...drafts].reverse());
      assert(draftList.shipments.every((s) => s.status === "draft"));

      const empty = await expectJson<{ shipments: Json[] }>(
        await svc.call(lister, "get-shipment", { query: { status: "validated" } }),
        200,
      );
      assertEquals(empty, { shipments: [] });
    },
  );

  await t.step("list mode answers only the calling team's shipments", async () => {
    const created = await createShipment(svc, team, { shipment_data: SAMPLE });
    const theirs = await expectJson<{ shipments: Json[] }>(
      await svc.call(other, "get-shipment", { query: { status: "created" } }),
      200,
    );
    equal(theirs.shipments.some((s) => s.id === created.shipment_id), false);
    const ours = await expectJson<{ shipments: Json[] }>(
      await svc.call(team, "get-shipment", { query: { status: "created" } }),
      200,
    );
    equal(ours.shipments[0]!.id, created.shipment_id);
  });

  await t.step("id wins over status: both given answers the single shipment", async () => {
    const created = await createShipment(svc, team, { shipment_data: SAMPLE });
    const got = await expectJson(
      await svc.call(team, "get-shipment", {
        query: { id: String(created.shipment_id), status: "draft" },
      }),
      200,
    );
    equal(got.id, created.shipment_id);
    equal(got.status, "created");
    assertEquals(got.generation_history, []);
    equal("shipments" in got, false);

    await expectError(
      await svc.call(team, "get-shipment", {
        query: { id: crypto.randomUUID(), status: "created" },
      }),
      404,
      "SVC_SHIP_004",
    );
  });

  await t.step("answers 400 SVC_SHIP_003 with neither id nor status", async () => {
    await expectError(await svc.call(team, "get-shipment"), 400, "SVC_SHIP_003");
    await expectError(
      await svc.call(team, "get-shipment", { query: { id: "", status: "" } }),
      400,
      "SVC_SHIP_003",
    );
  });

  await t.step("answers 400 SVC_SHIP_006 for an unknown status value", async () => {
    for (const status of ["shipped", "CREATED", "draft "]) {
      await expectError(
        await svc.call(team, "get-shipment", { query: { status } }),
        400,
        "SVC_SHIP_006",
      );
    }
  });

  await t.step("single mode accepts an id in capitals", async () => {
    const created = await createShipment(svc, team, { shipment_data: SAMPLE });
    const got = await expectJson(
      await svc.call(team, "get-shipment", {
        query: { id: String(created.shipment_id).toUpperCase() },
      }),
      200,
    );
    equal(got.id, created.shipment_id);
  });

  await t.step("answers 404 SVC_SHIP_004 for an unknown id", async () => {
    await expectError(
      await svc.call(team, "get-shipment", { query: { id: crypto.randomUUID() } }),
      404,
      "SVC_SHIP_004",
    );
  });

  await t.step("answers 404 SVC_SHIP_004 for a malformed id", async () => {
    for (const id of ["not-a-uuid", "1", "' or 1=1 --", `${crypto.randomUUID()}x`]) {
      await expectError(
        await svc.call(team, "get-shipment", { query: { id } }),
        404,
        "SVC_SHIP_004",
      );
    }
  });

  await t.step("answers another team's id exactly like an unknown id", async () => {
    const created = await createShipment(svc, team, { shipment_data: SAMPLE });
    const crossTeam = await svc.call(other, "get-shipment", {
      query: { id: String(created.shipment_id) },
    });
    const unknown = await svc.call(other, "get-shipment", {
      query: { id: crypto.randomUUID() },
    });
    equal(crossTeam.status, 404);
    equal(unknown.status, 404);
    const crossBody = await crossTeam.json();
    assertEquals(crossBody, await unknown.json());
    equal(crossBody.error.code, "SVC_SHIP_004");
    equal(JSON.stringify(crossBody).includes(String(created.shipment_id)), false);
  });

  await t.step("answers 401 SVC_AUTH_001 without credentials", async () => {
    const res = await svc.fetch("/functions/v1/get-shipment?status=created", {
      headers: { apikey: TEST_KEYS.anonKey },
    });
    await expectError(res, 401, "SVC_AUTH_001");
  });

  await t.step("answers 401 SVC_AUTH_002 without the apikey header", async () => {
    const res = await svc.fetch("/functions/v1/get-shipment?status=created", {
      headers: { authorization: `Bearer ${team.apiKey}` },
    });
    await expectError(res, 401, "SVC_AUTH_002");
  });

  await t.step("answers 401 SVC_AUTH_002 for a wrong apikey header", async () => {
    const res = await svc.fetch("/functions/v1/get-shipment?status=created", {
      headers: { authorization: `Bearer ${team.apiKey}`, apikey: "not-the-anon-key" },
    });
    await expectError(res, 401, "SVC_AUTH_002");
  });
});
