/**
 * HS codes in a spreadsheet column whose header the vocabulary does not know ("Voce dog.",
 * "Code douanier"): a cell is one value, so a column whose every filled cell is a code as HS
 * codes are written ("6912.00", "2005.70.50", "8413 70", or the bare digits beside such) holds
 * the rows' codes, whatever its header says. Bare digits alone are not enough: an article
 * number is written so too.
 */
import type { Segment } from "./layout_lines.ts";
import type { RawRow } from "./table.ts";
import type { ColumnType } from "./table_header.ts";

/** Four digits, then pairs (a last group of four for a ten-digit code), dots or spaces. */
const WRITTEN = /^\d{4}(?:[. ]\d{2}){1,3}$|^\d{4}[. ]\d{2}[. ]\d{4}$/;
const BARE = /^(?:\d{6}|\d{8}|\d{10})$/;
/** Types a column of codes may have been read as. */
const UNNAMED = new Set<ColumnType>(["other", "number", "unit"]);
const MIN_ROWS = 2;

/**
 * Mends the rows in place: where the table has no HS code column and one column of unnamed cells
 * holds codes in every row that fills it (two rows at least, one written with a dot or a
 * space), those cells are the rows' HS codes. Returns whether it did.
 */
export function codesByContent(rows: RawRow[], types: Set<ColumnType>): boolean {
  if (types.has("hs_code")) return false;
  const byX = new Map<number, { row: RawRow; type: ColumnType; seg: Segment }[]>();
  for (const row of rows) {
    for (
      const [type, cell] of Object.entries(row.cells) as [ColumnType, RawRow["cells"][ColumnType]][]
    ) {
      if (!UNNAMED.has(type)) continue;
      for (const seg of cell?.segments ?? []) {
        const list = byX.get(seg.x0) ?? [];
        list.push({ row, type, seg });
        byX.set(seg.x0, list);
      }
    }
  }
  const found = [...byX.values()].filter((cells) =>
    cells.length >= MIN_ROWS && new Set(cells.map((c) => c.row)).size === cells.length &&
    cells.every((c) => WRITTEN.test(c.seg.text) || BARE.test(c.seg.text)) &&
    cells.some((c) => WRITTEN.test(c.seg.text))
  );
  if (found.length !== 1) return false;
  for (const { row, type, seg } of found[0]!) {
    row.cells.hs_code = { text: seg.text, segments: [seg] };
    const rest = row.cells[type]!.segments.filter((s) => s !== seg);
    if (rest.length === 0) delete row.cells[type];
    else row.cells[type] = { text: rest.map((s) => s.text).join(" "), segments: rest };
  }
  return true;
}
