/**
 * Raw table rows → line items with honest confidences: quantities and prices checked against
 * the line's amount, HS codes against the nomenclature, numbers read with the decimal mark of
 * their own column (or the document's).
 */
import type { ExtractedLineItem, Leaf } from "../result.ts";
import type { Segment } from "./layout_lines.ts";
import type { RawCell, RawRow, RawTable } from "./table.ts";
import type { ColumnType } from "./table_header.ts";
import {
  type DecimalMark,
  detectDecimalMark,
  leadingNumber,
  lostMark,
  parseNumber,
  specklessMarks,
} from "./numbers.ts";
import {
  CHECKED,
  FAILED_CHECK,
  FOUND_TABLE,
  FOUND_WEAK_LABEL,
  leaf,
  readerAdjusted,
} from "./confidence.ts";
import { clean } from "./text.ts";
import { withoutLineNumbers } from "./line_numbers.ts";
import { hsText } from "./hs_text.ts";
import { type RowTriple, rowTriple, type Token } from "./row_arithmetic.ts";
import { lostDigits, misreadDigit } from "./lost_digits.ts";
import { withLitres } from "./litre_unit.ts";
import { inlineNote } from "./notes.ts";

/** A description read from more than one line. */
const WRAPPED = FOUND_WEAK_LABEL + 0.05;
/** The most a cell of an OCR row whose quantity × price is not its amount can be. */
const MISREAD_ROW = 0.85;

export interface ItemsReading {
  items: ExtractedLineItem[];
  /** The sum of the lines' amounts (or quantity × price), when every line has one. */
  sum: number | null;
  /** HS codes (6 digits, or 4) to check against the nomenclature, by item index. */
  hsToCheck: Map<number, string>;
}

interface NumberCell {
  value: number;
  ambiguous: boolean;
  rest: string;
  segments: Segment[];
}

export function readItems(
  table: RawTable,
  docMark: DecimalMark | null,
  ocr: boolean,
): ItemsReading {
  const marks = columnMarks(table.rows, docMark);
  // A description column guessed from an unreadable header is less sure than a named one.
  const describedBase = table.columns.some((c) => c.type === "description" && c.unknown)
    ? FOUND_WEAK_LABEL
    : FOUND_TABLE;
  const items: ExtractedLineItem[] = [];
  const hsToCheck = new Map<number, string>();
  const quantities = table.columns.some((c) => c.type === "quantity");
  const unnamedAmounts = table.columns.some((c) => c.type === "unit_price") &&
    !table.columns.some((c) => c.type === "amount");
  let sum = 0;
  let summable = true;
  const descriptions = withoutLineNumbers(
    table.rows.map((r) => r.cells.description ? clean(r.cells.description.text) : ""),
  ).map((d) => ocr ? withLitres(d) : d);
  for (const [r, row] of table.rows.entries()) {
    const item: ExtractedLineItem = {};
    let quantity = numberOf(row.cells.quantity, marks.quantity, ocr);
    let price = numberOf(row.cells.unit_price, marks.unit_price, ocr, true);
    let amount = numberOf(row.cells.amount, marks.amount, ocr, true) ??
      (unnamedAmounts ? amountAfterPrice(row.cells.unit_price, marks.amount, ocr) : null);
    let description = descriptions[r]!;
    if (description === "" && !quantity && !price) continue;
    // A note the description's cell ends with ("… Origin: China", "… HS 7318.22") is no part
    // of the goods' text; an HS code named in it is the item's.
    const inline = inlineNote(description);
    if (inline) {
      description = inline.text;
      if (inline.hs && !row.cells.hs_code) {
        row.cells.hs_code = { text: inline.hs, segments: row.cells.description!.segments };
      }
    }
    let check = arithmetic(quantity, price, amount);
    // The columns did not give three numbers that agree: the row's own arithmetic may (its
    // amount taken from the amount cell, so that a packing list's cartons × pieces per carton
    // is never read as a price).
    const triple = check === "agrees" ? null : rowTriple(row, marks);
    if (triple && amountCellOf(triple, row, unnamedAmounts)) {
      const cell = (t: Token): NumberCell => ({
        value: t.value,
        ambiguous: false,
        rest: "",
        segments: t.cell.segments,
      });
      [quantity, price, amount] = [cell(triple.quantity), cell(triple.price), cell(triple.amount)];
      check = "agrees";
      // The quantity the goods' text started with is no part of it, nor its unit written
      // after it in lower case before the text's capital ("125,200 thousand Natural cork…").
      if (triple.quantity.cell === row.cells.description) {
        description = description.replace(/^\S+\s+(?:\p{Ll}{1,8}\.?\s+(?=\p{Lu}))?/u, "");
      }
    }
    // An OCR row whose quantity or price lost digits: the other two numbers tell the value.
    if (ocr && check === "disagrees") {
      const mended = withLostDigits(quantity!, price!, amount!);
      if (mended) [quantity, price, check] = [mended.quantity, mended.price, "mended"];
    }
    // An OCR row whose quantity's cell read as no number ("Sill" for 31): the amount over the
    // price, where that is a whole number. Found so, the quantity is not sure; nothing says
    // the row's other cells were misread.
    const derived = ocr && !quantity && quantities && check === "unchecked"
      ? quantityOf(price, amount, row.cells.quantity?.segments)
      : null;
    if (derived) quantity = derived;
    // An OCR row whose arithmetic failed (or was mended) was misread somewhere: its text and
    // codes are not sure either.
    const misread = ocr && (check === "disagrees" || check === "mended");
    if (description !== "") {
      // Where a description runs over lines, which lines are its own is a guess (the next
      // item's first line, a note): found, not sure.
      // So is a description whose phrase was parted by word with another column's values.
      const base = row.wrapped || row.cells.description?.parted
        ? Math.min(describedBase, WRAPPED)
        : describedBase;
      const conf = description.length < 3 ? 0.4 : misread ? Math.min(base, MISREAD_ROW) : base;
      item.description = leaf(
        description,
        readerAdjusted(conf, row.cells.description!.segments, ocr),
      );
    }
    if (quantity && quantity.value > 0) {
      item.quantity = numberLeaf(quantity, derived ? "mended" : check, ocr);
    }
    if (price && price.value >= 0) item.unit_price = numberLeaf(price, check, ocr);
    const unit = unitOf(row, quantity);
    if (unit) {
      item.unit_of_measure = leaf(
        unit.text,
        readerAdjusted(FOUND_TABLE - 0.05, unit.segments, ocr),
      );
    }
    const hs = hsOf(row.cells.hs_code, ocr);
    if (hs) {
      // An odd number of digits is no HS code, whatever the nomenclature says.
      const found = !hs.lookup
        ? FAILED_CHECK
        : hs.guessed
        ? FOUND_WEAK_LABEL
        : misread
        ? MISREAD_ROW
        : FOUND_TABLE;
      item.hs_code = leaf(hs.code, readerAdjusted(found, hs.segments, ocr));
      if (hs.lookup) hsToCheck.set(items.length, hs.lookup);
    }
    const lineValue = amount?.value ?? (quantity && price ? quantity.value * price.value : null);
    if (lineValue === null) summable = false;
    else sum += lineValue;
    items.push(item);
  }
  return { items, sum: summable && items.length > 0 ? round2(sum) : null, hsToCheck };
}

/**
 * Once the nomenclature has answered: a code in it is raised to CHECKED (scaled by how sure
 * the reader was of it), a code not in it is lowered to FAILED_CHECK.
 */
export function applyHsCheck(reading: ItemsReading, existing: Set<string>): void {
  for (const [index, code] of reading.hsToCheck) {
    const hs = reading.items[index]?.hs_code;
    if (!hs) continue;
    const confidence = existing.has(code)
      ? Math.min(CHECKED, (hs.confidence * CHECKED) / FOUND_TABLE)
      : Math.min(hs.confidence, FAILED_CHECK);
    hs.confidence = leaf(0, confidence).confidence;
  }
}

/**
 * Whether a triple's amount stands where an amount may: in the amount cell; or, in a table
 * with prices and no amount column (its header unread, "合計価格" read as a second "価格"),
 * right of the price in the price's own cell ("19.30 27,020.00"). Never in a cell of its own
 * elsewhere, so that a packing list's cartons × pieces per carton is no price.
 */
function amountCellOf(triple: RowTriple, row: RawRow, unnamedAmounts: boolean): boolean {
  if (triple.amount.cell === row.cells.amount) return true;
  const prices = row.cells.unit_price;
  return unnamedAmounts && prices !== undefined && triple.price.cell === prices &&
    triple.amount.cell === prices;
}

/**
 * In a table with no amount column, the amount run into the price's cell after the price
 * ("19.30 27,020.00"): its last number, where it holds two.
 */
function amountAfterPrice(
  cell: RawCell | undefined,
  mark: DecimalMark | null,
  ocr: boolean,
): NumberCell | null {
  const words = cell?.text.trim().split(/\s+/) ?? [];
  const last = words.at(-1) ?? "";
  if (!/^\d[\d.,']*\d$/.test(last) || !words.slice(0, -1).some((w) => /\d/.test(w))) {
    return null;
  }
  return numberOf({ text: last, segments: cell!.segments }, mark, ocr, true);
}

/** "mended": a number OCR lost digits of was replaced by what the row's arithmetic gives. */
type Check = "agrees" | "disagrees" | "unchecked" | "mended";

/** A row's numbers in a row mended from its own arithmetic: found, never sure. */
const MENDED = 0.8;

/**
 * The quantity or the price (not both) replaced by the value the other two numbers give,
 * where the one read is that value with digits lost or one digit misread (lost_digits.ts).
 */
function withLostDigits(
  quantity: NumberCell,
  price: NumberCell,
  amount: NumberCell,
): { quantity: NumberCell; price: NumberCell } | null {
  // A unit run into the quantity may have taken its last digit ("12リ" for "127 szt.").
  const glued = quantity.rest !== "";
  const mend = (read: number, derived: number, glued = false) =>
    lostDigits(read, derived, glued) ?? misreadDigit(read, derived);
  const q = price.value > 0 ? mend(quantity.value, amount.value / price.value, glued) : null;
  const p = quantity.value > 0 ? mend(price.value, amount.value / quantity.value) : null;
  if ((q === null) === (p === null)) return null;
  return q !== null
    ? { quantity: { ...quantity, value: q, ambiguous: false }, price }
    : { quantity, price: { ...price, value: p!, ambiguous: false } };
}

/**
 * The quantity a row's amount and price give, where it is a whole number (a price rounded to
 * the cent gives none else exactly): found so, never read.
 */
function quantityOf(
  price: NumberCell | null,
  amount: NumberCell | null,
  segments: Segment[] | undefined,
): NumberCell | null {
  if (!price || !amount || price.value <= 0 || amount.value <= 0) return null;
  const quotient = amount.value / price.value;
  const whole = Math.round(quotient);
  if (whole < 1 || Math.abs(quotient - whole) > 1e-6 * quotient) return null;
  return { value: whole, ambiguous: false, rest: "", segments: segments ?? price.segments };
}

/** quantity × unit price = amount, to the cent or 0.1 % (rounded unit prices). */
function arithmetic(q: NumberCell | null, p: NumberCell | null, a: NumberCell | null): Check {
  if (!q || !p || !a) return "unchecked";
  const product = q.value * p.value;
  return Math.abs(product - a.value) <= Math.max(0.011, 0.001 * Math.abs(a.value))
    ? "agrees"
    : "disagrees";
}

function numberLeaf(cell: NumberCell, check: Check, ocr: boolean): Leaf<number> {
  let confidence = check === "agrees"
    ? CHECKED
    : check === "disagrees"
    ? 0.45
    : check === "mended"
    ? MENDED
    : 0.88;
  if (cell.ambiguous && check !== "agrees") confidence = Math.min(confidence, 0.6);
  return leaf(cell.value, readerAdjusted(confidence, cell.segments, ocr));
}

function numberOf(
  cell: RawCell | undefined,
  mark: DecimalMark | null,
  ocr: boolean,
  moneyCell = false,
): NumberCell | null {
  if (!cell) return null;
  const seg = cell.segments[0];
  if (cell.segments.length === 1 && typeof seg?.cell === "number" && seg.text === cell.text) {
    return { value: seg.cell, ambiguous: false, rest: "", segments: cell.segments };
  }
  const read = ocr ? specklessMarks(cell.text) : cell.text;
  const lost = ocr ? lostMark(read) : null;
  if (lost !== null) return { value: lost, ambiguous: false, rest: "", segments: cell.segments };
  const text = ocr ? read.replace(/(\d[.,])\s(\d{3})(?!\d)/g, "$1$2") : read;
  // Money written after a currency in words ("Euro 133,20", "Dólares 9.50", "US Dollars
  // 19.30", repeated where a currency cell over the price's ran into it): a price or an
  // amount column's cell holds nothing else a word could be.
  const money = /^(?:\p{L}+\.?\s+){1,4}(?=\d)/u;
  const n = parseNumber(text, mark) ?? leadingNumber(text, mark) ??
    (moneyCell && money.test(text) ? leadingNumber(text.replace(money, ""), mark) : null);
  if (!n) return null;
  return {
    value: n.value,
    ambiguous: n.ambiguous,
    rest: "rest" in n ? String(n.rest) : "",
    segments: cell.segments,
  };
}

/** Each numeric column's decimal mark from its own values, else the document's. */
function columnMarks(
  rows: RawRow[],
  docMark: DecimalMark | null,
): Record<"quantity" | "unit_price" | "amount", DecimalMark | null> {
  const markOf = (type: ColumnType) => {
    const texts = rows.flatMap((r) => r.cells[type] ? [r.cells[type]!.text.split(" ")[0]!] : []);
    return detectDecimalMark(texts) ?? docMark;
  };
  // Prices and amounts share a writer's habit: let each lend the other its evidence.
  const money = detectDecimalMark(
    rows.flatMap((r) =>
      [r.cells.unit_price?.text, r.cells.amount?.text].filter((t): t is string => !!t)
    ),
  ) ?? docMark;
  return { quantity: markOf("quantity") ?? money, unit_price: money, amount: money };
}

function unitOf(row: RawRow, quantity: NumberCell | null): RawCell | null {
  const own = row.cells.unit;
  if (own && /^[A-Za-z][A-Za-z.²³ ]{0,14}$/.test(own.text.trim())) {
    return { text: own.text.trim(), segments: own.segments };
  }
  const rest = quantity?.rest.trim();
  if (rest && /^[A-Za-z][A-Za-z.]{0,9}$/.test(rest)) {
    return { text: rest, segments: quantity!.segments };
  }
  return null;
}

/**
 * An HS code as written ("0901.21", "8466 93 00"), its digits checked for form; `lookup` is
 * its first six digits (or four) for the nomenclature. A spreadsheet number (901.21) lost its
 * leading zero: put back.
 */
function hsOf(
  cell: RawCell | undefined,
  ocr: boolean,
): { code: string; lookup: string | null; segments: Segment[]; guessed: boolean } | null {
  if (!cell) return null;
  const seg = cell.segments[0];
  let text = clean(cell.text);
  if (cell.segments.length === 1 && typeof seg?.cell === "number") {
    const digits = String(seg.cell).replace(".", "");
    const padded = digits.length % 2 === 1 ? `0${digits}` : digits;
    text = padded.length > 4 ? `${padded.slice(0, 4)}.${padded.slice(4)}` : padded;
  }
  // A number another column ran into the code's cell ("4'000 3304.99") is no part of it.
  const m = hsText(text).code.match(/\d[\d.\s]*\d/);
  if (!m) return null;
  const digits = m[0].replace(/[.\s]/g, "");
  // A weight or an amount OCR ran into the code ("26.99102 11"): the code is what follows its
  // decimals, found by a guess at where they end.
  const glued = ocr && !CODE_SHAPED.test(m[0]) ? text.match(GLUED_AFTER_DECIMALS) : null;
  if (glued) return { ...hsOf({ ...cell, text: glued[1]! }, false)!, guessed: true };
  if (digits.length < 4 || digits.length > 10) return null;
  const code = m[0].replace(/\s+/g, " ").trim();
  const lookup = digits.length % 2 === 0 ? digits.slice(0, Math.min(6, digits.length)) : null;
  return { code, lookup, segments: cell.segments, guessed: false };
}

/** An HS code as written: four digits, then pairs, points or spaces between or nothing. */
const CODE_SHAPED = /^\d{4}(?:[.\s]?\d{2}){0,3}$/;
/** A code of four digits and pairs right after a number's decimals, at the end of a cell. */
const GLUED_AFTER_DECIMALS = /\d[.,]\d{1,2}(\d{4}(?:[.\s]?\d{2}){1,3})$/;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
