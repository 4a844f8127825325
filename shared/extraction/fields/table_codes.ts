/**
 * Article codes are no goods' text. A header may name them with a word the vocabulary reads as
 * the description's ("Article" beside "Particulars"), or set their cell and the description's
 * as one phrase a text layer cannot part ("Pos Article Description of Goods"): the codes then
 * run into every description ("J442-1 Natural cork stoppers"). They are told from what stands
 * under the header: words with letters and digits ("R695-1", "X844-4"), the first of their
 * phrase, starting at one place line after line, left of where any of the goods' text starts.
 * Where they stand becomes a column of its own, which the finder does not read.
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import type { Column } from "./table_header.ts";
import { bestColumn, linesUnder } from "./table_columns.ts";
import { overlapX } from "./geometry.ts";

/** A code: letters and digits in one word, not a word of the language ("6-pole" is text). */
function isCode(text: string): boolean {
  return /\d/.test(text) && /\p{L}/u.test(text) && !/\p{Ll}{3,}/u.test(text) &&
    /^[\p{L}\d][\p{L}\d\-/.#]*$/u.test(text);
}

/** Lines with a code, at least: one code is a reference, not a column. */
const MIN_CODES = 2;

export interface CodesApart {
  columns: Column[];
  /** The codes' column where it was set beside the header's own (no header names it). */
  added?: Column;
}

export function codesApart(
  doc: DocumentLines,
  columns: Column[],
  lastHeaderLine: number,
  ends: (line: Line) => boolean,
): CodesApart {
  if (doc.source === "sheet") return { columns };
  const lines = linesUnder(doc, lastHeaderLine, ends);
  for (const own of columns.filter((c) => c.type === "description")) {
    const hosted = lines.flatMap((l) =>
      l.segments.filter((s) => bestColumn(s, columns, 0) === own)
    );
    const found = apart(doc, columns, own, hosted);
    if (found) return found;
  }
  return { columns };
}

/** The columns with `own`'s codes set apart, or undefined when its phrases hold none. */
function apart(
  doc: DocumentLines,
  columns: Column[],
  own: Column,
  hosted: Segment[],
): CodesApart | undefined {
  const codes = hosted.filter((s) => isCode(s.words[0]!.text)).map((s) => s.words[0]!);
  if (codes.length < MIN_CODES) return undefined;
  const x0 = Math.min(...codes.map((w) => w.x));
  // The codes start at one place, as a column's values do.
  if (codes.some((w) => w.x - x0 > 0.5 * doc.unit)) return undefined;
  const x1 = Math.max(...codes.map((w) => w.x + w.width));
  // A column of the header's own stands over them already ("品番" beside "商品名").
  if (columns.some((c) => c !== own && overlapX(c, { x0, x1 }) >= 0.5 * (x1 - x0))) {
    return undefined;
  }
  // The goods' text: the phrases that start with a word, and what follows a code.
  const texts = hosted.flatMap((s) => isCode(s.words[0]!.text) ? s.words.slice(1, 2) : s.words[0]!);
  // A line set across the columns ("Shipment 1 of 1" from the line numbers' edge on) is no
  // cell of this one.
  if (texts.some((w) => w.x < x1 && w.x >= own.x0 - 0.5 * doc.unit)) return undefined;
  const codeColumn: Column = { type: "other", x0, x1, header: own.header, unknown: true };
  if (texts.length === 0) {
    // The column holds the codes alone: it is theirs, if another column holds the goods.
    if (!columns.some((c) => c !== own && c.type === "description")) return undefined;
    return { columns: columns.map((c) => c === own ? codeColumn : c) };
  }
  const start = Math.min(...texts.map((w) => w.x));
  const goods = { ...own, x0: Math.max(own.x0, start), x1: Math.max(own.x1, start + doc.unit) };
  return {
    columns: columns.flatMap((c) => c === own ? [codeColumn, goods] : c),
    added: codeColumn,
  };
}
