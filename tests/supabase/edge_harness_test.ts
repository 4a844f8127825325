/**
 * The whole flow on the edge runtime's terms (tests/support/edge_runtime.ts): a database set up
 * as a new Supabase project and migrated as docs/deploy-supabase.md says (`supabase db push
 * --db-url` with the CLI from npm, then `deno task migrate` for the reference data), each
 * function its own restricted process with only Supabase's variables and the guide's secrets,
 * a gateway keeping `/functions/v1/<name>`, and Storage on loopback. Create, validate,
 * generate, the worker function drains, signed download, flatten, extraction of a text PDF (the
 * extraction-worker function, poked by the upload), webhook delivered. PostgreSQL only (the edge has no embedded database).
 */
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import {
  edgeFlags,
  type EdgeFunction,
  edgeFunctionNames,
  edgeGateway,
  edgeImportMap,
  startEdgeFunction,
} from "../support/edge_runtime.ts";
import { FakeStorageServer } from "../support/storage_server.ts";
import {
  completedJob,
  createValidateGenerate,
  denoTaskMigrate,
  extractsTextPdf,
  flattens,
  flowClient,
  type Json,
  signedPdfMatches,
  teamWithWebhook,
  webhookDelivered,
} from "../support/flow.ts";
import { supabaseDbPush } from "../support/supabase_cli.ts";
import { receiver } from "../webhooks/support.ts";
import { freshSupabaseDb } from "./supabase_db.ts";

const ANON_KEY = `anon-${crypto.randomUUID()}`;
const SERVICE_ROLE_KEY = `service-${crypto.randomUUID()}`;

/**
 * The secrets docs/deploy-supabase.md has a team set with `supabase secrets set`, as here, plus
 * one for the test alone: its webhook receiver is on loopback.
 */
const guideSecrets = (databaseUrl: string) => ({
  STORAGE_BUCKET: "documents",
  DATABASE_URL: databaseUrl,
  DB_POOL_SIZE: "1",
});
const TEST_ONLY_SECRETS = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" };

/** The functions this flow calls, each started as its own process. */
const FLOW_FUNCTIONS = [
  "api",
  "create-shipment",
  "validate-shipment",
  "generate-documents",
  "flatten-document",
  "worker",
  "extraction-worker",
];

Deno.test({
  name: "the edge harness: the whole flow on Supabase's terms (postgres)",
  ignore: testDbKind() !== "postgres",
  sanitizeOps: false,
  sanitizeResources: false,
}, async (t) => {
  const tmp = await Deno.makeTempDir({ dir: "/tmp", prefix: "edge-harness-" });
  const project = await freshSupabaseDb();
  const gateway = edgeGateway();
  const storage = new FakeStorageServer(SERVICE_ROLE_KEY);
  gateway.storage.url = storage.url;
  const hooks = receiver();
  const running: EdgeFunction[] = [];
  const injected = {
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: project.url!,
  };
  try {
    await t.step("the guide says what this harness does", async () => {
      const guide = await Deno.readTextFile(
        new URL("../../docs/deploy-supabase.md", import.meta.url),
      );
      for (
        const said of [
          'supabase db push --db-url "$DB_URL"',
          'DATABASE_URL="$DB_URL" npx -y deno@2.9.6 task migrate',
          "npm install --no-save --prefix .tools/supabase-cli supabase@3.1.0",
          "supabase secrets set",
          ...Object.keys(guideSecrets("")).map((name) => `  ${name}=`),
        ]
      ) assert(guide.includes(said), `docs/deploy-supabase.md says ${said}`);
    });

    await t.step("the sandbox refuses what the edge runtime refuses", async () => {
      const probe = `${tmp}/probe.ts`;
      // Outside /tmp wherever the repository is (a clone may itself be under /tmp).
      const outside = `/var/tmp/edge-probe-${crypto.randomUUID()}`;
      await Deno.writeTextFile(
        probe,
        `const tries = {
          worker_threads: () => import("node:worker_threads"),
          write: () => Deno.writeTextFile("${outside}", "x"),
          run: () => new Deno.Command(Deno.execPath(), { args: ["--version"] }).output(),
          tmp: () => Deno.writeTextFile("${tmp}/ok.txt", "x"),
        };
        for (const [name, attempt] of Object.entries(tries)) {
          try { await attempt(); console.log(name, "allowed"); }
          catch { console.log(name, "refused"); }
        }`,
      );
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...edgeFlags(await edgeImportMap(tmp)), probe],
        cwd: new URL("../../", import.meta.url).pathname,
        stdout: "piped",
      }).output();
      await Deno.remove(outside).catch(() => {});
      assertEquals(new TextDecoder().decode(out.stdout).trim().split("\n"), [
        "worker_threads refused",
        "write refused",
        "run refused",
        "tmp allowed",
      ]);
    });

    await t.step("guide step 2: supabase db push --db-url, then deno task migrate", async () => {
      match(await supabaseDbPush(project.url!), /Applying migration/);
      const said = await denoTaskMigrate(project.url!);
      // Only reference data was left to do: the CLI had applied every migration.
      assert(!/Applied \d+ migration/.test(said), said);
      match(said, /Loaded reference data/);
    });

    await t.step("a missing setting: 503 SVC_SYS_003 naming it, logged once", async () => {
      const importMap = await edgeImportMap(tmp);
      const { SUPABASE_DB_URL: _, ...withoutDb } = injected;
      const fn = await startEdgeFunction("create-shipment", withoutDb, importMap);
      try {
        for (let i = 0; i < 2; i++) {
          const res = await fetch(`${fn.url}/functions/v1/create-shipment`, { method: "POST" });
          const error = await expectError(res, 503, "SVC_SYS_003");
          match(error.message, /SUPABASE_DB_URL/);
        }
        equal(fn.output().match(/boot failed/g)?.length, 1, fn.output());
      } finally {
        await fn.stop();
      }
    });

    await t.step("guide step 4: every function its own process, secrets set", async () => {
      const importMap = await edgeImportMap(tmp);
      const env = { ...injected, ...guideSecrets(project.url!), ...TEST_ONLY_SECRETS };
      const started = await Promise.all(
        FLOW_FUNCTIONS.map((name) => startEdgeFunction(name, env, importMap)),
      );
      for (const fn of started) {
        running.push(fn);
        gateway.functions.set(fn.name, fn.url);
      }
    });

    const base = `${gateway.url}/functions/v1`;
    const client = flowClient(base, ANON_KEY);
    const shipment = coffeeShipment();
    let jobId = "";
    let job: Json = {};

    await t.step("guide step 6: a team, its API key and a webhook", async () => {
      await teamWithWebhook(client, `${base}/api/v1/admin/teams`, SERVICE_ROLE_KEY, hooks.url);
    });

    await t.step("create, validate, generate", async () => {
      jobId = (await createValidateGenerate(client, shipment, "EDGE-1")).jobId;
    });

    await t.step("the worker function drains; the job completes", async () => {
      const drained = await expectJson<{ processed: number }>(
        await fetch(`${base}/worker`, {
          method: "POST",
          headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
        }),
        200,
      );
      assert(drained.processed >= 0);
      job = await completedJob(client, jobId);
    });

    await t.step("the signed download is the PDF the job's hash names", async () => {
      await signedPdfMatches(job);
      assert(storage.objects.size >= 1, "the file is in Supabase Storage");
    });

    await t.step("flatten", () => flattens(client, jobId));

    await t.step(
      "extract a text PDF (the extraction-worker function reads it)",
      () => extractsTextPdf(client, job, shipment.exporter.name),
    );

    await t.step("the webhook is delivered", () => webhookDelivered(hooks.received, jobId));

    await t.step("every other function boots in the sandbox and answers", async () => {
      const importMap = await edgeImportMap(tmp);
      const env = { ...injected, ...guideSecrets(project.url!), ...TEST_ONLY_SECRETS };
      const others = (await edgeFunctionNames()).filter((name) => !FLOW_FUNCTIONS.includes(name));
      const started = await Promise.all(
        others.map((name) => startEdgeFunction(name, env, importMap)),
      );
      running.push(...started);
      for (const fn of started) {
        gateway.functions.set(fn.name, fn.url);
        // A CORS preflight: answered by the app, so the function booted (database, config).
        const res = await fetch(`${base}/${fn.name}`, {
          method: "OPTIONS",
          headers: { origin: "https://app.example", "access-control-request-method": "POST" },
        });
        await res.body?.cancel();
        equal(res.status < 300, true, `${fn.name} answered ${res.status}:\n${fn.output()}`);
      }
      assert(others.length >= 5, others.join());
    });

    await t.step("no function failed to boot or crashed", () => {
      for (const fn of running) {
        assertEquals(/boot failed|Uncaught|PermissionDenied|NotCapable/.exec(fn.output()), null);
      }
    });
  } finally {
    await Promise.all(running.map((fn) => fn.stop()));
    await hooks.close();
    await storage.close();
    await gateway.close();
    await project.drop();
    await Deno.remove(tmp, { recursive: true });
  }
});
