/**
 * A table that names its quantities and prices but not its amounts, because the amount's
 * header is in words no vocabulary holds or OCR misread ("Mal hizmet tutan" for "tutarı"): its
 * last column, unnamed and right of both, is the amount where the rows' arithmetic says so:
 * in most rows its number is the quantity times the price. Typed so, its numbers check the
 * rows' and reach the totals, rather than running into another unnamed column's cell.
 */
import type { RawRow } from "./table.ts";
import type { TableHeader } from "./table_header.ts";
import { rowTriple } from "./row_arithmetic.ts";

/** Share of the rows with a quantity and a price whose arithmetic must agree. */
const MOST = 0.5;
const NO_MARKS = { quantity: null, unit_price: null, amount: null };

/**
 * The header with its last column typed as the amount when the rows read so agree, else the
 * header as it is. `read` reads the rows under a header.
 */
export function withUnnamedAmount(
  header: TableHeader,
  read: (header: TableHeader) => RawRow[],
): TableHeader {
  const columns = [...header.columns].sort((a, b) => a.x0 - b.x0);
  const last = columns.at(-1);
  const quantity = columns.find((c) => c.type === "quantity");
  const price = columns.find((c) => c.type === "unit_price");
  if (
    !last || !quantity || !price || columns.some((c) => c.type === "amount") ||
    last.type !== "other" || !last.unknown || last.x0 <= Math.max(quantity.x1, price.x1)
  ) return header;
  const retyped: TableHeader = {
    ...header,
    columns: header.columns.map((c) => c === last ? { ...c, type: "amount", unknown: false } : c),
  };
  const rows = read(retyped).filter((r) => r.cells.quantity && r.cells.unit_price);
  const agreeing = rows.filter((r) => {
    const triple = rowTriple(r, NO_MARKS);
    return triple !== null && triple.amount.cell === r.cells.amount;
  });
  return agreeing.length >= 2 && agreeing.length >= MOST * rows.length ? retyped : header;
}
