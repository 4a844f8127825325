// Both cases spelled out (no `i` flag): the pattern is also the OpenAPI `pattern`.
export const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Ids that are not UUIDs can name no row: callers answer them exactly as unknown ids. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
