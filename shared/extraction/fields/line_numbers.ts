/**
 * Line numbers run into the goods' text. Where the number column's values stand closer to the
 * descriptions than to their own header (a "Seq." flush left over numbers flush right against
 * the goods), each description starts with its row's number: "1 Steel frames", "2 Olive oil".
 * Told from the numbers themselves, not from the header (which may be in any language): the
 * descriptions of all rows start with 1, 2, 3… in order, or those that start with a number
 * start with their own row's.
 */

const LEADING_NUMBER = /^(\d{1,4})[.)]?\s+(?=\S)/;

/** The descriptions without their leading line numbers, or as they are when not all have one. */
export function withoutLineNumbers(descriptions: string[]): string[] {
  const present = descriptions.filter((d) => d !== "");
  // One row alone cannot tell a line number from a quantity or a size ("1 Steel frame").
  if (present.length < 2) return descriptions;
  let expected = Number(LEADING_NUMBER.exec(present[0]!)?.[1] ?? NaN);
  if (expected !== 1) return numberedInPlace(descriptions);
  for (const d of present) {
    const m = LEADING_NUMBER.exec(d);
    if (!m || Number(m[1]) !== expected) return numberedInPlace(descriptions);
    expected++;
  }
  return descriptions.map((d) => d.replace(LEADING_NUMBER, ""));
}

/**
 * Some rows' numbers run into their text, the others' not: the numbers of two digits, wider
 * than the single ones that stood apart in their column ("10 Men's cotton…", "11 Extra virgin
 * olive oil…" as rows 10 and 11). Each is its row's place in the table; at least two rows
 * so numbered, and no row starting with a number of another place.
 */
function numberedInPlace(descriptions: string[]): string[] {
  const numbers = descriptions.map((d) => LEADING_NUMBER.exec(d)?.[1]);
  const inPlace = numbers.filter((n, i) => n !== undefined && Number(n) === i + 1).length;
  const elsewhere = numbers.some((n, i) => n !== undefined && Number(n) !== i + 1);
  if (inPlace < 2 || elsewhere) return descriptions;
  return descriptions.map((d, i) => numbers[i] !== undefined ? d.replace(LEADING_NUMBER, "") : d);
}
