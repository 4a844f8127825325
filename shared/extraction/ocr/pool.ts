/**
 * The OCR threads of this process, kept alive between files (loading the engine and its
 * language data takes about half a second) and stopped after a while without work. Files wait
 * in a queue for a free thread, so at most `threads` OCRs run at once. When a caller's signal
 * fires, or a file runs past the pool's own time limit, the job fails at once, its thread is
 * told to stop (a shared flag it checks, see cancel.ts) and terminated, and a fresh thread
 * starts with the next file: a stuck OCR never holds the queue.
 */
import { Worker } from "node:worker_threads";
import { ExtractionFailure } from "../provider.ts";
import type { TextDocument } from "../layout.ts";
import { OCR_LIMITS } from "./limits.ts";
import { handedOverBuffer, threadBuffer } from "../../platform/util/bytes.ts";
import type { ThreadAnswer, ThreadData, ThreadRequest } from "./ocr_thread.ts";
import type { OcrTask } from "./read_file.ts";

interface Job {
  id: number;
  task: OcrTask;
  /** The caller handed the bytes over: their buffer moves to the thread without a copy. */
  handedOver: boolean;
  resolve(document: TextDocument): void;
  reject(error: Error): void;
  cleanup(): void;
}

interface Slot {
  thread: Worker | null;
  /** Raised (set to 1) to make the thread drop the file in hand; see cancel.ts. */
  cancel: Int32Array;
  job: Job | null;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

export class OcrPool {
  readonly #slots: Slot[];
  readonly #queue: Job[] = [];
  #next = 0;
  #closed = false;

  constructor(threads: number, private readonly idleMs: number = OCR_LIMITS.idleMs) {
    this.#slots = Array.from({ length: threads }, () => ({
      thread: null,
      cancel: new Int32Array(new SharedArrayBuffer(4)),
      job: null,
      idleTimer: undefined,
    }));
  }

  run(task: OcrTask, signal: AbortSignal, handedOver = false): Promise<TextDocument> {
    if (this.#closed) return Promise.reject(new ExtractionFailure("OCR has been shut down"));
    if (signal.aborted) return Promise.reject(stopped(signal.reason));
    return new Promise<TextDocument>((resolve, reject) => {
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new DOMException("OCR time limit", "TimeoutError")),
        OCR_LIMITS.jobTimeoutMs,
      );
      const both = AbortSignal.any([signal, timeout.signal]);
      const job: Job = {
        id: this.#next++,
        task,
        handedOver,
        resolve,
        reject,
        cleanup: () => {
          clearTimeout(timer);
          both.removeEventListener("abort", onAbort);
        },
      };
      const onAbort = () => this.#abort(job, both.reason);
      both.addEventListener("abort", onAbort);
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /** Stops every thread; files waiting or running fail. */
  close(): void {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) {
      this.#settle(job, new ExtractionFailure("OCR shut down"));
    }
    for (const slot of this.#slots) {
      if (slot.job) this.#settle(slot.job, new ExtractionFailure("OCR shut down"));
      slot.job = null;
      this.#stopThread(slot);
    }
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.job || this.#queue.length === 0) continue;
      const job = this.#queue.shift()!;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      try {
        const thread = slot.thread ??= this.#startThread(slot);
        thread.ref();
        const { bytes, ...task } = job.task;
        const buffer = job.handedOver ? handedOverBuffer(bytes) : threadBuffer(bytes);
        thread.postMessage({ id: job.id, bytes: buffer, task } satisfies ThreadRequest, [buffer]);
      } catch (error) {
        slot.job = null;
        this.#settle(
          job,
          new ExtractionFailure(`OCR could not start (${(error as Error).message})`),
        );
      }
    }
  }

  #startThread(slot: Slot): Worker {
    // Each thread gets a flag of its own: one being stopped never sees its successor's.
    slot.cancel = new Int32Array(new SharedArrayBuffer(4));
    const workerData: ThreadData = { cancel: slot.cancel.buffer as SharedArrayBuffer };
    const thread = new Worker(new URL("./ocr_thread.ts", import.meta.url), { workerData });
    thread.on("message", (answer: ThreadAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      slot.job = null;
      if (answer.ok) this.#settle(job, null, answer.document);
      else if ("failure" in answer) this.#settle(job, new ExtractionFailure(answer.failure));
      else this.#settle(job, new Error(answer.error));
      this.#afterJob(slot);
    });
    const lost = (why: string) => {
      const job = slot.job;
      slot.job = null;
      this.#stopThread(slot);
      if (job) this.#settle(job, new ExtractionFailure(`OCR failed on the file (${why})`));
      this.#dispatch();
    };
    thread.on("error", (error: Error) => lost(error.message));
    thread.on("exit", (code: number) => lost(`the OCR thread ended with code ${code}`));
    return thread;
  }

  #afterJob(slot: Slot): void {
    this.#dispatch();
    if (slot.job || !slot.thread) return;
    // An idle thread does not keep the process alive, and is stopped after a while.
    slot.thread.unref();
    const timer = setTimeout(() => this.#stopThread(slot), this.idleMs);
    Deno.unrefTimer(timer);
    slot.idleTimer = timer;
  }

  #abort(job: Job, reason: unknown): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) this.#queue.splice(queued, 1);
    const slot = this.#slots.find((s) => s.job === job);
    if (slot) {
      slot.job = null;
      this.#stopThread(slot);
    }
    this.#settle(job, stopped(reason));
    this.#dispatch();
  }

  #stopThread(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const thread = slot.thread;
    slot.thread = null;
    if (thread) {
      Atomics.store(slot.cancel, 0, 1);
      thread.removeAllListeners();
      thread.on("error", () => {}); // a thread stopped mid-page may still report; nobody waits
      void thread.terminate();
    }
  }

  #settle(job: Job, error: Error | null, document?: TextDocument): void {
    job.cleanup();
    if (error) job.reject(error);
    else job.resolve(document!);
  }
}

function stopped(reason: unknown): ExtractionFailure {
  if (reason instanceof ExtractionFailure) return reason;
  const timedOut = reason instanceof DOMException && reason.name === "TimeoutError";
  return new ExtractionFailure(
    timedOut ? "Reading the scan took too long and was stopped" : "Reading the scan was stopped",
  );
}
