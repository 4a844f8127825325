/**
 * Amounts as documents write them: 1,234.56 and 1.234,56, 1 234,56 and 1'234.56, with or
 * without a currency around them. A lone separator followed by exactly three digits
 * ("1.500") is the one real ambiguity: the document's own habit decides it, found from its
 * other numbers (detectDecimalMark), and where the document gives no hint it is read as a
 * thousands separator and marked ambiguous so that its confidence drops.
 */

export type DecimalMark = "." | ",";

export interface ParsedNumber {
  value: number;
  /** The reading depended on a guess about the decimal mark. */
  ambiguous: boolean;
}

const CURRENCY_AROUND =
  /^(?:[A-Z]{3}|US\$|[€$£¥₹₩₽¥]|Rs\.?)\s*|\s*(?:[A-Z]{3}|[€$£¥₹₩₽¥]|,-|\.-)$/g;
const GROUP_SPACES = /[\s\u00a0\u202f']/g;
/** HS codes (0901.21, 8466.93.00) look like amounts; they say nothing about the decimal mark. */
const HS_LIKE = /^\d{4}\.\d{2}(?:\.\d{2,4})?$/;

/** The document's decimal mark from its numbers, or null when they do not tell. */
export function detectDecimalMark(tokens: Iterable<string>): DecimalMark | null {
  let dot = 0, comma = 0;
  for (const raw of tokens) {
    const t = raw.replace(CURRENCY_AROUND, "").replace(/[\u00a0\u202f ']/g, "");
    if (!/^-?\d[\d.,]*\d$/.test(t) || HS_LIKE.test(t)) continue;
    if (/^\d{1,3}(,\d{3})+\.\d+$/.test(t)) dot += 3;
    else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(t)) comma += 3;
    else if (/^\d+\.\d{1,2}$/.test(t)) dot += 1;
    else if (/^\d+,\d{1,2}$/.test(t)) comma += 1;
    else if (/^\d{1,3}(,\d{3}){2,}$/.test(t)) dot += 1;
    else if (/^\d{1,3}(\.\d{3}){2,}$/.test(t)) comma += 1;
  }
  if (dot === comma) return null;
  return dot > comma ? "." : ",";
}

/** A number written alone (currency codes or symbols around it allowed), or null. */
export function parseNumber(text: string, mark: DecimalMark | null): ParsedNumber | null {
  let t = text.trim().replace(CURRENCY_AROUND, "").trim();
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (/^[-–−]/.test(t)) {
    negative = true;
    t = t.slice(1);
  }
  if (/^\d{1,3}([\s\u00a0\u202f']\d{3})+([.,]\d+)?$/.test(t)) t = t.replace(GROUP_SPACES, "");
  if (!/^\d[\d.,]*$/.test(t) || /[.,]$/.test(t)) return null;
  const parsed = readDigits(t, mark);
  if (!parsed) return null;
  return { value: negative ? -parsed.value : parsed.value, ambiguous: parsed.ambiguous };
}

function readDigits(t: string, mark: DecimalMark | null): ParsedNumber | null {
  const dots = count(t, "."), commas = count(t, ",");
  if (dots === 0 && commas === 0) return { value: Number(t), ambiguous: false };
  if (dots > 0 && commas > 0) {
    const decimal: DecimalMark = t.lastIndexOf(".") > t.lastIndexOf(",") ? "." : ",";
    const group = decimal === "." ? "," : ".";
    if (count(t, decimal) > 1) return null;
    const [whole = "", fraction = ""] = t.split(decimal);
    if (!groupedWell(whole, group)) return null;
    return { value: Number(`${whole.split(group).join("")}.${fraction}`), ambiguous: false };
  }
  const sep: DecimalMark = dots > 0 ? "." : ",";
  const parts = t.split(sep);
  if (parts.length > 2) {
    return groupedWell(t, sep) ? { value: Number(parts.join("")), ambiguous: false } : null;
  }
  const [whole = "", fraction = ""] = parts;
  if (fraction.length !== 3 || whole.length > 3 || whole === "0") {
    return { value: Number(`${whole}.${fraction}`), ambiguous: false };
  }
  // "1.500": thousands unless the document writes decimals with this mark.
  if (mark === sep) return { value: Number(`${whole}.${fraction}`), ambiguous: false };
  return { value: Number(whole + fraction), ambiguous: mark === null };
}

function groupedWell(whole: string, group: string): boolean {
  if (!whole.includes(group)) return /^\d+$/.test(whole);
  return new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole);
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/** A number first ("6 500 ctns", "EUR 1,234.00"); a plain space groups thousands too. */
const LEADING_NUMBER = new RegExp(
  String.raw`^\s*(?:[A-Z]{3}\s*|[€$£¥₹]\s*)?` +
    String.raw`([-–−]?\d{1,3}(?: \d{3})+(?:[.,]\d+)?(?!\d)|[-–−]?\d[\d.,'\u00a0\u202f]*\d|\d)` +
    String.raw`(?:\s*(?:[A-Z]{3}|[€$£¥₹]))?(.*)$`,
);

/**
 * The first number in a phrase ("24 pcs", "EUR 1.234,56", "Qty: 10"), with the text after it
 * (a unit of measure, perhaps).
 */
export function leadingNumber(
  text: string,
  mark: DecimalMark | null,
): (ParsedNumber & { rest: string }) | null {
  const m = text.match(LEADING_NUMBER);
  if (!m) return null;
  const parsed = parseNumber(m[1]!, mark);
  return parsed ? { ...parsed, rest: (m[2] ?? "").trim() } : null;
}

/**
 * OCR drops a decimal point as a speck: "12,040 00" or "6 88". Two digits after a space end a
 * number (a thousands group has three), so they are its cents, whatever the document's mark;
 * what stands before them is the whole part (thousands separators only).
 */
export function lostMark(text: string): number | null {
  const m = text.trim().match(/^(\d{1,3}(?:(?:[.,']\s?|\s)\d{3})+|\d+)[.,]?\s(\d{2})$/);
  if (!m) return null;
  return Number(m[1]!.replace(/\D/g, "")) + Number(m[2]) / 100;
}

/**
 * OCR reads a number's separator with a speck above it: a point as a colon ("3:25"), a comma
 * as a semicolon ("7;538"). Between digits neither is anything else in an amount's cell.
 */
export function specklessMarks(text: string): string {
  return text.replace(/(\d):(?=\d)/g, "$1.").replace(/(\d);(?=\d)/g, "$1,");
}
