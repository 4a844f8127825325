/**
 * The service's PAdES signature on every final and flattened document of the 16 types:
 * poppler's pdfsig finds it valid (the development certificate's issuer is unknown, which is
 * fine), an altered byte makes it invalid, the flattened files stay PDF/A-2b, the signature
 * dictionary is ETSI.CAdES.detached with a byte range covering everything but /Contents, and
 * verify-document names the signer.
 */
import type { Principal } from "../../shared/platform/auth/principal.ts";
import { enqueueGeneration } from "../../shared/documents/generation/enqueue.ts";
import { DEV_SIGNER_NAME } from "../../shared/documents/signing/dev_identity.ts";
import { DOCUMENT_TYPES } from "../../shared/documents/catalogue/document_types.ts";
import { hazardousShipment } from "../fixtures/sample_shipment.ts";
import { loopbackService } from "../flatten/loopback.ts";
import { pdfsig, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { drainDocumentJobs } from "../support/documents.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { serviceTest } from "../support/service.ts";

const dir = tempDir("signing-test-");
const SHIPMENT = hazardousShipment() as unknown as Record<string, unknown>;

async function assertSigned(path: string, what: string): Promise<void> {
  const signatures = await pdfsig(path);
  equal(signatures.length, 1, `${what}: one signature`);
  const [signature] = signatures;
  assert(signature!.valid, `${what}: ${signature!.report}`);
  match(signature!.report, /Signature Type: ETSI\.CAdES\.detached/);
  match(signature!.report, /Total document signed/);
  assert(signature!.report.includes(`Common Name: ${DEV_SIGNER_NAME}`), signature!.report);
}

/** Flips one byte in the signed part of the file; pdfsig must call the signature invalid. */
async function assertFlipBreaks(bytes: Uint8Array, path: string, what: string): Promise<void> {
  const text = new TextDecoder("latin1").decode(bytes);
  const contents = text.lastIndexOf("/Contents <");
  for (const at of [Math.floor(contents / 2), bytes.length - 3]) {
    const altered = bytes.slice();
    altered[at] = altered[at]! ^ 0x01;
    const file = `${path}.flip${at}.pdf`;
    await Deno.writeFile(file, altered);
    const signatures = await pdfsig(file);
    equal(signatures.length, 1, `${what} altered at ${at}: the signature is still found`);
    equal(signatures[0]!.valid, false, `${what} altered at ${at}: ${signatures[0]!.report}`);
  }
}

/** ISO 19005-2 6.4.3 / PAdES: the byte range covers the whole file but the /Contents string. */
function assertByteRange(bytes: Uint8Array, what: string): void {
  const text = new TextDecoder("latin1").decode(bytes);
  const dicts = text.match(/\/Type \/Sig [^]*?\/Contents <[0-9a-f]+>/g) ?? [];
  equal(dicts.length, 1, `${what}: one signature dictionary`);
  match(dicts[0]!, /\/SubFilter \/ETSI\.CAdES\.detached/);
  const range = dicts[0]!.match(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/);
  assert(range, `${what}: no ByteRange`);
  const [a, b, c, d] = range!.slice(1).map(Number) as [number, number, number, number];
  equal(a, 0);
  equal(text[b], "<", `${what}: the first range ends at /Contents`);
  equal(text[c - 1], ">", `${what}: the second range starts after /Contents`);
  equal(c + d, bytes.length, `${what}: the second range runs to the end`);
}

serviceTest(`signatures on final and flattened documents (${testDbKind()})`, async (t) => {
  const { svc, close } = await loopbackService();
  try {
    const team = await svc.newTeam("scale");
    const principal: Principal = { teamId: team.teamId, actor: "test", credentialId: "test" };
    const validated = await expectJson(
      await svc.call(team, "validate-shipment", { body: { shipment: SHIPMENT } }),
      200,
    );
    equal(validated.passed, true);
    const queue = async (finalDoc: boolean) => {
      const { jobs } = await enqueueGeneration(svc.db, principal, {
        shipment: SHIPMENT,
        documentTypes: [...DOCUMENT_TYPES],
        shipmentId: undefined,
        finalDoc,
        validationHash: String(validated.validation_hash),
        previousShipmentData: undefined,
        fallbackRef: "SIGN-TEST",
      });
      return jobs;
    };
    const finalJobs = await queue(true);
    const fillableJobs = await queue(false);
    await drainDocumentJobs(svc, { concurrency: 4, timeoutMs: 120_000 });
    const fileOf = async (jobId: string) => {
      const [job] = await svc.db.query<{ status: string; storage_path: string }>(
        "select status, storage_path from document_jobs where id = $1",
        [jobId],
      );
      equal(job!.status, "completed", jobId);
      return (await svc.deps.storage.get(job!.storage_path))!;
    };

    await t.step(
      "every final document is signed, valid, and invalid after a byte flip",
      async () => {
        for (const job of finalJobs) {
          const bytes = await fileOf(job.jobId);
          const path = `${dir}/${job.docType}-final.pdf`;
          await Deno.writeFile(path, bytes);
          await assertSigned(path, `${job.docType} final`);
          assertByteRange(bytes, `${job.docType} final`);
          await assertFlipBreaks(bytes, path, `${job.docType} final`);
        }
      },
    );

    await t.step("fillable documents are not signed (filling them in would break it)", async () => {
      for (const job of fillableJobs.slice(0, 3)) {
        const path = `${dir}/${job.docType}-fillable.pdf`;
        await Deno.writeFile(path, await fileOf(job.jobId));
        assertEquals(await pdfsig(path), []);
      }
    });

    await t.step("every flattened document is signed, valid and PDF/A-2b", async () => {
      for (const job of finalJobs) {
        const body = await expectJson<{ download_url: string }>(
          await svc.call(team, "flatten-document", { body: { job_id: job.jobId } }),
          200,
        );
        const bytes = new Uint8Array(await (await fetch(body.download_url)).arrayBuffer());
        const path = `${dir}/${job.docType}-flat.pdf`;
        await Deno.writeFile(path, bytes);
        await assertSigned(path, `${job.docType} flattened`);
        assertByteRange(bytes, `${job.docType} flattened`);
        const report = await checkPdfA(path);
        assertEquals(report.findings, [], `${job.docType} flattened`);
        await assertFlipBreaks(bytes, path, `${job.docType} flattened`);
      }
    });

    await t.step("verify-document names the signer of signed files only", async () => {
      const signerOf = async (jobId: string, variant: string) => {
        const [issued] = await svc.db.query<{ sha256: string }>(
          "select sha256 from issued_files where job_id = $1 and variant = $2",
          [jobId, variant],
        );
        const url = `/functions/v1/verify-document/${issued!.sha256}`;
        return (await expectJson(await svc.fetch(url), 200)).signer;
      };
      equal(await signerOf(finalJobs[0]!.jobId, "generated"), DEV_SIGNER_NAME);
      equal(await signerOf(finalJobs[0]!.jobId, "flattened"), DEV_SIGNER_NAME);
      equal(await signerOf(fillableJobs[0]!.jobId, "generated"), null);
    });
  } finally {
    await close();
  }
});
