/**
 * Sizing for the sheets LibreOffice Calc prints to PDF. A workbook written without row heights
 * keeps Calc's default row height for a wrapped multi-line cell when it prints, so a party
 * block in one cell showed only its first line or two, and the address and country below were
 * not printed at all. `fitForPdf` gives such a sheet what a person preparing it for print would:
 * a party block widened over the empty columns to its right until its longest line fits, and
 * every row holding a wrapped cell of several lines tall enough for all of them. Only the PDF
 * output uses it; the XLSX and XLS outputs keep their bytes.
 */
import type { Grid } from "../sheets.ts";

/** Every cell writeExcelJs writes without a size is Arial 9 pt (Liberation Sans in the PDF). */
const FONT_PT = 9;
/** One printed line of 9 pt Liberation Sans (ascent + descent 1.117 em), with some leading. */
const LINE_PT = 11.5;
/** Cell padding above and below the text, and a little slack. */
const ROW_PAD_PT = 4;
/** Cell padding left and right, in points. */
const CELL_PAD_PT = 6;

/** Advance widths of Arial / Liberation Sans for printable ASCII (1/1000 em, the font's metrics). */
const ASCII_WIDTHS: [string, number][] = [
  ["'", 191],
  ["ijl", 222],
  ["|", 260],
  [" !,./:;I[\\]ft", 278],
  ["()-`r", 333],
  ["{}", 334],
  ['"', 355],
  ["*", 389],
  ["^", 469],
  ["Jckszvxy", 500],
  ["#$0123456789?L_abdeghnopqu", 556],
  ["+<=>~", 584],
  ["FTZ", 611],
  ["&ABEKPSVXY", 667],
  ["CDHNRUw", 722],
  ["GOQ", 778],
  ["Mm", 833],
  ["%", 889],
  ["W", 944],
  ["@", 1015],
];
const WIDTH_OF = new Map(ASCII_WIDTHS.flatMap(([chars, w]) => [...chars].map((ch) => [ch, w])));

/** Width of one character in 1/1000 em: accented Latin as its base letter, CJK full width. */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (code >= 0x2e80) return 1000;
  // Other letters (ł, ß, Cyrillic…): about as wide as an uppercase Latin letter.
  return WIDTH_OF.get(ch.normalize("NFD")[0]!) ?? 667;
}

/** Printed width of a one-line text in points, with a 5 % margin for the estimate's error. */
export function textWidthPt(text: string, sizePt = FONT_PT): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return (em / 1000) * sizePt * 1.05;
}

/**
 * Width of a column in points, from its width in characters as Excel and Calc read it: the
 * default font's digit width (7 px) per character plus 5 px of padding, at 96 px per inch.
 */
export function columnWidthPt(chars: number): number {
  return Math.trunc(chars * 7 + 5) * 0.75;
}

/** How many lines a wrapped cell prints: each of its lines, word-wrapped to the width. */
export function wrappedLines(text: string, widthPt: number, sizePt = FONT_PT): number {
  const room = widthPt - CELL_PAD_PT;
  let count = 0;
  for (const line of text.split("\n")) {
    let used = 0;
    count++;
    for (const word of line.split(" ")) {
      const w = textWidthPt(used === 0 ? word : ` ${word}`, sizePt);
      if (used > 0 && used + w > room) {
        count++;
        used = textWidthPt(word, sizePt);
      } else {
        used += w;
      }
      // A word wider than the cell breaks inside itself: one more line per cell width.
      while (used > room) {
        count++;
        used -= room;
      }
    }
  }
  return count;
}

function mergedSpan(g: Grid, r: number, c: number): number {
  const m = g.merges.find((m) => m.s.r <= r && r <= m.e.r && m.s.c === c);
  return m ? m.e.c - m.s.c + 1 : 1;
}

function occupied(g: Grid, r: number, c: number): boolean {
  return g.cells.has(`${r},${c}`) ||
    g.merges.some((m) => m.s.r <= r && r <= m.e.r && m.s.c <= c && c <= m.e.c);
}

/**
 * Prepares a generated sheet for Calc's PDF export. `blocks` are the cells holding a whole party
 * block (row, column): each is merged with the empty columns to its right, as far as its
 * longest line needs and the sheet has columns. Then every row with a wrapped cell that prints
 * more than one line gets the height of its tallest such cell, unless the grid set one.
 */
export function fitForPdf(g: Grid, blocks: [number, number][]): void {
  for (const [r, c] of blocks) {
    const text = String(g.cells.get(`${r},${c}`)?.v ?? "");
    const longest = Math.max(...text.split("\n").map((l) => textWidthPt(l)));
    let last = c;
    let width = columnWidthPt(g.widths[c] ?? 8.43);
    while (
      width - CELL_PAD_PT < longest && last + 1 < g.widths.length && !occupied(g, r, last + 1)
    ) {
      last++;
      width += columnWidthPt(g.widths[last]!);
    }
    if (last > c) g.merges.push({ s: { r, c }, e: { r, c: last } });
  }
  const heights = new Map<number, number>();
  for (const [key, cell] of g.cells) {
    if (!cell.wrap || typeof cell.v !== "string") continue;
    const [r, c] = key.split(",").map(Number) as [number, number];
    // A cell merged over several rows has their heights together; these sheets merge only
    // single-line header cells that way.
    if (g.merges.some((m) => m.s.r === r && m.s.c === c && m.e.r > r)) continue;
    let width = 0;
    for (let k = 0; k < mergedSpan(g, r, c); k++) width += columnWidthPt(g.widths[c + k] ?? 8.43);
    const lines = wrappedLines(cell.v, width, cell.size ?? FONT_PT);
    if (lines < 2) continue;
    const h = lines * LINE_PT * ((cell.size ?? FONT_PT) / FONT_PT) + ROW_PAD_PT;
    heights.set(r, Math.max(heights.get(r) ?? 0, h));
  }
  g.rowHeights ??= new Map();
  for (const [r, h] of heights) if (!g.rowHeights.has(r)) g.rowHeights.set(r, Math.ceil(h));
}
