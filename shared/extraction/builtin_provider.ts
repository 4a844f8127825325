/**
 * The built-in extraction provider: works offline. A PDF is read from its text layer, or by
 * OCR when it has too little of one (a scan saved as PDF); PNG, JPEG and TIFF are read by OCR;
 * XLS and XLSX from their cells. The field finder then turns the words or cells into the
 * result tree, checking values against the reference data it is given.
 */
import type { ReadDocument, TextDocument } from "./layout.ts";
import type { ExtractionResult } from "./result.ts";
import {
  ExtractionFailure,
  type ExtractionInput,
  type ExtractionProvider,
  OcrNotAvailable,
} from "./provider.ts";
import { readPdfText } from "./readers/pdf_text.ts";
import { readSpreadsheet } from "./readers/spreadsheet.ts";
import { findFields } from "./fields/finder.ts";
import type { ExtractionLookups } from "./fields/lookups.ts";

/** How a provider gets OCR: the module, loaded when a file first needs it. */
export type OcrLoader = () => Promise<OcrReader>;

/** `handedOver`: the caller never reads `bytes` again (see ExtractionInput). */
export interface OcrOptions {
  signal: AbortSignal;
  handedOver?: boolean;
}

export interface OcrReader {
  readImageFile(
    bytes: Uint8Array,
    kind: "png" | "jpeg" | "tiff",
    options: OcrOptions,
  ): Promise<TextDocument>;
  readScannedPdf(bytes: Uint8Array, options: OcrOptions): Promise<TextDocument>;
}

/** Fewer words per page than this, and a PDF's text layer is a stamp or a footer on a scan. */
const THIN_TEXT_WORDS_PER_PAGE = 25;

export class BuiltInExtractionProvider implements ExtractionProvider {
  readonly name = "builtin" as const;

  /**
   * `ocr`: where OCR comes from (ocr/load.ts), or null on the edge runtime, where a file that
   * needs OCR throws OcrNotAvailable. Passed in rather than imported, so that a process without
   * OCR does not even have its code in its module graph (Supabase's 20 MB per function).
   */
  constructor(
    private readonly lookups: ExtractionLookups,
    private readonly options: { ocr: OcrLoader | null },
  ) {}

  async extract(
    input: ExtractionInput,
    options: { signal: AbortSignal },
  ): Promise<ExtractionResult> {
    const doc = await read(input, options.signal, this.options.ocr);
    options.signal.throwIfAborted();
    const result = await findFields(doc, this.lookups);
    if (!result.exporter && !result.importer && result.goods.line_items.length === 0) {
      throw new ExtractionFailure(
        "No trade data was found in the file: no exporter, importer or line items could be " +
          "read from it",
      );
    }
    return result;
  }
}

async function read(
  input: ExtractionInput,
  signal: AbortSignal,
  ocr: OcrLoader | null,
): Promise<ReadDocument> {
  switch (input.kind) {
    case "pdf":
      return await readPdf(input.bytes, signal, ocr);
    case "png":
    case "jpeg":
    case "tiff":
      return await (await ocrModule(ocr)).readImageFile(input.bytes, input.kind, { signal });
    case "xls":
    case "xlsx":
      return await readSpreadsheet(input.bytes, input.kind, { signal });
  }
}

async function readPdf(bytes: Uint8Array, signal: AbortSignal, ocr: OcrLoader | null) {
  const text = await readPdfText(bytes, { signal });
  if (!isThin(text)) return text;
  return await (await ocrModule(ocr)).readScannedPdf(bytes, { signal });
}

/** OCR is loaded only when a file needs it (its module starts node:worker_threads). */
async function ocrModule(ocr: OcrLoader | null): Promise<OcrReader> {
  if (!ocr) throw new OcrNotAvailable("This file needs OCR, which runs off the edge");
  return await ocr();
}

function isThin(doc: TextDocument): boolean {
  const words = doc.pages.reduce((n, p) => n + p.words.length, 0);
  return words < THIN_TEXT_WORDS_PER_PAGE * Math.max(1, doc.pages.length);
}
