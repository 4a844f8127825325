import type { Db, Queryable } from "../db/db.ts";
import { recordEvent } from "../events/outbox.ts";
import type { JobPayload } from "../generation/enqueue.ts";
import type { Logger } from "../http/log.ts";
import type { DocumentType } from "../rules/document_types.ts";
import type { DocumentSigner } from "../signing/signer.ts";
import type { Storage } from "../storage/storage.ts";
import { sha256Hex } from "../util/crypto.ts";
import { recordIssuedFile } from "../verify/issued_files.ts";
import { abandonedJobs, claimJobs, type DocumentJob, retryDelaySeconds } from "./queue.ts";
import { ClaimLoop } from "./claim_loop.ts";
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
export class DocumentWorker {
  readonly id = `worker-${crypto.randomUUID().slice(0, 8)}`;
  readonly #loop: ClaimLoop<DocumentJob>;

  constructor(private readonly deps: WorkerDeps, private readonly options: WorkerOptions) {
    this.#loop = new ClaimLoop({
      claim: (limit) => this.#claim(limit),
      process: (job) => this.#process(job),
      onClaimError: (error) =>
        deps.log.error({ worker: this.id, message: "claim failed", error: String(error) }),
    }, options);
  }

  start(): void {
    this.#loop.start();
  }

  /** New work was queued: look now rather than at the next poll. */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops claiming and waits for the jobs in hand to finish. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Claims and runs due jobs until none is left or the deadline passes (the edge function). */
  async drain(deadline: number): Promise<number> {
    let done = 0;
    while (Date.now() < deadline) {
      const jobs = await this.#claim(this.options.concurrency);
      if (jobs.length === 0) break;
      await Promise.all(jobs.map((job) => this.#process(job)));
      done += jobs.length;
    }
    return done;
  }

  async #claim(limit: number): Promise<DocumentJob[]> {
    await this.#failAbandoned();
    return await claimJobs(this.deps.db, {
      limit,
      leaseSeconds: this.options.leaseSeconds,
      workerId: this.id,
    });
  }

  async #process(job: DocumentJob): Promise<void> {
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
      const done = await tx.query(
        `update document_jobs
            set status = 'completed', storage_path = $3, file_sha256 = $4, file_size = $5,
                completed_at = now(), locked_until = null, error_message = null
          where id = $1 and status = 'processing' and worker_id = $2
         returning id`,
        [job.id, this.id, path, sha256, bytes.byteLength],
      );
      // A worker whose lease ran out and whose job was claimed again does not report it.
      if (done.length === 0) return;
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
      const updated = await tx.query(
        final
          ? `update document_jobs
                set status = 'failed', error_message = $3, completed_at = now(), locked_until = null
              where id = $1 and status = 'processing' and worker_id = $2 returning id`
          : `update document_jobs
                set status = 'queued', error_message = $3, locked_until = null,
                    run_after = now() + make_interval(secs => $4)
              where id = $1 and status = 'processing' and worker_id = $2 returning id`,
        final ? [job.id, this.id, `Rendering failed: ${message}`.slice(0, 1000)] : [
          job.id,
          this.id,
          `Attempt ${job.attempts} failed: ${message}`.slice(0, 1000),
          retryDelaySeconds(job.attempts),
        ],
      );
      if (final && updated.length > 0) {
        await this.#failedEvent(tx, job, `Rendering failed: ${message}`);
      }
    });
  }

  /** Jobs whose last lease ran out: fail them, with their event, in one transaction each. */
  async #failAbandoned(): Promise<void> {
    for (const job of await abandonedJobs(this.deps.db)) {
      await this.deps.db.transaction(async (tx) => {
        const message = "The worker processing this job stopped; no attempts are left";
        const updated = await tx.query(
          `update document_jobs set status = 'failed', error_message = $2, completed_at = now(),
                  locked_until = null
            where id = $1 and status = 'processing' and locked_until < now() returning id`,
          [job.id, message],
        );
        if (updated.length > 0) await this.#failedEvent(tx, job, message);
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
