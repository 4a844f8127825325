/**
 * Caps OCR holds every file to. A small upload can declare a huge raster (a PNG header saying
 * 100,000 × 100,000, a TIFF with thousands of pages, a PDF page image of absurd size); each cap
 * is checked from the headers before a pixel is allocated, and a file beyond one is refused
 * with an ExtractionFailure that names it.
 */
import { ExtractionFailure } from "../provider.ts";

export const OCR_LIMITS = {
  /** Decoded pixels of one page or page image: a 300 dpi A3 page is 17.4 MP, 600 dpi A4 35 MP. */
  maxPagePixels: 40_000_000,
  /**
   * What a decoder may allocate for one page's samples: a 40 MP page in 16-bit RGBA would be
   * 320 MiB before it is turned grey, and only one OCR runs at a time, so this bounds the
   * decoding part of the process's memory whatever the file.
   */
  maxDecodedBytes: 160 * 1024 * 1024,
  /** Longest side in pixels; keeps a 1 × 40 M "page" out too. */
  maxSide: 30_000,
  /** Pages (TIFF directories, PDF pages) read from one file. */
  maxPages: 20,
  /** Images drawn on one PDF page (a scan is one, sometimes a few strips). */
  maxImagesPerPdfPage: 64,
  /** Form XObjects nested inside each other on a PDF page. */
  maxFormDepth: 8,
  /** Decompressed bytes of one PDF content stream. */
  maxContentStreamBytes: 16 * 1024 * 1024,
  /** Share of neighbouring pixels that flip dark/light beyond which a page is speckle (clutter.ts). */
  maxEdgeDensity: 0.3,
  /** What a job may take, whatever the caller's own deadline: a stuck OCR never holds the queue. */
  jobTimeoutMs: 5 * 60_000,
  /**
   * The OCR thread is stopped after this long without work, giving back its memory (an engine
   * and a page's worth of garbage) between bursts of uploads.
   */
  idleMs: 5_000,
} as const;

export function refuse(message: string): never {
  throw new ExtractionFailure(message);
}

/** Refuses a decode whose output (`bytes`, from the header) is beyond maxDecodedBytes. */
export function checkDecodedSize(bytes: number, what: string): void {
  if (bytes > OCR_LIMITS.maxDecodedBytes) {
    const mib = (n: number) => Math.ceil(n / (1024 * 1024));
    refuse(
      `${what} would take ${mib(bytes)} MiB to decode, more than the ${
        mib(OCR_LIMITS.maxDecodedBytes)
      } MiB a page may take; send it with fewer colours, 8 bits per sample or fewer pixels`,
    );
  }
}

/** Refuses a raster before it is allocated when its declared size is beyond the caps. */
export function checkRasterSize(width: number, height: number, what: string): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    refuse(`${what} declares an invalid size (${width} × ${height} pixels)`);
  }
  if (
    width > OCR_LIMITS.maxSide || height > OCR_LIMITS.maxSide ||
    width * height > OCR_LIMITS.maxPagePixels
  ) {
    refuse(
      `${what} declares ${width} × ${height} pixels, more than the ${
        OCR_LIMITS.maxPagePixels / 1_000_000
      } MP a page may have`,
    );
  }
}
