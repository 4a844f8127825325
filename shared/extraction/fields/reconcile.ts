/**
 * Arithmetic reconciliation of the totals block under a line-item table: the lines' sum, then
 * charges (freight, insurance: added) and discounts (subtracted), then the invoice total. The
 * amounts are taken from where they stand (the last number of each line below the table), not
 * from their labels, so it works whatever language or wording the labels use: the total is the
 * amount that equals the sum plus or minus the amounts printed between them.
 */
import type { DocumentLines, Segment } from "./layout_lines.ts";
import { type DecimalMark, parseNumber } from "./numbers.ts";
import { fold } from "./text.ts";

export interface Amount {
  value: number;
  /** Printed with a minus sign or in parentheses. */
  negative: boolean;
  segments: Segment[];
  line: number;
  /**
   * The line names a payment made ("Deposit paid", "Less advance payment", "Anzahlung"): what
   * follows it is a balance still to pay, not the invoice's value.
   */
  payment?: boolean;
}

/** Words of a payment made, folded: advances, deposits, prepayments in the corpus languages. */
const PAYMENT =
  /\b(?:advance|deposit|prepayment|pre payment|down payment|paid|payment received|anticipo|acconto|acompte|avance|anzahlung|vorauszahlung|vorkasse|akonto|aanbetaling|vooruitbetaling|zaliczka|przedplata|adiantamento|sinal|avans|pesinat|on hesap)\b|预付|定金|订金|前払|前受|手付/u;

/** Freight paid by the shipper ("Freight paid", "Fracht bezahlt") is a charge all the same. */
const FREIGHT = /\b(?:freight|fracht|flete|fret|frete|nolo|vracht|navlun|shipping|postage)\b/u;

function namesPayment(text: string): boolean {
  const folded = fold(text);
  return PAYMENT.test(folded) && !FREIGHT.test(folded);
}

/** How far below the table's header the totals block may reach, in lines. */
const BLOCK_LINES = 60;
/** At most this many charges between the subtotal and the total. */
const MAX_CHARGES = 4;
const CENT = 0.011;

const TRAILING_NUMBER = /([-–−(]?\d[\d.,'\u00a0\u202f]*\d\)?|\d)\s*$/;

function amountOf(seg: Segment, mark: DecimalMark | null): number | null {
  if (typeof seg.cell === "number") return seg.cell;
  const whole = parseNumber(seg.text, mark);
  if (whole) return whole.value;
  // A currency or a label around the number ("円 20 580 598", "Total 1 234,50 EUR"): the
  // number alone, which may be grouped with spaces.
  const bare = seg.text.replace(/^[^\d(−–-]*/, "").replace(/[^\d)]*$/, "");
  const inner = bare !== seg.text && bare !== "" ? parseNumber(bare, mark) : null;
  if (inner) return inner.value;
  const tail = seg.text.match(TRAILING_NUMBER)?.[1];
  return tail ? parseNumber(tail, mark)?.value ?? null : null;
}

/** The last number of each line from `from` on, on the same page, in reading order. */
export function trailingAmounts(
  doc: DocumentLines,
  from: number,
  mark: DecimalMark | null,
): Amount[] {
  const out: Amount[] = [];
  const page = doc.lines[from]?.page;
  for (const line of doc.lines.slice(from, from + BLOCK_LINES)) {
    if (line.page !== page) break;
    const seg = line.segments.at(-1);
    if (!seg) continue;
    const value = amountOf(seg, mark);
    if (value === null || value === 0) continue;
    const label = line.segments.map((s) =>
      s === seg ? seg.text.replace(TRAILING_NUMBER, "") : s.text
    )
      .join(" ");
    out.push({
      value: Math.abs(value),
      negative: value < 0,
      segments: [seg],
      line: line.index,
      ...(namesPayment(label) ? { payment: true } : {}),
    });
  }
  return out;
}

/**
 * The invoice total that reconciles with the lines' sum through the charges printed between
 * them (at least one), or null. Where several do, the first one.
 */
export function reconciledTotal(amounts: Amount[], sum: number): Amount | null {
  for (let i = 0; i < amounts.length; i++) {
    if (Math.abs(amounts[i]!.value - sum) > CENT) continue;
    for (let j = i + 2; j < amounts.length && j <= i + 1 + MAX_CHARGES + 1; j++) {
      // A payment made is no charge: past it, an amount is the balance due.
      if (amounts[j - 1]!.payment) break;
      // A repeated subtotal (the last line's amount, then "Subtotal") is no charge.
      const charges = amounts.slice(i + 1, j).filter((a) => Math.abs(a.value - sum) > CENT);
      if (charges.length === 0 || charges.length > MAX_CHARGES) continue;
      const total = amounts[j]!;
      if (total.negative || Math.abs(total.value - sum) <= CENT) continue;
      if (reachable(sum, charges, total.value)) return total;
    }
  }
  return null;
}

/** Whether sum ± each charge (a printed minus fixes the sign) gives the total. */
function reachable(sum: number, charges: Amount[], total: number): boolean {
  const combos = 1 << charges.length;
  for (let mask = 0; mask < combos; mask++) {
    let v = sum;
    let ok = true;
    charges.forEach((c, k) => {
      const minus = (mask & (1 << k)) !== 0;
      if (c.negative && !minus) ok = false;
      v += minus ? -c.value : c.value;
    });
    if (ok && Math.abs(v - total) <= CENT) return true;
  }
  return false;
}
