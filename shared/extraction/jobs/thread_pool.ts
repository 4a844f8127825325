/**
 * Runs the extraction provider on threads, so that parsing, rendering and OCR never stall the
 * event loop that answers HTTP requests, and so that a hostile file can be stopped: work that
 * does not listen to its AbortSignal (a synchronous parse, a WASM call) ends only with its
 * thread. When a job's signal fires, or its thread crashes or exits, the thread is ended, the
 * job's promise rejects, and the next job gets a fresh thread.
 *
 * The threads are node:worker_threads Workers rather than Web Workers because those take a V8
 * heap limit (`resourceLimits`): a thread that reaches it is halted instead of taking the whole
 * process down, as a Web Worker running out of memory does. Deno reports no event when that
 * happens; the halted thread sits silent until the job's time limit ends it. Memory outside the
 * V8 heap (ArrayBuffers, WASM) is bounded by the readers' own caps, not by this limit.
 *
 * Known limit (Deno 2.9): terminate() does not interrupt a thread spinning in synchronous code
 * (denoland/deno#35657, Web Workers and worker_threads alike). Its job still fails at the time
 * limit and the next job gets a fresh thread, but the old one keeps a core busy until the
 * process ends. The readers' caps are what keep a parse finite.
 */
import { Worker } from "node:worker_threads";
import { ExtractionFailure, type ExtractionInput, type ExtractionProvider } from "../provider.ts";
import type { OcrLoader } from "../builtin_provider.ts";
import type { ExtractionLookups } from "../fields/lookups.ts";
import { closeOcr } from "../ocr/index.ts";
import { loadOcr } from "../ocr/load.ts";
import type { ExtractionResult } from "../result.ts";
import { ocrBudgetBuffer, releaseOcrBudgetOf } from "../ocr/budget.ts";
import { handedOverBuffer, threadBuffer } from "../../platform/util/bytes.ts";
import { ExtractionCrash } from "./outcome.ts";
import type { ExtractionProviderSpec } from "./providers.ts";
import type { FromThread, ThreadData, ToThread } from "./thread_messages.ts";

export interface ThreadPoolOptions {
  threads: number;
  /** V8 heap limit of each thread (old generation), in MiB. */
  memoryMb: number;
  /** The thread module (tests start ones that misbehave on purpose). */
  threadUrl?: URL;
  /** Where the threads' OCR is done: this process's one OCR pool (ocr/index.ts) by default. */
  ocr?: OcrLoader;
}

interface Task {
  id: number;
  input: ExtractionInput;
  signal: AbortSignal;
  resolve(result: ExtractionResult): void;
  reject(error: unknown): void;
  onAbort(): void;
}

interface Thread {
  worker: Worker;
  task: Task | undefined;
  /** Its holder id for the process-wide OCR lock. */
  id: number;
  /** OCR it asked for and is waiting on, by call: stopped when the thread is lost. */
  ocr: Map<number, AbortController>;
}

const LOOKUPS: ReadonlySet<string> = new Set<keyof ExtractionLookups>([
  "countries",
  "currencies",
  "hsCodes",
  "locodes",
]);

/** How long an aborted job's thread has to stop by itself before it is ended. */
const ABORT_GRACE_MS = 250;

export class ExtractionThreadPool implements ExtractionProvider {
  readonly name: "builtin" | "http";
  readonly #threads = new Set<Thread>();
  readonly #idle: Thread[] = [];
  readonly #queue: Task[] = [];
  #next = 0;
  /** Holder ids of the OCR lock: 1 is the main thread's. */
  #nextThreadId = 2;
  #closed = false;

  constructor(
    private readonly spec: ExtractionProviderSpec,
    private readonly lookups: ExtractionLookups,
    private readonly options: ThreadPoolOptions,
  ) {
    if (options.threads < 1) throw new Error("an extraction thread pool needs a thread");
    this.name = spec.kind;
  }

  /** Threads alive now (started on demand or by `prestart`, replaced when one is lost). */
  get size(): number {
    return this.#threads.size;
  }

  /**
   * Starts every thread now. Starting one holds the calling thread while the new isolate is
   * made (50–90 ms each on a quiet core, 250 ms for two with the machine loaded, measured):
   * at boot, rather than when the first uploads of a burst are being read.
   */
  prestart(): void {
    while (!this.#closed && this.#threads.size < this.options.threads) {
      this.#idle.push(this.#spawn());
    }
  }

  extract(input: ExtractionInput, options: { signal: AbortSignal }): Promise<ExtractionResult> {
    if (this.#closed) return Promise.reject(new ExtractionCrash("The extraction threads stopped"));
    if (options.signal.aborted) return Promise.reject(options.signal.reason);
    return new Promise<ExtractionResult>((resolve, reject) => {
      const task: Task = {
        id: this.#next++,
        input,
        signal: options.signal,
        resolve,
        reject,
        onAbort: () => this.#abort(task),
      };
      options.signal.addEventListener("abort", task.onAbort, { once: true });
      this.#queue.push(task);
      this.#dispatch();
    });
  }

  /** Ends every thread; jobs in hand and queued reject. */
  close(): void {
    this.#closed = true;
    // The OCR its threads asked for stops too (a later read starts the OCR pool anew).
    if (!this.options.ocr) closeOcr();
    for (const thread of [...this.#threads]) {
      this.#lose(thread, new ExtractionCrash("The extraction threads stopped"));
    }
    for (const task of this.#queue.splice(0)) {
      settle(task).reject(new ExtractionCrash("The extraction threads stopped"));
    }
  }

  #dispatch(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const thread = this.#idle.pop() ??
        (this.#threads.size < this.options.threads ? this.#spawn() : undefined);
      if (!thread) return;
      const task = this.#queue.shift()!;
      thread.task = task;
      const bytes = task.input.handedOver
        ? handedOverBuffer(task.input.bytes)
        : threadBuffer(task.input.bytes);
      const message: ToThread = { type: "run", id: task.id, bytes, kind: task.input.kind };
      thread.worker.postMessage(message, [bytes]);
    }
  }

  #spawn(): Thread {
    const id = this.#nextThreadId++;
    const data: ThreadData = { spec: this.spec, ocrBudget: { buffer: ocrBudgetBuffer(), id } };
    const worker = new Worker(this.options.threadUrl ?? new URL("./thread.ts", import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    const thread: Thread = { worker, task: undefined, id, ocr: new Map() };
    worker.on("message", (message: FromThread) => this.#onMessage(thread, message));
    worker.on("error", (error: unknown) =>
      this.#lose(
        thread,
        new ExtractionCrash("The extraction thread crashed while reading the file", {
          cause: error,
        }),
      ));
    worker.on("exit", (code: number) =>
      this.#lose(
        thread,
        new ExtractionCrash(
          `The extraction thread stopped (exit code ${code}) while reading the file`,
        ),
      ));
    this.#threads.add(thread);
    return thread;
  }

  #onMessage(thread: Thread, message: FromThread): void {
    if (message.type === "lookup") {
      void this.#answerLookup(thread, message.call, message.name, message.args);
      return;
    }
    if (message.type === "ocr") {
      void this.#runOcr(thread, message.call, new Uint8Array(message.bytes), message.task);
      return;
    }
    if (message.type === "ocr-abort") {
      thread.ocr.get(message.call)?.abort(new ExtractionFailure("The extraction was stopped"));
      return;
    }
    const task = thread.task;
    if (!task || task.id !== message.id) return;
    thread.task = undefined;
    const { resolve, reject } = settle(task);
    if (message.type === "done") resolve(message.result as ExtractionResult);
    else if (message.definitive) reject(new ExtractionFailure(message.message));
    else reject(new Error(message.message));
    this.#idle.push(thread);
    this.#dispatch();
  }

  async #answerLookup(thread: Thread, call: number, name: string, args: unknown[]) {
    let answer: ToThread;
    try {
      if (!LOOKUPS.has(name)) throw new Error(`no lookup named ${name}`);
      const lookup = this.lookups[name as keyof ExtractionLookups] as (
        ...a: unknown[]
      ) => Promise<unknown>;
      answer = { type: "lookup-answer", call, value: await lookup(...args) };
    } catch (error) {
      answer = { type: "lookup-answer", call, error: String(error) };
    }
    if (this.#threads.has(thread)) thread.worker.postMessage(answer);
  }

  /** OCR for a thread's job, on this process's OCR pool, which queues every thread's files. */
  async #runOcr(
    thread: Thread,
    call: number,
    bytes: Uint8Array,
    task: Extract<FromThread, { type: "ocr" }>["task"],
  ) {
    const abort = new AbortController();
    thread.ocr.set(call, abort);
    let answer: ToThread;
    try {
      const ocr = await (this.options.ocr ?? loadOcr)();
      // The bytes came in a message of their own: they are this call's to hand over.
      const options = { signal: abort.signal, handedOver: true };
      const document = task.type === "image"
        ? await ocr.readImageFile(bytes, task.kind, options)
        : await ocr.readScannedPdf(bytes, options);
      answer = { type: "ocr-answer", call, document };
    } catch (error) {
      answer = error instanceof ExtractionFailure
        ? { type: "ocr-answer", call, failure: error.message }
        : { type: "ocr-answer", call, error: String(error) };
    } finally {
      thread.ocr.delete(call);
    }
    if (this.#threads.has(thread) && !abort.signal.aborted) thread.worker.postMessage(answer);
  }

  /** The thread is ended (whatever state it is in) and its job, if any, rejects. */
  #lose(thread: Thread, error: unknown): void {
    if (!this.#threads.delete(thread)) return;
    for (const ocr of thread.ocr.values()) ocr.abort(new ExtractionFailure("The thread ended"));
    const idle = this.#idle.indexOf(thread);
    if (idle >= 0) this.#idle.splice(idle, 1);
    void thread.worker.terminate().catch(() => {}).then(() => releaseOcrBudgetOf(thread.id));
    if (thread.task) settle(thread.task).reject(error);
    thread.task = undefined;
    if (this.#closed) return;
    // The replacement starts now, so the next job does not wait for its modules to load.
    if (this.#queue.length === 0) this.#idle.push(this.#spawn());
    this.#dispatch();
  }

  #abort(task: Task): void {
    const queued = this.#queue.indexOf(task);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      settle(task).reject(task.signal.reason);
      return;
    }
    // Running: the thread is told first, so work that listens to a signal (OCR, in a thread of
    // its own that outlives a terminate() while busy) stops; then ending the thread stops the
    // rest.
    for (const thread of this.#threads) {
      if (thread.task !== task) continue;
      // The job ends now; whatever the thread answers later is ignored, and it takes no more.
      thread.task = undefined;
      settle(task).reject(task.signal.reason);
      thread.worker.postMessage({ type: "abort", id: task.id } satisfies ToThread);
      setTimeout(() => this.#lose(thread, task.signal.reason), ABORT_GRACE_MS);
      return;
    }
  }
}

/** Detaches the task from its signal; its promise is settled through what this returns. */
function settle(task: Task): Pick<Task, "resolve" | "reject"> {
  task.signal.removeEventListener("abort", task.onAbort);
  return task;
}
