/**
 * An HS code cell that also holds the number of a cell beside it: narrow cells of a text layer
 * run a quantity set flush right ("4'000 3304.99", "519 5702 42"), or a line number set beside
 * the code ("1 8708.99"), into the code's phrase. The code is what ends the cell: a group of four
 * digits, then pairs (with dots, or as words of their own); the numbers before it are another
 * column's, which the row's arithmetic may still place.
 */

import type { RawRow } from "./table.ts";

/** The code's head: four digits, maybe with its pairs ("8708.99", "9403.6090", "85369000"). */
const HEAD = /^\d{4}(?:\.?\d{2}){0,3}$/;
/** A pair set as a word of its own after the head ("3926 90", "0901 11 90"). */
const PAIR = /^\d{2}$/;
/** A number as a cell holds it: digits with thousands or decimal marks. */
const NUMBER = /^\d[\d.,'’]*$/;
/** A quantity's unit after its number ("8,200 ctns", "1,550 m2"). */
const UNIT = /^\p{L}{1,8}[.²³23]?$/u;
/** A code written whole with one separator throughout ("8471 3000", "0901.11.90"). */
const WHOLE = /^\d{4}(?:([ .])\d{2}(?:\d{2})?)(?:\1\d{2}(?:\d{2})?)*$/;

export interface HsText {
  /** The numbers before the code ("4'000"), empty when the cell holds the code alone. */
  lead: string;
  code: string;
}

/**
 * The cell's text as numbers before a code and the code, when it reads so: the code's words
 * run to the cell's end, and only numbers stand before them. Otherwise the text whole.
 */
export function hsText(text: string): HsText {
  const words = text.trim().split(/\s+/);
  if (WHOLE.test(words.join(" "))) return { lead: "", code: text };
  for (let k = 1; k < words.length; k++) {
    if (!HEAD.test(words[k]!) || !words.slice(k + 1).every((w) => PAIR.test(w))) continue;
    // "84 71 30"-style codes have no four-digit head and so never get here. A lead is numbers,
    // a unit after one ("8,200 ctns 3926 90"), nothing else.
    if (!words.slice(0, k).every((w, j) => NUMBER.test(w) || j > 0 && UNIT.test(w))) break;
    return { lead: words.slice(0, k).join(" "), code: words.slice(k).join(" ") };
  }
  return { lead: "", code: text };
}

/**
 * Rows whose quantity cells hold their own line numbers (1, 2, 3… in order: the numbers of a
 * column set flush right under the quantity's header) while the HS code's cells start with a
 * number each: those numbers are the quantities, set flush right against the codes.
 */
export function quantitiesFromCodes(rows: RawRow[]): void {
  if (rows.length < 2) return;
  const leads = rows.map((r) => hsText(r.cells.hs_code?.text ?? "").lead);
  const numbered = rows.every((r, i) => r.cells.quantity?.text.trim() === String(i + 1));
  if (!numbered || leads.some((l) => !/^\d/.test(l))) return;
  rows.forEach((row, i) => {
    const code = row.cells.hs_code!;
    row.cells.quantity = { text: leads[i]!, segments: code.segments };
    row.cells.hs_code = { text: hsText(code.text).code, segments: code.segments };
  });
}
