/**
 * extract-filled-fields reads forms on threads, so a form built to be slow (thousands of
 * fields in compressed object streams) never stalls the event loop that answers every other
 * request. Each read has a time budget and each thread a V8 heap limit: a form over either fails
 * with 400 SVC_VAL_017 and its thread is replaced, the service lives on. Forms waiting for a
 * thread are bounded too (503 SVC_SYS_004 with Retry-After past that).
 *
 * Where node:worker_threads is missing (Supabase's edge runtime) or threads are set to 0, forms
 * are read in line, still under the reader's text cap (MAX_FORM_TEXT_CHARS), and the platform's
 * own per-request CPU limit is the time budget.
 */
// Loaded only when a thread is started: the edge runtime has no node:worker_threads at all, and
// a static import would stop every function from loading there.
import type { Worker } from "node:worker_threads";
import { type ErrorCode } from "../../platform/errors/codes.ts";
import { ServiceError } from "../../platform/errors/service_error.ts";
import { threadBuffer } from "../../platform/util/bytes.ts";
import { type Expected, extractFilledForm, type Extraction } from "./extract.ts";

export interface FormRequest {
  id: number;
  bytes: Uint8Array;
  expected: Expected;
}

/** A request as posted to a thread: the file as a transferred ArrayBuffer (threadBuffer). */
export type FormMessage = Omit<FormRequest, "bytes"> & { bytes: ArrayBuffer };

export type FormResponse =
  | { ready: true; id?: undefined }
  | { id: number; extraction: Extraction; error?: undefined }
  | { id: number; error: { code?: ErrorCode; message: string; details?: unknown } };

export interface FormThreadOptions {
  /** Threads; 0 reads in line. */
  threads: number;
  /** V8 heap limit of each thread, in MiB. */
  memoryMb: number;
  /** A read taking longer fails and its thread is ended. */
  timeoutMs: number;
  /** Forms waiting for a thread before new ones are refused. */
  maxQueued: number;
}

interface Task {
  request: FormRequest;
  resolve(extraction: Extraction): void;
  reject(error: unknown): void;
}

interface Thread {
  worker: Worker;
  /** Its modules are loaded (a fresh thread takes a moment, longer on a busy machine). */
  ready: boolean;
  task?: Task;
  timer?: ReturnType<typeof setTimeout>;
}

export class FormThreads {
  readonly #threads = new Set<Thread>();
  readonly #idle: Thread[] = [];
  readonly #queue: Task[] = [];
  #next = 0;
  #Worker: typeof Worker | undefined;

  constructor(readonly options: FormThreadOptions) {}

  async read(bytes: Uint8Array, expected: Expected): Promise<Extraction> {
    if (this.options.threads <= 0) return extractFilledForm(bytes, expected);
    if (this.#queue.length >= this.options.maxQueued) {
      throw new ServiceError("SVC_SYS_004", "Too many forms are being read; retry shortly", {
        headers: { "Retry-After": "2" },
      });
    }
    this.#Worker ??= (await import("node:worker_threads")).Worker;
    return await new Promise((resolve, reject) => {
      this.#queue.push({ request: { id: this.#next++, bytes, expected }, resolve, reject });
      this.#dispatch();
    });
  }

  close(): void {
    for (const thread of [...this.#threads]) this.#lose(thread, new Error("closed"));
    for (const task of this.#queue.splice(0)) task.reject(new Error("the form threads stopped"));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const thread = this.#idle.pop() ??
        (this.#threads.size < this.options.threads ? this.#spawn() : undefined);
      if (!thread) return;
      thread.task = this.#queue.shift()!;
      // A thread at work keeps the process alive until it answers; an idle one does not.
      thread.worker.ref();
      if (thread.ready) this.#start(thread);
    }
  }

  #start(thread: Thread): void {
    thread.timer = setTimeout(
      () =>
        this.#lose(
          thread,
          overBudget(`reading it took longer than ${this.options.timeoutMs / 1000} s`),
        ),
      this.options.timeoutMs,
    );
    const { id, bytes, expected } = thread.task!.request;
    const buffer = threadBuffer(bytes);
    thread.worker.postMessage({ id, bytes: buffer, expected } satisfies FormMessage, [buffer]);
  }

  #spawn(): Thread {
    const worker = new this.#Worker!(new URL("./form_thread.ts", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    // An idle thread must not keep the process alive.
    worker.unref();
    const thread: Thread = { worker, ready: false };
    worker.on("message", (answer: FormResponse) => this.#answer(thread, answer));
    const lost = () =>
      this.#lose(thread, overBudget(`it needs more than ${this.options.memoryMb} MiB`));
    worker.on("error", lost);
    worker.on("exit", lost);
    this.#threads.add(thread);
    return thread;
  }

  #answer(thread: Thread, answer: FormResponse): void {
    if (answer.id === undefined) {
      thread.ready = true;
      if (thread.task) this.#start(thread);
      return;
    }
    const task = thread.task;
    if (!task || task.request.id !== answer.id) return;
    clearTimeout(thread.timer);
    thread.task = undefined;
    if (answer.error === undefined) task.resolve(answer.extraction);
    else if (answer.error.code) {
      const { code, message, details } = answer.error;
      task.reject(new ServiceError(code, message, details === undefined ? {} : { details }));
    } else task.reject(new Error(answer.error.message));
    thread.worker.unref();
    this.#idle.push(thread);
    this.#dispatch();
  }

  /** Ends the thread (a runaway read is stopped only this way); its form fails with `error`. */
  #lose(thread: Thread, error: unknown): void {
    if (!this.#threads.delete(thread)) return;
    clearTimeout(thread.timer);
    const idle = this.#idle.indexOf(thread);
    if (idle >= 0) this.#idle.splice(idle, 1);
    void thread.worker.terminate().catch(() => {});
    thread.task?.reject(error);
    thread.task = undefined;
    this.#dispatch();
  }
}

/** SVC_VAL_017: a form read past its time or memory budget. */
function overBudget(why: string): ServiceError {
  return new ServiceError("SVC_VAL_017", `The form is too large to read: ${why}`);
}
