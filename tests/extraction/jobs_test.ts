import { join } from "node:path";
import { PDFDocument } from "@pdfme/pdf-lib";
import { openPostgres } from "../../shared/platform/db/postgres.ts";
import { databaseLookups } from "../../shared/extraction/fields/lookups.ts";
import { HttpExtractionProvider } from "../../shared/extraction/http_provider.ts";
import { createExtractionProvider } from "../../shared/extraction/jobs/factory.ts";
import { loadOcr } from "../../shared/extraction/ocr/load.ts";
import { checkResult } from "../../shared/extraction/jobs/outcome.ts";
import { claimExtractionJobs } from "../../shared/extraction/jobs/queue.ts";
import { ExtractionThreadPool } from "../../shared/extraction/jobs/thread_pool.ts";
import { ExtractionWorker } from "../../shared/extraction/jobs/worker.ts";
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import { ExtractionFailure, type ExtractionProvider } from "../../shared/extraction/provider.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals, equal, expectJson, match } from "../support/assert.ts";
import { seedPgliteDir, testDbKind } from "../support/db.ts";
import { serviceTest, type TestService, testService, type TestTeam } from "../support/service.ts";
import { receiver, subscribe, waitUntil, webhookWorker } from "../webhooks/support.ts";

type Json = Record<string, unknown>;

const SHIPMENT = sampleShipment(3) as unknown as Record<string, unknown>;

/** Our own commercial invoice, all static text: a real PDF with a text layer. */
async function invoicePdf(): Promise<Uint8Array> {
  return await renderDocument("COMMERCIAL_INVOICE", SHIPMENT, {
    shipmentId: null,
    shipmentRef: "EXTRACT-TEST",
    validationHash: null,
    verifyUrl: null,
    finalDoc: true,
    createdAt: new Date("2026-11-21T10:00:00Z"),
    documentId: crypto.randomUUID(),
  });
}

/** A PDF whose one page is blank: nothing to read, by text layer or by OCR. */
async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return await doc.save();
}

/** A PDF header, then a marker hostile_thread.ts acts on; sniffed as a PDF at upload. */
function hostile(marker: "HANG" | "CRASH" | "OOM"): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.7\n%${marker}\n%%EOF\n`);
}

function multipart(file: Uint8Array, shipmentId?: string): FormData {
  const form = new FormData();
  form.append("file", new File([file as Uint8Array<ArrayBuffer>], "document.pdf"));
  if (shipmentId) form.append("shipment_id", shipmentId);
  return form;
}

async function submit(
  svc: TestService,
  team: TestTeam,
  file: Uint8Array,
  shipmentId?: string,
): Promise<string> {
  const res = await svc.fetch("/api/v1/extract", {
    method: "POST",
    headers: { authorization: `Bearer ${team.apiKey}` },
    body: multipart(file, shipmentId),
  });
  return (await expectJson<{ job_id: string }>(res, 202)).job_id;
}

async function poll(svc: TestService, team: TestTeam, id: string): Promise<Json> {
  return await expectJson<Json>(
    await svc.fetch(`/api/v1/extract/${id}`, {
      headers: { authorization: `Bearer ${team.apiKey}` },
    }),
    200,
  );
}

interface JobRow {
  status: string;
  attempts: number;
  error_code: string | null;
  error_message: string | null;
  completed_at: Date | null;
  locked_until: Date | null;
  worker_id: string | null;
}

async function jobRow(svc: TestService, id: string): Promise<JobRow> {
  const [row] = await svc.db.query<JobRow>(
    `select status, attempts, error_code, error_message, completed_at, locked_until, worker_id
       from extraction_jobs where id = $1`,
    [id],
  );
  return row!;
}

async function finished(svc: TestService, ids: string[], timeoutMs = 60_000): Promise<void> {
  await waitUntil("the extraction jobs to finish", async () => {
    const rows = await svc.db.query<{ status: string }>(
      "select status from extraction_jobs where id = any($1::uuid[])",
      [ids],
    );
    return rows.every((r) => r.status !== "processing");
  }, timeoutMs);
}

async function eventsOf(svc: TestService, id: string) {
  return await svc.db.query<{ event: string; payload: Json; created_at: Date }>(
    "select event, payload, created_at from outbox_events where payload ->> 'job_id' = $1",
    [id],
  );
}

function workerFor(
  svc: TestService,
  provider: ExtractionProvider,
  options: { timeoutMs?: number; leaseSeconds?: number; concurrency?: number } = {},
): ExtractionWorker {
  return new ExtractionWorker(
    { db: svc.db, storage: svc.deps.storage, provider, log: svc.deps.log },
    {
      concurrency: options.concurrency ?? 1,
      pollMs: 50,
      timeoutMs: options.timeoutMs ?? 60_000,
      ...(options.leaseSeconds ? { leaseSeconds: options.leaseSeconds } : {}),
    },
  );
}

/** Runs `worker` until the jobs are finished, then stops it. */
async function runUntilFinished(svc: TestService, worker: ExtractionWorker, ids: string[]) {
  worker.start();
  try {
    await finished(svc, ids);
  } finally {
    await worker.stop();
  }
}

serviceTest(`extraction jobs (${testDbKind()})`, async (t) => {
  const svc = await testService({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } });
  const team = await svc.newTeam();
  const lookups = databaseLookups(svc.deps.reference);
  const threads = new ExtractionThreadPool({ kind: "builtin" }, lookups, {
    threads: 1,
    memoryMb: 1024,
  });
  const hooks = receiver();
  await subscribe(svc, team, hooks.url, ["extraction.completed", "extraction.failed"]);
  const delivery = webhookWorker(svc);
  delivery.start();
  const created = await expectJson<{ shipment_id: string }>(
    await svc.call(team, "create-shipment", { body: { shipment_data: SHIPMENT } }),
    201,
  );

  let invoiceJob = "";

  try {
    await t.step("our commercial invoice is read on a thread and the job completes", async () => {
      const id = invoiceJob = await submit(svc, team, await invoicePdf(), created.shipment_id);
      await runUntilFinished(svc, workerFor(svc, threads), [id]);
      const job = await poll(svc, team, id);
      equal(job.status, "completed", JSON.stringify(job));
      assertEquals(Object.keys(job).sort(), [
        "completed_at",
        "created_at",
        "job_id",
        "result",
        "status",
      ]);
      const result = job.result as {
        exporter?: { name?: { value: string; confidence: number } };
        goods: { line_items: unknown[] };
      };
      const exporter = (SHIPMENT.exporter as { name: string }).name;
      equal(result.exporter?.name?.value, exporter);
      assert(result.exporter!.name!.confidence > 0 && result.exporter!.name!.confidence <= 1);
      equal(result.goods.line_items.length, 3);
      equal((await jobRow(svc, id)).attempts, 1);
    });

    await t.step("completion writes extraction.completed in the same transaction", async () => {
      const [job] = await svc.db.query<{ id: string; completed_at: Date; result: Json }>(
        "select id, completed_at, result from extraction_jobs where id = $1",
        [invoiceJob],
      );
      const events = await eventsOf(svc, job!.id);
      equal(events.length, 1);
      equal(events[0]!.event, "extraction.completed");
      assertEquals(events[0]!.payload, {
        job_id: job!.id,
        shipment_id: created.shipment_id,
        status: "completed",
        result: job!.result,
      });
      // now() is the transaction's start time: equal stamps mean one transaction.
      equal(events[0]!.created_at.getTime(), job!.completed_at.getTime());
      await waitUntil(
        "the webhook",
        () => hooks.received.some((r) => JSON.parse(r.body).data.job_id === job!.id),
      );
      const sent = hooks.received.find((r) => JSON.parse(r.body).data.job_id === job!.id)!;
      const body = JSON.parse(sent.body);
      equal(body.event, "extraction.completed");
      assertEquals(body.data.result, job!.result);
    });

    await t.step(
      "a blank page fails at once with SVC_EXTRACT_002 and extraction.failed",
      async () => {
        const id = await submit(svc, team, await blankPdf());
        await runUntilFinished(svc, workerFor(svc, threads), [id]);
        const job = await poll(svc, team, id);
        assertEquals(Object.keys(job).sort(), ["created_at", "error", "job_id", "status"]);
        equal(job.status, "failed");
        const error = job.error as { code: string; message: string };
        equal(error.code, "SVC_EXTRACT_002");
        assert(error.message.length > 10, error.message);
        const row = await jobRow(svc, id);
        equal(row.attempts, 1, "a file that yields nothing is not tried again");
        const [event] = await eventsOf(svc, id);
        equal(event!.event, "extraction.failed");
        assertEquals(event!.payload, {
          job_id: id,
          shipment_id: null,
          status: "failed",
          error: { code: "SVC_EXTRACT_002", message: error.message },
        });
        equal(event!.created_at.getTime(), row.completed_at!.getTime());
        await waitUntil("the webhook", () =>
          hooks.received.some((r) => {
            const body = JSON.parse(r.body);
            return body.event === "extraction.failed" && body.data.job_id === id;
          }));
      },
    );

    await t.step("a job whose worker died mid-job completes after its lease", async () => {
      const id = await submit(svc, team, await invoicePdf());
      const claimed = await claimExtractionJobs(svc.db, {
        limit: 10,
        leaseSeconds: 1,
        workerId: "dead-worker",
      });
      assert(claimed.some((j) => j.id === id));
      const worker = workerFor(svc, threads);
      await runUntilFinished(svc, worker, [id]);
      const row = await jobRow(svc, id);
      assertEquals({ status: row.status, attempts: row.attempts, worker_id: row.worker_id }, {
        status: "completed",
        attempts: 2,
        worker_id: worker.id,
      });
    });

    await t.step("a job whose last lease ran out fails with extraction.failed", async () => {
      const id = await submit(svc, team, await invoicePdf());
      await svc.db.query("update extraction_jobs set max_attempts = 1 where id = $1", [id]);
      await claimExtractionJobs(svc.db, { limit: 10, leaseSeconds: 1, workerId: "dead-worker" });
      await new Promise((r) => setTimeout(r, 1_100));
      await runUntilFinished(svc, workerFor(svc, threads), [id]);
      const row = await jobRow(svc, id);
      equal(row.status, "failed");
      equal(row.error_code, "SVC_EXTRACT_002");
      match(row.error_message!, /stopped once/);
      equal((await eventsOf(svc, id))[0]!.event, "extraction.failed");
    });

    await t.step("a hanging file is stopped at the time limit; the next job runs", async () => {
      const pool = hostilePool(lookups);
      try {
        const hang = await submit(svc, team, hostile("HANG"));
        const next = await submit(svc, team, await invoicePdf());
        const started = Date.now();
        await runUntilFinished(svc, workerFor(svc, pool, { timeoutMs: 8_000 }), [hang, next]);
        const hung = await jobRow(svc, hang);
        equal(hung.status, "failed");
        match(hung.error_message!, /did not finish within 8 s/);
        equal(hung.attempts, 1);
        assertEquals((await jobRow(svc, next)).error_message, null);
        equal((await jobRow(svc, next)).status, "completed");
        assert(Date.now() - started < 60_000);
        assert(pool.size <= 1, `${pool.size} threads alive`);
      } finally {
        pool.close();
        await endLeftovers(svc, team);
      }
    });

    await t.step("a thread that runs out of memory is ended; the process lives on", async () => {
      const pool = hostilePool(lookups, 128);
      try {
        const oom = await submit(svc, team, hostile("OOM"));
        const next = await submit(svc, team, await invoicePdf());
        await runUntilFinished(svc, workerFor(svc, pool, { timeoutMs: 8_000 }), [oom, next]);
        equal((await jobRow(svc, oom)).status, "failed");
        assertEquals((await jobRow(svc, next)).error_message, null);
        equal((await jobRow(svc, next)).status, "completed");
      } finally {
        pool.close();
        await endLeftovers(svc, team);
      }
    });

    await t.step("a crashing thread is retried, then the job fails", async () => {
      const pool = hostilePool(lookups);
      try {
        const id = await submit(svc, team, hostile("CRASH"));
        await svc.db.query("update extraction_jobs set max_attempts = 2 where id = $1", [id]);
        const worker = workerFor(svc, pool);
        worker.start();
        try {
          await waitUntil("the retry to be queued", async () => {
            const row = await jobRow(svc, id);
            return row.locked_until === null && row.error_message !== null;
          }, 60_000);
          const waiting = await poll(svc, team, id);
          equal(waiting.status, "processing", "a job waiting for its retry is processing");
          // The retry waits a couple of seconds (backoff): make it due now.
          await svc.db.query("update extraction_jobs set run_after = now() where id = $1", [id]);
          worker.kick();
          await finished(svc, [id]);
        } finally {
          await worker.stop();
        }
        const row = await jobRow(svc, id);
        equal(row.status, "failed");
        equal(row.attempts, 2);
        match(row.error_message!, /every attempt \(2\): The extraction thread crashed/);
        assert(!row.error_message!.includes("corrupt table"), "internals stay in the log");
      } finally {
        pool.close();
        await endLeftovers(svc, team);
      }
    });

    await t.step("stopping a worker hands its job back to the queue", async () => {
      const pool = hostilePool(lookups);
      try {
        const id = await submit(svc, team, hostile("HANG"));
        const worker = workerFor(svc, pool);
        worker.start();
        await waitUntil("the claim", async () => (await jobRow(svc, id)).attempts === 1, 60_000);
        await worker.stop();
        const row = await jobRow(svc, id);
        assertEquals(
          { status: row.status, attempts: row.attempts, locked_until: row.locked_until },
          { status: "processing", attempts: 0, locked_until: null },
        );
      } finally {
        pool.close();
        await endLeftovers(svc, team);
      }
    });

    await t.step("an outside model's answer completes a job; its error fails one", async () => {
      const answers = [
        () =>
          Response.json({
            choices: [{
              finish_reason: "stop",
              message: {
                content: JSON.stringify({
                  exporter: { name: { value: "ACME Export GmbH", confidence: 0.9 } },
                  goods: { line_items: [] },
                }),
              },
            }],
          }),
        () => Response.json({ error: { message: "quota exceeded" } }, { status: 402 }),
      ];
      let n = 0;
      const model = Deno.serve(
        { port: 0, hostname: "127.0.0.1", onListen: () => {} },
        async (req) => {
          await req.body?.cancel();
          return answers[n++ % 2]!();
        },
      );
      try {
        const provider = new HttpExtractionProvider({
          url: `http://127.0.0.1:${model.addr.port}/v1`,
          apiKey: "sk-test",
          model: "m",
          timeoutMs: 5_000,
        });
        const good = await submit(svc, team, await invoicePdf());
        await runUntilFinished(svc, workerFor(svc, provider), [good]);
        const bad = await submit(svc, team, await invoicePdf());
        await runUntilFinished(svc, workerFor(svc, provider), [bad]);
        const done = await poll(svc, team, good);
        equal(done.status, "completed");
        assertEquals(done.result, {
          exporter: { name: { value: "ACME Export GmbH", confidence: 0.9 } },
          goods: { line_items: [] },
        });
        const failed = await poll(svc, team, bad);
        assertEquals(failed.error, {
          code: "SVC_EXTRACT_002",
          message: "The extraction model answered HTTP 402: quota exceeded",
        });
      } finally {
        await model.shutdown();
      }
    });

    await t.step("drain() runs due jobs in this isolate (the edge worker)", async () => {
      const id = await submit(svc, team, await invoicePdf());
      const worker = workerFor(
        svc,
        createExtractionProvider({ kind: "builtin" }, lookups, { ocr: loadOcr }),
      );
      const processed = await worker.drain(Date.now() + 60_000);
      assert(processed >= 1);
      equal((await jobRow(svc, id)).status, "completed");
    });
  } finally {
    threads.close();
    await delivery.stop();
    await hooks.close();
  }
});

/** A step that failed half way leaves no job for the next step's worker to take. */
async function endLeftovers(svc: TestService, team: TestTeam): Promise<void> {
  await svc.db.query(
    `update extraction_jobs set status = 'failed', error_code = 'SVC_EXTRACT_002',
            error_message = 'ended by the test', completed_at = now()
      where team_id = $1 and status = 'processing'`,
    [team.teamId],
  );
}

function hostilePool(lookups: ReturnType<typeof databaseLookups>, memoryMb = 256) {
  return new ExtractionThreadPool({ kind: "builtin" }, lookups, {
    threads: 1,
    memoryMb,
    threadUrl: new URL("./hostile_thread.ts", import.meta.url),
  });
}

Deno.test("checkResult() cleans text jsonb cannot hold and refuses an empty result", () => {
  const result = checkResult({
    exporter: { name: { value: "AC\u0000ME \ud800GmbH", confidence: 0.9 } },
    goods: { line_items: [] },
  });
  equal(result.exporter?.name?.value, "ACME \ufffdGmbH");
  for (const empty of [{ goods: { line_items: [] } }, { goods: { line_items: [{}] } }]) {
    try {
      checkResult(empty);
      throw new Error("accepted a result without a value");
    } catch (error) {
      assert(error instanceof ExtractionFailure, String(error));
      match(error.message, /No trade document data/);
    }
  }
  try {
    checkResult({ goods: { line_items: "many" } });
    throw new Error("accepted a result of the wrong shape");
  } catch (error) {
    assert(error instanceof ExtractionFailure, String(error));
    match(error.message, /goods\.line_items/);
  }
});

const GATEWAY = new URL("../../supabase/gateway/main.ts", import.meta.url).pathname;
const WORKER = new URL("../../scripts/worker.ts", import.meta.url).pathname;

interface Proc {
  output(): string;
  stop(): Promise<{ code: number; output: string }>;
}

/** Starts a Deno program as a real process and waits for `ready` in what it prints. */
async function startProcess(
  path: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<Proc> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", path],
    env: { PORT: "0", LOG_REQUESTS: "false", NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const decoder = new TextDecoder();
  let output = "";
  const pump = (async () => {
    for await (const chunk of child.stdout) output += decoder.decode(chunk);
  })();
  void (async () => {
    for await (const chunk of child.stderr) output += decoder.decode(chunk);
  })();
  await waitUntil(`${path} to start`, () => ready.test(output), 120_000).catch((error) => {
    child.kill("SIGKILL");
    throw new Error(`${error.message}:\n${output}`);
  });
  return {
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      const status = await child.status;
      await pump;
      return { code: status.code, output };
    },
  };
}

async function uploadOverHttp(base: string, apiKey: string, file: Uint8Array): Promise<string> {
  const res = await fetch(`${base}/api/v1/extract`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}` },
    body: multipart(file),
  });
  return (await expectJson<{ job_id: string }>(res, 202)).job_id;
}

/** Polls as the specification's client does (every 2 s here 0.5 s), up to 60 s. */
async function pollOverHttp(base: string, apiKey: string, id: string): Promise<Json> {
  let job: Json = {};
  await waitUntil("the job to finish", async () => {
    job = await expectJson<Json>(
      await fetch(`${base}/api/v1/extract/${id}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      }),
      200,
    );
    return job.status !== "processing";
  }, 60_000);
  return job;
}

async function newTeamOverHttp(base: string, serviceRoleKey: string): Promise<string> {
  const team = await expectJson<{ api_key: string }>(
    await fetch(`${base}/api/v1/admin/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${serviceRoleKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Extract Ltd", tier: "starter" }),
    }),
    201,
  );
  return team.api_key;
}

serviceTest(
  `uploads are extracted by the gateway and by deno task worker (${testDbKind()})`,
  async (t) => {
    const dataDir = await Deno.makeTempDir({ prefix: "trade-extract-" });
    const env: Record<string, string> = { DATA_DIR: dataDir, EXTRACTION_THREADS: "1" };
    const databaseUrl = Deno.env.get("TEST_DATABASE_URL");
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else await seedPgliteDir(join(dataDir, "pglite"));
    const listening = /listening on (http:\/\/\S+)/;
    const key = (output: string) => /service role key:\s+(\S+)/.exec(output)?.[1] ?? "";
    try {
      await t.step("the gateway's own worker reads an upload on its thread", async () => {
        const gateway = await startProcess(GATEWAY, env, /service role key:\s+\S+/);
        try {
          const base = listening.exec(gateway.output())![1]!;
          const apiKey = await newTeamOverHttp(base, key(gateway.output()));
          const id = await uploadOverHttp(base, apiKey, await invoicePdf());
          const job = await pollOverHttp(base, apiKey, id);
          equal(job.status, "completed", JSON.stringify(job));
          const exporter = (SHIPMENT.exporter as { name: string }).name;
          equal(
            (job.result as { exporter: { name: { value: string } } }).exporter.name.value,
            exporter,
          );
        } finally {
          const { code, output } = await gateway.stop();
          equal(code, 0, output);
        }
      });

      await t.step({
        name: "with RUN_WORKER=false, a `deno task worker` process reads it instead",
        ignore: !databaseUrl,
        fn: async () => {
          const gateway = await startProcess(
            GATEWAY,
            { ...env, RUN_WORKER: "false" },
            /service role key:\s+\S+/,
          );
          // Same machine, same DATA_DIR: the worker may use local storage.
          const worker = await startProcess(
            WORKER,
            { ...env, STORAGE_LOCAL_SHARED: "true" },
            /draining extraction jobs/,
          );
          try {
            const base = listening.exec(gateway.output())![1]!;
            const apiKey = await newTeamOverHttp(base, key(gateway.output()));
            const id = await uploadOverHttp(base, apiKey, await invoicePdf());
            const job = await pollOverHttp(base, apiKey, id);
            equal(job.status, "completed", JSON.stringify(job));
            const workerId =
              /(extract-[0-9a-f]{8}) draining extraction jobs/.exec(worker.output())![1];
            const conn = openPostgres(databaseUrl!, { max: 1 });
            try {
              const [row] = await conn.query<{ worker_id: string }>(
                "select worker_id from extraction_jobs where id = $1",
                [id],
              );
              equal(row!.worker_id, workerId, "the job was read by the worker process");
            } finally {
              await conn.close();
            }
          } finally {
            const stopped = await worker.stop();
            equal(stopped.code, 0, stopped.output);
            await gateway.stop();
          }
        },
      });
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
);
