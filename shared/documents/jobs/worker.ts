import type { Db, Queryable } from "../../platform/db/db.ts";
import { recordEvent } from "../../platform/events/outbox.ts";
import type { JobPayload } from "../generation/enqueue.ts";
import type { Logger } from "../../platform/http/log.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { DocumentSigner } from "../signing/signer.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { sha256Hex } from "../../platform/util/crypto.ts";
import { recordIssuedFile } from "../../verify/issued_files.ts";
import { type DocumentJob, documentQueue } from "./queue.ts";
import { retryDelaySeconds } from "../../platform/queue/lease_queue.ts";
import { QueueWorker } from "../../platform/queue/claim_loop.ts";
import type { DocumentRenderer } from "./renderer.ts";

export interface WorkerOptions {
  /** Jobs rendered at once (the renderer's threads decide how many cores that uses). */
  concurrency: number;
  leaseSeconds: number;
  /** How often an idle worker looks for due jobs (retries, leases that ran out). */
  pollMs: number;
  /** `{PUBLIC_VERIFY_URL}`; the QR code encodes `<this>/<hash>`. */
  verifyUrl: string;
}

export interface WorkerDeps {
  db: Db;
  storage: Storage;
  renderer: DocumentRenderer;
  log: Logger;
  /** Signs final documents (fillable ones stay unsigned: filling them in would break it). */
  signer: DocumentSigner | null;
}

/**
 * Drains the document job queue. Any number of these, in any number of processes, share the
 * queue; a job whose worker dies is claimed again when its lease ends, up to max_attempts.
 */
export class DocumentWorker extends QueueWorker<DocumentJob> {
  readonly id = `worker-${crypto.randomUUID().slice(0, 8)}`;

  constructor(private readonly deps: WorkerDeps, private readonly options: WorkerOptions) {
    super(options, deps.log, "claim failed");
  }

  /** Claims and runs due jobs until none is left or the deadline passes (the edge function). */
  drain(deadline: number): Promise<number> {
    return this.drainWhile(() => Date.now() < deadline);
  }

  protected async claim(limit: number): Promise<DocumentJob[]> {
    await this.#failAbandoned();
    return await documentQueue.claim(this.deps.db, {
      limit,
      leaseSeconds: this.options.leaseSeconds,
      workerId: this.id,
    });
  }

  protected async process(job: DocumentJob): Promise<void> {
    const payload = job.payload as unknown as JobPayload;
    try {
      const rendered = await this.deps.renderer.render(
        job.doc_type as DocumentType,
        payload.shipment,
        {
          shipmentId: job.shipment_id,
          shipmentRef: payload.shipment_ref,
          validationHash: payload.validation_hash,
          verifyUrl: payload.validation_hash
            ? `${this.options.verifyUrl}/${payload.validation_hash}`
            : null,
          finalDoc: payload.final_doc,
          createdAt: new Date(job.created_at),
          documentId: job.id,
        },
      );
      const signed = payload.final_doc && this.deps.signer
        ? await this.deps.signer.sign(rendered)
        : { bytes: rendered, signer: null };
      const path = `${job.team_id}/${job.shipment_id ?? "adhoc"}/${job.id}/${job.doc_type}.pdf`;
      await this.deps.storage.put(path, signed.bytes, "application/pdf");
      await this.#complete(job, path, signed.bytes, signed.signer);
    } catch (error) {
      await this.#fail(job, error);
    }
  }

  async #complete(
    job: DocumentJob,
    path: string,
    bytes: Uint8Array,
    signer: string | null,
  ): Promise<void> {
    const sha256 = await sha256Hex(bytes);
    await this.deps.db.transaction(async (tx) => {
      const done = await documentQueue.settle(
        tx,
        job.id,
        this.id,
        `status = 'completed', storage_path = $1, file_sha256 = $2, file_size = $3,
         completed_at = now(), error_message = null`,
        [path, sha256, bytes.byteLength],
      );
      // A worker whose lease ran out and whose job was claimed again does not report it.
      if (!done) return;
      await recordIssuedFile(tx, {
        sha256,
        variant: "generated",
        jobId: job.id,
        storagePath: path,
        signer,
      });
      await recordEvent(tx, job.team_id, "document.generated", {
        job_id: job.id,
        shipment_id: job.shipment_id,
        document_type: job.doc_type,
        status: "completed",
        storage_path: path,
        hash: `sha256:${sha256}`,
      });
    });
  }

  async #fail(job: DocumentJob, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.error({ worker: this.id, job_id: job.id, attempt: job.attempts, error: message });
    const final = job.attempts >= job.max_attempts;
    await this.deps.db.transaction(async (tx) => {
      const updated = final
        ? await documentQueue.settle(
          tx,
          job.id,
          this.id,
          "status = 'failed', error_message = $1, completed_at = now()",
          [`Rendering failed: ${message}`.slice(0, 1000)],
        )
        : await documentQueue.settle(
          tx,
          job.id,
          this.id,
          "status = 'queued', error_message = $1, run_after = now() + make_interval(secs => $2)",
          [
            `Attempt ${job.attempts} failed: ${message}`.slice(0, 1000),
            retryDelaySeconds(job.attempts),
          ],
        );
      if (final && updated) {
        await this.#failedEvent(tx, job, `Rendering failed: ${message}`);
      }
    });
  }

  /** Jobs whose last lease ran out: fail them, with their event, in one transaction each. */
  async #failAbandoned(): Promise<void> {
    for (const job of await documentQueue.abandoned(this.deps.db)) {
      await this.deps.db.transaction(async (tx) => {
        const message = "The worker processing this job stopped; no attempts are left";
        const updated = await documentQueue.settleAbandoned(
          tx,
          job.id,
          "status = 'failed', error_message = $1, completed_at = now()",
          [message],
        );
        if (updated) await this.#failedEvent(tx, job, message);
      });
    }
  }

  async #failedEvent(tx: Queryable, job: DocumentJob, message: string) {
    await recordEvent(tx, job.team_id, "document.failed", {
      job_id: job.id,
      shipment_id: job.shipment_id,
      document_type: job.doc_type,
      status: "failed",
      error_message: message,
    });
  }
}
