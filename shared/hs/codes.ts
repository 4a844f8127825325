/**
 * HS code forms. Codes are stored as digits (`090121`, `8471300100`); answers show them in
 * the dotted display form used by tariffs (`0901.21`, `8471.30.01.00`); input may use either,
 * with dots and spaces anywhere.
 */

/** Digit counts that exist: HS chapters, headings, subheadings; national 8 and 10 digits. */
export const CODE_LENGTHS: readonly number[] = [2, 4, 6, 8, 10];

/**
 * What paperwork writes before a code: "HS", "HTS", "HTSUS", "HSN", "HS code", "HTS No.",
 * "Tariff no:", "commodity code #", "HS chapter"…
 */
const CODE_LABEL =
  /^\s*(?:(?:hs|hts|htsus|htsa|hsn|tariff|commodity|customs|chapter|heading|subheading)(?![a-z])\.?\s*)+(?:(?:code|no|number|nr|num)(?![a-z])\.?\s*)?[:#=]?\s*/i;

/**
 * The digits of a code typed in any form (`0901.21`, `0901 21`, `090121`, `HS 0901.21`,
 * `HTS: 0901-21-00`), or null. Dashes count only between digits, so that `-84` is no code.
 */
export function codeDigits(input: string): string | null {
  const digits = input.normalize("NFKC").replace(CODE_LABEL, "").replace(
    /(?<=\d)[-‐‑–]+(?=\d)/g,
    "",
  )
    .replace(/[.\s]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/** A code's digits when it is well-formed for lookup (2, 4, 6, 8 or 10 digits), else null. */
export function lookupCode(input: string): string | null {
  const digits = codeDigits(input);
  return digits !== null && CODE_LENGTHS.includes(digits.length) ? digits : null;
}

/** Digits a code search takes: a chapter at least, a 10-digit statistical line at most. */
export const PREFIX_DIGITS = { min: 2, max: 10 };

/**
 * The code prefix a search text stands for (2 to 10 digits, in any form codeDigits reads), or
 * null when the text is words.
 */
export function codePrefix(q: string): string | null {
  const digits = codeDigits(q);
  return digits !== null && digits.length >= PREFIX_DIGITS.min && digits.length <= PREFIX_DIGITS.max
    ? digits
    : null;
}

/** The display form: 2 and 4 digits as they are, then dot-separated pairs (`8471.30.01.00`). */
export function displayCode(digits: string): string {
  if (digits.length <= 4) return digits;
  const pairs = digits.slice(4).match(/\d{1,2}/g) ?? [];
  return [digits.slice(0, 4), ...pairs].join(".");
}

/** The chapter, heading and subheading a code belongs to (null when the code is shorter). */
export function codeParts(digits: string): {
  chapter: string;
  heading: string | null;
  subheading: string | null;
} {
  return {
    chapter: digits.slice(0, 2),
    heading: digits.length >= 4 ? digits.slice(0, 4) : null,
    subheading: digits.length >= 6 ? displayCode(digits.slice(0, 6)) : null,
  };
}
