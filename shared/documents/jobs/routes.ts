import { ServiceError } from "../../platform/errors/service_error.ts";
import { errorResponse } from "../../platform/http/common_responses.ts";
import type { ServiceApp } from "../../platform/http/app.ts";
import { addRoute } from "../../platform/http/route.ts";
import { Timestamp, Uuid } from "../../platform/schemas/common.ts";
import { UUID_PATTERN } from "../../platform/util/uuid.ts";
import { z } from "../../platform/schemas/zod.ts";
import { findTeamJob } from "./lookup.ts";
import type { StorageDeps } from "../../platform/storage/create.ts";

const Job = z.object({
  id: Uuid,
  status: z.enum(["queued", "processing", "completed", "failed"]),
  doc_type: z.string(),
  shipment_id: Uuid.nullable(),
  provider_job_id: z.string().nullable(),
  download_url: z.string().nullable().meta({
    description: "A signed URL, fresh on every read, while the job is completed",
  }),
  hash: z.string().nullable().meta({ description: "sha256:<hex> of the PDF file" }),
  error_message: z.string().nullable(),
  attempts: z.int(),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
}).meta({ id: "DocumentJob" });

/** `GET /api/v1/jobs/:id`: poll a document job (every 2 s, up to 30 times, per the spec). */
export function addJobRoutes(svc: ServiceApp<StorageDeps>): void {
  const { db, storage, config } = svc.deps;
  addRoute(svc, {
    operationId: "getDocumentJob",
    method: "get",
    path: "/v1/jobs/:id",
    summary: "A document generation job",
    tags: ["Documents"],
    auth: "bearer",
    params: [{
      name: "id",
      description: "The job id (jobs[].jobId of the generate-documents answer)",
      pattern: UUID_PATTERN,
      invalid: jobNotFound,
    }],
    responses: {
      200: { description: "The job", schema: Job },
      404: errorResponse("SVC_JOB_001: no such job for this team"),
    },
  }, async (c, { params }) => {
    const job = await findTeamJob(db, c.get("principal").teamId, params.id!);
    if (!job) throw jobNotFound();
    const { storage_path, file_sha256, ...rest } = job;
    const ready = job.status === "completed" && storage_path;
    return c.json({
      ...rest,
      download_url: ready ? await storage.signedUrl(storage_path, config.signedUrlSeconds) : null,
      hash: ready && file_sha256 ? `sha256:${file_sha256}` : null,
    });
  });
}

function jobNotFound(): ServiceError {
  return new ServiceError("SVC_JOB_001", "Job not found");
}
