/**
 * POST /functions/v1/flatten-document through the gateway, with the service on a real loopback
 * port: the generated PDF is fetched over HTTP through its signed URL, flattened, stored, and
 * its URL saved in the history entry. Every SVC_FLAT_* code, hostile bodies, another team's
 * job and history entry, and the Gotenberg adapter behind FLATTEN_SERVICE_URL.
 */
import type { TestTeam } from "../support/service.ts";
import type { Db } from "../../shared/platform/db/db.ts";
import { pdfsig, pdftotext, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { drainDocumentJobs } from "../support/documents.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { serviceTest, TEST_KEYS, type TestService } from "../support/service.ts";
import { fakeGotenberg } from "./fake_gotenberg.ts";
import { loopbackService } from "./loopback.ts";
import { reducedShipment } from "./support.ts";

const dir = tempDir("flatten-document-test-");
const STAMP = "sha256:5a1c0e9b7d3f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c";

interface Generated {
  shipmentId: string;
  historyId: string;
  jobs: Record<string, string>;
}

/** A shipment of the team, one generation of `types` (fillable), rendered by a worker. */
async function generate(svc: TestService, team: TestTeam, ref: string): Promise<Generated> {
  const data = reducedShipment("COMMERCIAL_INVOICE");
  const created = await expectJson<{ shipment_id: string }>(
    await svc.call(team, "create-shipment", { body: { shipment_ref: ref, shipment_data: data } }),
    201,
  );
  const accepted = await expectJson<{
    jobs: { jobId: string; docType: string }[];
    generation_history_id: string;
  }>(
    await svc.call(team, "generate-documents", {
      body: {
        shipment: data,
        shipment_id: created.shipment_id,
        document_types: ["COMMERCIAL_INVOICE", "PACKING_LIST"],
        confirm_warnings: true,
      },
    }),
    202,
  );
  await drainDocumentJobs(svc);
  const ids = accepted.jobs.map((j) => j.jobId);
  const done = await svc.db.query<{ status: string }>(
    "select status from document_jobs where id = any($1::uuid[])",
    [ids],
  );
  assertEquals(done.map((r) => r.status), ["completed", "completed"]);
  return {
    shipmentId: created.shipment_id,
    historyId: accepted.generation_history_id,
    jobs: Object.fromEntries(accepted.jobs.map((j) => [j.docType, j.jobId])),
  };
}

/** A job row in a given state, for the error paths the worker never leaves behind. */
async function insertJob(
  db: Db,
  teamId: string,
  values: { status: string; provider_job_id: string | null; storage_path: string | null },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into document_jobs (team_id, doc_type, status, provider_job_id, payload, storage_path)
     values ($1, 'COMMERCIAL_INVOICE', $2, $3, '{}'::jsonb, $4) returning id`,
    [teamId, values.status, values.provider_job_id, values.storage_path],
  );
  return row!.id;
}

async function download(url: string, name: string): Promise<{ path: string; bytes: Uint8Array }> {
  const response = await fetch(url);
  equal(response.status, 200, `GET ${url}`);
  equal(response.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const path = `${dir}/${name}.pdf`;
  await Deno.writeFile(path, bytes);
  return { path, bytes };
}

serviceTest(`flatten-document (${testDbKind()})`, async (t) => {
  const { svc, url, close } = await loopbackService();
  try {
    const team = await svc.newTeam("growth");
    const other = await svc.newTeam("growth");
    const generated = await generate(svc, team, "FLAT-1");
    const invoiceJob = generated.jobs.COMMERCIAL_INVOICE!;
    const flatten = (body: unknown, who: TestTeam = team) =>
      svc.call(who, "flatten-document", { body });

    await t.step("answers a PDF/A-2b with the stamp, saved in the history entry", async () => {
      const body = await expectJson<{ download_url: string; job_id: string; doc_type: string }>(
        await flatten({
          job_id: invoiceJob,
          hash_stamp: STAMP,
          generation_history_id: generated.historyId,
        }),
        200,
      );
      equal(body.job_id, invoiceJob);
      equal(body.doc_type, "COMMERCIAL_INVOICE");
      assert(body.download_url.startsWith(`${url}/storage/v1/object/sign/`), body.download_url);
      const file = await download(body.download_url, "invoice");
      const report = await checkPdfA(file.path);
      assertEquals(report.findings, []);
      for (const page of report.text.split("\f").filter((p) => p.trim())) {
        assert(page.includes(`Hash stamp: ${STAMP}`));
      }
      assert(report.xmp.includes(`<tds:shipmentId>${generated.shipmentId}</tds:shipmentId>`));

      // The history keeps the storage path; get-shipment answers a fresh signed URL of it.
      const [row] = await svc.db.query<{ flattened_urls: Record<string, string> }>(
        "select flattened_urls from generation_history where id = $1",
        [generated.historyId],
      );
      match(row!.flattened_urls.COMMERCIAL_INVOICE!, /^[0-9a-f-]+\/[0-9a-f-]+\/[0-9a-f-]+\/flat/);
      const shipment = await expectJson<{
        generation_history: { id: string; flattened_urls: Record<string, string> | null }[];
      }>(await svc.call(team, "get-shipment", { query: { id: generated.shipmentId } }), 200);
      const saved = shipment.generation_history[0]!.flattened_urls!.COMMERCIAL_INVOICE!;
      assert(saved.startsWith(`${url}/storage/v1/object/sign/`), saved);
      assertEquals((await download(saved, "from-history")).bytes, file.bytes);
    });

    await t.step("doc_type labels the file; the entry keeps its other keys", async () => {
      const body = await expectJson<{ doc_type: string; download_url: string }>(
        await flatten({
          job_id: generated.jobs.PACKING_LIST,
          doc_type: "Packing list (archive)",
          generation_history_id: generated.historyId,
        }),
        200,
      );
      equal(body.doc_type, "Packing list (archive)");
      const [row] = await svc.db.query<{ flattened_urls: Record<string, string> }>(
        "select flattened_urls from generation_history where id = $1",
        [generated.historyId],
      );
      assertEquals(Object.keys(row!.flattened_urls).sort(), [
        "COMMERCIAL_INVOICE",
        "Packing list (archive)",
      ]);
      const file = await download(body.download_url, "packing");
      assert(!(await pdftotext(file.path)).includes("Hash stamp"), "no stamp unless asked");
    });

    await t.step("without a history id nothing is saved", async () => {
      const before = await svc.db.query(
        "select flattened_urls from generation_history where id = $1",
        [
          generated.historyId,
        ],
      );
      await expectJson(await flatten({ job_id: invoiceJob, hash_stamp: "other" }), 200);
      const after = await svc.db.query(
        "select flattened_urls from generation_history where id = $1",
        [
          generated.historyId,
        ],
      );
      assertEquals(after, before);
    });

    await t.step("400 SVC_FLAT_001 without a job_id", async () => {
      for (const body of [{}, { job_id: "" }, { job_id: null }, { job_id: 42 }]) {
        await expectError(await flatten(body), 400, "SVC_FLAT_001");
      }
    });

    await t.step(
      "404 SVC_FLAT_002 for an unknown job, a malformed id, another team's",
      async () => {
        await expectError(await flatten({ job_id: crypto.randomUUID() }), 404, "SVC_FLAT_002");
        await expectError(await flatten({ job_id: "not-a-uuid" }), 404, "SVC_FLAT_002");
        const foreign = await flatten({ job_id: invoiceJob }, other);
        const unknown = await flatten({ job_id: crypto.randomUUID() }, other);
        const a = await expectError(foreign, 404, "SVC_FLAT_002");
        const b = await expectError(unknown, 404, "SVC_FLAT_002");
        assertEquals(a, b);
      },
    );

    await t.step("400 SVC_FLAT_003 when the job has no provider job id", async () => {
      const id = await insertJob(svc.db, team.teamId, {
        status: "completed",
        provider_job_id: null,
        storage_path: "x/y.pdf",
      });
      await expectError(await flatten({ job_id: id }), 400, "SVC_FLAT_003");
    });

    await t.step("400 SVC_FLAT_004 names the status of a job not completed", async () => {
      for (const status of ["queued", "processing", "failed"]) {
        const id = await insertJob(svc.db, team.teamId, {
          status,
          provider_job_id: "render_x",
          storage_path: null,
        });
        const error = await expectError(await flatten({ job_id: id }), 400, "SVC_FLAT_004");
        assert(error.message.includes(status), error.message);
      }
    });

    await t.step("400 SVC_FLAT_005 when a completed job has no file", async () => {
      const id = await insertJob(svc.db, team.teamId, {
        status: "completed",
        provider_job_id: "render_x",
        storage_path: null,
      });
      await expectError(await flatten({ job_id: id }), 400, "SVC_FLAT_005");
    });

    await t.step("502 SVC_FLAT_006 names the HTTP status of a failed download", async () => {
      const missing = await insertJob(svc.db, team.teamId, {
        status: "completed",
        provider_job_id: "render_x",
        storage_path: `${team.teamId}/adhoc/gone/COMMERCIAL_INVOICE.pdf`,
      });
      const error = await expectError(await flatten({ job_id: missing }), 502, "SVC_FLAT_006");
      match(error.message, /HTTP 404/);
      const junkPath = `${team.teamId}/adhoc/junk/COMMERCIAL_INVOICE.pdf`;
      await svc.deps.storage.put(junkPath, new TextEncoder().encode("<html/>"), "text/html");
      const junk = await insertJob(svc.db, team.teamId, {
        status: "completed",
        provider_job_id: "render_x",
        storage_path: junkPath,
      });
      const notPdf = await expectError(await flatten({ job_id: junk }), 502, "SVC_FLAT_006");
      match(notPdf.message, /HTTP 200, but the answer is not a PDF/);
    });

    await t.step("502 SVC_FLAT_007 when the stored file cannot be flattened", async () => {
      const path = `${team.teamId}/adhoc/broken/COMMERCIAL_INVOICE.pdf`;
      await svc.deps.storage.put(
        path,
        new TextEncoder().encode("%PDF-1.7\nnot really\n%%EOF\n"),
        "application/pdf",
      );
      const id = await insertJob(svc.db, team.teamId, {
        status: "completed",
        provider_job_id: "render_x",
        storage_path: path,
      });
      const error = await expectError(await flatten({ job_id: id }), 502, "SVC_FLAT_007");
      assert(!/TypeError|at /.test(error.message), error.message);
    });

    await t.step("400 SVC_FLAT_008 for optional fields of the wrong type or length", async () => {
      for (
        const body of [
          { hash_stamp: 42 },
          { hash_stamp: "x".repeat(257) },
          { doc_type: ["COMMERCIAL_INVOICE"] },
          { doc_type: "x".repeat(101) },
          { generation_history_id: 7 },
        ]
      ) {
        await expectError(await flatten({ job_id: invoiceJob, ...body }), 400, "SVC_FLAT_008");
      }
    });

    await t.step("404 SVC_FLAT_009 for an unknown or another team's history entry", async () => {
      const otherShipment = await generate(svc, other, "FLAT-OTHER");
      for (const id of [crypto.randomUUID(), "nope", otherShipment.historyId]) {
        await expectError(
          await flatten({ job_id: invoiceJob, generation_history_id: id }),
          404,
          "SVC_FLAT_009",
        );
      }
      // Nothing was flattened into the other team's entry.
      const [row] = await svc.db.query<{ flattened_urls: unknown }>(
        "select flattened_urls from generation_history where id = $1",
        [otherShipment.historyId],
      );
      equal(row!.flattened_urls, null);
    });

    await t.step("400 SVC_FLAT_010 for a history entry of another shipment", async () => {
      const second = await generate(svc, team, "FLAT-2");
      await expectError(
        await flatten({ job_id: invoiceJob, generation_history_id: second.historyId }),
        400,
        "SVC_FLAT_010",
      );
    });

    await t.step("hostile bodies get their 4xx", async () => {
      const post = (body: BodyInit, type = "application/json") =>
        svc.fetch("/functions/v1/flatten-document", {
          method: "POST",
          headers: {
            authorization: `Bearer ${team.apiKey}`,
            apikey: TEST_KEYS.anonKey,
            "content-type": type,
          },
          body,
        });
      await expectError(await post("{job_id:"), 400, "SVC_REQ_002");
      await expectError(await post(`["${invoiceJob}"]`), 400, "SVC_REQ_002");
      await expectError(
        await post(JSON.stringify({ job_id: invoiceJob, pad: "x".repeat(1_100_000) })),
        413,
        "SVC_REQ_001",
      );
      await expectError(await post(`{"job_id":"${invoiceJob}"}`, "text/plain"), 415, "SVC_REQ_003");
      await expectError(
        await svc.fetch("/functions/v1/flatten-document", {
          method: "POST",
          headers: { apikey: TEST_KEYS.anonKey, "content-type": "application/json" },
          body: JSON.stringify({ job_id: invoiceJob }),
        }),
        401,
        "SVC_AUTH_001",
      );
    });
  } finally {
    await close();
  }
});

serviceTest(`flatten-document through FLATTEN_SERVICE_URL (${testDbKind()})`, async (t) => {
  let fail = false;
  let broken = false;
  const fake = fakeGotenberg((r) =>
    fail
      ? new Response("busy", { status: 500 })
      : broken
      ? new Response("%PDF-1.7\nnot really a PDF\n")
      : new Response(r.files[0]!.bytes as Uint8Array<ArrayBuffer>)
  );
  const { svc, close } = await loopbackService({ FLATTEN_SERVICE_URL: fake.url });
  try {
    equal(svc.deps.flatten.name, "http");
    const team = await svc.newTeam("growth");
    const generated = await generate(svc, team, "FLAT-HTTP");
    const body = { job_id: generated.jobs.COMMERCIAL_INVOICE, hash_stamp: "via gotenberg" };

    await t.step("the converted file is stored and linked", async () => {
      const answer = await expectJson<{ download_url: string }>(
        await svc.call(team, "flatten-document", { body }),
        200,
      );
      equal(fake.received.length, 1);
      equal(fake.received[0]!.fields.pdfa, "PDF/A-2b");
      // The service's signature is an incremental update: the converted bytes stay as they are.
      const stored = await download(answer.download_url, "via-http");
      const converted = fake.received[0]!.files[0]!.bytes;
      assertEquals(stored.bytes.subarray(0, converted.length), converted);
      const signatures = await pdfsig(stored.path);
      equal(signatures.length, 1);
      assert(signatures[0]!.valid, signatures[0]!.report);
    });

    await t.step("502 SVC_FLAT_007 when its answer is no PDF that can be signed", async () => {
      broken = true;
      const error = await expectError(
        await svc.call(team, "flatten-document", { body }),
        502,
        "SVC_FLAT_007",
      );
      match(error.message, /cannot be signed/);
      broken = false;
    });

    await t.step("502 SVC_FLAT_007 when the service fails", async () => {
      fail = true;
      const error = await expectError(
        await svc.call(team, "flatten-document", { body }),
        502,
        "SVC_FLAT_007",
      );
      match(error.message, /HTTP 500/);
    });
  } finally {
    await close();
    await fake.close();
  }
});
