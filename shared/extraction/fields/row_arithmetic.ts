/**
 * A row's quantity, unit price and amount found from its arithmetic when the columns did not
 * place them: a header cell merged over two columns ("P.U. / Unit Total / Total") puts the
 * price and the amount in one cell, a unit header beside the quantity's ("Qté | Units") takes
 * the quantities, a price header in words no vocabulary knows leaves the prices in an unread
 * column. Among the numbers of the row's value cells, three in left-to-right order of which the
 * third is the product of the first two (to the cent or 0.1 %) are the quantity, the price and
 * the amount (the quantity column's number the quantity, where it holds the second): the same
 * check that makes a row's numbers sure, so it cannot pick a wrong triple that would pass it.
 */
import type { Word } from "../layout.ts";
import type { RawCell, RawRow } from "./table.ts";
import type { ColumnType } from "./table_header.ts";
import { type DecimalMark, parseNumber } from "./numbers.ts";
import { hsText } from "./hs_text.ts";

/**
 * Cells whose numbers may be the row's quantity, price or amount: of an HS code's cell, only
 * the numbers run into it before the code (a quantity set flush right against it).
 */
const VALUE_CELLS: ColumnType[] = [
  "quantity",
  "unit_price",
  "amount",
  "other",
  "unit",
  "count",
  "hs_code",
  "description",
];

/** A number in a cell's text, not part of a code ("J375-1") or a word. */
const NUMBER =
  /(?<![\p{L}\d\-/.,])\d{1,3}(?:[ .,'\u00a0]\d{3})+(?:[.,]\d+)?(?![\p{L}\d\-/])|(?<![\p{L}\d\-/.,])\d+(?:[.,]\d+)?(?![\p{L}\d\-/])/gu;

/**
 * The part of a cell whose numbers may be the row's: of an HS code's cell the numbers before
 * the code; of the goods' text the number it starts with, a quantity set flush right against
 * it ("466 Upholstered chairs"); of the others all of it.
 */
function textOf(cell: RawCell, type: ColumnType): string {
  if (type === "hs_code") return hsText(cell.text).lead;
  if (type === "description") return /^\d[\d.,']*(?=\s+\p{L})/u.exec(cell.text)?.[0] ?? "";
  return cell.text;
}

export interface Token {
  value: number;
  text: string;
  cell: RawCell;
  /** Where its first word starts on the line. */
  x: number;
  /** What its cell writes beside it: a currency ("11.10 Fr.", "€ 4,20") or a unit ("229 pcs"). */
  mark?: Mark;
}

export interface RowTriple {
  quantity: Token;
  price: Token;
  amount: Token;
}

/**
 * The row's (quantity, price, amount) read from its numbers, the amount the rightmost number
 * that is a product of two before it; null when no three agree.
 */
export function rowTriple(
  row: RawRow,
  marks: Record<"quantity" | "unit_price" | "amount", DecimalMark | null>,
): RowTriple | null {
  const tokens: Token[] = [];
  for (const type of VALUE_CELLS) {
    const cell = row.cells[type];
    if (!cell) continue;
    const mark = type === "quantity" ? marks.quantity : marks.amount;
    const words = cell.segments.flatMap((s) => s.words);
    const used = new Set<number>();
    for (const m of textOf(cell, type).matchAll(NUMBER)) {
      const n = parseNumber(m[0], mark);
      const first = m[0].split(/\s/)[0]!;
      const at = words.findIndex((w, i) => !used.has(i) && w.text.includes(first));
      if (!n || n.value <= 0 || at < 0) continue;
      used.add(at);
      const beside = markBeside(words, at, at + m[0].split(/\s+/).length - 1);
      tokens.push({ value: n.value, text: m[0], cell, x: words[at]!.x, mark: beside });
      // "1 278": a line number and a quantity, or one number with its thousands set apart.
      const parts = m[0].split(/\s+/);
      if (parts.length !== 2) continue;
      const second = words.findIndex((w, i) => i > at && w.text === parts[1]);
      const p = parseNumber(parts[1]!, mark);
      if (second >= 0 && p && p.value > 0) {
        tokens.push({ value: p.value, text: parts[1]!, cell, x: words[second]!.x });
      }
    }
  }
  // One cell holds the numbers of several columns: their places on the line give the order.
  tokens.sort((a, b) => a.x - b.x);
  for (let k = tokens.length - 1; k >= 2; k--) {
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const [a, b, c] = [tokens[i]!, tokens[j]!, tokens[k]!];
        if (a.value === c.value || b.value === c.value) continue;
        if (Math.abs(a.value * b.value - c.value) > Math.max(0.011, 0.001 * c.value)) continue;
        // The quantity stands left of the price, unless the right one is what the quantity
        // column holds (a price column before the quantities'). A price column's hold tells
        // less: the numbers of a row set right of their headers fall one column on.
        // Either order passes the check; a currency written beside the left number and a unit
        // beside the right one ("11.10 Fr.  5'250 bottles") say the price came first.
        const inQuantity = (t: Token) => t.cell === row.cells.quantity;
        const swapped = inQuantity(b) && !inQuantity(a) || marksSayPriceFirst(a, b);
        return swapped
          ? { quantity: b, price: a, amount: c }
          : { quantity: a, price: b, amount: c };
      }
    }
  }
  return null;
}

type Mark = "money" | "unit" | null;

/** Currency codes written beside prices (ISO 4217: the currencies documents are priced in). */
const CODES = new Set([
  ...["USD", "EUR", "GBP", "CHF", "JPY", "CNY", "RMB", "INR", "CAD", "AUD", "NZD", "PLN"],
  ...["TRY", "BRL", "MXN", "SEK", "NOK", "DKK", "CZK", "HUF", "KRW", "HKD", "SGD", "ZAR"],
  ...["AED", "SAR", "THB", "VND", "IDR", "MYR", "PHP", "TWD", "ILS", "RON", "CLP", "COP"],
]);
/** Currency signs and the franc's and złoty's abbreviations, as words of their own. */
const SIGN = /^(?:[€£$¥₹₩₺円元]|S?Fr\.?|zł|R\$|US\$)$/u;
/** A unit written after a quantity: a word of letters, perhaps abbreviated. */
const UNIT = /^\p{L}{1,12}\.?$/u;
const NUMERIC = /^[\d.,'\u00a0]+$/;

const isMoney = (word: string | undefined) =>
  word !== undefined && (SIGN.test(word) || CODES.has(word.replace(/[.:,]$/, "")));

/**
 * The mark written beside a number (its words `first` to `last` of its cell), on its own line: the
 * word after it, a currency or a unit; else a currency before it, unless that word is the mark
 * after a number before it ("11.10 Fr. 5'250": the franc is the first number's). A word wrapped
 * from the next line ("146.30 Fr." with "Fr." under the price) is no mark of the number beside.
 */
function markBeside(words: Word[], first: number, last: number): Mark {
  const own = words[first]!;
  const onLine = (i: number) => {
    const w = words[i];
    return w && Math.abs(w.y - own.y) < own.height / 2 ? w.text : undefined;
  };
  const next = onLine(last + 1);
  if (isMoney(next)) return "money";
  if (next && UNIT.test(next)) return "unit";
  const previous = onLine(first - 1);
  const owner = onLine(first - 2);
  return isMoney(previous) && !(owner && NUMERIC.test(owner)) ? "money" : null;
}

/** The left number written as money and the right one not, or the right one with a unit. */
function marksSayPriceFirst(a: Token, b: Token): boolean {
  const score = (a.mark === "money" ? 1 : 0) + (b.mark === "unit" ? 1 : 0) -
    (b.mark === "money" ? 1 : 0) - (a.mark === "unit" ? 1 : 0);
  return score > 0;
}
