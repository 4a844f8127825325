/**
 * A spreadsheet packing list's own arithmetic: cartons × pieces per carton = total pieces. Its
 * header words may name the cartons as the quantity ("Cartoni", "Cajas", a merged "QUANTITY"
 * over PCS/CTN, CTNS and TOTAL PCS) and the total as an amount ("Totale pezzi", "Total
 * envases"); read so, the cartons became the quantity and the row's three numbers a price's
 * arithmetic. Where three number cells of every row agree as a × b = c, c is the quantity (the
 * labelling convention: total pieces, not cartons), and no amount: the table has no prices.
 */
import type { Segment } from "./layout_lines.ts";
import type { RawRow } from "./table.ts";
import type { ColumnType } from "./table_header.ts";

/** Column types a total of pieces may have been read as (never a weight's "other"). */
const TOTAL_TYPES = new Set<ColumnType>(["quantity", "amount", "count"]);

interface Placed {
  x: number;
  value: number;
  type: ColumnType;
  seg: Segment;
}

/**
 * Mends the rows in place where every row with numbers in three columns multiplies out
 * (a × b = c, both factors above 1), in a table whose header names no unit price: each row's
 * quantity becomes its c cell. Returns whether it did.
 */
export function packedTotals(rows: RawRow[], types: Set<ColumnType>): boolean {
  if (types.has("unit_price") || rows.length === 0) return false;
  const placed = rows.map(numbersOf);
  const xs = [...new Set(placed.flatMap((p) => [...p.keys()]))].sort((a, b) => a - b);
  const found = bestTriple(placed, xs);
  if (!found) return false;
  const { c } = found;
  rows.forEach((row, r) => {
    const total = placed[r]!.get(c);
    if (!total) return;
    row.cells.quantity = { text: String(total.value), segments: [total.seg] };
    const amount = row.cells.amount;
    if (amount?.segments.includes(total.seg)) delete row.cells.amount;
  });
  return true;
}

/** A row's number cells (one value each) by column. */
function numbersOf(row: RawRow): Map<number, Placed> {
  const out = new Map<number, Placed>();
  for (
    const [type, cell] of Object.entries(row.cells) as [ColumnType, RawRow["cells"][ColumnType]][]
  ) {
    for (const seg of cell?.segments ?? []) {
      const value = cellNumber(seg);
      if (value === null || !(value > 0)) continue;
      out.set(seg.x0, { x: seg.x0, value, type, seg });
    }
  }
  return out;
}

/**
 * The columns a, b, c (c neither factor) that every row holding all three multiplies out in,
 * at least two rows or the only one; c must be a column a total could have been read as, and
 * its values must be the rows' quantities nowhere already.
 */
function bestTriple(
  placed: Map<number, Placed>[],
  xs: number[],
): { a: number; b: number; c: number } | null {
  const found: { a: number; b: number; c: number }[] = [];
  for (const c of xs) {
    for (const a of xs) {
      for (const b of xs) {
        if (b <= a || a === c || b === c) continue;
        let agree = 0, fail = false, already = true;
        for (const p of placed) {
          const [va, vb, vc] = [p.get(a), p.get(b), p.get(c)];
          if (!va || !vb || !vc) continue;
          if (!TOTAL_TYPES.has(vc.type) || va.value <= 1 || vb.value <= 1) {
            fail = true;
            break;
          }
          if (Math.abs(va.value * vb.value - vc.value) > 1e-6 * vc.value) {
            fail = true;
            break;
          }
          if (vc.type !== "quantity" || va.type === "quantity" || vb.type === "quantity") {
            already = false;
          }
          agree++;
        }
        const needed = Math.min(2, placed.length);
        if (!fail && agree >= needed && agree === rowsWithAll(placed, a, b, c) && !already) {
          found.push({ a, b, c });
        }
      }
    }
  }
  // More than one way to multiply out: which one holds the pieces is a guess.
  return found.length === 1 ? found[0]! : null;
}

function rowsWithAll(placed: Map<number, Placed>[], a: number, b: number, c: number): number {
  return placed.filter((p) => p.has(a) && p.has(b) && p.has(c)).length;
}

/** A number cell's value; a text cell's whole number, its thousands set apart by spaces. */
function cellNumber(seg: Segment): number | null {
  if (typeof seg.cell === "number") return seg.cell;
  if (typeof seg.cell !== "string" || !WHOLE.test(seg.cell)) return null;
  return Number(seg.cell.replace(/\D/g, ""));
}

const WHOLE = /^(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)$/;
