/**
 * Where a table's value columns really stand, from the alignment of the values under the
 * header rather than the header words alone. A header word is often far from its values: a
 * "Qty." set flush left over quantities set flush right, a centred "Unit price (EUR)" over
 * narrow prices, a merged "Price" cell over two columns. Numbers of one column share an edge
 * (most often the right one); each such run of aligned numbers is given to the header column
 * nearest to it, in left-to-right order, and that column is widened to cover it.
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import type { Column, ColumnType } from "./table_header.ts";
import { gapBetween, maxLineGap, overlapX } from "./geometry.ts";

/** Column types whose values are numbers, and so line up in a run of aligned numbers. */
const NUMERIC: ColumnType[] = ["quantity", "unit_price", "amount", "hs_code", "number", "count"];
/** How many lines under the header are looked at: enough for a page of items. */
const SAMPLE_LINES = 60;

interface Run {
  x0: number;
  x1: number;
  edge: number;
  count: number;
}

/**
 * The header's columns, each numeric one widened over the run of aligned numbers under it.
 * `lastHeaderLine` is the index of the header's last line; `ends` says where the table stops.
 */
export function alignedColumns(
  doc: DocumentLines,
  columns: Column[],
  lastHeaderLine: number,
  ends: (line: Line) => boolean,
): Column[] {
  if (doc.source === "sheet") return columns;
  const lines = linesUnder(doc, lastHeaderLine, ends);
  const numericLines = lines.filter((l) => l.segments.filter(isNumeric).length >= 2);
  if (numericLines.length < 2) return columns;
  const runs = alignedRuns(doc, numericLines);
  const targets = columns.filter((c) => NUMERIC.includes(c.type));
  const out = columns.map((c) => ({ ...c }));
  // A run right under another column's header words is that column's, whatever its type;
  // not a unit column's, whose words have no digits: numbers under "Unit" set flush right
  // with their units run on ("4 300pcs") are the quantities of the column before it.
  const under = (run: Run, c: Column) =>
    c.type !== "unit" && c.x0 <= (run.x0 + run.x1) / 2 && (run.x0 + run.x1) / 2 <= c.x1;
  // A header's cell runs from where its words start to where the next header's start: a
  // value set flush right ends inside it.
  const starts = columns.map((c) => c.x0).sort((a, b) => a - b);
  const cellEnd = (c: Column) => starts.find((x) => x > c.x0) ?? Infinity;
  // Within half a text height left of a header's start counts too, unless the edge is inside
  // another value column's cell outright (a quantity flush right against "Cartons").
  const strictly = (run: Run, c: Column) => run.edge >= c.x0 && run.edge < cellEnd(c);
  const inCell = (run: Run, c: Column) =>
    strictly(run, c) ||
    (run.edge >= c.x0 - 0.5 * doc.unit && run.edge < cellEnd(c) &&
      !targets.some((other) => other !== c && strictly(run, other)));
  const cost = (run: Run, column: Column) => {
    const near = Math.max(column.x0 - run.x1, run.x0 - column.x1) <= reach(doc, lastHeaderLine) ||
      inCell(run, column);
    if (!near) return Infinity;
    if (!under(run, column) && columns.some((other) => other !== column && under(run, other))) {
      return Infinity;
    }
    const distance = Math.abs((run.x0 + run.x1) / 2 - (column.x0 + column.x1) / 2);
    // A value flush right in a header's cell stands far from a header flush left, and may
    // stand nearer the next header's words: the cell weighs more than the distance.
    return inCell(run, column) ? distance / 4 : distance;
  };
  for (const [run, column] of matchInOrder(runs, targets, cost)) {
    const own = out[columns.indexOf(column)]!;
    own.x0 = Math.min(own.x0, run.x0);
    own.x1 = Math.max(own.x1, run.x1);
  }
  return out;
}

/**
 * The farthest a run may stand from its header's words: four text heights, or 6 % of the
 * page width for the wide cells of a table set across it.
 */
function reach(doc: DocumentLines, line: number): number {
  const page = doc.lines[line]?.page ?? 0;
  return Math.max(4 * doc.unit, 0.06 * (doc.pageWidths[page] ?? 0));
}

/** The lines under a table's header, up to where it ends (at most a page of items). */
export function linesUnder(
  doc: DocumentLines,
  from: number,
  ends: (line: Line) => boolean,
): Line[] {
  const page = doc.lines[from]?.page;
  const out: Line[] = [];
  let previous: { y1: number } | undefined = doc.lines[from];
  for (let i = from + 1; i < doc.lines.length && out.length < SAMPLE_LINES; i++) {
    const line = doc.lines[i]!;
    if (line.page !== page || ends(line)) break;
    if (previous && gapBetween(previous, line) > 5 * maxLineGap(doc)) break;
    out.push(line);
    previous = line;
  }
  return out;
}

/** A number, perhaps with a unit after it ("1,200 pcs") or two numbers run together. */
function isNumeric(seg: Segment): boolean {
  return /^[\p{Sc}]?\s*\d[\d.,'\s]*(\s*[\p{L}²³]{1,5}\.?)?$/u.test(seg.text.trim()) ||
    /^\d[\d.,']*\s+\d[\d.,']*$/.test(seg.text.trim());
}

/**
 * Runs of numeric segments whose right edges line up (within half a text height), kept where
 * at least half the lines, and at least two, have a number there.
 */
function alignedRuns(doc: DocumentLines, lines: Line[]): Run[] {
  const segs = lines.flatMap((l) => l.segments.filter(isNumeric)).sort((a, b) => a.x1 - b.x1);
  const tolerance = 0.5 * doc.unit;
  const runs: Run[] = [];
  for (const seg of segs) {
    const last = runs.at(-1);
    // Two numbers run into one phrase ("2.86 55,627.00"): the run holds only the last one;
    // but a phrase of two words that is one number, a space setting its thousands apart
    // ("4 300pcs"), is held whole (with more words, where one number ends is a guess).
    const digits = seg.words.filter((w) => /\d/.test(w.text));
    const grouped = digits.length === 2 && /^\d{1,3}$/.test(digits[0]!.text) &&
      /^\d{3}(?!\d)/.test(digits[1]!.text);
    const k = grouped ? seg.words.indexOf(digits[0]!) : seg.words.indexOf(digits.at(-1)!);
    const x0 = seg.words[k]?.x ?? seg.x0;
    if (last && seg.x1 - last.edge <= tolerance) {
      last.x0 = Math.min(last.x0, x0);
      last.x1 = Math.max(last.x1, seg.x1);
      last.edge = seg.x1;
      last.count++;
    } else runs.push({ x0, x1: seg.x1, edge: seg.x1, count: 1 });
  }
  const needed = Math.max(2, Math.ceil(lines.length / 2));
  return runs.filter((r) => r.count >= needed);
}

/**
 * Runs matched to columns keeping their left-to-right order, each run to at most one column,
 * at the least total cost (a run may stay unmatched, at a high cost, where no column may take
 * it: an infinite cost).
 */
function matchInOrder(
  runs: Run[],
  columns: Column[],
  costOf: (run: Run, column: Column) => number,
): [Run, Column][] {
  const cols = [...columns].sort((a, b) => a.x0 - b.x0);
  const skip = 1e6;
  // cost[i][j]: best cost of the first i runs against the first j columns.
  const cost: number[][] = [];
  const choice: (0 | 1 | 2)[][] = [];
  for (let i = 0; i <= runs.length; i++) {
    cost.push(new Array(cols.length + 1).fill(Infinity));
    choice.push(new Array(cols.length + 1).fill(0));
  }
  for (let j = 0; j <= cols.length; j++) cost[0]![j] = 0;
  for (let i = 1; i <= runs.length; i++) {
    cost[i]![0] = i * skip;
    for (let j = 1; j <= cols.length; j++) {
      const run = runs[i - 1]!, col = cols[j - 1]!;
      const pair = cost[i - 1]![j - 1]! + costOf(run, col);
      const runAlone = cost[i - 1]![j]! + skip;
      const columnAlone = cost[i]![j - 1]!;
      const best = Math.min(pair, runAlone, columnAlone);
      cost[i]![j] = best;
      choice[i]![j] = best === pair ? 0 : best === runAlone ? 1 : 2;
    }
  }
  const out: [Run, Column][] = [];
  for (let i = runs.length, j = cols.length; i > 0 && j > 0;) {
    const c = choice[i]![j]!;
    if (c === 0) out.push([runs[--i]!, cols[--j]!]);
    else if (c === 1) i--;
    else j--;
  }
  return out;
}

/** The column `seg` overlaps most, each column widened by `pad` on both sides, if any. */
export function bestColumn(seg: Segment, columns: Column[], pad: number): Column | undefined {
  let best: Column | undefined;
  let bestOverlap = 0;
  for (const c of columns) {
    const overlap = overlapX(seg, { x0: c.x0 - pad, x1: c.x1 + pad });
    if (overlap > bestOverlap) {
      best = c;
      bestOverlap = overlap;
    }
  }
  return best;
}
