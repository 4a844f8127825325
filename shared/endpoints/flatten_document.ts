import type { ServiceDeps } from "../deps.ts";
import { ServiceError } from "../errors/service_error.ts";
import { findHistoryEntry, saveFlattenedPath } from "../flatten/history.ts";
import { PdfEncryptedError } from "../forms/pdf_file.ts";
import { PdfSyntaxError } from "../forms/pdf_syntax.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { findTeamJob, type TeamJob } from "../jobs/lookup.ts";
import { addRoute } from "../http/route.ts";
import { FlattenFailure } from "../providers/flatten.ts";
import { Uuid } from "../schemas/common.ts";
import { z } from "../schemas/zod.ts";
import { sha256Hex } from "../util/crypto.ts";
import { isUuid } from "../util/uuid.ts";
import { recordIssuedFile } from "../verify/issued_files.ts";
import { errorResponse, JSON_BODY_ERRORS } from "./common_responses.ts";
import { concatBytes } from "../util/bytes.ts";

const MAX_LABEL = 100;
const MAX_STAMP = 256;
/** Generated documents are far smaller; a bigger download is not one of ours. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 30_000;

const FlattenRequest = z.object({
  job_id: Uuid.openapi({ description: "Job id from the generate-documents response" }),
  doc_type: z.string().max(MAX_LABEL).optional().openapi({
    description: "Label for naming and tracking; the key in the history entry's " +
      "flattened_urls (default: the job's document type)",
  }),
  hash_stamp: z.string().max(MAX_STAMP).optional().openapi({
    description: "Printed at the foot of every page and kept in the PDF/A metadata",
  }),
  generation_history_id: Uuid.optional().openapi({
    description: "Save the flattened file under doc_type in this history entry's flattened_urls",
  }),
}).openapi("FlattenDocumentRequest");

const Flattened = z.object({
  download_url: z.string().openapi({ description: "Signed URL of the PDF/A-2b file" }),
  job_id: Uuid,
  doc_type: z.string().nullable(),
}).openapi("FlattenedDocument");

interface FlattenRequestInput {
  jobId: string;
  label: string | undefined;
  hashStamp: string | undefined;
  historyId: string | undefined;
}

export function flattenDocumentApp(deps: ServiceDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "flatten-document" });
  addRoute(svc, {
    method: "post",
    path: "/",
    summary: "Flatten a generated document into an archival PDF/A-2b",
    description: "Fetches the job's PDF through its signed download URL, turns its form values " +
      "into static page content (the hidden service fields become PDF/A metadata), prints " +
      "hash_stamp on every page, and answers a signed URL of the PDF/A-2b file. With " +
      "generation_history_id the file is saved in that entry's flattened_urls under doc_type.",
    tags: ["Documents"],
    auth: "function",
    body: FlattenRequest,
    responses: {
      200: { description: "The flattened document", schema: Flattened },
      400: errorResponse(
        "SVC_FLAT_001 (job_id missing), SVC_FLAT_003 (no provider job id), SVC_FLAT_004 (job " +
          "not completed), SVC_FLAT_005 (no download URL), SVC_FLAT_008 (invalid field), " +
          "SVC_FLAT_010 (history entry of another shipment)",
      ),
      404: errorResponse("SVC_FLAT_002 (no such job), SVC_FLAT_009 (no such history entry)"),
      502: errorResponse("SVC_FLAT_006 (PDF download failed), SVC_FLAT_007 (flattener failed)"),
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const input = parseRequest(await readJsonObject(c));
    const { teamId } = c.get("principal");
    const job = await readyJob(deps, teamId, input.jobId);
    if (input.historyId !== undefined) await checkHistoryEntry(deps, teamId, input.historyId, job);

    const sourceUrl = await deps.storage.signedUrl(job.storage_path!, deps.config.signedUrlSeconds);
    const pdf = await download(sourceUrl);
    let unsigned: Uint8Array;
    try {
      unsigned = await deps.flatten.flatten({
        pdf,
        ...(input.hashStamp ? { hashStamp: input.hashStamp } : {}),
        ...(input.label ? { docType: input.label } : {}),
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
    const key = input.label ?? job.doc_type;
    if (input.historyId !== undefined) {
      await saveFlattenedPath(deps.db, teamId, input.historyId, key, path);
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
  deps: ServiceDeps,
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

function parseRequest(body: Record<string, unknown>): FlattenRequestInput {
  const jobId = body.job_id;
  if (typeof jobId !== "string" || jobId.trim() === "") {
    throw new ServiceError("SVC_FLAT_001", "job_id (the job's id, a string) is required");
  }
  const optionalText = (field: string, max: number): string | undefined => {
    const value = body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string" || value.length > max) {
      throw new ServiceError(
        "SVC_FLAT_008",
        `${field} must be a string of at most ${max} characters`,
      );
    }
    return value.trim() === "" ? undefined : value.trim();
  };
  const label = optionalText("doc_type", MAX_LABEL);
  const hashStamp = optionalText("hash_stamp", MAX_STAMP);
  const historyId = optionalText("generation_history_id", 100);
  if (historyId !== undefined && !isUuid(historyId)) {
    throw new ServiceError("SVC_FLAT_009", "Generation history entry not found");
  }
  return { jobId: jobId.trim(), label, hashStamp, historyId };
}

/** The team's job, completed with a file; each way it is not is its own error. */
async function readyJob(deps: ServiceDeps, teamId: string, jobId: string): Promise<TeamJob> {
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
  deps: ServiceDeps,
  teamId: string,
  historyId: string,
  job: TeamJob,
): Promise<void> {
  const entry = await findHistoryEntry(deps.db, teamId, historyId);
  if (!entry) throw new ServiceError("SVC_FLAT_009", "Generation history entry not found");
  if (entry.shipment_id !== job.shipment_id) {
    throw new ServiceError(
      "SVC_FLAT_010",
      "The generation history entry belongs to another shipment than the job",
    );
  }
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
