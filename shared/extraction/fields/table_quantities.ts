/**
 * Quantities written into the cell of the column beside the quantities'. A quantity and its
 * unit set before the goods' text, under a header cell shared by both columns ("Quantité (pcs)
 * / QTY Désignation des marchandises"), go with the text to the description: "3 000 ctns
 * Canned tuna…" (or, where the number did reach the quantity column, "ctns Canned tuna…").
 * A quantity run into its unit with no space ("274bottles", "1,800m²") and set right of the
 * quantities' header lands in the unit column. Either way the quantity is the number, the unit
 * the word after it, and the goods' text what follows. Under a header whose quantity and goods
 * words ran together ("QtéDescription"), both columns span the one word: each phrase of the
 * row is then the quantity (a number alone, or the number that starts it: "949Woven carpets")
 * or the goods' text.
 */
import type { Segment } from "./layout_lines.ts";
import type { RawCell, RawRow } from "./table.ts";
import type { Column, ColumnType } from "./table_header.ts";
import { overlapX } from "./geometry.ts";

/** A quantity: plain digits, or thousands grouped by a mark or a space, maybe decimals. */
const QUANTITY = String.raw`\d{1,3}(?:[ .,'\u00a0]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
/**
 * A unit as written after a quantity: a short word in lower case ("pcs", "ctns", "szt.") or
 * in capitals ("PCS", "KG"), or square and cubic metres. A word in lower case followed by one
 * in capitals and lower case tells a unit from the goods' text; the goods' own first word
 * ("Steel", "Vin") starts with a capital and goes on in lower case, so is never taken.
 */
const UNIT = String.raw`\p{Ll}{1,5}\.?|\p{Lu}{2,4}\.?|m[23²³]`;
/** The goods' text after a unit: a capital and a lower-case letter ("Men's", "Green"). */
const TEXT_START = String.raw`(?=\p{Lu}[\p{Ll}'’])`;

const NUMBER_UNIT_TEXT = new RegExp(`^(${QUANTITY})\\s+(${UNIT})\\s+${TEXT_START}`, "u");
const UNIT_TEXT = new RegExp(`^(${UNIT})\\s+${TEXT_START}`, "u");
const NUMBER_GLUED_UNIT = new RegExp(`^(${QUANTITY})(\\p{L}{1,8}\\.?|m[23²³])$`, "u");

/**
 * Mends the rows in place: each row's quantity and unit taken out of the description's start,
 * where they stand there.
 */
export function quantitiesBeside(rows: RawRow[], columns: Column[]): void {
  const quantity = columns.find((c) => c.type === "quantity");
  if (!quantity) return;
  const description = columns.find((c) => c.type === "description");
  if (description && sharedHeader(quantity, description)) quantitiesInSharedColumn(rows);
  quantitiesBeforeText(rows);
}

/** Two columns over (most of) one header word. */
function sharedHeader(a: Column, b: Column): boolean {
  return overlapX(a, b) >= SHARED * Math.min(a.x1 - a.x0, b.x1 - b.x0);
}

const SHARED = 0.8;

/** A number, then the goods' text run on after it with or without a space ("949Woven …"). */
const NUMBER_THEN_TEXT = new RegExp(`^(${QUANTITY})\\s*(\\p{Lu}\\p{Ll}.*)$`, "u");
const NUMBER_ALONE = new RegExp(`^(?:${QUANTITY})$`, "u");

/**
 * The row's phrases under the shared header, in reading order, parted into the quantity and
 * the goods' text: only where one phrase at most gives a number, and no phrase also went to
 * another column.
 */
function quantitiesInSharedColumn(rows: RawRow[]): void {
  for (const row of rows) {
    const own = [row.cells.quantity, row.cells.description].filter((c): c is RawCell => !!c);
    const others = Object.entries(row.cells).filter(([type]) =>
      type !== "quantity" && type !== "description"
    ).flatMap(([, cell]) => cell!.segments);
    const segments = [...new Set(own.flatMap((c) => c.segments))]
      .sort((a, b) => a.line - b.line || a.x0 - b.x0);
    if (segments.length === 0 || segments.some((s) => others.includes(s))) continue;
    const numbers: { text: string; segment: Segment }[] = [];
    const texts: string[] = [];
    for (const segment of segments) {
      const text = segment.text.trim();
      const m = text.match(NUMBER_THEN_TEXT);
      if (NUMBER_ALONE.test(text)) numbers.push({ text, segment });
      else if (m) {
        numbers.push({ text: m[1]!, segment });
        texts.push(m[2]!);
      } else texts.push(text);
    }
    if (numbers.length > 1 || texts.length === 0) continue;
    // No number (a scan lost it): the words parted between the two columns are one text.
    if (numbers[0]) {
      row.cells.quantity = { text: numbers[0].text, segments: [numbers[0].segment] };
    } else delete row.cells.quantity;
    row.cells.description = { text: texts.join(" "), segments };
  }
}

/**
 * "274bottles" in the unit's cell of a table line with no quantity of its own: the quantity
 * and the unit. Read per line, before the lines are joined into rows, so that the line counts
 * as one with a quantity where rows are told apart by their quantities.
 */
export function quantityOutOfUnit(cells: Partial<Record<ColumnType, RawCell>>): void {
  const unit = cells.unit;
  if (cells.quantity || !unit) return;
  const m = unit.text.trim().match(NUMBER_GLUED_UNIT);
  if (!m) return;
  cells.quantity = { text: m[1]!, segments: unit.segments };
  cells.unit = { text: m[2]!, segments: unit.segments };
}

interface Lead {
  row: RawRow;
  quantity: string | null;
  unit: string;
  /** The length of the description's text they take. */
  length: number;
}

/**
 * Quantities and units before the goods' text. One row so written could be goods whose name
 * starts with a number and a short word; most of a table's rows so written are its layout:
 * they are taken only then (or where the table has the one row, which has no quantity else).
 */
function quantitiesBeforeText(rows: RawRow[]): void {
  const described = rows.filter((r) => r.cells.description);
  const leads = described.flatMap((row): Lead[] => {
    const text = row.cells.description!.text;
    const quantity = row.cells.quantity?.text.trim();
    if (!quantity) {
      const m = text.match(NUMBER_UNIT_TEXT);
      return m ? [{ row, quantity: m[1]!, unit: m[2]!, length: m[0].length }] : [];
    }
    if (!new RegExp(`^(?:${QUANTITY})$`).test(quantity) || row.cells.unit) return [];
    const m = text.match(UNIT_TEXT);
    return m ? [{ row, quantity: null, unit: m[1]!, length: m[0].length }] : [];
  });
  const most = leads.length >= 2 && 2 * leads.length >= described.length;
  const single = described.length === 1 && leads.length === 1 && leads[0]!.quantity !== null;
  if (!most && !single) return;
  for (const { row, quantity, unit, length } of leads) {
    const description = row.cells.description!;
    if (quantity !== null) {
      row.cells.quantity = { text: quantity, segments: description.segments };
    }
    row.cells.unit = { text: unit, segments: description.segments };
    row.cells.description = {
      text: description.text.slice(length),
      segments: description.segments,
    };
  }
}
