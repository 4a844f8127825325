// Both cases spelled out (no `i` flag): the pattern is also the OpenAPI `pattern`.
export const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Ids that are not UUIDs can name no row: callers answer them exactly as unknown ids. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** 32 hex digits in the 8-4-4-4-12 groups of a UUID's text form. */
export function hyphenatedUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-` +
    hex.slice(20, 32);
}

/** A UUID's 32 hex digits, from its text form with or without hyphens; null when it is none. */
export function uuidHex(value: string): string | null {
  const text = value.length === 32 ? hyphenatedUuid(value) : value;
  return isUuid(text) ? text.replaceAll("-", "") : null;
}
