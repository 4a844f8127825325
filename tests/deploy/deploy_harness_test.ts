/**
 * The Deno Deploy app (deploy/main.ts) started as a real process under Deploy's terms, as
 * docs/deploy-deno.md runs it: `--deny-write --deny-run --deny-ffi`, only the documented
 * variables, a migrated PostgreSQL and Supabase Storage on loopback. No worker is called: the
 * drain after each accepted request renders the document and makes the first webhook attempt,
 * and the schedule (Deno.cron, every minute) delivers its retry. Health, create, validate,
 * generate, drain, signed download, flatten, verify, webhook delivered. PostgreSQL only (Deploy
 * has no embedded database).
 */
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { type EdgeFunction, startServerProcess } from "../support/edge_runtime.ts";
import { FakeStorageServer } from "../support/storage_server.ts";
import { freshSupabaseDb } from "../supabase/supabase_db.ts";
import { receiver, waitUntil } from "../webhooks/support.ts";
import * as flow from "../support/flow.ts";

const ROOT = new URL("../../", import.meta.url);
const ANON_KEY = `anon-${crypto.randomUUID()}`;
const SERVICE_ROLE_KEY = `service-${crypto.randomUUID()}`;

/** The command docs/deploy-deno.md gives for running the app as Deploy does. */
const DEPLOY_FLAGS = [
  "--unstable-cron",
  "--allow-net",
  "--allow-env",
  "--allow-read",
  "--allow-sys",
  "--deny-write",
  "--deny-run",
  "--deny-ffi",
];

/** The variables docs/deploy-deno.md has a team set on Deno Deploy. */
const deployVariables = (databaseUrl: string, supabaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  SUPABASE_URL: supabaseUrl,
  SUPABASE_ANON_KEY: ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
  PUBLIC_BASE_URL: "https://trade-docs.example.deno.net",
  STORAGE_BUCKET: "documents",
});
/** Not on Deploy: where this process listens, and its webhook receiver on loopback. */
const TEST_ONLY = { PORT: "0", HOST: "127.0.0.1", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" };

const startDeployApp = (env: Record<string, string>) =>
  startServerProcess("deploy/main.ts", [...DEPLOY_FLAGS, "deploy/main.ts"], env);

Deno.test("the Deno Deploy entrypoint bundles no PGlite", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "deploy/main.ts"],
    cwd: ROOT.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(out.success, new TextDecoder().decode(out.stderr));
  // `npmPackages` is the lockfile's whole snapshot: the graph is `modules`.
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string; npmPackage?: string }[];
  };
  const specifiers = info.modules.flatMap((m) => [m.specifier, m.npmPackage ?? ""]);
  assert(specifiers.some((s) => s.endsWith("/deploy/app.ts")), "deno info lists the graph");
  assertEquals(specifiers.filter((s) => /pglite|db\/connect\.ts/i.test(s)), []);
});

Deno.test({
  name: "the Deno Deploy harness: the whole flow as one serverless app (postgres)",
  ignore: testDbKind() !== "postgres",
  sanitizeOps: false,
  sanitizeResources: false,
}, async (t) => {
  const project = await freshSupabaseDb();
  const storage = new FakeStorageServer(SERVICE_ROLE_KEY);
  // The first delivery fails: its retry is the schedule's (Deno.cron) to make.
  const hooks = receiver((n) => new Response(null, { status: n === 1 ? 503 : 200 }));
  const variables = deployVariables(project.url!, storage.url);
  let app: EdgeFunction | undefined;
  try {
    await t.step("the guide says what this harness does", async () => {
      const guide = await Deno.readTextFile(new URL("docs/deploy-deno.md", ROOT));
      for (
        const said of [
          `deno run ${DEPLOY_FLAGS.join(" ")} deploy/main.ts`,
          'DATABASE_URL="$DB_URL" npx -y deno@2.9.6 task migrate',
          ...Object.keys(variables).map((name) => `${name}=`),
        ]
      ) assert(guide.includes(said), `docs/deploy-deno.md says ${said}`);
    });

    await t.step("the database migrated with deno task migrate", async () => {
      const said = await flow.denoTaskMigrate(project.url!);
      match(said, /Loaded reference data/);
    });

    await t.step("a missing setting: 503 SVC_SYS_003 naming it", async () => {
      const { PUBLIC_BASE_URL: _, ...without } = variables;
      const partial = await startDeployApp({ ...without, ...TEST_ONLY });
      try {
        const error = await expectError(await fetch(`${partial.url}/health`), 503, "SVC_SYS_003");
        match(error.message, /PUBLIC_BASE_URL/);
      } finally {
        await partial.stop();
      }
    });

    await t.step("started with only the documented variables: /health 200", async () => {
      app = await startDeployApp({ ...variables, ...TEST_ONLY });
      const health = await expectJson<flow.Json>(await fetch(`${app.url}/health`), 200);
      equal(health.database, "postgres");
    });

    const shipment = coffeeShipment();
    const client = flow.flowClient(`${app!.url}/functions/v1`, ANON_KEY);
    let made = { jobId: "", hash: "" };
    let job: flow.Json = {};

    await t.step("a team, its API key and a webhook", async () => {
      await flow.teamWithWebhook(
        client,
        `${app!.url}/api/v1/admin/teams`,
        SERVICE_ROLE_KEY,
        hooks.url,
      );
    });

    await t.step("create, validate, generate", async () => {
      made = await flow.createValidateGenerate(client, shipment, "DEPLOY-1");
    });

    await t.step("the request's drain renders the job, no worker called", async () => {
      job = await flow.completedJob(client, made.jobId);
    });

    await t.step("the signed download is the PDF the job's hash names", async () => {
      assert(String(job.download_url).startsWith(`${storage.url}/storage/v1/`), "Storage's URL");
      await flow.signedPdfMatches(job);
    });

    await t.step("flatten", () => flow.flattens(client, made.jobId));

    await t.step("verify the hash, with the document generated under it", async () => {
      const verified = await expectJson<flow.Json>(
        await fetch(`${app!.url}/functions/v1/verify-hash/${made.hash}`),
        200,
      );
      equal(verified.verified, true, JSON.stringify(verified));
      assert(JSON.stringify(verified).includes("COMMERCIAL_INVOICE"), JSON.stringify(verified));
    });

    await t.step(
      "extract a text PDF (the upload's drain reads it)",
      () => flow.extractsTextPdf(client, job, shipment.exporter.name),
    );

    await t.step("the webhook fails once; Deno.cron delivers the retry", async () => {
      await waitUntil("the first attempt", () => hooks.received.length > 0, 60_000);
      // The retry made due at the next minute (at least 2 s ahead, so that the drain that
      // made the first attempt has ended), when Deno.cron fires: no request comes after this,
      // so only the schedule can send it.
      await waitUntil("the retry to be scheduled", async () => {
        const due = await project.db.query(
          "update webhook_deliveries set next_attempt_at = " +
            "date_trunc('minute', now() + interval '2 seconds') + interval '1 minute' " +
            "where status = 'pending' and attempts = 1 returning id",
        );
        return due.length > 0;
      }, 30_000);
      await flow.webhookDelivered(hooks.received, made.jobId, { nth: 2, timeoutMs: 100_000 });
      // The cron handler says so once its drain has ended.
      await waitUntil(
        "the cron drain's log line",
        () => /"cron drain"/.test(app!.output()),
        15_000,
      );
    });

    await t.step("nothing written, run or refused on the way", () => {
      assertEquals(/boot failed|Uncaught|PermissionDenied|NotCapable/.exec(app!.output()), null);
    });
  } finally {
    await app?.stop();
    await hooks.close();
    await storage.close();
    await project.drop();
  }
});
