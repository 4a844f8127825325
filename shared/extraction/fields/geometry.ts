/** Where things are relative to each other: right of, below, aligned with. */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";

export function overlapX(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

/** The farthest a value may sit right of its label on the same line. */
export function maxRightGap(doc: DocumentLines, page: number): number {
  if (doc.source === "sheet") return 3.5; // up to three empty cells between
  return Math.max(12 * doc.unit, 0.45 * (doc.pageWidths[page] ?? 600));
}

/** How far below the previous line the next line of the same block may start. */
export function maxLineGap(doc: DocumentLines): number {
  // Sheets: the next row, not one after an empty row.
  return doc.source === "sheet" ? 0.5 : 1.6 * doc.unit;
}

/** The nearest segment right of `seg` on its line, if close enough. */
export function rightNeighbour(doc: DocumentLines, seg: Segment): Segment | undefined {
  const line = doc.lines[seg.line];
  if (!line) return undefined;
  const next = line.segments.find((s) => s.x0 >= seg.x1 - 0.01 && s !== seg);
  if (!next) return undefined;
  return next.x0 - seg.x1 <= maxRightGap(doc, seg.page) ? next : undefined;
}

/** Lines after `lineIndex` on the same page, in reading order. */
export function* linesBelow(doc: DocumentLines, lineIndex: number): Generator<Line> {
  const page = doc.lines[lineIndex]?.page;
  for (let i = lineIndex + 1; i < doc.lines.length; i++) {
    const line = doc.lines[i]!;
    if (line.page !== page) return;
    yield line;
  }
}

/**
 * The segment of `line` that sits under `anchor`: left edges within a tolerance, or the widest
 * horizontal overlap; for sheets, the same column.
 */
export function alignedIn(doc: DocumentLines, line: Line, anchor: Segment): Segment | undefined {
  if (doc.source === "sheet") return line.segments.find((s) => s.x0 === anchor.x0);
  const tolerance = 1.5 * doc.unit;
  let best: Segment | undefined;
  let bestScore = 0;
  for (const s of line.segments) {
    const leftAligned = Math.abs(s.x0 - anchor.x0) <= tolerance;
    // A right-aligned block (a letterhead set flush right) lines up on its right edge.
    const rightAligned = Math.abs(s.x1 - anchor.x1) <= tolerance;
    const overlap = overlapX(s, anchor);
    const score = leftAligned
      ? 1e6 - Math.abs(s.x0 - anchor.x0)
      : rightAligned
      ? 1e5 - Math.abs(s.x1 - anchor.x1)
      : overlap;
    // Overlap alone is not alignment when the segment starts well left of the anchor: that is
    // a wider text from another column running under it.
    if (!leftAligned && !rightAligned && (overlap <= 0 || s.x0 < anchor.x0 - tolerance)) continue;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** Vertical distance from the bottom of `upper` to the top of `lower`. */
export function gapBetween(upper: { y1: number }, lower: { y0: number }): number {
  return lower.y0 - upper.y1;
}
