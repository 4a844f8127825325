/**
 * The inside of an extraction thread (see thread_pool.ts): builds the provider once, from the
 * spec the thread was started with, runs one file per message and answers with the result or
 * the failure. The reference data the provider checks values against is asked of the main
 * thread, which holds the database connection.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ExtractionFailure, type ExtractionProvider, type FileKind } from "../provider.ts";
import type { OcrLoader, OcrReader } from "../builtin_provider.ts";
import type { ExtractionLookups } from "../fields/lookups.ts";
import type { TextDocument } from "../layout.ts";
import { joinOcrBudget } from "../ocr/budget.ts";
import { threadBuffer } from "../../platform/util/bytes.ts";
import type { ExtractionProviderSpec } from "./providers.ts";
import type { FromThread, OcrWireTask, ThreadData, ToThread } from "./thread_messages.ts";

/** `ocr`: OCR by the main thread's pool (see the "ocr" message). */
export type BuildProvider = (
  spec: ExtractionProviderSpec,
  lookups: ExtractionLookups,
  ocr: OcrLoader,
) => ExtractionProvider;

/** Serves the pool's messages on this thread's port, with providers made by `build`. */
export function serveThread(build: BuildProvider): void {
  const port = parentPort;
  if (!port) throw new Error("serveThread runs inside a worker thread");
  const { spec, ocrBudget } = workerData as ThreadData;
  if (ocrBudget) joinOcrBudget(ocrBudget.buffer, ocrBudget.id);
  const answers = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextCall = 0;
  const send = (message: FromThread) => port.postMessage(message);

  function ask<T>(name: keyof ExtractionLookups, args: unknown[]): Promise<T> {
    const call = nextCall++;
    const answer = new Promise<T>((resolve, reject) =>
      answers.set(call, { resolve: resolve as (v: unknown) => void, reject })
    );
    send({ type: "lookup", call, name, args });
    return answer;
  }

  const lookups: ExtractionLookups = {
    countries: () => ask("countries", []),
    currencies: () => ask("currencies", []),
    hsCodes: (codes) => ask("hsCodes", [codes]),
    locodes: (codes) => ask("locodes", [codes]),
  };
  const ocrCalls = new Map<number, { resolve(d: TextDocument): void; reject(e: Error): void }>();
  function askOcr(bytes: Uint8Array, task: OcrWireTask, signal: AbortSignal) {
    if (signal.aborted) return Promise.reject(signal.reason);
    const call = nextCall++;
    return new Promise<TextDocument>((resolve, reject) => {
      const onAbort = () => {
        ocrCalls.delete(call);
        send({ type: "ocr-abort", call });
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const done = () => signal.removeEventListener("abort", onAbort);
      ocrCalls.set(call, {
        resolve: (d) => (done(), resolve(d)),
        reject: (e) => (done(), reject(e)),
      });
      const buffer = threadBuffer(bytes);
      port!.postMessage({ type: "ocr", call, bytes: buffer, task } satisfies FromThread, [buffer]);
    });
  }
  const ocr: OcrReader = {
    readImageFile: (bytes, kind, { signal }) => askOcr(bytes, { type: "image", kind }, signal),
    readScannedPdf: (bytes, { signal }) => askOcr(bytes, { type: "pdf" }, signal),
  };
  const ocrLoader: OcrLoader = () => Promise.resolve(ocr);
  let provider: ExtractionProvider | undefined;

  const running = new Map<number, AbortController>();

  async function run(id: number, bytes: Uint8Array, kind: FileKind): Promise<void> {
    const abort = new AbortController();
    running.set(id, abort);
    try {
      provider ??= build(spec, lookups, ocrLoader);
      const result = await provider.extract({ bytes, kind }, { signal: abort.signal });
      send({ type: "done", id, result });
    } catch (error) {
      const definitive = error instanceof ExtractionFailure;
      // A failure's message is for the user; a crash's name and message are for the log.
      const message = !(error instanceof Error)
        ? String(error)
        : definitive
        ? error.message
        : `${error.name}: ${error.message}`;
      send({ type: "failed", id, message, definitive });
    } finally {
      running.delete(id);
    }
  }

  port.on("message", (message: ToThread) => {
    if (message.type === "lookup-answer") {
      const waiting = answers.get(message.call);
      answers.delete(message.call);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.value);
      return;
    }
    if (message.type === "ocr-answer") {
      const waiting = ocrCalls.get(message.call);
      ocrCalls.delete(message.call);
      if (message.document) waiting?.resolve(message.document);
      else if (message.failure !== undefined) {
        waiting?.reject(new ExtractionFailure(message.failure));
      } else waiting?.reject(new Error(message.error ?? "OCR failed"));
      return;
    }
    if (message.type === "abort") {
      running.get(message.id)?.abort(new ExtractionFailure("The extraction was stopped"));
      return;
    }
    void run(message.id, new Uint8Array(message.bytes), message.kind);
  });
}
