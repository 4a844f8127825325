/**
 * HS code forms. Codes are stored as digits (`090121`, `8471300100`); answers show them in
 * the dotted display form used by tariffs (`0901.21`, `8471.30.01.00`); input may use either,
 * with dots and spaces anywhere.
 */

/** Digit counts that exist: HS chapters, headings, subheadings; national 8 and 10 digits. */
export const CODE_LENGTHS: readonly number[] = [2, 4, 6, 8, 10];

/** The digits of a code typed in any form (`0901.21`, `0901 21`, `090121`), or null. */
export function codeDigits(input: string): string | null {
  const digits = input.replace(/[.\s]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/** A code's digits when it is well-formed for lookup (2, 4, 6, 8 or 10 digits), else null. */
export function lookupCode(input: string): string | null {
  const digits = codeDigits(input);
  return digits !== null && CODE_LENGTHS.includes(digits.length) ? digits : null;
}

/**
 * True when a search text is a code prefix (digits with optional dots and spaces) rather than
 * words.
 */
export function isCodePrefix(q: string): boolean {
  return /\d/.test(q) && /^[\d.\s]+$/.test(q);
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
