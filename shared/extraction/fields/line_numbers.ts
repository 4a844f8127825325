/**
 * Line numbers run into the goods' text. Where the number column's values stand closer to the
 * descriptions than to their own header (a "Seq." flush left over numbers flush right against
 * the goods), each description starts with its row's number: "1 Steel frames", "2 Olive oil".
 * Told from the numbers themselves, not from the header (which may be in any language): the
 * descriptions of all rows start with 1, 2, 3… in order.
 */

const LEADING_NUMBER = /^(\d{1,4})[.)]?\s+(?=\S)/;

/** The descriptions without their leading line numbers, or as they are when not all have one. */
export function withoutLineNumbers(descriptions: string[]): string[] {
  const present = descriptions.filter((d) => d !== "");
  // One row alone cannot tell a line number from a quantity or a size ("1 Steel frame").
  if (present.length < 2) return descriptions;
  let expected = Number(LEADING_NUMBER.exec(present[0]!)?.[1] ?? NaN);
  if (expected !== 1) return descriptions;
  for (const d of present) {
    const m = LEADING_NUMBER.exec(d);
    if (!m || Number(m[1]) !== expected) return descriptions;
    expected++;
  }
  return descriptions.map((d) => d.replace(LEADING_NUMBER, ""));
}
