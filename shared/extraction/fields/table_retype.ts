/**
 * Header words place a column's values only as far as the words stand where the values do. When
 * the quantity or the unit price column holds no number in any row, while the unit (or unnamed)
 * column beside it holds one in most rows, the header was split wrongly ("Prix | unit." read as
 * a price column and a unit column, "Miktar | Pcs" as a quantity and a count): the numbers are
 * the empty column's values, and that column takes them.
 */
import type { RawRow } from "./table.ts";
import type { Column, ColumnType } from "./table_header.ts";

/**
 * Types whose cells may hold another column's numbers. Cells are kept by type, so two columns of
 * one type share a cell: it must still read as one number and a unit to be taken.
 */
const DONORS: ColumnType[] = ["unit", "other"];
/** Share of the rows whose donor cell must start with a number. */
const MOST = 0.6;

const LEADS_WITH_NUMBER = /^\d[\d.,' ]*(?:\s*\p{L}{0,12}\.?)?$/u;

export function retypeByContent(rows: RawRow[], columns: Column[]): void {
  if (rows.length === 0) return;
  for (const target of ["unit_price", "quantity"] as const) {
    const own = columns.find((c) => c.type === target);
    if (!own || rows.some((r) => /\d/.test(r.cells[target]?.text ?? ""))) continue;
    const donor = nearestDonor(rows, columns, own);
    if (!donor) continue;
    for (const row of rows) {
      const cell = row.cells[donor.type];
      if (!cell) continue;
      row.cells[target] = cell;
      delete row.cells[donor.type];
    }
    // The header's own column keeps its place for nothing; the donor's span is the values'.
    own.type = "other";
    own.unknown = true;
    donor.type = target;
  }
}

function nearestDonor(rows: RawRow[], columns: Column[], own: Column): Column | undefined {
  const middle = (c: Column) => (c.x0 + c.x1) / 2;
  return columns
    .filter((c) => DONORS.includes(c.type))
    .filter((c) => {
      const filled = rows.filter((r) => LEADS_WITH_NUMBER.test(r.cells[c.type]?.text ?? ""));
      return filled.length >= MOST * rows.length;
    })
    .sort((a, b) => Math.abs(middle(a) - middle(own)) - Math.abs(middle(b) - middle(own)))[0];
}
