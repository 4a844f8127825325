import type { Principal } from "../../shared/platform/auth/principal.ts";
import { enqueueGeneration } from "../../shared/documents/generation/enqueue.ts";
import { documentQueue } from "../../shared/documents/jobs/queue.ts";
import type { DocumentRenderer } from "../../shared/documents/jobs/renderer.ts";
import { DocumentWorker } from "../../shared/documents/jobs/worker.ts";
import { createRenderer } from "../../shared/documents/pdf/documents.ts";
import {
  DOCUMENT_TYPES,
  type DocumentType,
} from "../../shared/documents/catalogue/document_types.ts";
import { sha256Hex } from "../../shared/platform/util/crypto.ts";
import { hazardousShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, type TestService, testService } from "../support/service.ts";

const SHIPMENT = hazardousShipment() as unknown as Record<string, unknown>;

function workerFor(svc: TestService, renderer: DocumentRenderer, leaseSeconds = 30) {
  return new DocumentWorker(
    { db: svc.db, storage: svc.deps.storage, renderer, log: svc.deps.log, signer: svc.deps.signer },
    { concurrency: 4, leaseSeconds, pollMs: 50, verifyUrl: svc.deps.config.publicVerifyUrl },
  );
}

async function queue(svc: TestService, principal: Principal, types: DocumentType[], hash?: string) {
  const { jobs } = await enqueueGeneration(svc.db, principal, {
    shipment: SHIPMENT,
    documentTypes: types,
    shipmentId: undefined,
    finalDoc: false,
    validationHash: hash,
    previousShipmentData: undefined,
    fallbackRef: "WORKER-TEST",
  });
  return jobs.map((j) => j.jobId);
}

async function waitFor(svc: TestService, ids: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await svc.db.query<{ status: string }>(
      "select status from document_jobs where id = any($1::uuid[])",
      [ids],
    );
    if (rows.every((r) => r.status === "completed" || r.status === "failed")) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("jobs did not finish in time");
}

serviceTest(`document worker (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const principal: Principal = { teamId: team.teamId, actor: "test", credentialId: "test" };
  const renderer = createRenderer(0);

  await t.step("renders all 16 document types, stores them and writes the events", async () => {
    const validated = await expectJson(
      await svc.call(team, "validate-shipment", { body: { shipment: SHIPMENT } }),
      200,
    );
    equal(validated.passed, true, JSON.stringify(validated.error));
    const ids = await queue(svc, principal, [...DOCUMENT_TYPES], String(validated.validation_hash));
    const worker = workerFor(svc, renderer);
    worker.start();
    try {
      await waitFor(svc, ids);
    } finally {
      await worker.stop();
    }
    const jobs = await svc.db.query<
      { id: string; status: string; storage_path: string; file_sha256: string }
    >(
      "select id, status, storage_path, file_sha256 from document_jobs where id = any($1::uuid[])",
      [ids],
    );
    assertEquals(jobs.map((j) => j.status), ids.map(() => "completed"));
    for (const job of jobs) {
      const bytes = await svc.deps.storage.get(job.storage_path);
      assert(bytes && new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-", job.storage_path);
      equal(await sha256Hex(bytes!), job.file_sha256);
    }
    const events = await svc.db.query<{ event: string; payload: { job_id: string; hash: string } }>(
      "select event, payload from outbox_events where team_id = $1 and payload ->> 'job_id' = any($2::text[])",
      [team.teamId, ids],
    );
    equal(events.length, 16);
    assert(
      events.every((e) =>
        e.event === "document.generated" && /^sha256:[0-9a-f]{64}$/.test(e.payload.hash)
      ),
    );
  });

  await t.step("a job whose worker died mid-job is claimed again after its lease", async () => {
    const [id] = await queue(svc, principal, ["COMMERCIAL_INVOICE"]);
    // The "dead" worker claims the job with a 1-second lease and never finishes it.
    const claimed = await documentQueue.claim(svc.db, {
      limit: 100,
      leaseSeconds: 1,
      workerId: "dead-worker",
    });
    assert(claimed.some((j) => j.id === id));
    const worker = workerFor(svc, renderer);
    worker.start();
    try {
      await waitFor(svc, [id!], 15_000);
    } finally {
      await worker.stop();
    }
    const [job] = await svc.db.query<{ status: string; attempts: number; worker_id: string }>(
      "select status, attempts, worker_id from document_jobs where id = $1",
      [id],
    );
    assertEquals({ status: job!.status, attempts: job!.attempts }, {
      status: "completed",
      attempts: 2,
    });
    equal(job!.worker_id, worker.id);
  });

  await t.step("a failing render is retried, then fails with document.failed", async () => {
    const [id] = await queue(svc, principal, ["PACKING_LIST"]);
    await svc.db.query("update document_jobs set max_attempts = 2 where id = $1", [id]);
    let calls = 0;
    const broken: DocumentRenderer = {
      render: () => {
        calls++;
        return Promise.reject(new Error("font table damaged"));
      },
    };
    const worker = workerFor(svc, broken);
    worker.start();
    try {
      // The retry waits a couple of seconds (backoff); make it due at once.
      const deadline = Date.now() + 15_000;
      while (calls < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await svc.db.query("update document_jobs set run_after = now() where id = $1", [id]);
      worker.kick();
      await waitFor(svc, [id!], 15_000);
    } finally {
      await worker.stop();
    }
    equal(calls, 2);
    const [job] = await svc.db.query<{ status: string; error_message: string }>(
      "select status, error_message from document_jobs where id = $1",
      [id],
    );
    equal(job!.status, "failed");
    assert(job!.error_message.includes("font table damaged"), job!.error_message);
    const [event] = await svc.db.query<{ payload: Record<string, unknown> }>(
      "select payload from outbox_events where event = 'document.failed' and payload ->> 'job_id' = $1",
      [id],
    );
    assertEquals(event!.payload.status, "failed");
    assertEquals(event!.payload.document_type, "PACKING_LIST");
  });

  await t.step(
    "a completed job's signed URL downloads the PDF; an altered one is refused",
    async () => {
      const [id] = await queue(svc, principal, ["CERTIFICATE_OF_ORIGIN"]);
      const worker = workerFor(svc, renderer);
      worker.start();
      try {
        await waitFor(svc, [id!]);
      } finally {
        await worker.stop();
      }
      const job = await expectJson<{ status: string; download_url: string; hash: string }>(
        await svc.fetch(`/api/v1/jobs/${id}`, {
          headers: { authorization: `Bearer ${team.apiKey}` },
        }),
        200,
      );
      equal(job.status, "completed");
      const url = new URL(job.download_url);
      const download = await svc.fetch(url.pathname + url.search);
      equal(download.status, 200);
      equal(download.headers.get("content-type"), "application/pdf");
      equal(`sha256:${await sha256Hex(new Uint8Array(await download.arrayBuffer()))}`, job.hash);
      // Any change to the signature is refused: in the middle, and in its last character's
      // lowest bit, a spare bit in base64 that decodes to the very same bytes.
      const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const flip = (at: number, bits: number) => {
        const c = B64[B64.indexOf(url.search[at]!) ^ bits]!;
        return url.search.slice(0, at) + c + url.search.slice(at + 1);
      };
      for (const forged of [flip(url.search.length - 10, 32), flip(url.search.length - 1, 1)]) {
        await expectError(await svc.fetch(url.pathname + forged), 403, "SVC_AUTH_003");
      }
      const expired = url.search.replace(/token=\d+/, "token=1000000000");
      await expectError(await svc.fetch(url.pathname + expired), 403, "SVC_AUTH_003");
      const otherPath = url.pathname.replace("CERTIFICATE_OF_ORIGIN", "COMMERCIAL_INVOICE");
      await expectError(await svc.fetch(otherPath + url.search), 403, "SVC_AUTH_003");
    },
  );
});
