/**
 * A priced line-item table found from what it holds, where no header line names its columns in
 * words the vocabulary knows (another language, another wording, a header merged over two
 * rows). A priced row is a line with three numbers of which one is the product of the other two
 * (quantity × unit price = amount); a run of such lines is the table; its columns are where the
 * cells of those lines stand; each column's type comes from its contents: the factors and the
 * product of each row's arithmetic, HS codes, line numbers 1, 2, 3…, and the goods' text.
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import { type DecimalMark, detectDecimalMark, leadingNumber } from "./numbers.ts";
import type { Column, ColumnType, TableHeader } from "./table_header.ts";

interface Num {
  value: number;
  integer: boolean;
  seg: Segment;
}

interface Priced {
  line: Line;
  quantity: Num;
  price: Num;
  amount: Num;
}

/** Lines that may lie between two priced rows (a wrapped description, a note). */
const MAX_ROW_GAP_LINES = 6;
const HS = /^\d{4}(?:[.\s]?\d{2}){1,3}$/;
/** A unit of area or volume written with its power as a digit ("m2", "cm3"): no number. */
const UNIT_POWER = /^\s*\p{L}{1,3}[23]\.?$/u;

function numberOf(seg: Segment, mark: DecimalMark | null): Num | null {
  if (typeof seg.cell === "number") {
    return { value: seg.cell, integer: Number.isInteger(seg.cell), seg };
  }
  const text = seg.text.trim();
  if (HS.test(text) && /[.\s]/.test(text)) return null;
  const n = leadingNumber(text, mark);
  // A number, perhaps with a unit or a currency ("1,200 pcs", "EUR 12.50"); not a code.
  if (!n || n.value <= 0 || n.rest.length > 12 || /\d/.test(n.rest) && !UNIT_POWER.test(n.rest)) {
    return null;
  }
  return { value: n.value, integer: Number.isInteger(n.value) && !/[.,]\d{1,2}$/.test(text), seg };
}

function agrees(q: number, p: number, a: number): boolean {
  return Math.abs(q * p - a) <= Math.max(0.011, 0.001 * a);
}

/** The row's arithmetic: the rightmost product of two numbers left of it, or null. */
function pricedRow(line: Line, mark: DecimalMark | null): Priced | null {
  const nums = line.segments.map((s) => numberOf(s, mark)).filter((n): n is Num => n !== null);
  for (let k = nums.length - 1; k >= 2; k--) {
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const [a, b, c] = [nums[i]!, nums[j]!, nums[k]!];
        if (!agrees(a.value, b.value, c.value) || a.value === c.value || b.value === c.value) {
          continue;
        }
        // The quantity is the whole number of the two, else the left one.
        const aFirst = a.integer || !b.integer;
        return {
          line,
          quantity: aFirst ? a : b,
          price: aFirst ? b : a,
          amount: c,
        };
      }
    }
  }
  return null;
}

interface Span {
  x0: number;
  x1: number;
  segs: Segment[];
}

/** The columns the cells of these lines stand in: their spans merged where they overlap. */
function spansOf(lines: Line[]): Span[] {
  const spans: Span[] = [];
  for (const seg of lines.flatMap((l) => l.segments).sort((a, b) => a.x0 - b.x0)) {
    const last = spans.at(-1);
    if (last && seg.x0 < last.x1) {
      last.x1 = Math.max(last.x1, seg.x1);
      last.segs.push(seg);
    } else spans.push({ x0: seg.x0, x1: seg.x1, segs: [seg] });
  }
  return spans;
}

function spanOf(spans: Span[], seg: Segment): Span | undefined {
  return spans.find((s) => s.segs.includes(seg));
}

/** The types of the columns: each row's arithmetic votes, then codes, numbers and text. */
function typed(spans: Span[], rows: Priced[]): Column[] {
  const votes = new Map<Span, Map<ColumnType, number>>();
  const vote = (seg: Segment, type: ColumnType) => {
    const span = spanOf(spans, seg);
    if (!span) return;
    const v = votes.get(span) ?? new Map<ColumnType, number>();
    v.set(type, (v.get(type) ?? 0) + 1);
    votes.set(span, v);
  };
  for (const r of rows) {
    vote(r.quantity.seg, "quantity");
    vote(r.price.seg, "unit_price");
    vote(r.amount.seg, "amount");
  }
  const columns: Column[] = spans.map((s) => {
    const v = [...(votes.get(s) ?? new Map()).entries()].sort((a, b) => b[1] - a[1])[0];
    const texts = s.segs.map((g) => g.text.trim());
    let type: ColumnType = "other";
    if (v && v[1] * 2 >= rows.length) type = v[0];
    else if (texts.filter((t) => HS.test(t)).length * 2 > rows.length) type = "hs_code";
    return { type, x0: s.x0, x1: s.x1, header: "", unknown: true };
  });
  // The goods: the column with the most letters, left of the quantity.
  const quantityAt = columns.findIndex((c) => c.type === "quantity");
  let best = -1, bestLetters = 0;
  spans.forEach((s, i) => {
    if (columns[i]!.type !== "other" || (quantityAt >= 0 && i > quantityAt)) return;
    const letters = s.segs.reduce((n, g) => n + (g.text.match(/\p{L}/gu)?.length ?? 0), 0);
    if (letters > bestLetters) [best, bestLetters] = [i, letters];
  });
  if (best >= 0) columns[best]!.type = "description";
  return columns;
}

/** The priced table of the document found from its rows, as a header over its first row. */
export function contentHeader(doc: DocumentLines): TableHeader | null {
  const mark = detectDecimalMark(doc.lines.flatMap((l) => l.segments.map((s) => s.text)));
  const priced = doc.lines.map((l) => pricedRow(l, mark)).filter((r): r is Priced => !!r);
  if (priced.length === 0) return null;
  // The longest run of priced rows on one page, close to each other.
  let run: Priced[] = [], best: Priced[] = [];
  for (const r of priced) {
    const prev = run.at(-1);
    if (
      prev && (prev.line.page !== r.line.page || r.line.index - prev.line.index > MAX_ROW_GAP_LINES)
    ) {
      run = [];
    }
    run.push(r);
    if (run.length > best.length) best = [...run];
  }
  const first = best[0]!.line, last = best.at(-1)!.line;
  if (first.index === 0) return null;
  const lines = doc.lines.slice(first.index, last.index + 1);
  const columns = typed(spansOf(lines), best);
  const types = new Set(columns.map((c) => c.type));
  if (!types.has("quantity") || !types.has("unit_price") || !types.has("amount")) return null;
  return { page: first.page, firstLine: first.index - 1, lastLine: first.index - 1, columns };
}
