import { errorResponse } from "../platform/http/common_responses.ts";
import { sqlState } from "../platform/db/db.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import { MAX_UPLOAD_BYTES } from "../platform/http/body.ts";
import { addRoute } from "../platform/http/route.ts";
import { fieldOf, type IssueError } from "../platform/http/validate.ts";
import type { FileKind } from "./provider.ts";
import { Timestamp, UploadedFile, Uuid, UuidText } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";
import { sha256HexInSlices } from "../platform/util/sha256_slices.ts";
import { UUID_PATTERN } from "../platform/util/uuid.ts";
import { findExtractionJob, insertExtractionJob } from "./jobs/queue.ts";
import { ExtractionResult } from "./result.ts";
import { ACCEPTED_KINDS, CONTENT_TYPES, sniffFileKind } from "./sniff.ts";
import type { ExtractionRouteDeps } from "./root.ts";

const TAGS = ["Extraction"];

const Upload = z.object({
  file: UploadedFile.refine((file) => file.size > 0, "the file is empty").meta({
    description: "PDF, PNG, JPEG, TIFF, XLS or XLSX, at most 20 MiB, one part; the type is " +
      "judged from the file's bytes, not its name or declared type",
  }),
  shipment_id: UuidText.optional().meta({ description: "One of the team's shipments" }),
}).meta({ id: "ExtractionUpload" });

const uploadError: IssueError = (issue) =>
  // A malformed id names no shipment: answered like an unknown one.
  fieldOf(issue) === "shipment_id" ? shipmentNotFound() : "SVC_EXTRACT_001";

const Accepted = z.object({
  job_id: Uuid,
  status: z.literal("processing"),
  created_at: Timestamp,
}).meta({ id: "ExtractionAccepted" });

const Job = z.union([
  z.object({ job_id: Uuid, status: z.literal("processing"), created_at: Timestamp }),
  z.object({
    job_id: Uuid,
    status: z.literal("completed"),
    created_at: Timestamp,
    result: ExtractionResult,
    completed_at: Timestamp,
  }),
  z.object({
    job_id: Uuid,
    status: z.literal("failed"),
    created_at: Timestamp,
    error: z.object({ code: z.literal("SVC_EXTRACT_002"), message: z.string() }),
  }),
]).meta({ id: "ExtractionJob" });

/** `/api/v1/extract`: upload a trade document, then poll its extraction job (the Bearer only). */
export function addExtractionRoutes(svc: ServiceApp<ExtractionRouteDeps>): void {
  const { db, storage } = svc.deps;

  addRoute(svc, {
    operationId: "createExtraction",
    method: "post",
    path: "/v1/extract",
    summary: "Extract data from a trade document (asynchronous)",
    description: "Multipart form: `file` (required) and `shipment_id` (optional). Answers 202 " +
      "with the job; poll `GET /api/v1/extract/{jobId}` (every 2 s, up to 60 s) or subscribe " +
      "to the extraction.completed / extraction.failed webhooks.",
    tags: TAGS,
    auth: "bearer",
    body: {
      schema: Upload,
      error: uploadError,
      contentType: "multipart/form-data",
      maxFileBytes: MAX_UPLOAD_BYTES,
    },
    responses: {
      202: { description: "The job is queued", schema: Accepted },
      400: errorResponse(
        "SVC_EXTRACT_001: `file` missing, empty or sent more than once; SVC_REQ_002: the " +
          "multipart form is malformed",
      ),
      404: errorResponse("SVC_SHIP_004: shipment_id names none of the team's shipments"),
      413: errorResponse("SVC_REQ_001: the file is larger than 20 MiB"),
      415: errorResponse(
        "SVC_REQ_003: the body is not multipart/form-data; SVC_EXTRACT_003: the file is not " +
          "a PDF, PNG, JPEG, TIFF, XLS or XLSX (details.accepted lists them)",
      ),
    },
  }, async (c, { body }) => {
    const teamId = c.get("principal").teamId;
    const upload = {
      bytes: body.file.bytes,
      shipmentId: body.shipment_id ?? null,
    };
    const kind = sniffFileKind(upload.bytes);
    if (!kind) {
      throw new ServiceError(
        "SVC_EXTRACT_003",
        "The file is not a PDF, PNG, JPEG, TIFF, XLS or XLSX document (judged from its bytes)",
        { details: { accepted: ACCEPTED_KINDS } },
      );
    }
    if (upload.shipmentId !== null && !(await isTeamShipment(teamId, upload.shipmentId))) {
      throw shipmentNotFound();
    }
    const job = await queueJob(teamId, upload.shipmentId, upload.bytes, kind);
    svc.deps.extractionQueued.fire();
    c.header("location", `/api/v1/extract/${job.id}`);
    return c.json({ job_id: job.id, status: "processing", created_at: job.created_at }, 202);
  });

  addRoute(svc, {
    operationId: "getExtractionJob",
    method: "get",
    path: "/v1/extract/:jobId",
    summary: "An extraction job",
    description: "200 in every state: `processing`; `completed` with `result` (every leaf " +
      "`{value, confidence}`) and `completed_at`; `failed` with `error {code: " +
      "SVC_EXTRACT_002, message}`.",
    tags: TAGS,
    auth: "bearer",
    params: [{
      name: "jobId",
      description: "job_id of the upload's answer",
      pattern: UUID_PATTERN,
      invalid: () => new ServiceError("SVC_EXTRACT_004", "Extraction job not found"),
    }],
    responses: {
      200: { description: "The job", schema: Job },
      404: errorResponse("SVC_EXTRACT_004: no such extraction job for this team"),
    },
  }, async (c, { params }) => {
    const job = await findExtractionJob(db, c.get("principal").teamId, params.jobId!);
    if (!job) throw new ServiceError("SVC_EXTRACT_004", "Extraction job not found");
    const base = { job_id: job.id, status: job.status, created_at: job.created_at };
    if (job.status === "completed") {
      return c.json({ ...base, result: job.result, completed_at: job.completed_at });
    }
    if (job.status === "failed") {
      return c.json({
        ...base,
        error: { code: job.error_code, message: job.error_message },
      });
    }
    return c.json(base);
  });

  async function isTeamShipment(teamId: string, id: string): Promise<boolean> {
    const rows = await db.query("select 1 from shipments where id = $1 and team_id = $2", [
      id,
      teamId,
    ]);
    return rows.length > 0;
  }

  /** The file goes to storage first, so a worker never claims a job whose file is not there. */
  async function queueJob(
    teamId: string,
    shipmentId: string | null,
    bytes: Uint8Array,
    kind: FileKind,
  ): Promise<{ id: string; created_at: Date }> {
    const id = crypto.randomUUID();
    const filePath = `${teamId}/extractions/${id}/source`;
    await storage.put(filePath, bytes, CONTENT_TYPES[kind]);
    try {
      return await insertExtractionJob(db, {
        id,
        teamId,
        shipmentId,
        filePath,
        fileKind: kind,
        fileSize: bytes.byteLength,
        fileSha256: await sha256HexInSlices(bytes),
      });
    } catch (error) {
      // The shipment was deleted between the check and the insert.
      if (sqlState(error) === "23503") throw shipmentNotFound();
      throw error;
    }
  }
}

function shipmentNotFound(): ServiceError {
  return new ServiceError("SVC_SHIP_004", "Shipment not found");
}
