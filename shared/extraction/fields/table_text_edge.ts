/**
 * Where a description column really starts: at the left edge its text shares line after line,
 * not at its header's words. A header centred over a wide cell ("Description of goods" in the
 * middle of it) starts far right of the goods' text; a word of that text left of the header
 * would otherwise go to the column before it: a number ("1.1 kW", "2 x 50 ml") to the line
 * numbers, a continuation's first word ("for CPW series") likewise. Found from the text under
 * the header; the column is widened left to that edge only where no column before it reaches
 * it (a marks column's "MADE IN VIET NAM" or a quantity set before the goods stay their own).
 */
import type { DocumentLines, Line } from "./layout_lines.ts";
import type { Column } from "./table_header.ts";
import { linesUnder } from "./table_columns.ts";
import { wordy } from "./table_describe.ts";

/** Share of the text lines under the description whose text must start at the edge. */
const MOST = 0.5;

export function textEdgeColumns(
  doc: DocumentLines,
  columns: Column[],
  lastHeaderLine: number,
  ends: (line: Line) => boolean,
): Column[] {
  if (doc.source === "sheet") return columns;
  const described = columns.find((c) => c.type === "description");
  if (!described) return columns;
  // The text may start anywhere between the columns before the description and its header's
  // right end.
  const from = Math.max(
    -Infinity,
    ...columns.filter((c) => c !== described && c.x0 < described.x0).map((c) => c.x1),
  );
  const after = Math.min(
    described.x1,
    ...columns.filter((c) => c.x0 > described.x0).map((c) => c.x0),
  );
  const starts: number[] = [];
  for (const line of linesUnder(doc, lastHeaderLine, ends)) {
    // The first phrase of the line inside that span: where the description's text starts.
    const first = line.segments.find((s) => s.x0 > from && s.x0 < after && s.x1 > from);
    // (a word of two letters is enough: "in", "of" open continuation lines)
    if (first && wordy(first, 2)) starts.push(first.x0);
  }
  if (starts.length < 2) return columns;
  // The edge most starts share (within half a text height), and the leftmost of them.
  const tolerance = 0.5 * doc.unit;
  let edge = Infinity, count = 0;
  for (const x of starts) {
    const near = starts.filter((y) => Math.abs(y - x) <= tolerance);
    const left = Math.min(...near);
    if (near.length > count || (near.length === count && left < edge)) {
      [edge, count] = [left, near.length];
    }
  }
  if (count < Math.max(2, MOST * starts.length)) return columns;
  // Only left of the header, and clear of the column before it.
  if (edge >= described.x0 - tolerance || edge <= from) return columns;
  return columns.map((c) => c === described ? { ...c, x0: edge } : c);
}
