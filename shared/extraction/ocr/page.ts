/**
 * One page through OCR: prepared (scaled, flattened, straightened), read by the engine, and its
 * words mapped back onto the page in points (1/72 in, top-left origin), the unit of the PDF
 * text layer, so the field finder measures scans and digital PDFs alike.
 */
import type { LayoutPage, Word } from "../layout.ts";
import type { GrayImage } from "./gray.ts";
import {
  DEFAULT_PREPARE,
  type PreparedPage,
  type PrepareOptions,
  preparePage,
} from "./preprocess.ts";
import type { PixelWord, TesseractEngine } from "./tesseract.ts";
import { typeBoxes } from "./type_box.ts";
import { mendGlyphs } from "./glyphs.ts";
import { restoreStops } from "./stops.ts";
import { restoreDecimalPoints } from "./decimal_points.ts";

/** Words below this confidence are specks and smudges read as text, not words. */
const MIN_CONFIDENCE = 0.1;

export interface PagePlacement {
  /** The resolution the image is read at, in pixels per inch of the page. */
  dpi: number;
  /** Size of the page in points, when it is not the image's own (a PDF page). */
  pageWidth?: number;
  pageHeight?: number;
}

export function ocrPage(
  engine: TesseractEngine,
  image: GrayImage,
  placement: PagePlacement,
  options: PrepareOptions = DEFAULT_PREPARE,
): LayoutPage {
  const prepared = preparePage(image, placement.dpi, options);
  const read = mendGlyphs(engine.recognize(prepared.image, prepared.dpi));
  return placeWords(read, prepared, placement, image);
}

/**
 * The engine's words on the page: the marks it dropped restored from the pixels, then mapped back
 * onto the page in points. Apart from ocrPage so a page read once can be placed again.
 */
export function placeWords(
  read: PixelWord[],
  prepared: PreparedPage,
  placement: PagePlacement,
  image: { width: number; height: number },
): LayoutPage {
  // On the engine's ink boxes, before typeBoxes grows them to the line's height.
  // A page enlarged to be read (under 240 dpi) is where the engine loses decimal points.
  const numbers = prepared.scale > 1 ? restoreDecimalPoints(read, prepared.image) : read;
  const pixelWords = typeBoxes(restoreStops(numbers, prepared.image));
  const toPoints = 72 / placement.dpi;
  const words: Word[] = [];
  for (const word of pixelWords) {
    if (word.confidence < MIN_CONFIDENCE) continue;
    const box = unturn(word, prepared.angle, prepared.image);
    words.push({
      text: word.text,
      x: round((box.x / prepared.scale) * toPoints),
      y: round((box.y / prepared.scale) * toPoints),
      width: round((word.width / prepared.scale) * toPoints),
      height: round((word.height / prepared.scale) * toPoints),
      confidence: round(word.confidence, 3),
    });
  }
  return {
    width: round(placement.pageWidth ?? image.width * toPoints),
    height: round(placement.pageHeight ?? image.height * toPoints),
    words,
  };
}

/** Where a word read on the straightened page sat on the page as scanned. */
function unturn(word: PixelWord, degrees: number, image: GrayImage): { x: number; y: number } {
  if (degrees === 0) return { x: word.x, y: word.y };
  const rad = (degrees * Math.PI) / 180;
  const cx = image.width / 2;
  const cy = image.height / 2;
  const dx = word.x + word.width / 2 - cx;
  const dy = word.y + word.height / 2 - cy;
  const sx = Math.cos(rad) * dx - Math.sin(rad) * dy + cx;
  const sy = Math.sin(rad) * dx + Math.cos(rad) * dy + cy;
  return { x: sx - word.width / 2, y: sy - word.height / 2 };
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
