/**
 * verify-document: a generated file is issued, its flattened file is issued as flattened, one
 * altered byte is not issued; the answer carries nothing private, the webhook's sha256 is the
 * recorded one, and the verify pages' check box asks by hash.
 */
import { sha256Hex } from "../../shared/platform/util/crypto.ts";
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";
import { loopbackService } from "../flatten/loopback.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { drainDocumentJobs } from "../support/documents.ts";
import { assertOnlyOwnScript } from "../support/verify_page.ts";
import { serviceTest, type TestService, testService, type TestTeam } from "../support/service.ts";

type Json = Record<string, unknown>;

const ANSWER_FIELDS = [
  "document_type",
  "generated_at",
  "issued",
  "sha256",
  "signer",
  "validated_at",
  "validation_hash",
  "variant",
].sort();

const SHIPMENT = coffeeShipment() as unknown as Json;

/** Words of the shipment that must never appear in a public answer. */
function privateWords(data: Json): string[] {
  const exporter = data.exporter as Json;
  const importer = data.importer as Json;
  const goods = data.goods as { line_items: Json[] };
  return [String(exporter.name), String(importer.name), String(goods.line_items[0]!.description)];
}

async function upload(svc: TestService, bytes: Uint8Array, name = "doc.pdf") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return await svc.fetch("/functions/v1/verify-document", { method: "POST", body: form });
}

async function generated(svc: TestService, team: TestTeam, hash?: string) {
  const accepted = await expectJson<{ jobs: { jobId: string; docType: string }[] }>(
    await svc.call(team, "generate-documents", {
      body: {
        shipment: SHIPMENT,
        document_types: ["COMMERCIAL_INVOICE"],
        confirm_warnings: true,
        final_doc: true,
        ...(hash ? { validation_hash: hash } : {}),
      },
    }),
    202,
  );
  await drainDocumentJobs(svc);
  const jobId = accepted.jobs[0]!.jobId;
  const [job] = await svc.db.query<{ status: string; storage_path: string; file_sha256: string }>(
    "select status, storage_path, file_sha256 from document_jobs where id = $1",
    [jobId],
  );
  equal(job!.status, "completed");
  const bytes = (await svc.deps.storage.get(job!.storage_path))!;
  return { jobId, bytes, sha256: job!.file_sha256 };
}

serviceTest(`verify-document (${testDbKind()})`, async (t) => {
  const { svc, close } = await loopbackService();
  try {
    const team = await svc.newTeam("growth");
    const validated = await expectJson(
      await svc.call(team, "validate-shipment", { body: { shipment: SHIPMENT } }),
      200,
    );
    equal(validated.passed, true);
    const hash = String(validated.validation_hash);
    const [record] = await svc.db.query<{ validated_at: Date }>(
      "select validated_at from validation_records where validation_hash = $1",
      [hash],
    );
    const doc = await generated(svc, team, hash);
    const words = privateWords(SHIPMENT);
    const assertPublic = (text: string) => {
      for (const word of words) equal(text.includes(word), false, `the answer shows ${word}`);
      equal(text.includes(team.teamId), false, "the answer shows the team");
      equal(text.includes(doc.jobId), false, "the answer shows the job");
    };

    await t.step("the generated file (uploaded) is issued, with nothing private", async () => {
      equal(await sha256Hex(doc.bytes), doc.sha256);
      const res = await upload(svc, doc.bytes);
      const text = await res.clone().text();
      const body = await expectJson(res, 200);
      assertEquals(Object.keys(body).sort(), ANSWER_FIELDS);
      assertEquals({ ...body, generated_at: "x", signer: "x" }, {
        issued: true,
        sha256: doc.sha256,
        variant: "generated",
        document_type: "COMMERCIAL_INVOICE",
        validation_hash: hash,
        validated_at: record!.validated_at.toISOString(),
        generated_at: "x",
        signer: "x",
      });
      assert(!Number.isNaN(Date.parse(String(body.generated_at))));
      assertPublic(text);
    });

    await t.step("GET by SHA-256 answers the same, in any case", async () => {
      const byUpload = await expectJson(await upload(svc, doc.bytes), 200);
      for (const sha of [doc.sha256, doc.sha256.toUpperCase()]) {
        const body = await expectJson(await svc.fetch(`/functions/v1/verify-document/${sha}`), 200);
        assertEquals(body, byUpload);
      }
    });

    await t.step("one altered byte is not issued", async () => {
      for (const at of [0, Math.floor(doc.bytes.length / 2), doc.bytes.length - 1]) {
        const altered = doc.bytes.slice();
        altered[at] = altered[at]! ^ 0x01;
        const body = await expectJson(await upload(svc, altered), 200);
        // Not issued: every field but the hash asked about is null.
        const sha256 = await sha256Hex(altered);
        assertEquals(
          body,
          Object.fromEntries(
            ANSWER_FIELDS.map((f) => [f, f === "issued" ? false : f === "sha256" ? sha256 : null]),
          ),
        );
      }
    });

    await t.step("the document.generated event carries the recorded sha256", async () => {
      const [event] = await svc.db.query<{ payload: { hash: string } }>(
        `select payload from outbox_events
          where event = 'document.generated' and payload ->> 'job_id' = $1`,
        [doc.jobId],
      );
      equal(event!.payload.hash, `sha256:${doc.sha256}`);
      const [issued] = await svc.db.query<{ sha256: string }>(
        "select sha256 from issued_files where job_id = $1 and variant = 'generated'",
        [doc.jobId],
      );
      equal(issued!.sha256, doc.sha256);
    });

    await t.step("the flattened file is issued as flattened", async () => {
      const body = await expectJson<{ download_url: string }>(
        await svc.call(team, "flatten-document", { body: { job_id: doc.jobId } }),
        200,
      );
      const res = await fetch(body.download_url);
      const flat = new Uint8Array(await res.arrayBuffer());
      const answer = await expectJson(await upload(svc, flat, "flat.pdf"), 200);
      equal(answer.issued, true);
      equal(answer.variant, "flattened");
      equal(answer.document_type, "COMMERCIAL_INVOICE");
      equal(answer.validation_hash, hash);
      assertPublic(JSON.stringify(answer));
      const altered = flat.slice();
      altered[100] = altered[100]! ^ 0x20;
      equal((await expectJson(await upload(svc, altered), 200)).issued, false);
    });

    await t.step("an unvalidated document is issued without a validation", async () => {
      const plain = await generated(svc, team);
      const body = await expectJson(
        await svc.fetch(`/functions/v1/verify-document/${plain.sha256}`),
        200,
      );
      equal(body.issued, true);
      equal(body.validation_hash, null);
      equal(body.validated_at, null);
    });

    await t.step("refuses a malformed hash, a missing or empty file and a wrong body", async () => {
      for (const bad of ["abc", "g".repeat(64), "a".repeat(65)]) {
        await expectError(
          await svc.fetch(`/functions/v1/verify-document/${bad}`),
          400,
          "SVC_VAL_011",
        );
      }
      await expectError(await upload(svc, new Uint8Array()), 400, "SVC_VAL_001");
      const noFile = new FormData();
      noFile.append("other", "x");
      await expectError(
        await svc.fetch("/functions/v1/verify-document", { method: "POST", body: noFile }),
        400,
        "SVC_VAL_001",
      );
      await expectError(
        await svc.fetch("/functions/v1/verify-document", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
        415,
        "SVC_REQ_003",
      );
      await expectError(await svc.fetch("/functions/v1/verify-document"), 400, "SVC_VAL_001");
    });

    await t.step("refuses a file over 20 MiB with 413", async () => {
      await expectError(
        await upload(svc, new Uint8Array(20 * 1024 * 1024 + 1)),
        413,
        "SVC_REQ_001",
      );
    });

    await t.step("the pages carry the check box and only the service's own script", async () => {
      const html = { headers: { accept: "text/html" } };
      for (
        const path of [
          "/functions/v1/verify-document",
          `/functions/v1/verify-hash/${hash}`,
          `/functions/v1/verify-hash/${"0".repeat(64)}`,
        ]
      ) {
        const res = await svc.fetch(path, html);
        match(String(res.headers.get("content-security-policy")), /script-src 'self';/);
        const page = await res.text();
        assert(page.includes('<form class="card check"'), `${path} has the check box`);
        assertOnlyOwnScript(page);
      }
      const script = await svc.fetch("/functions/v1/verify-document/check.js");
      equal(script.status, 200);
      match(String(script.headers.get("content-type")), /^text\/javascript/);
      const source = await script.text();
      assert(source.includes('crypto.subtle.digest("SHA-256"'), "hashes in the browser");
      equal(source.includes("innerHTML"), false, "writes answers as text only");
      equal(/method:\s*"POST"/.test(source), false, "never uploads the file");
    });
  } finally {
    await close();
  }
});

serviceTest("verify-document rate limit", async (t) => {
  const svc = await testService({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "2" } });
  const url = `http://service.test/functions/v1/verify-document/${"ab".repeat(32)}`;
  const from = (remoteAddr: string) => svc.gateway.fetch(new Request(url), { remoteAddr });

  await t.step("answers the third call a minute from one address with 429", async () => {
    await expectJson(await from("198.51.100.7"), 200);
    await expectJson(await from("198.51.100.7"), 200);
    await expectError(await from("198.51.100.7"), 429, "SVC_RATE_LIMIT");
    await expectJson(await from("198.51.100.8"), 200);
  });
});
