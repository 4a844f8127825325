/**
 * Caps the built-in readers hold every file to. Uploads are at most 20 MiB, but a small file can
 * unfold into gigabytes (a zip or Flate bomb, a page tree claiming 100,000 pages, a sheet whose
 * rows never end): every cap below is checked before the work it bounds is done, and a file
 * beyond one is refused with an ExtractionFailure that names the cap.
 */
import { ExtractionFailure } from "../provider.ts";

export const READER_LIMITS = {
  /** Bytes a reader accepts at all (the upload limit). */
  maxInputBytes: 20 * 1024 * 1024,
  /** PDF pages read; trade documents are a few pages, an invoice of 200 lines about eight. */
  maxPdfPages: 50,
  /** Decompressed bytes of one PDF stream, and of all of them together. */
  maxPdfStreamBytes: 64 * 1024 * 1024,
  maxPdfTotalStreamBytes: 256 * 1024 * 1024,
  /** Words kept from a PDF (about 100 dense pages' worth). */
  maxWords: 200_000,
  /** Time a PDF text layer may take, whatever the caller's own deadline. */
  pdfTimeoutMs: 30_000,
  /** XLSX: entries, decompressed bytes in all, and the ratio of decompressed to compressed. */
  maxZipEntries: 2_000,
  maxZipTotalBytes: 100 * 1024 * 1024,
  maxZipRatio: 200,
  /** Sheets read, rows read per sheet (the rest is ignored) and columns kept per row. */
  maxSheets: 20,
  maxSheetRows: 5_000,
  maxSheetColumns: 100,
  /** Cells kept over the whole workbook. */
  maxCells: 200_000,
} as const;

export function refuse(message: string): never {
  throw new ExtractionFailure(message);
}

export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;
}

/** Throws an ExtractionFailure when the signal has fired (the job's deadline or a shutdown). */
export function throwIfAborted(signal: AbortSignal): void {
  if (!signal.aborted) return;
  const reason = signal.reason;
  if (reason instanceof ExtractionFailure) throw reason;
  throw new ExtractionFailure(
    reason instanceof DOMException && reason.name === "TimeoutError"
      ? "Reading the file took too long and was stopped"
      : "Reading the file was stopped",
  );
}

/**
 * Settles with `work`, or rejects with an ExtractionFailure as soon as `signal` fires: a reader
 * never outlives its deadline waiting on a library call.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      try {
        throwIfAborted(signal);
      } catch (e) {
        reject(e);
      }
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
