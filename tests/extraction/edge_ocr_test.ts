/**
 * The `worker` edge function does no OCR (no threads there, and one page costs more CPU and
 * memory than an edge isolate has): it reads text PDFs, never claims images, and hands a
 * scanned PDF back, marked, for `deno task worker`.
 */
import { claimExtractionJobs } from "../../shared/extraction/jobs/queue.ts";
import { edgeExtractionWorker } from "../../shared/extraction/jobs/edge.ts";
import { assertEquals, equal, expectJson } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, type TestService, testService, type TestTeam } from "../support/service.ts";

const FIXTURES = new URL("../fixtures/extraction/", import.meta.url);

async function submit(svc: TestService, team: TestTeam, name: string): Promise<string> {
  const form = new FormData();
  const bytes = await Deno.readFile(new URL(name, FIXTURES));
  form.append("file", new File([bytes], name));
  const res = await svc.fetch("/api/v1/extract", {
    method: "POST",
    headers: { authorization: `Bearer ${team.apiKey}` },
    body: form,
  });
  return (await expectJson<{ job_id: string }>(res, 202)).job_id;
}

class Rollback extends Error {}

serviceTest(`the edge worker leaves OCR to deno task worker (${testDbKind()})`, async () => {
  const svc = await testService();
  const team = await svc.newTeam();
  const text = await submit(svc, team, "cr01_nl_bulbs.pdf");
  const image = await submit(svc, team, "cr01_nl_bulbs_scan300.png");
  const scan = await submit(svc, team, "lo03_vn_garments_scan300.pdf");

  await edgeExtractionWorker(svc.deps).drain(Date.now() + 40_000);

  const rows = await svc.db.query<
    { id: string; status: string; attempts: number; needs_ocr: boolean }
  >(
    `select id, status, attempts, needs_ocr from extraction_jobs
      where id = any($1::uuid[]) order by array_position($1::uuid[], id)`,
    [[text, image, scan]],
  );
  assertEquals(rows.map((r) => [r.status, r.attempts, r.needs_ocr]), [
    ["completed", 1, false],
    ["processing", 0, false],
    ["processing", 0, true],
  ]);

  // What each kind of worker may claim now: the edge nothing of these, the off-edge both.
  const claimable = async (ocr: boolean) => {
    let ids: string[] = [];
    await svc.db.transaction(async (tx) => {
      const claimed = await claimExtractionJobs(tx, {
        limit: 1000,
        leaseSeconds: 60,
        workerId: "test",
        ocr,
      });
      ids = claimed.map((j) => j.id).filter((id) => id === image || id === scan).sort();
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
    return ids;
  };
  assertEquals(await claimable(false), []);
  assertEquals(await claimable(true), [image, scan].sort());
  equal(rows.length, 3);
});
