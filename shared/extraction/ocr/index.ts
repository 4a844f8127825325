/**
 * OCR of scans and photos: PNG, JPEG and TIFF images (a multi-page TIFF gives a page per page)
 * and PDFs without a text layer (each page's images, drawn as the page shows them). Tesseract
 * runs in a thread of its own with its English data from node_modules; nothing is fetched. Words
 * come back in points (1/72 in) from the page's top left, with the engine's confidence (0..1).
 * A file that cannot be read (corrupt, truncated, beyond the size caps, an unsupported codec)
 * fails with an ExtractionFailure saying why; nothing is guessed.
 */
import type { OcrOptions } from "../builtin_provider.ts";
import type { TextDocument } from "../layout.ts";
import { withOcrBudget } from "./budget.ts";
import { OcrPool } from "./pool.ts";

/** One OCR at a time per process: on two cores the other is left for the API and the database. */
const THREADS = 1;

let pool: OcrPool | null = null;

function ocrPool(): OcrPool {
  return pool ??= new OcrPool(THREADS);
}

export function readImageFile(
  bytes: Uint8Array,
  kind: "png" | "jpeg" | "tiff",
  options: OcrOptions,
): Promise<TextDocument> {
  return withOcrBudget(
    options.signal,
    () => ocrPool().run({ type: "image", kind, bytes }, options.signal, options.handedOver),
  );
}

export function readScannedPdf(bytes: Uint8Array, options: OcrOptions): Promise<TextDocument> {
  return withOcrBudget(
    options.signal,
    () => ocrPool().run({ type: "pdf", bytes }, options.signal, options.handedOver),
  );
}

/** Stops the OCR thread (a process shutting down, or a test finishing); reads after start anew. */
export function closeOcr(): void {
  pool?.close();
  pool = null;
}
