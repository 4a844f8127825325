/**
 * The extraction provider: turns an uploaded file into an ExtractionResult. The built-in one
 * works offline (text layer, spreadsheet cells, OCR); the HTTP one asks an OpenAI-compatible
 * model. Either throws ExtractionFailure when the file yields no data, which ends the job as
 * failed with SVC_EXTRACT_002 and the failure's message.
 */
import type { ExtractionResult } from "./result.ts";

/** Decided from the file's bytes (shared/extraction/sniff.ts), never from its name. */
export type FileKind = "pdf" | "png" | "jpeg" | "tiff" | "xls" | "xlsx";

export interface ExtractionInput {
  bytes: Uint8Array;
  kind: FileKind;
  /**
   * The caller hands `bytes` over and never reads them again: a provider on threads may move
   * their buffer to the thread (leaving them empty) instead of copying it.
   */
  handedOver?: boolean;
}

export interface ExtractionProvider {
  readonly name: "builtin" | "http";
  extract(input: ExtractionInput, options: { signal: AbortSignal }): Promise<ExtractionResult>;
}

/** The file yields no usable data, or is refused (too big, too many pages, a bomb). */
export class ExtractionFailure extends Error {
  override name = "ExtractionFailure";
}

/**
 * The file needs OCR and this process does not do OCR (the edge runtime): the job goes back to
 * the queue for a worker that does (`deno task worker`).
 */
export class OcrNotAvailable extends Error {
  override name = "OcrNotAvailable";
}
