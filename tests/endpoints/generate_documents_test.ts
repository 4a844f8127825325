import { sha256Hex } from "../../shared/platform/util/crypto.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";

type Team = Awaited<ReturnType<TestService["newTeam"]>>;
type Json = Record<string, unknown>;

const SHIPMENT = sampleShipment(3) as unknown as Json;
const TYPES = ["COMMERCIAL_INVOICE", "PACKING_LIST"];

async function createShipment(svc: TestService, team: Team): Promise<string> {
  const body = await expectJson(
    await svc.call(team, "create-shipment", {
      body: { shipment_data: SHIPMENT, shipment_ref: "GEN-1" },
    }),
    201,
  );
  return String(body.shipment_id);
}

async function jobCount(svc: TestService, team: Team): Promise<number> {
  const [row] = await svc.db.query<{ n: number }>(
    "select count(*)::int as n from document_jobs where team_id = $1",
    [team.teamId],
  );
  return row!.n;
}

function generate(svc: TestService, team: Team, body: Json) {
  return svc.call(team, "generate-documents", { body });
}

serviceTest(`generate-documents (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("free");

  await t.step("answers 202 with one job per type, queued and pollable", async () => {
    const body = await expectJson<
      { jobs: { jobId: string; docType: string; providerJobId: string }[] }
    >(
      await generate(svc, team, { shipment: SHIPMENT, document_types: TYPES }),
      202,
    );
    assertEquals(Object.keys(body), ["jobs"]);
    assertEquals(body.jobs.map((j) => j.docType), TYPES);
    for (const job of body.jobs) {
      match(job.providerJobId, /^render_[0-9a-f-]{36}$/);
      const polled = await expectJson(
        await svc.fetch(`/api/v1/jobs/${job.jobId}`, {
          headers: { authorization: `Bearer ${team.apiKey}` },
        }),
        200,
      );
      equal(polled.status, "queued");
      equal(polled.doc_type, job.docType);
      equal(polled.download_url, null);
    }
  });

  await t.step("with shipment_id: counts, records history with snapshot and diff", async () => {
    const id = await createShipment(svc, team);
    const previous = structuredClone(SHIPMENT) as { importer: { name: string } };
    previous.importer.name = "Old Importer Inc.";
    const body = await expectJson(
      await generate(svc, team, {
        shipment: SHIPMENT,
        document_types: TYPES,
        shipment_id: id,
        previous_shipment_data: previous,
      }),
      202,
    );
    equal(body.generation_count, 1);
    equal(body.max_generations, 2);
    match(String(body.generation_history_id), /^[0-9a-f-]{36}$/);
    const shipment = await expectJson<
      { status: string; generation_count: number; generation_history: Json[] }
    >(
      await svc.call(team, "get-shipment", { query: { id } }),
      200,
    );
    equal(shipment.status, "generated");
    equal(shipment.generation_count, 1);
    const [entry] = shipment.generation_history;
    equal(entry!.id, body.generation_history_id);
    assertEquals(entry!.document_types, TYPES);
    assertEquals(entry!.shipment_data_snapshot, SHIPMENT);
    assertEquals(entry!.data_diff, [
      {
        path: "importer.name",
        op: "changed",
        before: "Old Importer Inc.",
        after: "Chicago Tools Inc.",
      },
    ]);
  });

  await t.step("answers 429 SVC_GEN_LIMIT at the tier's cap, and queues nothing", async () => {
    const id = await createShipment(svc, team);
    for (let i = 0; i < 2; i++) {
      await expectJson(
        await generate(svc, team, { shipment: SHIPMENT, document_types: TYPES, shipment_id: id }),
        202,
      );
    }
    const before = await svc.db.query<{ n: number }>(
      "select count(*)::int as n from document_jobs where shipment_id = $1",
      [id],
    );
    await expectError(
      await generate(svc, team, { shipment: SHIPMENT, document_types: TYPES, shipment_id: id }),
      429,
      "SVC_GEN_LIMIT",
    );
    const after = await svc.db.query<{ n: number }>(
      "select count(*)::int as n from document_jobs where shipment_id = $1",
      [id],
    );
    equal(after[0]!.n, before[0]!.n);
  });

  await t.step(
    "50 concurrent calls: 202s never pass the cap; the rest are 409 or 429",
    async () => {
      const scale = await svc.newTeam("starter");
      const id = await createShipment(svc, scale);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          generate(svc, scale, {
            shipment: SHIPMENT,
            document_types: ["COMMERCIAL_INVOICE"],
            shipment_id: id,
          })),
      );
      const statuses = responses.map((r) => r.status);
      await Promise.all(responses.map((r) => r.body?.cancel()));
      const accepted = statuses.filter((s) => s === 202).length;
      assert(statuses.every((s) => s === 202 || s === 409 || s === 429), statuses.join(","));
      assert(accepted >= 1 && accepted <= 5, `accepted ${accepted}`);
      const [row] = await svc.db.query<{ count: number; history: number; jobs: number }>(
        `select s.generation_count as count,
              (select count(*)::int from generation_history h where h.shipment_id = s.id) as history,
              (select count(*)::int from document_jobs j where j.shipment_id = s.id) as jobs
         from shipments s where s.id = $1`,
        [id],
      );
      assertEquals(row, { count: accepted, history: accepted, jobs: accepted });
    },
  );

  await t.step("pre-check errors of all types come back together in one 400", async () => {
    const data = structuredClone(SHIPMENT) as Json;
    delete data.veterinary_data;
    delete data.analysis_data;
    const body = await expectJson<
      { success: boolean; preCheckErrors: { docType: string; errors: Json[] }[] }
    >(
      await generate(svc, team, {
        shipment: data,
        document_types: [
          "HEALTH_VETERINARY_CERTIFICATE",
          "CERTIFICATE_OF_ANALYSIS",
          "COMMERCIAL_INVOICE",
        ],
      }),
      400,
    );
    equal(body.success, false);
    assertEquals(body.preCheckErrors.map((e) => e.docType), [
      "HEALTH_VETERINARY_CERTIFICATE",
      "CERTIFICATE_OF_ANALYSIS",
    ]);
    assertEquals(body.preCheckErrors[0]!.errors[0], {
      message: "Competent authority is required for this document",
      fieldPath: "veterinaryData.competentAuthority",
      tab: "compliance",
    });
  });

  await t.step("soft warnings ask for confirmation; confirm_warnings proceeds", async () => {
    const data = structuredClone(SHIPMENT) as Json;
    delete data.bl_data;
    const first = await expectJson<
      {
        success: boolean;
        requiresConfirmation: boolean;
        warnings: { docType: string; warnings: Json[] }[];
      }
    >(
      await generate(svc, team, { shipment: data, document_types: ["BILL_OF_LADING"] }),
      200,
    );
    assertEquals(first.success, false);
    assertEquals(first.requiresConfirmation, true);
    assertEquals(first.warnings[0]!.warnings.map((w) => w.fieldPath), [
      "blData.freightPayment",
      "blData.placeOfDelivery",
    ]);
    await expectJson(
      await generate(svc, team, {
        shipment: data,
        document_types: ["BILL_OF_LADING"],
        confirm_warnings: true,
      }),
      202,
    );
  });

  await t.step("a validation hash adds the types to what verify-hash reports", async () => {
    const validated = await expectJson(
      await svc.call(team, "validate-shipment", { body: { shipment: SHIPMENT } }),
      200,
    );
    const hash = String(validated.validation_hash);
    await expectJson(
      await generate(svc, team, {
        shipment: SHIPMENT,
        document_types: ["PACKING_LIST", "COMMERCIAL_INVOICE"],
        validation_hash: hash.toUpperCase(),
      }),
      202,
    );
    const verified = await expectJson(await svc.fetch(`/functions/v1/verify-hash/${hash}`), 200);
    assertEquals(verified.documents_generated, ["COMMERCIAL_INVOICE", "PACKING_LIST"]);
  });

  await t.step(
    "a foreign, unknown, failed or other-data hash generates nothing (400 each)",
    async () => {
      const other = await svc.newTeam("free");
      const foreign = await expectJson(
        await svc.call(other, "validate-shipment", { body: { shipment: SHIPMENT } }),
        200,
      );
      equal(foreign.passed, true);
      const failed = await expectJson(
        await svc.call(team, "validate-shipment", {
          body: {
            shipment: { ...SHIPMENT, goods: { ...(SHIPMENT.goods as Json), total_value: 1 } },
          },
        }),
        200,
      );
      equal(failed.passed, false);
      // A failed record that carries a hash (imported, or written by an older version).
      const failedHash = await sha256Hex(`failed-${crypto.randomUUID()}`);
      await svc.db.query("update validation_records set validation_hash = $1 where id = $2", [
        failedHash,
        failed.validation_record_id,
      ]);
      const ours = await expectJson(
        await svc.call(team, "validate-shipment", { body: { shipment: SHIPMENT } }),
        200,
      );
      equal(ours.passed, true);
      const altered = structuredClone(SHIPMENT) as { goods: { total_value: number } };
      altered.goods.total_value = 99;
      const id = await createShipment(svc, team);
      const jobsBefore = await jobCount(svc, team);

      for (
        const [label, hash, shipment, code] of [
          ["another team's hash", foreign.validation_hash, SHIPMENT, "SVC_VAL_014"],
          ["an unknown hash", "a".repeat(64), SHIPMENT, "SVC_VAL_014"],
          ["a failed validation's hash", failedHash, SHIPMENT, "SVC_VAL_015"],
          ["a hash of other data", ours.validation_hash, altered, "SVC_VAL_016"],
        ] as const
      ) {
        for (const shipmentId of [undefined, id]) {
          await expectError(
            await generate(svc, team, {
              shipment,
              document_types: TYPES,
              validation_hash: hash,
              confirm_warnings: true,
              ...(shipmentId ? { shipment_id: shipmentId } : {}),
            }),
            400,
            code,
          );
          equal(await jobCount(svc, team), jobsBefore, `${label} queued a job`);
        }
      }
      const got = await expectJson(await svc.call(team, "get-shipment", { query: { id } }), 200);
      equal(got.generation_count, 0);
      // The same hash with its own data goes through, key order and number spelling aside.
      const reordered = Object.fromEntries(Object.entries(SHIPMENT).reverse());
      await expectJson(
        await generate(svc, team, {
          shipment: reordered,
          document_types: TYPES,
          validation_hash: ours.validation_hash,
          shipment_id: id,
        }),
        202,
      );
      equal(await jobCount(svc, team), jobsBefore + TYPES.length);
    },
  );

  for (
    const [label, body, status, code] of [
      ["no shipment", { document_types: TYPES }, 400, "SVC_VAL_002"],
      ["no document_types", { shipment: SHIPMENT }, 400, "SVC_VAL_002"],
      ["an empty document_types", { shipment: SHIPMENT, document_types: [] }, 400, "SVC_VAL_002"],
      ["a shipment that is a list", { shipment: [1], document_types: TYPES }, 400, "SVC_VAL_002"],
      ["an unknown type", { shipment: SHIPMENT, document_types: ["INVOICE"] }, 400, "SVC_VAL_004"],
      [
        "a malformed hash",
        { shipment: SHIPMENT, document_types: TYPES, validation_hash: "abc" },
        400,
        "SVC_VAL_011",
      ],
      [
        "final_doc as text",
        { shipment: SHIPMENT, document_types: TYPES, final_doc: "yes" },
        400,
        "SVC_VAL_012",
      ],
      [
        "an unknown shipment_id",
        { shipment: SHIPMENT, document_types: TYPES, shipment_id: crypto.randomUUID() },
        404,
        "SVC_SHIP_004",
      ],
      [
        "a malformed shipment_id",
        { shipment: SHIPMENT, document_types: TYPES, shipment_id: "x" },
        404,
        "SVC_SHIP_004",
      ],
    ] as const
  ) {
    await t.step(`answers ${status} ${code} for ${label}`, async () => {
      await expectError(await generate(svc, team, body as Json), status, code);
    });
  }

  await t.step("another team's shipment answers 404 and is not counted", async () => {
    const other = await svc.newTeam();
    const id = await createShipment(svc, other);
    await expectError(
      await generate(svc, team, { shipment: SHIPMENT, document_types: TYPES, shipment_id: id }),
      404,
      "SVC_SHIP_004",
    );
    const got = await expectJson(await svc.call(other, "get-shipment", { query: { id } }), 200);
    equal(got.generation_count, 0);
  });

  await t.step("another team's job answers 404 SVC_JOB_001", async () => {
    const body = await expectJson<{ jobs: { jobId: string }[] }>(
      await generate(svc, team, { shipment: SHIPMENT, document_types: ["PACKING_LIST"] }),
      202,
    );
    const other = await svc.newTeam();
    await expectError(
      await svc.fetch(`/api/v1/jobs/${body.jobs[0]!.jobId}`, {
        headers: { authorization: `Bearer ${other.apiKey}` },
      }),
      404,
      "SVC_JOB_001",
    );
  });

  await t.step("refuses malformed JSON, oversized bodies and missing credentials", async () => {
    const headers = {
      authorization: `Bearer ${team.apiKey}`,
      apikey: TEST_KEYS.anonKey,
      "content-type": "application/json",
    };
    await expectError(
      await svc.fetch("/functions/v1/generate-documents", { method: "POST", headers, body: "{" }),
      400,
      "SVC_REQ_002",
    );
    await expectError(
      await generate(svc, team, {
        shipment: { x: "y".repeat(1024 * 1024) },
        document_types: TYPES,
      }),
      413,
      "SVC_REQ_001",
    );
    await expectError(
      await svc.fetch("/functions/v1/generate-documents", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
      401,
      "SVC_AUTH_002",
    );
  });
});
