/**
 * The OCR thread: loads the engine once, then reads one file per message (decoding, preparing
 * and recognising all happen here, off the main thread) and answers with the TextDocument, or
 * with the reason the file yields nothing.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ExtractionFailure } from "../provider.ts";
import { throwIfCancelled, watchCancellation } from "./cancel.ts";
import { type ImageKind, type OcrTask, readWithEngine } from "./read_file.ts";
import { TesseractEngine } from "./tesseract.ts";

/** A task as posted: its file as a transferred ArrayBuffer (see threadBuffer in platform/util/bytes.ts). */
export type ThreadRequest = { id: number; bytes: ArrayBuffer; task: WireTask };
type WireTask = { type: "image"; kind: ImageKind } | { type: "pdf" };
export type ThreadAnswer =
  | { id: number; ok: true; document: import("../layout.ts").TextDocument }
  | { id: number; ok: false; failure: string }
  | { id: number; ok: false; error: string };

/** Started by OcrPool with the flag it raises to stop the file in hand. */
export interface ThreadData {
  cancel: SharedArrayBuffer;
}

watchCancellation((workerData as ThreadData).cancel);

let engine: Promise<TesseractEngine> | null = null;

parentPort?.on("message", async ({ id, bytes, task: wire }: ThreadRequest) => {
  const task = { ...wire, bytes: new Uint8Array(bytes) } as OcrTask;
  let loaded: TesseractEngine;
  try {
    engine ??= TesseractEngine.load(throwIfCancelled);
    loaded = await engine;
  } catch (error) {
    engine = null;
    return answer({ id, ok: false, error: `the OCR engine did not load: ${message(error)}` });
  }
  try {
    answer({ id, ok: true, document: await readWithEngine(loaded, task) });
  } catch (error) {
    // Whatever a decoder throws on a file it cannot read is the file's fault, not the service's.
    const failure = error instanceof ExtractionFailure
      ? error.message
      : `The file could not be read (${message(error)})`;
    answer({ id, ok: false, failure });
  }
});

function answer(value: ThreadAnswer): void {
  parentPort?.postMessage(value);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
