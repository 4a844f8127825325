import type { FlattenDeps } from "./flatten/root.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { findHistoryEntry, saveFlattenedPath } from "./flatten/history.ts";
import { PdfEncryptedError } from "./forms/pdf_file.ts";
import { PdfSyntaxError } from "./forms/pdf_syntax.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { findTeamJob, type TeamJob } from "./jobs/lookup.ts";
import { addRoute } from "../platform/http/route.ts";
import type { ParamSpec } from "../platform/http/params.ts";
import { FlattenFailure } from "./flatten/provider.ts";
import { sha256Hex } from "../platform/util/crypto.ts";
import { UUID_PATTERN } from "../platform/util/uuid.ts";
import { recordIssuedFile } from "../verify/issued_files.ts";
import { errorResponse, JSON_BODY_ERRORS } from "../platform/http/common_responses.ts";
import { concatBytes } from "../platform/util/bytes.ts";

const MAX_LABEL = 100;
const MAX_STAMP = 256;
/** Generated documents are far smaller; a bigger download is not one of ours. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 30_000;

const trim = (value: string) => value.trim();
const invalidField = (name: string, why: string) =>
  new ServiceError("SVC_FLAT_008", `${name}: ${why}`);

/** The request's text fields; null or blank counts as left out, the rest is trimmed. */
const FLATTEN_FIELDS: readonly ParamSpec[] = [
  {
    name: "job_id",
    required: true,
    format: "uuid",
    description: "Job id from the generate-documents response",
    normalize: trim,
    // An id that is text but names no job is answered by the lookup: 404 SVC_FLAT_002.
    invalid: () => new ServiceError("SVC_FLAT_001", "job_id: must be the job's id (text)"),
    missing: () => new ServiceError("SVC_FLAT_001", "job_id: is required"),
  },
  {
    name: "doc_type",
    maxLength: MAX_LABEL,
    description: "Label for naming and tracking; the key in the history entry's " +
      "flattened_urls (default: the job's document type)",
    normalize: trim,
    invalid: (_, why) =>
      invalidField("doc_type", why === "type" ? "must be text" : `at most ${MAX_LABEL} characters`),
  },
  {
    name: "hash_stamp",
    maxLength: MAX_STAMP,
    description: "Printed at the foot of every page and kept in the PDF/A metadata",
    normalize: trim,
    invalid: (_, why) =>
      invalidField(
        "hash_stamp",
        why === "type" ? "must be text" : `at most ${MAX_STAMP} characters`,
      ),
  },
  {
    name: "generation_history_id",
    maxLength: 100,
    pattern: UUID_PATTERN,
    format: "uuid",
    description: "Save the flattened file under doc_type in this history entry's flattened_urls",
    normalize: trim,
    // A malformed id names no entry: answered like an unknown one.
    invalid: (_, why) =>
      why === "pattern"
        ? historyNotFound()
        : invalidField("generation_history_id", why === "type" ? "must be text" : "too long"),
  },
];

export function flattenDocumentApp(deps: FlattenDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "flatten-document" });
  addRoute(svc, {
    operationId: "flattenDocument",
    method: "post",
    path: "/",
    summary: "Flatten a generated document into an archival PDF/A-2b",
    description: "Fetches the job's PDF through its signed download URL, turns its form values " +
      "into static page content (the hidden service fields become PDF/A metadata), prints " +
      "hash_stamp on every page, and answers a signed URL of the PDF/A-2b file. With " +
      "generation_history_id the file is saved in that entry's flattened_urls under doc_type.",
    tags: ["Documents"],
    auth: "function",
    body: {
      fields: FLATTEN_FIELDS,
      example: {
        job_id: "5b0f6f0e-3f5c-4d8e-9a51-2f7c1d9e8a34",
        hash_stamp: "Validated 9f2c4e0b…6d8e",
        generation_history_id: "0c8e2a52-7f41-4b9a-8d3e-6a1f5c2b9e70",
      },
    },
    responses: {
      200: { description: "The flattened document", schema: "FlattenedDocument" },
      400: errorResponse(
        "SVC_FLAT_001 (job_id missing), SVC_FLAT_003 (no provider job id), SVC_FLAT_004 (job " +
          "not completed), SVC_FLAT_005 (no download URL), SVC_FLAT_008 (invalid field), " +
          "SVC_FLAT_010 (history entry of another shipment)",
      ),
      404: errorResponse("SVC_FLAT_002 (no such job), SVC_FLAT_009 (no such history entry)"),
      502: errorResponse("SVC_FLAT_006 (PDF download failed), SVC_FLAT_007 (flattener failed)"),
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { body: input }) => {
    const { teamId } = c.get("principal");
    const job = await readyJob(deps, teamId, input.job_id!);
    const historyId = input.generation_history_id;
    if (historyId !== undefined) await checkHistoryEntry(deps, teamId, historyId, job);

    const sourceUrl = await deps.storage.signedUrl(job.storage_path!, deps.config.signedUrlSeconds);
    const pdf = await download(sourceUrl);
    let unsigned: Uint8Array;
    try {
      unsigned = await deps.flatten.flatten({
        pdf,
        ...(input.hash_stamp ? { hashStamp: input.hash_stamp } : {}),
        ...(input.doc_type ? { docType: input.doc_type } : {}),
      });
    } catch (cause) {
      if (!(cause instanceof FlattenFailure)) throw cause;
      throw new ServiceError("SVC_FLAT_007", `Flattening failed: ${cause.message}`, { cause });
    }

    const { bytes: flattened, signer } = await signFlattened(deps, unsigned);
    // Named by content: flattening the same job again with the same stamp gives the same file,
    // and a different stamp never overwrites a file an earlier answer links to.
    const sha256 = await sha256Hex(flattened);
    const path = `${teamId}/${job.shipment_id ?? "adhoc"}/${job.id}/flattened/` +
      `${job.doc_type}-pdfa-${sha256.slice(0, 16)}.pdf`;
    await deps.storage.put(path, flattened, "application/pdf");
    await recordIssuedFile(deps.db, {
      sha256,
      variant: "flattened",
      jobId: job.id,
      storagePath: path,
      signer,
    });
    const key = input.doc_type ?? job.doc_type;
    if (historyId !== undefined) {
      await saveFlattenedPath(deps.db, teamId, historyId, key, path);
    }
    return c.json({
      download_url: await deps.storage.signedUrl(path, deps.config.signedUrlSeconds),
      job_id: job.id,
      doc_type: key,
    });
  });
  return svc;
}

/**
 * The service's signature on the flattened file. A file the signer cannot read (an outside
 * flattener's broken or encrypted answer) is the flattener's failure, SVC_FLAT_007.
 */
async function signFlattened(
  deps: FlattenDeps,
  pdf: Uint8Array,
): Promise<{ bytes: Uint8Array; signer: string | null }> {
  if (!deps.signer) return { bytes: pdf, signer: null };
  try {
    return await deps.signer.sign(pdf);
  } catch (cause) {
    if (!(cause instanceof PdfSyntaxError || cause instanceof PdfEncryptedError)) throw cause;
    throw new ServiceError(
      "SVC_FLAT_007",
      `Flattening failed: the flattened PDF cannot be signed (${cause.message})`,
      { cause },
    );
  }
}

/** The team's job, completed with a file; each way it is not is its own error. */
async function readyJob(deps: FlattenDeps, teamId: string, jobId: string): Promise<TeamJob> {
  const job = await findTeamJob(deps.db, teamId, jobId);
  if (!job) throw new ServiceError("SVC_FLAT_002", "Job not found");
  if (!job.provider_job_id) {
    throw new ServiceError("SVC_FLAT_003", "The job has no provider job id");
  }
  if (job.status !== "completed") {
    throw new ServiceError(
      "SVC_FLAT_004",
      `The job is not completed (status: ${job.status})`,
      { details: { status: job.status } },
    );
  }
  if (!job.storage_path) {
    throw new ServiceError("SVC_FLAT_005", "The job has no download URL (no file was stored)");
  }
  return job;
}

async function checkHistoryEntry(
  deps: FlattenDeps,
  teamId: string,
  historyId: string,
  job: TeamJob,
): Promise<void> {
  const entry = await findHistoryEntry(deps.db, teamId, historyId);
  if (!entry) throw historyNotFound();
  if (entry.shipment_id !== job.shipment_id) {
    throw new ServiceError(
      "SVC_FLAT_010",
      "The generation history entry belongs to another shipment than the job",
    );
  }
}

function historyNotFound(): ServiceError {
  return new ServiceError("SVC_FLAT_009", "Generation history entry not found");
}

/**
 * The generated PDF, fetched over HTTP through its signed URL (as an outside flatten service
 * would). Anything but a 2xx PDF within the limits is SVC_FLAT_006, with the HTTP status.
 */
async function download(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: "error",
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
  } catch (cause) {
    const why = cause instanceof DOMException && cause.name === "TimeoutError"
      ? `no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`
      : "the file server could not be reached";
    throw new ServiceError("SVC_FLAT_006", `PDF download failed: ${why}`, { cause });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ServiceError("SVC_FLAT_006", `PDF download failed: HTTP ${response.status}`, {
      details: { http_status: response.status },
    });
  }
  const bytes = await readLimited(response, MAX_DOWNLOAD_BYTES);
  if (!bytes || new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") {
    throw new ServiceError(
      "SVC_FLAT_006",
      `PDF download failed: HTTP ${response.status}, but ` +
        (bytes ? "the answer is not a PDF" : "the file is larger than 50 MiB"),
      { details: { http_status: response.status } },
    );
  }
  return bytes;
}

async function readLimited(response: Response, max: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}
