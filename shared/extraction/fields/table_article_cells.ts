/**
 * Article codes in a spreadsheet column of their own are no goods' text. A header word the
 * vocabulary reads as the description's ("Artikel", "Article", "Código") may head the codes'
 * column beside the goods' ("Omschrijving"): both then read as description, and the codes ran
 * into every description ("A001 Tulpenbollen…"). A cell is one value: of two description
 * columns, one whose every filled cell is a code (one word of letters and digits) holds codes,
 * and only the other holds the description.
 */
import type { Segment } from "./layout_lines.ts";
import type { RawRow } from "./table.ts";

/** A code: one word of digits with letters or marks ("A001", "BW-T201", "4711-02"). */
function isCode(text: string): boolean {
  return /\d/.test(text) && !/\s/.test(text) && !/\p{Ll}{3,}/u.test(text) &&
    /^[\p{L}\d][\p{L}\d\-/.#]*$/u.test(text);
}

const MIN_ROWS = 2;

/** Mends the rows in place; returns whether it did. */
export function articlesApart(rows: RawRow[]): boolean {
  const byX = new Map<number, Segment[]>();
  for (const row of rows) {
    for (const seg of row.cells.description?.segments ?? []) {
      byX.set(seg.x0, [...byX.get(seg.x0) ?? [], seg]);
    }
  }
  if (byX.size < 2) return false;
  const codes = [...byX].filter(([, segs]) =>
    segs.length >= MIN_ROWS && segs.every((s) => isCode(s.text))
  ).map(([x]) => x);
  // The goods' text stays in one column at least.
  if (codes.length === 0 || codes.length === byX.size) return false;
  for (const row of rows) {
    const cell = row.cells.description;
    if (!cell) continue;
    const kept = cell.segments.filter((s) => !codes.includes(s.x0));
    if (kept.length === cell.segments.length) continue;
    if (kept.length === 0) delete row.cells.description;
    else row.cells.description = { text: kept.map((s) => s.text).join(" "), segments: kept };
  }
  return true;
}
