/**
 * `deno task tour`: the README's five-minute tour, end to end, against a running service
 * (`deno task start`). Prints `OK <step>: …` per step, or `FAILED <step>: <reason>` and exits 1.
 *
 * The service is BASE_URL (default http://127.0.0.1:$PORT); its keys come from ANON_KEY and
 * SERVICE_ROLE_KEY, or from DATA_DIR/keys.json, which `task start` writes.
 */
import { sha256Hex } from "../shared/platform/util/crypto.ts";

const SHIPMENT_FILE = new URL("../docs/tour/shipment.json", import.meta.url);
const DOCUMENT_TYPES = ["COMMERCIAL_INVOICE", "CERTIFICATE_OF_ORIGIN"];
const JOB_SECONDS = 120;
/** An extraction job's default time limit is 120 s; its poll waits a little longer. */
const EXTRACTION_SECONDS = 150;

class StepFailed extends Error {}

interface Target {
  base: string;
  anonKey: string;
  serviceRoleKey: string;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

interface Call {
  method?: string;
  bearer?: string;
  anon?: boolean;
  json?: unknown;
  form?: FormData;
  accept?: string;
}

async function target(): Promise<Target> {
  const base = (Deno.env.get("BASE_URL") ||
    `http://127.0.0.1:${Deno.env.get("PORT") || 54321}`).replace(/\/+$/, "");
  const anonKey = Deno.env.get("ANON_KEY");
  const serviceRoleKey = Deno.env.get("SERVICE_ROLE_KEY");
  if (anonKey && serviceRoleKey) return { base, anonKey, serviceRoleKey };
  const file = `${Deno.env.get("DATA_DIR") || ".data"}/keys.json`;
  try {
    const keys = JSON.parse(await Deno.readTextFile(file));
    return { base, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey };
  } catch (error) {
    throw new StepFailed(
      `cannot read the keys from ${file} (${(error as Error).message}): run the tour from the ` +
        "folder of `deno task start`, or set ANON_KEY and SERVICE_ROLE_KEY",
    );
  }
}

class Tour {
  constructor(private readonly t: Target) {}

  async call(path: string, init: Call = {}): Promise<Answer> {
    const headers = new Headers();
    if (init.bearer) headers.set("authorization", `Bearer ${init.bearer}`);
    if (init.anon) headers.set("apikey", this.t.anonKey);
    if (init.accept) headers.set("accept", init.accept);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.form;
    const method = init.method ?? (body === undefined ? "GET" : "POST");
    let response: Response;
    try {
      response = await fetch(`${this.t.base}${path}`, { method, headers, body });
    } catch (error) {
      throw new StepFailed(
        `${method} ${this.t.base}${path}: ${(error as Error).message} (is \`deno task start\` ` +
          "running there? Set BASE_URL or PORT otherwise)",
      );
    }
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      text: await response.text(),
    };
  }

  /** A JSON answer of the expected status. */
  async json<T>(status: number, path: string, init: Call = {}): Promise<T> {
    const answer = await this.call(path, init);
    if (answer.status !== status) {
      throw new StepFailed(
        `${init.method ?? (init.json ?? init.form ? "POST" : "GET")} ${path} answered ` +
          `${answer.status}, not ${status}: ${answer.text.slice(0, 500)}`,
      );
    }
    return JSON.parse(answer.text) as T;
  }

  get base(): string {
    return this.t.base;
  }

  get serviceRoleKey(): string {
    return this.t.serviceRoleKey;
  }
}

async function step(name: string, run: () => Promise<string>): Promise<void> {
  try {
    console.log(`OK ${name}: ${await run()}`);
  } catch (error) {
    const reason = error instanceof StepFailed ? error.message : String(error);
    console.log(`FAILED ${name}: ${reason}`);
    Deno.exit(1);
  }
}

/** Polls `read` until `done` says so, or fails after `seconds`. */
async function poll<T>(
  seconds: number,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new StepFailed(`not done after ${seconds} s: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Job {
  id: string;
  status: string;
  doc_type: string;
  download_url: string | null;
  hash: string | null;
  error_message: string | null;
}

interface Leaf {
  value: unknown;
  confidence: number;
}

interface Extraction {
  status: string;
  result?: {
    exporter?: { name?: Leaf };
    goods?: { total_value?: Leaf; line_items?: unknown[] };
  };
  error?: { code: string; message: string };
}

async function main(): Promise<void> {
  let tour: Tour | undefined;
  await step("service", async () => {
    const t = await target();
    tour = new Tour(t);
    await tour.json(200, "/health");
    return `${t.base} answers`;
  });
  const api = tour!;
  const shipment = JSON.parse(await Deno.readTextFile(SHIPMENT_FILE));
  let key = "";
  let shipmentId = "";
  let hash = "";
  let jobs: { jobId: string; docType: string }[] = [];
  let invoice: Job | undefined;
  let pdf = new Uint8Array();

  await step("create a team", async () => {
    const team = await api.json<{ team_id: string; api_key: string }>(201, "/api/v1/admin/teams", {
      bearer: api.serviceRoleKey,
      json: { name: `Tour ${new Date().toISOString()}`, tier: "starter" },
    });
    key = team.api_key;
    return `team_id ${team.team_id}, api_key ${key}`;
  });

  await step("create a shipment", async () => {
    const created = await api.json<{ shipment_id: string; max_generations: number }>(
      201,
      "/functions/v1/create-shipment",
      { bearer: key, anon: true, json: { shipment_ref: "PO-2026-0042", shipment_data: shipment } },
    );
    shipmentId = created.shipment_id;
    return `shipment_id ${shipmentId}, ${created.max_generations} generations allowed`;
  });

  await step("validate", async () => {
    const run = await api.json<
      { passed: boolean; validation_hash: string | null; layers: unknown }
    >(
      200,
      "/functions/v1/validate-shipment",
      { bearer: key, anon: true, json: { shipment_id: shipmentId, shipment } },
    );
    if (!run.passed || !run.validation_hash) {
      throw new StepFailed(`validation did not pass: ${JSON.stringify(run.layers)}`);
    }
    hash = run.validation_hash;
    return `passed, validation_hash ${hash}`;
  });

  await step("verify the hash (JSON)", async () => {
    const verified = await api.json<{ verified: boolean }>(
      200,
      `/functions/v1/verify-hash/${hash}`,
    );
    if (verified.verified !== true) throw new StepFailed(JSON.stringify(verified));
    return "verified: true";
  });

  await step("verify the hash (HTML page)", async () => {
    const path = `/functions/v1/verify-hash/${hash}`;
    const page = await api.call(path, { accept: "text/html" });
    if (page.status !== 200 || !page.contentType.startsWith("text/html")) {
      throw new StepFailed(`answered ${page.status} ${page.contentType}`);
    }
    if (!page.text.includes("Verified")) throw new StepFailed("the page does not say Verified");
    return `open ${api.base}${path} in a browser`;
  });

  await step("generate two documents", async () => {
    const request = {
      shipment_id: shipmentId,
      document_types: DOCUMENT_TYPES,
      validation_hash: hash,
      shipment,
    };
    const asked = await api.call("/functions/v1/generate-documents", {
      bearer: key,
      anon: true,
      json: request,
    });
    let warnings = 0;
    if (asked.status === 200) {
      const answer = JSON.parse(asked.text) as { warnings: { warnings: unknown[] }[] };
      warnings = answer.warnings.reduce((n, w) => n + w.warnings.length, 0);
    } else if (asked.status !== 202) {
      throw new StepFailed(`answered ${asked.status}: ${asked.text.slice(0, 500)}`);
    }
    const queued = asked.status === 202 ? JSON.parse(asked.text) : await api.json<
      { jobs: { jobId: string; docType: string }[] }
    >(202, "/functions/v1/generate-documents", {
      bearer: key,
      anon: true,
      json: { ...request, confirm_warnings: true },
    });
    jobs = queued.jobs;
    return `${warnings} warning(s) confirmed; jobs ${
      jobs.map((j) => `${j.docType} ${j.jobId}`).join(", ")
    }`;
  });

  await step("poll the jobs", async () => {
    const finished = await Promise.all(jobs.map((j) =>
      poll(
        JOB_SECONDS,
        () => api.json<Job>(200, `/api/v1/jobs/${j.jobId}`, { bearer: key }),
        (job) => job.status === "completed" || job.status === "failed",
      )
    ));
    const failed = finished.find((job) => job.status !== "completed");
    if (failed) throw new StepFailed(`${failed.doc_type} failed: ${failed.error_message}`);
    invoice = finished.find((job) => job.doc_type === "COMMERCIAL_INVOICE");
    return finished.map((job) => `${job.doc_type} completed`).join(", ");
  });

  await step("download a PDF", async () => {
    const url = invoice?.download_url;
    if (!url) throw new StepFailed("the completed job has no download_url");
    const response = await fetch(url).catch((error) => {
      throw new StepFailed(`GET ${url}: ${error.message}`);
    });
    pdf = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw new StepFailed(`the download answered ${response.status}`);
    if (new TextDecoder().decode(pdf.subarray(0, 5)) !== "%PDF-") {
      throw new StepFailed("the download is not a PDF");
    }
    const digest = `sha256:${await sha256Hex(pdf)}`;
    if (digest !== invoice!.hash) {
      throw new StepFailed(`the file's ${digest} is not the job's ${invoice!.hash}`);
    }
    const file = `${await Deno.makeTempDir({ prefix: "tour-" })}/COMMERCIAL_INVOICE.pdf`;
    await Deno.writeFile(file, pdf);
    return `${pdf.length} bytes, ${digest} as the job says, saved as ${file}`;
  });

  await step("extract data from it", async () => {
    const form = new FormData();
    form.append("file", new Blob([pdf], { type: "application/pdf" }), "invoice.pdf");
    form.append("shipment_id", shipmentId);
    const { job_id } = await api.json<{ job_id: string }>(202, "/api/v1/extract", {
      bearer: key,
      form,
    });
    const done = await poll(
      EXTRACTION_SECONDS,
      () => api.json<Extraction>(200, `/api/v1/extract/${job_id}`, { bearer: key }),
      (job) => job.status !== "processing",
    );
    if (done.status !== "completed") {
      throw new StepFailed(`job ${job_id} ${done.status}: ${JSON.stringify(done.error)}`);
    }
    const exporter = done.result?.exporter?.name;
    if (!exporter || exporter.value !== shipment.exporter.name) {
      throw new StepFailed(`exporter read as ${JSON.stringify(exporter)}`);
    }
    const total = done.result?.goods?.total_value;
    return `job ${job_id}: exporter "${exporter.value}" (confidence ${exporter.confidence}), ` +
      `total_value ${JSON.stringify(total?.value)}, ` +
      `${done.result?.goods?.line_items?.length ?? 0} line item(s)`;
  });
}

if (import.meta.main) await main();
