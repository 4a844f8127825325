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
} from "../providers/extraction.ts";
import { readPdfText } from "./readers/pdf_text.ts";
import { readSpreadsheet } from "./readers/spreadsheet.ts";
import { readImageFile, readScannedPdf } from "./ocr/index.ts";
import { findFields } from "./fields/finder.ts";
import type { ExtractionLookups } from "./fields/lookups.ts";

/** Fewer words per page than this, and a PDF's text layer is a stamp or a footer on a scan. */
const THIN_TEXT_WORDS_PER_PAGE = 25;

export class BuiltInExtractionProvider implements ExtractionProvider {
  readonly name = "builtin" as const;

  constructor(private readonly lookups: ExtractionLookups) {}

  async extract(
    input: ExtractionInput,
    options: { signal: AbortSignal },
  ): Promise<ExtractionResult> {
    const doc = await read(input, options.signal);
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

function read(input: ExtractionInput, signal: AbortSignal): Promise<ReadDocument> {
  switch (input.kind) {
    case "pdf":
      return readPdf(input.bytes, signal);
    case "png":
    case "jpeg":
    case "tiff":
      return readImageFile(input.bytes, input.kind, { signal });
    case "xls":
    case "xlsx":
      return readSpreadsheet(input.bytes, input.kind, { signal });
  }
}

async function readPdf(bytes: Uint8Array, signal: AbortSignal): Promise<TextDocument> {
  const text = await readPdfText(bytes, { signal });
  if (!isThin(text)) return text;
  return await readScannedPdf(bytes, { signal });
}

function isThin(doc: TextDocument): boolean {
  const words = doc.pages.reduce((n, p) => n + p.words.length, 0);
  return words < THIN_TEXT_WORDS_PER_PAGE * Math.max(1, doc.pages.length);
}
