/** Messages between ExtractionThreadPool and its threads (thread.ts). */
import type { FileKind } from "../provider.ts";
import type { TextDocument } from "../layout.ts";
import type { ExtractionProviderSpec } from "./providers.ts";

/** What a thread is started with (`workerData`). */
export interface ThreadData {
  spec: ExtractionProviderSpec;
  /** The process-wide OCR lock (ocr/budget.ts) and this thread's holder id. */
  ocrBudget?: { buffer: SharedArrayBuffer; id: number };
}

export type ToThread =
  /** The file as a transferred ArrayBuffer (see threadBuffer in platform/util/bytes.ts). */
  | { type: "run"; id: number; bytes: ArrayBuffer; kind: FileKind }
  /** The job's time is up: stop cooperatively (OCR checks its signal) before the thread ends. */
  | { type: "abort"; id: number }
  | { type: "lookup-answer"; call: number; value?: unknown; error?: string }
  /** OCR done by the process's one OCR pool: the document, or why the file yields none. */
  | { type: "ocr-answer"; call: number; document?: TextDocument; failure?: string; error?: string };

export type FromThread =
  | { type: "done"; id: number; result: unknown }
  /** `definitive`: an ExtractionFailure (the file's fault), not a crash. */
  | { type: "failed"; id: number; message: string; definitive: boolean }
  /** The provider asks the main thread's reference data (the database lives there). */
  | { type: "lookup"; call: number; name: string; args: unknown[] }
  /**
   * OCR is asked of the main thread, which runs the process's one OCR pool: OCR work and its
   * memory are queued across every extraction thread, never multiplied by them.
   */
  | { type: "ocr"; call: number; bytes: ArrayBuffer; task: OcrWireTask }
  /** The job that asked for that OCR was stopped. */
  | { type: "ocr-abort"; call: number };

export type OcrWireTask = { type: "image"; kind: "png" | "jpeg" | "tiff" } | { type: "pdf" };
