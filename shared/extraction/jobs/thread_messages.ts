/** Messages between ExtractionThreadPool and its threads (thread.ts). */
import type { FileKind } from "../../providers/extraction.ts";
import type { ExtractionProviderSpec } from "./providers.ts";

/** What a thread is started with (`workerData`). */
export interface ThreadData {
  spec: ExtractionProviderSpec;
  /** The process-wide OCR lock (ocr/budget.ts) and this thread's holder id. */
  ocrBudget?: { buffer: SharedArrayBuffer; id: number };
}

export type ToThread =
  /** The file as a transferred ArrayBuffer (see threadBuffer in util/bytes.ts). */
  | { type: "run"; id: number; bytes: ArrayBuffer; kind: FileKind }
  /** The job's time is up: stop cooperatively (OCR checks its signal) before the thread ends. */
  | { type: "abort"; id: number }
  | { type: "lookup-answer"; call: number; value?: unknown; error?: string };

export type FromThread =
  | { type: "done"; id: number; result: unknown }
  /** `definitive`: an ExtractionFailure (the file's fault), not a crash. */
  | { type: "failed"; id: number; message: string; definitive: boolean }
  /** The provider asks the main thread's reference data (the database lives there). */
  | { type: "lookup"; call: number; name: string; args: unknown[] };
