/**
 * From a file's bytes to a TextDocument, in the OCR thread: decode page by page (each checked
 * against the caps before its pixels exist), OCR each, and let go of its pixels before the next.
 */
import type { LayoutPage, TextDocument } from "../layout.ts";
import { throwIfCancelled } from "./cancel.ts";
import { checkClutter } from "./clutter.ts";
import { decodeJpeg } from "./jpeg.ts";
import { ocrPage } from "./page.ts";
import { planPdf, rasterizePdf } from "./pdf.ts";
import { decodePng } from "./png.ts";
import { assumedDpi } from "./preprocess.ts";
import type { TesseractEngine } from "./tesseract.ts";
import { decodeTiff } from "./tiff.ts";
import type { DecodedPage } from "./gray.ts";

export type ImageKind = "png" | "jpeg" | "tiff";

export type OcrTask =
  | { type: "image"; kind: ImageKind; bytes: Uint8Array }
  | { type: "pdf"; bytes: Uint8Array };

export async function readWithEngine(
  engine: TesseractEngine,
  task: OcrTask,
): Promise<TextDocument> {
  const pages: LayoutPage[] = [];
  if (task.type === "pdf") {
    for (const page of rasterizePdf(await planPdf(task.bytes))) {
      throwIfCancelled();
      checkClutter(page.image, `Page ${pages.length + 1}`);
      pages.push(ocrPage(engine, page.image, {
        dpi: page.dpi,
        pageWidth: page.width,
        pageHeight: page.height,
      }));
    }
  } else {
    for (const page of imagePages(task.kind, task.bytes)) {
      throwIfCancelled();
      checkClutter(page.image, task.kind === "tiff" ? `Page ${pages.length + 1}` : "The image");
      pages.push(ocrPage(engine, page.image, { dpi: assumedDpi(page.image, page.dpi) }));
    }
  }
  return { kind: "text", source: "ocr", pages };
}

function* imagePages(kind: ImageKind, bytes: Uint8Array): Generator<DecodedPage> {
  if (kind === "png") yield decodePng(bytes);
  else if (kind === "jpeg") yield decodeJpeg(bytes);
  else yield* decodeTiff(bytes);
}
