/**
 * The neutral form every reader produces and the field finder reads: positioned words (the
 * PDF text layer, or OCR of a scan or photo) or sheets of cells (XLS, XLSX).
 */

/** A word on a page. Coordinates have their origin at the top left, y growing downwards. */
export interface Word {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** 1 for a text layer; the OCR engine's word confidence (0..1) for scans. */
  confidence: number;
}

export interface LayoutPage {
  width: number;
  height: number;
  words: Word[];
}

export interface TextDocument {
  kind: "text";
  /** Where the words came from; OCR text is less certain than a text layer. */
  source: "pdf_text" | "ocr";
  pages: LayoutPage[];
}

export type Cell = string | number | null;

export interface SheetDocument {
  kind: "sheet";
  sheets: {
    name: string;
    rows: Cell[][];
    /**
     * What a number cell's format prints beside its number where that is not a number itself
     * ("€", "USD", "PCS" of `"€" #,##0.00`), by row and column; absent where none does.
     */
    marks?: (string | null)[][];
  }[];
}

export type ReadDocument = TextDocument | SheetDocument;
