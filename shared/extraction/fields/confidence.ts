/**
 * Confidence: how likely a value is right, built from how it was found and what checks it
 * passed, then limited by how sure the reader was of the words it came from.
 *
 * How found (before checks):
 * - a labelled value (inline, right of or under its own label), a cell in a table column found
 *   from its header: FOUND_LABELLED / FOUND_TABLE;
 * - a weaker label ("Date" rather than "Invoice date", "Consignee" taken as the importer):
 *   FOUND_WEAK_LABEL;
 * - no label at all (a currency from symbols, an incoterm anywhere in the text): FOUND_GUESS.
 * Checks move it: an HS code in the nomenclature, a quantity × price that gives the line's
 * amount, a total that is the sum of the lines raise it; a code not in its list, a line whose
 * arithmetic fails, a number whose decimal mark was guessed lower it.
 * OCR: the lowest word confidence of the value's words scales it (a word the engine read at
 * 0.6 makes the value at most about that sure), and an OCR value never reaches the certainty
 * of a text layer.
 */
import type { Leaf } from "../result.ts";
import type { Segment } from "./layout_lines.ts";

export const FOUND_LABELLED = 0.93;
export const FOUND_TABLE = 0.93;
export const FOUND_WEAK_LABEL = 0.8;
export const FOUND_GUESS = 0.6;
/** A value that passed the check that matters for it (nomenclature, arithmetic, ISO list). */
export const CHECKED = 0.97;
/** A value that failed its check. */
export const FAILED_CHECK = 0.3;
/** The ceiling of any OCR value: the engine's own confidence is optimistic. */
const OCR_CEILING = 0.95;

/** Scales `confidence` by the reader's certainty about the words it came from. */
export function readerAdjusted(
  confidence: number,
  segments: readonly Segment[],
  ocr: boolean,
): number {
  if (!ocr) return confidence;
  const words = segments.flatMap((s) => s.words);
  if (words.length === 0) return confidence;
  const lowest = Math.min(...words.map((w) => w.confidence));
  return Math.min(confidence * (0.4 + 0.6 * lowest), OCR_CEILING);
}

export function leaf<T>(value: T, confidence: number): Leaf<T> {
  return { value, confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000 };
}

/** A value read from these segments: its confidence scaled by how sure the reader was of them. */
export function readLeaf<T>(
  value: T,
  confidence: number,
  segments: readonly Segment[],
  ocr: boolean,
): Leaf<T> {
  return leaf(value, readerAdjusted(confidence, segments, ocr));
}
