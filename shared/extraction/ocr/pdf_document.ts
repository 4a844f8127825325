/**
 * A scanned PDF's objects through the project's own PDF reader (documents/forms/pdf_file.ts),
 * not pdf-lib: the edge's extraction worker sends page images to an outside model, and pdf-lib
 * with its dependencies is 7 MB of a function that Supabase caps at 20 MB. The cross-reference
 * chain is read first; a broken one is rebuilt by scanning, as every viewer does.
 */
import {
  openPdf,
  PdfEncryptedError,
  type PdfFile,
  PdfTruncatedError,
  reconstructPdf,
} from "../../documents/forms/pdf_file.ts";
import {
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfSyntaxError,
} from "../../documents/forms/pdf_syntax.ts";
import { ExtractionFailure } from "../provider.ts";
import { refuse } from "./limits.ts";

export type { PdfFile };
export { PdfDict, PdfName, type PdfObject, PdfStream };

/** Page tree nodes visited at most: far past any page count OCR accepts. */
const MAX_PAGE_TREE_NODES = 100_000;
/** Attributes a page inherits from its ancestors (ISO 32000-1, 7.7.3.4). */
const INHERITED = ["Resources", "MediaBox", "CropBox", "Rotate"] as const;

export interface PdfPageNode {
  dict: PdfDict;
  /** The inheritable attributes, from the page or its nearest ancestor that has them. */
  inherited: Map<string, PdfObject>;
}

/** Opens the file, refusing an encrypted or unreadable one with a failure naming why. */
export function openScannedPdf(bytes: Uint8Array): PdfFile {
  try {
    try {
      return openPdf(bytes);
    } catch (error) {
      if (!(error instanceof PdfSyntaxError) || error instanceof PdfTruncatedError) throw error;
      return reconstructPdf(bytes);
    }
  } catch (error) {
    if (error instanceof PdfEncryptedError) {
      refuse("The PDF is encrypted; its page images cannot be read");
    }
    refuse(`The PDF could not be read (${(error as Error).message})`);
  }
}

/** Runs `read`, turning what the reader throws on a malformed object into a failure naming it. */
export function readable<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ExtractionFailure) throw error;
    refuse(`${what} could not be read (${(error as Error).message})`);
  }
}

/** The page leaves in order; a /Kids cycle or a runaway tree is refused. */
export function pageNodes(file: PdfFile): PdfPageNode[] {
  const catalog = file.dict(file.trailer.get("Root"));
  const root = catalog?.get("Pages");
  if (!catalog || root === undefined) throw new PdfSyntaxError("the PDF has no page tree");
  const pages: PdfPageNode[] = [];
  const seen = new Set<number>();
  let visited = 0;
  const walk = (node: PdfObject | undefined, inherited: Map<string, PdfObject>, depth: number) => {
    if (node instanceof PdfRef) {
      if (seen.has(node.num)) throw new PdfSyntaxError("the page tree refers to itself");
      seen.add(node.num);
    }
    if (++visited > MAX_PAGE_TREE_NODES || depth > 64) {
      throw new PdfSyntaxError("the page tree is too large");
    }
    const dict = file.dict(node);
    if (!dict) return;
    const own = new Map(inherited);
    for (const key of INHERITED) {
      const value = dict.get(key);
      if (value !== undefined && value !== null) own.set(key, value);
    }
    const kids = file.array(dict.get("Kids"));
    const type = file.resolve(dict.get("Type"));
    if (kids && !(type instanceof PdfName && type.value === "Page")) {
      for (const kid of kids) walk(kid, own, depth + 1);
    } else {
      pages.push({ dict, inherited: own });
    }
  };
  walk(root, new Map(), 0);
  return pages;
}

export function numberOf(file: PdfFile, value: PdfObject | undefined): number | undefined {
  const v = file.resolve(value);
  return typeof v === "number" ? v : undefined;
}

export function nameOf(file: PdfFile, value: PdfObject | undefined): string | undefined {
  const v = file.resolve(value);
  return v instanceof PdfName ? v.value : undefined;
}

/** A dictionary's number entry, or `fallback` when absent or not a number. */
export function numberIn(
  file: PdfFile,
  dict: PdfDict | undefined,
  key: string,
  fallback: number,
): number {
  return numberOf(file, dict?.get(key)) ?? fallback;
}

export function streamOf(file: PdfFile, value: PdfObject | undefined): PdfStream | undefined {
  const v = file.resolve(value);
  return v instanceof PdfStream ? v : undefined;
}
