/**
 * A party label in a cell left of its value, set against the middle of the value's lines
 * ("Shipper" beside a four-line block, its name on the line above the label's): the block is
 * the run of lines aligned with the value and close together that spans the label's height,
 * not only the lines from the label's down. Lines of a column beside, set at other heights
 * between the block's, do not end it.
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import { gapBetween, maxLineGap, overlapX } from "./geometry.ts";
import type { LabelHit } from "./labelled.ts";
import { isLabel, matchLabel } from "./labels.ts";

/** Whether a segment may be a line of the block (no label, no contact line, no table row). */
type Accept = (seg: Segment) => boolean;

/** Where the label's words stand (the label part of "Versender Rheinhafenstrasse 170"). */
export interface Span {
  x0: number;
  x1: number;
}

/**
 * The lines above the label's line that belong to the value block anchored at `anchor`, top
 * first; no more than `most` (a label is set near the middle of its block, not at its foot).
 */
export function blockAbove(
  doc: DocumentLines,
  hit: LabelHit,
  label: Span,
  anchor: Segment,
  most: number,
  accept: Accept,
): Segment[] {
  if (doc.source === "sheet") return [];
  return alignedRun(doc, hit, label, anchor, -1, most, accept).reverse();
}

/**
 * The segments aligned with `anchor` on the lines after it (`step` 1) or before it (-1), each
 * close to the one before; the label's own line is passed over.
 */
function alignedRun(
  doc: DocumentLines,
  hit: LabelHit,
  label: Span,
  anchor: Segment,
  step: 1 | -1,
  most: number,
  accept: Accept,
): Segment[] {
  const out: Segment[] = [];
  let previous: Segment = anchor;
  for (let i = anchor.line + step; out.length < most; i += step) {
    const line = doc.lines[i];
    if (!line || line.page !== anchor.page) break;
    if (i === hit.segment.line) continue;
    const gap = step > 0 ? gapBetween(previous, line) : gapBetween(line, previous);
    if (gap > maxLineGap(doc) || otherTextInLabelColumn(line, hit, label)) break;
    const seg = leftAligned(doc, line, anchor);
    // A line of the column beside, set between two of the block's lines (the columns' lines
    // fall at different heights), is passed over: the gap to the block's line before decides.
    if (!seg) continue;
    if (!accept(seg)) break;
    out.push(seg);
    previous = seg;
  }
  return out;
}

/**
 * A label alone on its line, its value's lines right of it just above and below (the label
 * vertically centred on a block whose lines fall between its own): the segment of the line
 * right above or below that starts right of the label, nearest first.
 */
export function valueBeside(doc: DocumentLines, hit: LabelHit): Segment | undefined {
  if (doc.source === "sheet") return undefined;
  const label: Segment = hit.segment;
  const middle = (s: { y0: number; y1: number }) => (s.y0 + s.y1) / 2;
  const candidates: Segment[] = [];
  for (const i of [label.line - 1, label.line + 1]) {
    const line = doc.lines[i];
    if (!line || line.page !== label.page) continue;
    if (Math.abs(middle(line) - middle(label)) > maxLineGap(doc)) continue;
    const seg = line.segments.find((s) => s.x0 >= label.x1 && s.x0 - label.x1 < 8 * doc.unit);
    if (seg && !isLabel(seg) && !otherTextInLabelColumn(line, hit, label)) candidates.push(seg);
  }
  return candidates.sort((a, b) =>
    Math.abs(middle(a) - middle(label)) - Math.abs(middle(b) - middle(label))
  )[0];
}

/**
 * The lines of the block right of a label alone on its line (`valueBeside`), top first: up
 * from the anchor, then down past the label's line, aligned and close together.
 */
export function besideBlock(
  doc: DocumentLines,
  hit: LabelHit,
  anchor: Segment,
  accept: Accept,
): Segment[] {
  const label = hit.segment;
  const above = blockAbove(doc, hit, label, anchor, 4, accept);
  const below = alignedRun(doc, hit, label, anchor, 1, 8 - above.length, accept);
  return [...above, anchor, ...below];
}

/**
 * Text in the label's column other than the label's own other half ("Lieferant /"), or a part
 * of a label set over several lines in several languages ("Fabricante /" over "Exportador /"),
 * which the slash that ends it carries on to the next line: a wording the vocabulary may lack.
 */
function otherTextInLabelColumn(line: Line, hit: LabelHit, label: Span): boolean {
  return line.segments.some((s) =>
    s !== hit.segment && overlapX(s, label) > 0 && matchLabel(s)?.kind !== hit.match.kind &&
    !LABEL_PART.test(s.text)
  );
}

/** Words without digits ending with a slash: one language's half of a label, the rest below. */
const LABEL_PART = /^[^\d/]+\/$/u;

function leftAligned(doc: DocumentLines, line: Line, anchor: Segment): Segment | undefined {
  return line.segments.find((s) => Math.abs(s.x0 - anchor.x0) <= 1.5 * doc.unit);
}
