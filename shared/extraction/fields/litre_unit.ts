/**
 * OCR reads the litre's "l" standing alone after a quantity as a one or a capital I ("0.75 1
 * bottles", "0,75 I bottles", "latte da 5 1"). A lone "1" or "I" after a number, before a
 * word of four lower-case letters or more, a comma or the end, is that "l": a count of one
 * would be written before its noun, not after another number; a unit of two or three letters
 * after it ("2 x 1 kg") or a capital after it (a line number before the goods, "12 1 Steel
 * frames") leaves it a one.
 */
const LONE_L = /(?<=(?:^|\s)\d+(?:[.,]\d+)?\s)[1I|](?=\s+\p{Ll}{4,}|\s*,|$)/gu;

/** An OCR'd description with its litres put back. */
export function withLitres(text: string): string {
  return text.replace(LONE_L, "l");
}
