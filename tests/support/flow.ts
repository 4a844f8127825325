/**
 * The document flow the deployment harnesses run against a started service (edge functions
 * behind a gateway, or the Deno Deploy app): a team, create, validate, generate, the job, its
 * signed download, flatten, the webhook. Each step asserts what it got.
 */
import type { Received } from "../webhooks/support.ts";
import { waitUntil } from "../webhooks/support.ts";
import { equal, expectJson, match } from "./assert.ts";

export type Json = Record<string, unknown>;

export interface FlowClient {
  /** The functions' base URL (`…/functions/v1`). */
  base: string;
  /** A team's API key, once the team exists. */
  apiKey: string;
  /** `GET` without a body, else `POST` of it as JSON, under `<functions>/`; expects `status`. */
  call(path: string, body?: unknown, status?: number): Promise<Json>;
}

/** Calls under `functionsBase` (`…/functions/v1`) with the team's key and `apikey`. */
export function flowClient(functionsBase: string, anonKey: string): FlowClient {
  const client: FlowClient = {
    base: functionsBase,
    apiKey: "",
    call: async (path, body, status = 200) =>
      await expectJson<Json>(
        await fetch(`${functionsBase}/${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: {
            authorization: `Bearer ${client.apiKey}`,
            apikey: anonKey,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? null : JSON.stringify(body),
        }),
        status,
      ),
  };
  return client;
}

/** A starter team through the admin route (`adminUrl`), and a webhook to `hookUrl`. */
export async function teamWithWebhook(
  client: FlowClient,
  adminUrl: string,
  serviceRoleKey: string,
  hookUrl: string,
): Promise<void> {
  const team = await expectJson<{ api_key: string }>(
    await fetch(adminUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${serviceRoleKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Deployed Exports", tier: "starter" }),
    }),
    201,
  );
  client.apiKey = team.api_key;
  await client.call("api/v1/webhooks", { url: hookUrl, events: ["document.generated"] }, 201);
}

/** Create, validate (it passes), generate one commercial invoice: its job and the hash. */
export async function createValidateGenerate(
  client: FlowClient,
  shipment: Json,
  ref: string,
): Promise<{ jobId: string; hash: string }> {
  const created = await client.call(
    "create-shipment",
    { shipment_ref: ref, shipment_data: shipment },
    201,
  );
  const shipmentId = String(created.shipment_id);
  const validated = await client.call("validate-shipment", { shipment_id: shipmentId, shipment });
  equal(validated.passed, true, JSON.stringify(validated));
  const hash = String(validated.validation_hash);
  const generated = await client.call("generate-documents", {
    shipment_id: shipmentId,
    shipment,
    document_types: ["COMMERCIAL_INVOICE"],
    validation_hash: hash,
    confirm_warnings: true,
  }, 202);
  const jobs = generated.jobs as { jobId: string }[];
  equal(jobs.length, 1, JSON.stringify(generated));
  return { jobId: jobs[0]!.jobId, hash };
}

/** Polls the job until it ends; it must have completed. */
export async function completedJob(client: FlowClient, jobId: string): Promise<Json> {
  let job: Json = {};
  await waitUntil("the document job", async () => {
    job = await client.call(`api/v1/jobs/${jobId}`);
    return job.status === "completed" || job.status === "failed";
  }, 60_000);
  equal(job.status, "completed", JSON.stringify(job));
  return job;
}

/** The job's signed download is a PDF whose SHA-256 is the job's `hash`. */
export async function signedPdfMatches(job: Json): Promise<Uint8Array> {
  const pdf = new Uint8Array(await (await fetch(String(job.download_url))).arrayBuffer());
  equal(new TextDecoder().decode(pdf.slice(0, 5)), "%PDF-");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", pdf));
  equal(job.hash, `sha256:${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`);
  return pdf;
}

/** flatten-document answers a signed download of a PDF. */
export async function flattens(client: FlowClient, jobId: string): Promise<void> {
  const flat = await client.call("flatten-document", { job_id: jobId });
  const pdf = new Uint8Array(await (await fetch(String(flat.download_url))).arrayBuffer());
  equal(new TextDecoder().decode(pdf.slice(0, 5)), "%PDF-");
}

/** The job's PDF uploaded to /api/v1/extract: the extraction completes and finds the exporter. */
export async function extractsTextPdf(
  client: FlowClient,
  job: Json,
  exporterName: string,
): Promise<void> {
  const pdf = new Uint8Array(await (await fetch(String(job.download_url))).arrayBuffer());
  const form = new FormData();
  form.append("file", new File([pdf], "invoice.pdf"));
  const queued = await expectJson<{ job_id: string }>(
    await fetch(`${client.base}/api/v1/extract`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.apiKey}` },
      body: form,
    }),
    202,
  );
  let extraction: Json = {};
  await waitUntil("the extraction", async () => {
    extraction = await client.call(`api/v1/extract/${queued.job_id}`);
    return extraction.status !== "processing";
  }, 90_000);
  equal(extraction.status, "completed", JSON.stringify(extraction));
  const result = extraction.result as { exporter: { name: { value: string } } };
  equal(result.exporter.name.value, exporterName);
}

/** The receiver got `document.generated` for the job, signed, as its `nth` request. */
export async function webhookDelivered(
  received: Received[],
  jobId: string,
  { nth = 1, timeoutMs = 60_000 } = {},
): Promise<void> {
  await waitUntil("the webhook", () => received.length >= nth, timeoutMs);
  const event = JSON.parse(received[nth - 1]!.body) as { event: string; data: Json };
  equal(event.event, "document.generated");
  equal(event.data.job_id, jobId);
  match(received[nth - 1]!.headers.get("x-service-signature") ?? "", /\S/);
}

/** `deno task migrate` (scripts/migrate.ts) against `databaseUrl`, as the guides run it. */
export async function denoTaskMigrate(databaseUrl: string): Promise<string> {
  const migrated = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/migrate.ts"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { DATABASE_URL: databaseUrl },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(migrated.stdout) +
    new TextDecoder().decode(migrated.stderr);
  if (!migrated.success) throw new Error(`deno task migrate failed:\n${said}`);
  return said;
}
