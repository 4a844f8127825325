/**
 * Dates as documents write them → YYYY-MM-DD: 2026-03-14, 14.03.2026, 14/03/2026, 03/14/2026,
 * 14 March 2026, March 14, 2026, 14-Mar-26, 14. März 2026, 14 de marzo de 2026, 14 marca 2026,
 * 14 Mart 2026, 2026年3月14日. A slashed date whose two first
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
  [1, [
    "january",
    "jan",
    "januar",
    "janvier",
    "enero",
    "gennaio",
    "januari",
    "jänner",
    "janv",
    "janeiro",
    "stycznia",
    "styczeń",
    "ocak",
  ]],
  [2, [
    "february",
    "feb",
    "februar",
    "fevrier",
    "febrero",
    "febbraio",
    "februari",
    "fev",
    "fevr",
    "fevereiro",
    "lutego",
    "luty",
    "şubat",
  ]],
  [3, ["march", "mar", "marz", "maerz", "mars", "marzo", "maart", "mrz", "março", "marca", "mart"]],
  [4, ["april", "apr", "avril", "abril", "aprile", "avr", "kwietnia", "nisan"]],
  [5, ["may", "mai", "mayo", "maggio", "mei", "maio", "maja", "mayıs"]],
  [6, ["june", "jun", "juni", "juin", "junio", "giugno", "junho", "czerwca", "haziran"]],
  [7, ["july", "jul", "juli", "juillet", "julio", "luglio", "juil", "julho", "lipca", "temmuz"]],
  [8, ["august", "aug", "aout", "agosto", "augustus", "sierpnia", "ağustos"]],
  [9, [
    "september",
    "sep",
    "sept",
    "septembre",
    "septiembre",
    "settembre",
    "setembro",
    "września",
    "eylül",
  ]],
  [10, [
    "october",
    "oct",
    "oktober",
    "octobre",
    "octubre",
    "ottobre",
    "okt",
    "outubro",
    "października",
    "ekim",
  ]],
  [11, ["november", "nov", "novembre", "noviembre", "novembro", "listopada", "kasım"]],
  [12, [
    "december",
    "dec",
    "dezember",
    "decembre",
    "diciembre",
    "dicembre",
    "dez",
    "dezembro",
    "grudnia",
    "aralık",
  ]],
];
for (const [n, names] of NAMES) for (const name of names) MONTHS[fold(name)] = n;

const MONTH_WORD = "(\\p{L}{3,12})\\.?";

/** The first date found in `text`, or null. */
export function parseDate(text: string, dayFirst: boolean | null): ParsedDate | null {
  const t = text.replace(/\s+/g, " ").trim();
  let m = t.match(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/);
  if (m) return make(+m[1]!, +m[2]!, +m[3]!, false);
  m = t.match(/(?<!\d)(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日/);
  if (m) return make(+m[1]!, +m[2]!, +m[3]!, false);
  m = t.match(/(?<!\d)(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?![\d.])/);
  if (m) return make(year(m[3]!), +m[2]!, +m[1]!, false);
  m = t.match(/(?<!\d)(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?!\d)/);
  if (m) return slashed(+m[1]!, +m[2]!, year(m[3]!), dayFirst);
  m = t.match(
    new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\.?(?:[ -]| de )${MONTH_WORD},?(?:[ -]| de )` +
        `(\\d{4}|\\d{2})(?!\\d)`,
      "iu",
    ),
  );
  if (m) {
    const month = MONTHS[fold(m[2]!)];
    if (month) return make(year(m[3]!), month, +m[1]!, false);
  }
  m = t.match(new RegExp(`${MONTH_WORD} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})(?!\\d)`, "iu"));
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
