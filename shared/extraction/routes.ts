import type { Context } from "hono";
import { errorResponse } from "../endpoints/common_responses.ts";
import { sqlState } from "../db/db.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { ServiceApp } from "../http/app.ts";
import { MAX_UPLOAD_BYTES, readMultipartParts } from "../http/body.ts";
import type { MultipartPart } from "../http/multipart.ts";
import type { AppEnv } from "../http/types.ts";
import { addRoute, pathParam } from "../http/route.ts";
import type { FileKind } from "../providers/extraction.ts";
import { Timestamp, Uuid } from "../schemas/common.ts";
import { z } from "../schemas/zod.ts";
import { sha256Hex } from "../util/crypto.ts";
import { isUuid } from "../util/uuid.ts";
import { findExtractionJob, insertExtractionJob } from "./jobs/queue.ts";
import { ExtractionResult } from "./result.ts";
import { ACCEPTED_KINDS, CONTENT_TYPES, sniffFileKind } from "./sniff.ts";

const TAGS = ["Extraction"];

const Upload = z.object({
  file: z.string().openapi({
    format: "binary",
    description: "PDF, PNG, JPEG, TIFF, XLS or XLSX, at most 20 MiB; the type is judged " +
      "from the file's bytes, not its name or declared type",
  }),
  shipment_id: Uuid.optional().openapi({ description: "One of the team's shipments" }),
}).openapi("ExtractionUpload");

const Accepted = z.object({
  job_id: Uuid,
  status: z.literal("processing"),
  created_at: Timestamp,
}).openapi("ExtractionAccepted");

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
]).openapi("ExtractionJob");

/** `/api/v1/extract`: upload a trade document, then poll its extraction job (the Bearer only). */
export function addExtractionRoutes(svc: ServiceApp): void {
  const { db, storage } = svc.deps;

  addRoute(svc, {
    method: "post",
    path: "/v1/extract",
    summary: "Extract data from a trade document (asynchronous)",
    description: "Multipart form: `file` (required) and `shipment_id` (optional). Answers 202 " +
      "with the job; poll `GET /api/v1/extract/{jobId}` (every 2 s, up to 60 s) or subscribe " +
      "to the extraction.completed / extraction.failed webhooks.",
    tags: TAGS,
    auth: "bearer",
    body: Upload,
    bodyContentType: "multipart/form-data",
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
  }, async (c) => {
    const teamId = c.get("principal").teamId;
    const upload = await readUpload(c);
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
    svc.deps.kickExtraction();
    c.header("location", `/api/v1/extract/${job.id}`);
    return c.json({ job_id: job.id, status: "processing", created_at: job.created_at }, 202);
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/extract/:jobId",
    summary: "An extraction job",
    description: "200 in every state: `processing`; `completed` with `result` (every leaf " +
      "`{value, confidence}`) and `completed_at`; `failed` with `error {code: " +
      "SVC_EXTRACT_002, message}`.",
    tags: TAGS,
    auth: "bearer",
    params: z.object({ jobId: Uuid }),
    responses: {
      200: { description: "The job", schema: Job },
      404: errorResponse("SVC_EXTRACT_004: no such extraction job for this team"),
    },
  }, async (c) => {
    const id = pathParam(c, "jobId");
    const job = isUuid(id) ? await findExtractionJob(db, c.get("principal").teamId, id) : null;
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
        fileSha256: await sha256Hex(bytes),
      });
    } catch (error) {
      // The shipment was deleted between the check and the insert.
      if (sqlState(error) === "23503") throw shipmentNotFound();
      throw error;
    }
  }
}

interface Upload {
  bytes: Uint8Array;
  shipmentId: string | null;
}

/** The body is read once, and refused (413) as soon as it passes the limit (body.ts). */
async function readUpload(c: Context<AppEnv>): Promise<Upload> {
  // Views of the body: an 18.5 MiB upload is held once, not three times (body, File, copy).
  const parts = await readMultipartParts(c, MAX_UPLOAD_BYTES);
  return { bytes: fileOf(parts), shipmentId: shipmentIdOf(parts) };
}

function fileOf(parts: readonly MultipartPart[]): Uint8Array {
  const files = parts.filter((p) => p.name === "file");
  const file = files[0];
  if (files.length > 1) {
    throw new ServiceError("SVC_EXTRACT_001", "Send one `file` part, not several");
  }
  if (!file || file.filename === undefined) {
    throw new ServiceError("SVC_EXTRACT_001", "The `file` part is missing (or is not a file)");
  }
  if (file.data.length === 0) throw new ServiceError("SVC_EXTRACT_001", "The file is empty");
  return file.data;
}

/** Absent or empty (an empty form input): none; anything else must name a team shipment. */
function shipmentIdOf(parts: readonly MultipartPart[]): string | null {
  const part = parts.find((p) => p.name === "shipment_id");
  if (part?.filename !== undefined) throw shipmentNotFound(); // a file is no shipment id
  const value = part ? new TextDecoder().decode(part.data) : null;
  if (value === null || value === "") return null;
  if (!isUuid(value)) throw shipmentNotFound();
  return value;
}

function shipmentNotFound(): ServiceError {
  return new ServiceError("SVC_SHIP_004", "Shipment not found");
}
