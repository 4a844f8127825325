/**
 * Numbers OCR read with digits lost, told by the row's arithmetic. In a monospaced face the
 * engine drops a number's leading digits before a thousands separator ("3.550" read "550",
 * "8.500" read "500") and reads a decimal mark as nothing ("4,22" read "422"); the row's other
 * two numbers then give the true value (amount ÷ price, amount ÷ quantity). The value so found
 * replaces the one read only where the read digits are what OCR would have left of it: its
 * last digits, or all its digits without the mark. A wrong amount seldom yields a quotient
 * that ends in the very digits read. A digit misread for another ("3" read "8") is told the
 * same way: the quotient differs from the number read in that digit alone.
 */

/** Fewer digits read than this match too many quotients by chance. */
const MIN_DIGITS = 2;
/** Quantities and prices are written with at most this many decimals. */
const MAX_DECIMALS = 3;

/**
 * The value `derived` where `read` is what OCR left of it, else null. `glued`: the number read
 * had text run on after it ("12リ" for "127 szt."), which may have taken its last digit: a
 * whole `derived` that is the digits read and one more is then what OCR left of too.
 */
export function lostDigits(read: number, derived: number, glued = false): number | null {
  if (!Number.isFinite(derived) || derived <= 0 || read <= 0) return null;
  const scale = 10 ** MAX_DECIMALS;
  const rounded = Math.round(derived * scale) / scale;
  // A quotient with more decimals than a document writes is no value it printed.
  if (Math.abs(rounded - derived) > 1e-6 * Math.max(1, derived)) return null;
  if (rounded === read) return null;
  const got = digitsOf(read);
  const want = digitsOf(rounded);
  if (got.length < MIN_DIGITS) return null;
  if (want === got || (want.length > got.length && want.endsWith(got))) return rounded;
  const lastLost = glued && Number.isInteger(rounded) && Number.isInteger(read) &&
    want.length === got.length + 1 && want.startsWith(got);
  return lastLost ? rounded : null;
}

/**
 * The value `derived` where `read` is it with one digit misread ("298" for 293, "6,40" for
 * 6,90): as many digits, all but one the same, the mark in the same place. Else null. A wrong
 * amount seldom yields a quotient that exact, that near the number read.
 */
export function misreadDigit(read: number, derived: number): number | null {
  if (!Number.isFinite(derived) || derived <= 0 || read <= 0) return null;
  const scale = 10 ** MAX_DECIMALS;
  const rounded = Math.round(derived * scale) / scale;
  if (Math.abs(rounded - derived) > 1e-6 * Math.max(1, derived)) return null;
  const [got, want] = [String(read), String(rounded)];
  if (got.length !== want.length || got.indexOf(".") !== want.indexOf(".")) return null;
  if (got.replace(".", "").length < MIN_DIGITS) return null;
  const differ = [...got].filter((c, i) => c !== want[i]).length;
  return differ === 1 ? rounded : null;
}

/** A number's digits as printed, without its mark or leading zeros (4.22 → "422"). */
function digitsOf(value: number): string {
  return String(value).replace(".", "").replace(/^0+/, "");
}
