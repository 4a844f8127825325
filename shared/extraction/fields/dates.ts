/**
 * Dates as documents write them → YYYY-MM-DD: 2026-03-14, 14.03.2026, 14/03/2026, 03/14/2026,
 * 14 March 2026, March 14, 2026, 14-Mar-26, 14. März 2026. A slashed date whose two first
 * numbers are both 12 or less is ambiguous: `dayFirst` (the document's habit, when known)
 * decides it and the result is marked ambiguous.
 */
import { fold } from "./text.ts";

export interface ParsedDate {
  iso: string;
  ambiguous: boolean;
}

const MONTHS: Record<string, number> = {};
const NAMES: [number, string[]][] = [
  [1, ["january", "jan", "januar", "janvier", "enero", "gennaio", "januari", "jänner", "janv"]],
  [2, ["february", "feb", "februar", "fevrier", "febrero", "febbraio", "februari", "fev", "fevr"]],
  [3, ["march", "mar", "marz", "maerz", "mars", "marzo", "maart", "mrz"]],
  [4, ["april", "apr", "avril", "abril", "aprile", "avr"]],
  [5, ["may", "mai", "mayo", "maggio", "mei"]],
  [6, ["june", "jun", "juni", "juin", "junio", "giugno"]],
  [7, ["july", "jul", "juli", "juillet", "julio", "luglio", "juil"]],
  [8, ["august", "aug", "aout", "agosto", "augustus"]],
  [9, ["september", "sep", "sept", "septembre", "septiembre", "settembre"]],
  [10, ["october", "oct", "oktober", "octobre", "octubre", "ottobre", "okt"]],
  [11, ["november", "nov", "novembre", "noviembre"]],
  [12, ["december", "dec", "dezember", "decembre", "diciembre", "dicembre", "dez"]],
];
for (const [n, names] of NAMES) for (const name of names) MONTHS[fold(name)] = n;

const MONTH_WORD = "([A-Za-zÀ-ÿ]{3,10})\\.?";

/** The first date found in `text`, or null. */
export function parseDate(text: string, dayFirst: boolean | null): ParsedDate | null {
  const t = text.replace(/\s+/g, " ").trim();
  let m = t.match(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/);
  if (m) return make(+m[1]!, +m[2]!, +m[3]!, false);
  m = t.match(/(?<!\d)(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?![\d.])/);
  if (m) return make(year(m[3]!), +m[2]!, +m[1]!, false);
  m = t.match(/(?<!\d)(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?!\d)/);
  if (m) return slashed(+m[1]!, +m[2]!, year(m[3]!), dayFirst);
  m = t.match(
    new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\.?[ -]${MONTH_WORD},?[ -](\\d{4}|\\d{2})(?!\\d)`,
      "i",
    ),
  );
  if (m) {
    const month = MONTHS[fold(m[2]!)];
    if (month) return make(year(m[3]!), month, +m[1]!, false);
  }
  m = t.match(new RegExp(`${MONTH_WORD} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})(?!\\d)`, "i"));
  if (m) {
    const month = MONTHS[fold(m[1]!)];
    if (month) return make(+m[3]!, month, +m[2]!, false);
  }
  return null;
}

function slashed(a: number, b: number, y: number, dayFirst: boolean | null): ParsedDate | null {
  if (a > 12 && b <= 12) return make(y, b, a, false);
  if (b > 12 && a <= 12) return make(y, a, b, false);
  if (a === b) return make(y, a, b, false);
  return dayFirst === false ? make(y, a, b, true) : make(y, b, a, true);
}

function year(text: string): number {
  const n = Number(text);
  return text.length === 2 ? 2000 + n : n;
}

function make(y: number, m: number, d: number, ambiguous: boolean): ParsedDate | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return { iso, ambiguous };
}
