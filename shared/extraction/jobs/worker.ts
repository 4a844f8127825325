import type { Db, Queryable } from "../../platform/db/db.ts";
import { recordEvent } from "../../platform/events/outbox.ts";
import type { Logger } from "../../platform/http/log.ts";
import { QueueWorker } from "../../platform/queue/claim_loop.ts";
import { retryDelaySeconds } from "../../platform/queue/lease_queue.ts";
import { ExtractionFailure, type ExtractionProvider, OcrNotAvailable } from "../provider.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import type { ExtractionResult } from "../result.ts";
import { checkResult, crashMessage } from "./outcome.ts";
import { claimExtractionJobs, type ExtractionJob, extractionQueue } from "./queue.ts";

/** A drain claims no more jobs when less time than this is left before its deadline. */
const MIN_DRAIN_BUDGET_MS = 5_000;

/** The one code a failed extraction job carries (the specification's). */
export const EXTRACTION_FAILED = "SVC_EXTRACT_002";

export interface ExtractionWorkerOptions {
  /** Jobs in hand at once (a threaded provider runs as many as it has threads). */
  concurrency: number;
  /** How often an idle worker looks for due jobs (retries, leases that ran out). */
  pollMs: number;
  /** A job's time limit: past it the provider is stopped and the job fails. */
  timeoutMs: number;
  /** How long a claim holds; must outlast timeoutMs. Default: the time limit + 30 s. */
  leaseSeconds?: number;
  /** false (the edge runtime): claims no job that needs OCR, hands scans back. */
  ocr?: boolean;
}

export interface ExtractionWorkerDeps {
  db: Db;
  storage: Storage;
  provider: ExtractionProvider;
  log: Logger;
}

type Outcome =
  | { kind: "completed"; result: ExtractionResult }
  | { kind: "failed"; message: string }
  | { kind: "retry"; message: string }
  /** The worker is stopping: the job goes back to the queue for another worker. */
  | { kind: "released" }
  /** The file needs OCR, which this worker does not do: back to the queue, marked so. */
  | { kind: "needs_ocr" };

/**
 * Drains the extraction queue. Any number of these, in any number of processes, share it; a
 * job whose worker dies is claimed again when its lease ends, up to max_attempts. A file that
 * yields nothing (ExtractionFailure) or runs past the time limit fails at once; a crash of the
 * extractor itself is retried with backoff.
 */
export class ExtractionWorker extends QueueWorker<ExtractionJob> {
  readonly id = `extract-${crypto.randomUUID().slice(0, 8)}`;
  readonly #leaseSeconds: number;
  #stopping = new AbortController();

  constructor(
    private readonly deps: ExtractionWorkerDeps,
    private readonly options: ExtractionWorkerOptions,
  ) {
    super(options, deps.log, "extraction claim failed");
    this.#leaseSeconds = options.leaseSeconds ?? Math.ceil(options.timeoutMs / 1000) + 30;
    if (this.#leaseSeconds * 1000 <= options.timeoutMs) {
      throw new Error("the extraction lease must outlast the job time limit");
    }
  }

  override start(): void {
    this.#stopping = new AbortController();
    super.start();
  }

  /** Stops claiming; jobs in hand are stopped and go back to the queue for another worker. */
  override async stop(): Promise<void> {
    this.#stopping.abort(new DOMException("the worker is stopping", "AbortError"));
    await super.stop();
  }

  /**
   * Claims and runs due jobs until none is left or the deadline passes (the edge function). A
   * job still running at the deadline is stopped and tried again later (the attempt counts, so
   * a file that never fits the budget ends as failed).
   */
  drain(deadline: number): Promise<number> {
    return this.drainWhile(
      () => deadline - Date.now() >= MIN_DRAIN_BUDGET_MS,
      (job) => this.process(job, AbortSignal.timeout(Math.max(0, deadline - Date.now()))),
    );
  }

  protected async claim(limit: number): Promise<ExtractionJob[]> {
    await this.#failAbandoned();
    return await claimExtractionJobs(this.deps.db, {
      limit,
      leaseSeconds: this.#leaseSeconds,
      workerId: this.id,
      ocr: this.options.ocr ?? true,
    });
  }

  protected async process(job: ExtractionJob, budget?: AbortSignal): Promise<void> {
    const outcome = await this.#run(job, budget);
    try {
      switch (outcome.kind) {
        case "completed":
          return await this.#complete(job, outcome.result);
        case "failed":
          return await this.#fail(job, outcome.message);
        case "retry":
          return await this.#retry(job, outcome.message);
        case "released":
          return await this.#release(job);
        case "needs_ocr":
          return await this.#release(job, { needsOcr: true });
      }
    } catch (error) {
      // The database went away: the lease runs out and the job is claimed again.
      this.deps.log.error({
        worker: this.id,
        job_id: job.id,
        message: "recording the extraction outcome failed",
        error: String(error),
      });
    }
  }

  async #run(job: ExtractionJob, budget?: AbortSignal): Promise<Outcome> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const stopping = this.#stopping.signal;
    const signal = AbortSignal.any(budget ? [timeout, stopping, budget] : [timeout, stopping]);
    try {
      const bytes = await this.deps.storage.get(job.file_path);
      if (!bytes) return { kind: "failed", message: "The uploaded file is no longer in storage" };
      const answer = await untilAborted(
        // Read for this attempt alone: a threaded provider may take them without a copy.
        this.deps.provider.extract({ bytes, kind: job.file_kind, handedOver: true }, { signal }),
        signal,
      );
      return { kind: "completed", result: checkResult(answer) };
    } catch (error) {
      if (stopping.aborted) return { kind: "released" };
      if (budget?.aborted && !timeout.aborted) {
        return { kind: "retry", message: "The worker ran out of time before the file was read" };
      }
      if (timeout.aborted) {
        return {
          kind: "failed",
          message: `Extraction did not finish within ${this.options.timeoutMs / 1000} s and ` +
            "was stopped; the file is too large or too complex to read",
        };
      }
      if (error instanceof ExtractionFailure) return { kind: "failed", message: error.message };
      if (error instanceof OcrNotAvailable) return { kind: "needs_ocr" };
      this.deps.log.error({
        worker: this.id,
        job_id: job.id,
        attempt: job.attempts,
        message: "extraction crashed",
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return { kind: "retry", message: crashMessage(error) };
    }
  }

  async #complete(job: ExtractionJob, result: ExtractionResult): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const done = await extractionQueue.settle(
        tx,
        job.id,
        this.id,
        `status = 'completed', result = $1::text::jsonb, completed_at = now(), error_code = null,
         error_message = null`,
        [JSON.stringify(result)],
      );
      // A worker whose lease ran out and whose job was claimed again does not report it.
      if (!done) return;
      await recordEvent(tx, job.team_id, "extraction.completed", {
        job_id: job.id,
        shipment_id: job.shipment_id,
        status: "completed",
        result,
      });
    });
  }

  /** Ends the job as failed with SVC_EXTRACT_002 and its event, in one transaction. */
  async #fail(job: ExtractionJob, message: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const done = await extractionQueue.settle(
        tx,
        job.id,
        this.id,
        FAILED,
        [EXTRACTION_FAILED, message.slice(0, 1000)],
      );
      if (done) await failedEvent(tx, job, message);
    });
  }

  async #retry(job: ExtractionJob, message: string): Promise<void> {
    if (job.attempts >= job.max_attempts) {
      return await this.#fail(
        job,
        `Extraction failed on every attempt (${job.attempts}): ${message}`,
      );
    }
    await extractionQueue.settle(
      this.deps.db,
      job.id,
      this.id,
      "worker_id = null, error_message = $1, run_after = now() + make_interval(secs => $2)",
      [
        `Attempt ${job.attempts} failed: ${message}`.slice(0, 1000),
        retryDelaySeconds(job.attempts),
      ],
    );
  }

  /** Back to the queue, due at once, and the interrupted attempt does not count. */
  async #release(job: ExtractionJob, options: { needsOcr?: boolean } = {}): Promise<void> {
    await extractionQueue.settle(
      this.deps.db,
      job.id,
      this.id,
      `worker_id = null, run_after = now(), attempts = greatest(attempts - 1, 0),
       needs_ocr = needs_ocr or $1`,
      [options.needsOcr ?? false],
    );
  }

  /** Jobs whose last lease ran out: fail them, with their event, in one transaction each. */
  async #failAbandoned(): Promise<void> {
    for (const job of await extractionQueue.abandoned(this.deps.db)) {
      const times = job.attempts === 1 ? "once" : `${job.attempts} times`;
      const message = `The worker reading this file stopped ${times} (the file may be too ` +
        "large or too complex to read); no attempts are left";
      await this.deps.db.transaction(async (tx) => {
        const done = await extractionQueue.settleAbandoned(tx, job.id, FAILED, [
          EXTRACTION_FAILED,
          message,
        ]);
        if (done) await failedEvent(tx, job, message);
      });
    }
  }
}

/** How a job ends as failed: its code ($1) and message ($2). */
const FAILED = "status = 'failed', error_code = $1, error_message = $2, completed_at = now()";

function failedEvent(tx: Queryable, job: ExtractionJob, message: string): Promise<void> {
  return recordEvent(tx, job.team_id, "extraction.failed", {
    job_id: job.id,
    shipment_id: job.shipment_id,
    status: "failed",
    error: { code: EXTRACTION_FAILED, message: message.slice(0, 1000) },
  });
}

/** Settles with `work`, or rejects as soon as `signal` fires, whether or not `work` listens. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    // `work` is always handled: its late rejection must not go unhandled.
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
