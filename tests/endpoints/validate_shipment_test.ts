import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";

type Json = Record<string, unknown>;
type Team = Awaited<ReturnType<TestService["newTeam"]>>;

interface Answer {
  run_id: string;
  validation_record_id: string;
  status: string;
  passed: boolean;
  layers: { name: string; status: string; results: Json[] }[];
  error: { message: string } | null;
  validation_hash: string | null;
}

const ANSWER_FIELDS = [
  "error",
  "layers",
  "passed",
  "run_id",
  "status",
  "validation_hash",
  "validation_record_id",
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Passes the default gate: coffee from Hamburg to Boston. */
const GOOD = coffeeShipment();

/** Fails Business Rules: an HS code that does not exist and a total that does not add up. */
const BAD = {
  ...GOOD,
  goods: {
    currency: "EUR",
    total_value: 999,
    line_items: [
      { description: "Mystery goods", hs_code: "9999.99", quantity: 100, unit_price: 12.5 },
    ],
  },
};

/** Passes the us-customs-entry gate: 10-digit HTSUS lines with their country of origin. */
const US_ENTRY = {
  ...GOOD,
  goods: {
    currency: "USD",
    total_value: 24000,
    line_items: [{
      description: "Laptop computers",
      hs_code: "8471.30.01.00",
      quantity: 30,
      unit_price: 800,
      origin_country: "CN",
    }],
  },
};

async function validate(svc: TestService, team: Team, body: unknown): Promise<Answer> {
  return await expectJson<Answer>(await svc.call(team, "validate-shipment", { body }), 200);
}

async function createShipment(svc: TestService, team: Team): Promise<string> {
  const created = await expectJson(
    await svc.call(team, "create-shipment", { body: { shipment_data: GOOD } }),
    201,
  );
  return String(created.shipment_id);
}

async function getShipment(svc: TestService, team: Team, id: string): Promise<Json> {
  return await expectJson(await svc.call(team, "get-shipment", { query: { id } }), 200);
}

async function recordCount(svc: TestService, where: string, params: unknown[]): Promise<number> {
  const [row] = await svc.db.query<{ n: number }>(
    `select count(*)::int as n from validation_records where ${where}`,
    params,
  );
  return row!.n;
}

serviceTest("validate-shipment", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");
  const other = await svc.newTeam("starter");

  await t.step("answers 200 with the pass shape, a hash and a stored record", async () => {
    const answer = await validate(svc, team, { shipment: GOOD });
    assertEquals(Object.keys(answer).sort(), ANSWER_FIELDS);
    equal(typeof answer.run_id, "string");
    assert(answer.run_id.length > 0, "run_id is empty");
    match(answer.validation_record_id, UUID);
    equal(answer.status, "validated");
    equal(answer.passed, true);
    equal(answer.error, null);
    match(String(answer.validation_hash), /^[0-9a-f]{64}$/);
    assertEquals(answer.layers.map((l) => l.name), [
      "Schema Validation",
      "Business Rules",
      "Compliance",
    ]);
    for (const layer of answer.layers) {
      assertEquals(Object.keys(layer).sort(), ["name", "results", "status"]);
      equal(layer.status, "passed");
      assert(layer.results.length > 0, `${layer.name} has no results`);
      for (const r of layer.results) {
        equal(typeof r.rule, "string");
        equal(typeof r.message, "string");
        equal(r.status, "passed");
      }
    }
    const rules = answer.layers.flatMap((l) => l.results.map((r) => r.rule));
    assert(rules.includes("hs_code_exists") && rules.includes("port_code_valid"), `${rules}`);

    const [record] = await svc.db.query<Json>(
      `select team_id, shipment_id, gate, passed, validation_hash, layers, origin_country,
              destination_country, run_id, provider
         from validation_records where id = $1`,
      [answer.validation_record_id],
    );
    assertEquals(record, {
      team_id: team.teamId,
      shipment_id: null,
      gate: "trade-document-validator",
      passed: true,
      validation_hash: answer.validation_hash,
      layers: answer.layers,
      origin_country: "DE",
      destination_country: "US",
      run_id: answer.run_id,
      provider: "builtin",
    });
  });

  await t.step("each validation is a run and a record of its own", async () => {
    const a = await validate(svc, team, { shipment: GOOD });
    const b = await validate(svc, team, { shipment: GOOD });
    assert(a.run_id !== b.run_id, "run ids repeat");
    assert(a.validation_record_id !== b.validation_record_id, "record ids repeat");
  });

  await t.step("answers 200 with the fail shape: passed false, an error, no hash", async () => {
    const answer = await validate(svc, team, { shipment: BAD });
    assertEquals(Object.keys(answer).sort(), ANSWER_FIELDS);
    equal(answer.passed, false);
    equal(answer.status, "validated", "status is the run status, not pass/fail");
    equal(answer.validation_hash, null);
    assertEquals(Object.keys(answer.error ?? {}), ["message"]);
    match(answer.error!.message, /hs_code_exists/);
    match(answer.error!.message, /line_item_totals/);
    match(answer.validation_record_id, UUID);
    const business = answer.layers.find((l) => l.name === "Business Rules")!;
    equal(business.status, "failed");
    const failed = business.results.filter((r) => r.status === "failed");
    assertEquals(failed.map((r) => r.rule).sort(), ["hs_code_exists", "line_item_totals"]);
    for (const r of failed) {
      equal(typeof r.message, "string");
      equal(typeof r.path, "string");
    }
    equal(answer.layers.find((l) => l.name === "Schema Validation")!.status, "passed");

    const [record] = await svc.db.query<{ passed: boolean; validation_hash: string | null }>(
      "select passed, validation_hash from validation_records where id = $1",
      [answer.validation_record_id],
    );
    assertEquals(record, { passed: false, validation_hash: null });
  });

  await t.step(
    "answers a shipment that is no TradeShipment with 200 and a failed schema",
    async () => {
      const answer = await validate(svc, team, { shipment: { hello: "world" } });
      equal(answer.passed, false);
      equal(answer.validation_hash, null);
      equal(answer.layers[0]!.name, "Schema Validation");
      equal(answer.layers[0]!.status, "failed");
      match(answer.error!.message, /schema_valid/);
    },
  );

  await t.step("a pass with warnings still passes and gets a hash", async () => {
    const answer = await validate(svc, team, {
      shipment: { ...GOOD, route: { ...GOOD.route, port_of_loading: "CNSHA" } },
    });
    equal(answer.passed, true);
    match(String(answer.validation_hash), /^[0-9a-f]{64}$/);
    const warnings = answer.layers.flatMap((l) => l.results).filter((r) => r.status === "warning");
    assertEquals(warnings.map((r) => [r.rule, r.path]), [
      ["port_code_valid", "route.port_of_loading"],
    ]);
  });

  await t.step("with shipment_id a pass makes the shipment validated", async () => {
    const id = await createShipment(svc, team);
    const answer = await validate(svc, team, { shipment: GOOD, shipment_id: id });
    equal(answer.passed, true);
    const got = await getShipment(svc, team, id);
    equal(got.status, "validated");
    equal(got.current_validation_hash, answer.validation_hash);
    equal(got.current_validation_record_id, answer.validation_record_id);
    const [record] = await svc.db.query<{ shipment_id: string }>(
      "select shipment_id from validation_records where id = $1",
      [answer.validation_record_id],
    );
    equal(record?.shipment_id, id);
  });

  await t.step(
    "with shipment_id a failure makes it validation_failed, keeping the last passing hash",
    async () => {
      const id = await createShipment(svc, team);
      const pass = await validate(svc, team, { shipment: GOOD, shipment_id: id });
      const fail = await validate(svc, team, { shipment: BAD, shipment_id: id });
      equal(fail.passed, false);
      const got = await getShipment(svc, team, id);
      equal(got.status, "validation_failed");
      equal(got.current_validation_record_id, fail.validation_record_id);
      equal(got.current_validation_hash, pass.validation_hash);

      // And a later pass takes over again.
      const again = await validate(svc, team, { shipment: GOOD, shipment_id: id });
      const after = await getShipment(svc, team, id);
      equal(after.status, "validated");
      equal(after.current_validation_record_id, again.validation_record_id);
      equal(after.current_validation_hash, again.validation_hash);
    },
  );

  await t.step("a failure on a never-validated shipment sets no hash", async () => {
    const id = await createShipment(svc, team);
    const fail = await validate(svc, team, { shipment: BAD, shipment_id: id });
    const got = await getShipment(svc, team, id);
    equal(got.status, "validation_failed");
    equal(got.current_validation_record_id, fail.validation_record_id);
    equal(got.current_validation_hash, null);
  });

  await t.step("accepts a shipment_id in capitals", async () => {
    const id = await createShipment(svc, team);
    const answer = await validate(svc, team, { shipment: GOOD, shipment_id: id.toUpperCase() });
    const got = await getShipment(svc, team, id);
    equal(got.current_validation_record_id, answer.validation_record_id);
  });

  await t.step(
    "answers 404 SVC_SHIP_004 for another team's shipment and writes no record",
    async () => {
      const id = await createShipment(svc, team);
      const before = await recordCount(svc, "team_id = $1", [other.teamId]);
      for (const shipment of [GOOD, BAD]) {
        await expectError(
          await svc.call(other, "validate-shipment", { body: { shipment, shipment_id: id } }),
          404,
          "SVC_SHIP_004",
        );
      }
      equal(await recordCount(svc, "team_id = $1", [other.teamId]), before);
      equal(await recordCount(svc, "shipment_id = $1", [id]), 0);
      const got = await getShipment(svc, team, id);
      equal(got.status, "created");
      equal(got.current_validation_record_id, null);
      equal(got.current_validation_hash, null);
    },
  );

  for (const shipmentId of [crypto.randomUUID(), "not-a-uuid", "' or 1=1 --", 42]) {
    const label = typeof shipmentId === "string" && shipmentId.length === 36
      ? "an unknown shipment_id"
      : `the malformed shipment_id ${JSON.stringify(shipmentId)}`;
    await t.step(`answers 404 SVC_SHIP_004 for ${label} and writes no record`, async () => {
      const before = await recordCount(svc, "team_id = $1", [team.teamId]);
      await expectError(
        await svc.call(team, "validate-shipment", {
          body: { shipment: GOOD, shipment_id: shipmentId },
        }),
        404,
        "SVC_SHIP_004",
      );
      equal(await recordCount(svc, "team_id = $1", [team.teamId]), before);
    });
  }

  for (
    const [label, body] of [
      ["missing shipment", {}],
      ["shipment null", { shipment: null }],
      ["shipment an array", { shipment: [GOOD] }],
      ["shipment a string", { shipment: JSON.stringify(GOOD) }],
      ["only shipment_data", { shipment_data: GOOD }],
    ] as const
  ) {
    await t.step(`answers 400 SVC_VAL_002 for ${label}`, async () => {
      await expectError(
        await svc.call(team, "validate-shipment", { body }),
        400,
        "SVC_VAL_002",
      );
    });
  }

  for (const gate of ["no-such-gate", "", "TRADE-DOCUMENT-VALIDATOR", "constructor", 7]) {
    await t.step(`answers 400 SVC_VAL_009 for gate_slug ${JSON.stringify(gate)}`, async () => {
      const before = await recordCount(svc, "team_id = $1", [team.teamId]);
      const error = await expectError(
        await svc.call(team, "validate-shipment", { body: { shipment: GOOD, gate_slug: gate } }),
        400,
        "SVC_VAL_009",
      );
      if (typeof gate === "string" && gate !== "constructor") {
        match(error.message, /trade-document-validator/);
      }
      equal(await recordCount(svc, "team_id = $1", [team.teamId]), before);
    });
  }

  await t.step("validates against gate_slug us-customs-entry", async () => {
    const answer = await validate(svc, team, {
      shipment: US_ENTRY,
      gate_slug: "us-customs-entry",
    });
    equal(answer.passed, true, JSON.stringify(answer.layers));
    const rules = answer.layers.flatMap((l) => l.results.map((r) => r.rule));
    assert(rules.includes("us_entry_lines"), `${rules}`);
    const [record] = await svc.db.query<{ gate: string }>(
      "select gate from validation_records where id = $1",
      [answer.validation_record_id],
    );
    equal(record?.gate, "us-customs-entry");

    const strict = await validate(svc, team, { shipment: GOOD, gate_slug: "us-customs-entry" });
    equal(strict.passed, false);
    match(strict.error!.message, /us_entry_lines/);
  });

  await t.step("the default gate is trade-document-validator", async () => {
    const explicit = await validate(svc, team, {
      shipment: GOOD,
      gate_slug: "trade-document-validator",
    });
    equal(explicit.passed, true);
    const implicit = await validate(svc, team, { shipment: GOOD });
    const rules = implicit.layers.flatMap((l) => l.results.map((r) => r.rule));
    equal(rules.includes("us_entry_lines"), false);
  });

  await t.step("PROVIDER_DEFAULT_GATE_ID chooses the gate used without gate_slug", async () => {
    const usSvc = await testService({ env: { PROVIDER_DEFAULT_GATE_ID: "us-customs-entry" } });
    const usTeam = await usSvc.newTeam("starter");
    const answer = await validate(usSvc, usTeam, { shipment: GOOD });
    equal(answer.passed, false);
    match(answer.error!.message, /us_entry_lines/);
    const [record] = await usSvc.db.query<{ gate: string }>(
      "select gate from validation_records where id = $1",
      [answer.validation_record_id],
    );
    equal(record?.gate, "us-customs-entry");
    const pass = await validate(usSvc, usTeam, { shipment: US_ENTRY });
    equal(pass.passed, true);
    // gate_slug still wins over the default.
    const named = await validate(usSvc, usTeam, {
      shipment: GOOD,
      gate_slug: "trade-document-validator",
    });
    equal(named.passed, true);
  });

  await t.step("answers 400 SVC_REQ_002 for malformed JSON", async () => {
    const res = await svc.fetch("/functions/v1/validate-shipment", {
      method: "POST",
      headers: {
        authorization: `Bearer ${team.apiKey}`,
        apikey: TEST_KEYS.anonKey,
        "content-type": "application/json",
      },
      body: '{"shipment": {',
    });
    await expectError(res, 400, "SVC_REQ_002");
  });

  await t.step("answers 413 SVC_REQ_001 for a body over 1 MiB", async () => {
    const shipment = { ...GOOD, notes: "x".repeat(1024 * 1024) };
    await expectError(
      await svc.call(team, "validate-shipment", { body: { shipment } }),
      413,
      "SVC_REQ_001",
    );
  });

  await t.step("answers 401 without credentials and writes nothing", async () => {
    const before = await recordCount(svc, "true", []);
    const res = await svc.fetch("/functions/v1/validate-shipment", {
      method: "POST",
      headers: { apikey: TEST_KEYS.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ shipment: GOOD }),
    });
    await expectError(res, 401, "SVC_AUTH_001");
    const noApikey = await svc.fetch("/functions/v1/validate-shipment", {
      method: "POST",
      headers: { authorization: `Bearer ${team.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ shipment: GOOD }),
    });
    await expectError(noApikey, 401, "SVC_AUTH_002");
    equal(await recordCount(svc, "true", []), before);
  });

  await t.step("passes a shipment of 200 line items", async () => {
    const codes = ["0901.21", "8471.30", "6109.10", "9403.60", "8528.72", "2204.21", "3004.90"];
    const items = Array.from({ length: 200 }, (_, i) => ({
      description: `Item ${i + 1}`,
      hs_code: codes[i % codes.length],
      quantity: i + 1,
      unit_price: 1.25,
    }));
    const total = items.reduce((s, it) => s + it.quantity * it.unit_price, 0);
    const answer = await validate(svc, team, {
      shipment: { ...GOOD, goods: { currency: "EUR", total_value: total, line_items: items } },
    });
    equal(answer.passed, true, JSON.stringify(answer.layers));
    match(String(answer.validation_hash), /^[0-9a-f]{64}$/);
  });

  await t.step("a failing shipment of 200 line items names every bad line", async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      description: `Item ${i + 1}`,
      hs_code: i % 2 === 0 ? "0901.21" : "9999.99",
      quantity: 1,
      unit_price: 1,
    }));
    const answer = await validate(svc, team, {
      shipment: { ...GOOD, goods: { currency: "EUR", total_value: 200, line_items: items } },
    });
    equal(answer.passed, false);
    const hs = answer.layers.flatMap((l) => l.results).filter((r) => r.rule === "hs_code_exists");
    equal(hs.length, 100);
    assertEquals(
      hs.map((r) => r.path),
      Array.from({ length: 100 }, (_, i) => `goods.line_items.${2 * i + 1}.hs_code`),
    );
  });
});
