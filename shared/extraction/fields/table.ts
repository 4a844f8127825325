/**
 * Line items: the rows under a table header. Every phrase (or cell) of a row goes to the column
 * whose header it sits under; a phrase that spans two columns ("10 kg" under "Quantity" and
 * "Unit") is split by word. A line with only text is the description running on (or, when the
 * line after it carries numbers without text, the start of the next item). The table ends at a
 * totals line, at a gap, or where the lines stop fitting the columns; a header repeated on the
 * next page carries it on.
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import { type Column, type ColumnType, findHeaders, type TableHeader } from "./table_header.ts";
import { isNoteHead, isNoteLabel, isReferenceText, noteOf } from "./notes.ts";
import { contentHeader } from "./table_content.ts";
import { alignedColumns, bestColumn } from "./table_columns.ts";
import { describedByContent } from "./table_describe.ts";
import { textEdgeColumns } from "./table_text_edge.ts";
import { codesApart } from "./table_codes.ts";
import { quantitiesFromCodes } from "./hs_text.ts";
import { retypeByContent } from "./table_retype.ts";
import { withUnnamedAmount } from "./table_amounts.ts";
import { packedTotals } from "./table_packing.ts";
import { codesByContent } from "./table_hs_cells.ts";
import { articlesApart } from "./table_article_cells.ts";
import { quantitiesBeside, quantityOutOfUnit } from "./table_quantities.ts";
import { gapBetween, maxLineGap, overlapX } from "./geometry.ts";
import { matchLabel } from "./labels.ts";
import { fold } from "./text.ts";

export interface RawCell {
  text: string;
  segments: Segment[];
  /**
   * A phrase of the cell's was parted by word between it and another column ("SDP-40, 1.1 kW"
   * with "1.1" sent to the line numbers): where its words end is a guess.
   */
  parted?: boolean;
}

export interface RawRow {
  cells: Partial<Record<ColumnType, RawCell>>;
  /** The description ran over more than one line. */
  wrapped: boolean;
}

export interface RawTable {
  rows: RawRow[];
  columns: Column[];
  /** Line indices each part of the table covers: header (first to last line) to its end. */
  regions: { from: number; header: number; to: number }[];
}

const MAX_ROWS = 1000;
/** Lines between a header line and the first row the rows' arithmetic found under it. */
const MAX_HEADER_GAP_LINES = 6;

export function findTable(doc: DocumentLines): RawTable | null {
  let headers = findHeaders(doc);
  if (!headers[0] || !withQuantity(headers[0])) {
    // No header names the quantities: a table found from its rows' arithmetic instead. Under
    // a header line that names other columns, the rows start under that line, though the
    // first rows' arithmetic may not read ("1,250 m2" and no price).
    const found = contentHeader(doc);
    const named = headers.find((h) =>
      found && h.page === found.page && h.lastLine <= found.lastLine &&
      found.lastLine - h.lastLine <= MAX_HEADER_GAP_LINES
    );
    if (found) {
      headers = [
        named ? { ...found, firstLine: named.firstLine, lastLine: named.lastLine } : found,
      ];
    }
  }
  headers = headers.map((h) => withUnnamedAmount(h, (retyped) => rowsUnder(doc, retyped).rows));
  const first = headers[0];
  if (!first) return null;
  const signature = signatureOf(first);
  const rows: RawRow[] = [];
  const regions: RawTable["regions"] = [];
  let columns = first.columns;
  for (const header of headers) {
    // The same table again on a later page (its header repeated), or a second table of the
    // same kind; a different table (a packing summary under an invoice) is not read.
    if (header !== first && signatureOf(header) !== signature) continue;
    const part = rowsUnder(doc, header);
    // A column the rows showed to be the description is one in the result as well.
    if (header === first) columns = columns.map((c, k) => ({ ...c, type: part.types[k]! }));
    rows.push(...part.rows);
    regions.push({ from: header.firstLine, header: header.lastLine, to: part.end });
    if (rows.length >= MAX_ROWS) break;
  }
  const kept = rows.slice(0, MAX_ROWS);
  retypeByContent(kept, columns);
  quantitiesFromCodes(kept);
  quantitiesBeside(kept, columns);
  const types = new Set(columns.map((c) => c.type));
  if (doc.source === "sheet") {
    articlesApart(kept);
    codesByContent(kept, types);
  }
  packedTotals(kept, types);
  return { rows: kept, columns, regions };
}

function withQuantity(header: TableHeader): boolean {
  return header.columns.some((c) => c.type === "quantity");
}

function signatureOf(header: TableHeader): string {
  return [...new Set(header.columns.map((c) => c.type))].sort().join(",");
}

interface TableLine {
  line: Line;
  cells: Partial<Record<ColumnType, RawCell>>;
}

/**
 * The rows under a header, the index of the line that ended them, and the header's column types
 * as the rows read them.
 */
function rowsUnder(
  doc: DocumentLines,
  header: TableHeader,
): { rows: RawRow[]; end: number; types: ColumnType[] } {
  const described = textEdgeColumns(
    doc,
    describedByContent(
      doc,
      alignedColumns(doc, header.columns, header.lastLine, endsTable),
      header.lastLine,
      endsTable,
    ),
    header.lastLine,
    endsTable,
  );
  const { columns, added } = codesApart(doc, described, header.lastLine, endsTable);
  const lines: TableLine[] = [];
  const types = new Set(columns.map((c) => c.type));
  let end = header.lastLine;
  let previous: { y1: number } = doc.lines[header.lastLine]!;
  let emptyRun = 0;
  for (let i = header.lastLine + 1; i < doc.lines.length; i++) {
    end = i;
    const line = doc.lines[i]!;
    if (line.page !== header.page) break;
    const gap = gapBetween(previous, line);
    if (lines.length > 0 && gap > 2.5 * maxLineGap(doc)) break;
    if (lines.length === 0 && gap > 5 * maxLineGap(doc)) break;
    if (endsTable(line)) break;
    const cells = assign(doc, line, columns);
    if (!cells) {
      if (++emptyRun >= 2) break;
      continue;
    }
    emptyRun = 0;
    if (types.has("quantity")) quantityOutOfUnit(cells);
    lines.push({ line, cells });
    previous = line;
  }
  return {
    rows: joinLines(lines, types, smallPrint(doc, lines)),
    end: Math.min(end, doc.lines.length - 1),
    // The header's columns, one type each: a codes' column set beside them is no header's.
    types: columns.filter((c) => c !== added).map((c) => c.type),
  };
}

/** A totals line, or a label that starts another part of the document. */
function endsTable(line: Line): boolean {
  const first = line.segments[0];
  if (!first) return false;
  const label = matchLabel(first);
  if (label && (label.kind === "total_goods" || label.kind === "total_invoice")) return true;
  return /^(sub\s*-?\s*total|total|grand total|summe|gesamt)\b/i.test(first.text);
}

/**
 * The line's cells by column, or null when the line does not fit the table (most of its text
 * lies outside the columns).
 */
function assign(
  doc: DocumentLines,
  line: Line,
  columns: Column[],
): Partial<Record<ColumnType, RawCell>> | null {
  const cells: Partial<Record<ColumnType, RawCell>> = {};
  let inside = 0, outside = 0;
  const add = (type: ColumnType, text: string, seg: Segment) => {
    const cell = cells[type];
    if (cell) {
      cell.text += ` ${text}`;
      if (!cell.segments.includes(seg)) cell.segments.push(seg);
    } else cells[type] = { text, segments: [seg] };
  };
  const left = Math.min(...columns.map((c) => c.x0));
  // The line's own number stands in the number column: no other word of it is a line number
  // ("4" there, "120 g" under the description).
  const numbers = columns.filter((c) => c.type === "number");
  const numbered = line.segments.some((s) =>
    isLineNumber(s.text) && numbers.some((c) => overlapX(s, c) > 0)
  );
  for (const seg of line.segments) {
    if (seg.x1 < left - doc.unit) {
      outside += seg.text.length;
      continue;
    }
    const parts = doc.source === "sheet"
      ? sheetCell(seg, columns)
      : splitByColumn(doc, seg, columns, line.segments.length === 1, numbered);
    if (parts.length === 0) {
      outside += seg.text.length;
      continue;
    }
    for (const part of parts) {
      inside += part.text.length;
      add(part.type, part.text, seg);
    }
    if (parts.length > 1 && parts.some((p) => p.type === "description") && !parts.every(evident)) {
      cells.description!.parted = true;
    }
  }
  if (inside === 0 || outside > inside) return null;
  return cells;
}

/**
 * A part of a parted phrase whose form tells it from the goods' text: an HS code, a quantity
 * (and the unit after it), an article code, a line number. Any other part ("1.1" of "1.1 kW"
 * sent to the line numbers, "for" to a column before the text) was parted by its place alone.
 */
function evident(
  part: { type: ColumnType; text: string },
  k: number,
  parts: { type: ColumnType; text: string }[],
): boolean {
  const text = part.text.trim();
  switch (part.type) {
    case "description":
      return true;
    case "hs_code":
      return /^\D*\d{4}(?:[. ]?\d{2,4}){0,3}$/u.test(text);
    case "quantity":
      return /^\d[\d.,']*\p{L}*$/u.test(text);
    case "number":
      return isLineNumber(text);
    case "unit":
    case "other":
      return (parts[k - 1]?.type === "quantity" && /^\p{L}{1,8}\.?$/u.test(text)) ||
        /^(?=\S*\d)[\p{L}\d][\p{L}\d./-]*$/u.test(text);
    default:
      return false;
  }
}

function sheetCell(seg: Segment, columns: Column[]): { type: ColumnType; text: string }[] {
  const col = columns.find((c) => c.x0 === seg.x0);
  return col ? [{ type: col.type, text: seg.text }] : [];
}

/** A phrase's words by the column they sit under; the phrase whole when it fits one column. */
function splitByColumn(
  doc: DocumentLines,
  seg: Segment,
  columns: Column[],
  alone: boolean,
  numbered = false,
): { type: ColumnType; text: string }[] {
  const pad = 0.3 * doc.unit;
  // A phrase goes to a column whose values it could be ("dried" is no line number).
  const fitting = columns.filter((c) => fits(seg.text, c.type));
  const whole = hostColumn(seg, columns, pad) ??
    nearestColumn(seg, fitting.length > 0 ? fitting : columns, 4 * doc.unit);
  if (!whole) return [];
  if (seg.words.length < 2) return [{ type: whole.type, text: seg.text }];
  const byWord = seg.words.map((w) => ({ col: whole, text: w.text, w }));
  // Words at either edge of the phrase may belong to the column they sit in ("1 Coffee…" under
  // "No." and "Description", "10 kg" under "Quantity" and "Unit"); words inside never do.
  // A quantity and its unit set before the goods' text, both left of where the description
  // column starts ("157 pcs Wrist-watches…" under "Q.tà" and "Articolo"): the quantity
  // column's, however far right of its flush-left header the quantities end.
  const quantityFirst = (i: number) => {
    const unit = byWord[1]!.w;
    if (!/^\d[\d.,]*$/.test(byWord[0]!.text) || !UNIT_WORD.test(unit.text)) return undefined;
    if (unit.x + unit.width > whole.x0 || i > 1) return undefined;
    // Only where the quantities' column is the nearest of those before the goods' text: not
    // one past a unit column nearer to them.
    const { x, width } = byWord[0]!.w;
    const away = (c: Column) => Math.max(c.x0 - (x + width), x - c.x1, 0);
    const nearest = columns.filter((c) => c.x1 <= whole.x0).sort((a, b) => away(a) - away(b))[0];
    return nearest?.type === "quantity" ? nearest : undefined;
  };
  const leaves = (i: number, fromLeft: boolean) => {
    const { w } = byWord[i]!;
    // An HS code taken from the phrase's end ends there: a number before its four-digit
    // head is the text's ("Skin care creams, 50" wrapped beside "3304.99"), not the code's.
    const after = byWord[i + 1];
    if (!fromLeft && after?.col.type === "hs_code" && /^\d{4}/.test(after.text)) return false;
    // A number OCR cut at its thousands separator ("57" "620,00" for 57.620,00, "45," "750")
    // is one value, whichever column its first digits reach into.
    if (doc.source === "ocr" && fromLeft && after && cutThousands(w.text, after.text)) {
      return false;
    }
    const span = { x0: w.x, x1: w.x + w.width };
    let own = columns.find((c) =>
      c !== whole && fits(w.text, c.type) &&
      overlapX(span, { x0: c.x0 - pad, x1: c.x1 + pad }) >= 0.5 * w.width
    );
    // Words left of where the description column starts, under or just past the column
    // before it, belong to that column ("MADE IN VIET NAM" in the marks column); words
    // further right are a description wider than its (centred) header.
    if (!own && whole.type === "description" && span.x1 < whole.x0) {
      const wide = 1.5 * doc.unit;
      // A word is no line number ("Hex" of "Hex bolts", "for" of "for CPW series").
      own = columns.filter((c) =>
        c.x1 < whole.x0 && (c.type !== "number" || fits(w.text, c.type))
      ).find((c) => overlapX(span, { x0: c.x0 - wide, x1: c.x1 + wide }) >= 0.5 * w.width) ??
        // A value set flush right in its cell ends near its narrow header, not under it
        // ("1.700 PCS" under "Q.tà", the goods' text run on after it).
        columns.filter((c) => c.x1 < whole.x0 && fits(w.text, c.type)).find((c) =>
          Math.max(c.x0 - span.x1, span.x0 - c.x1) <= wide
        ) ??
        quantityFirst(i);
    }
    // A description running on under a narrow header into the HS code column ("Extra virgin
    // olive oil, 5 l tins 1509.20.00"): its words up to where a code starts are the
    // description's.
    // A number in the text ("Skin care creams, 50 3304.99") is the description's too, when
    // the words before it were; but not words past another column between the description's
    // and the code's ("USD" of the amount "USD 6.475,00 0601.10").
    const wordy = (k: number) => /\p{L}/u.test(byWord[k]?.text ?? "");
    const running = (k: number) =>
      byWord[k - 1]?.col.type === "description" &&
      byWord.slice(k + 1).some((b) => /^\d{4}/.test(b.text));
    if (
      !own && fromLeft && whole.type === "hs_code" && !/^\d{4}/.test(w.text) &&
      (wordy(i) || wordy(i + 1) || running(i))
    ) {
      own = columns.find((c) =>
        c.type === "description" && c.x0 < whole.x0 && c.x0 <= w.x &&
        !columns.some((d) => d.x0 >= c.x1 && d.x1 <= w.x)
      );
    }
    // A currency before a number goes where the number goes ("USD 6.475,00" to the amount).
    if (!own && fromLeft && CURRENCY_WORD.test(w.text) && /^\d/.test(byWord[i + 1]?.text ?? "")) {
      if (leaves(i + 1, true)) own = byWord[i + 1]!.col;
    }
    // An amount and an HS code the text layer ran together ("55,527.20 94036010" under
    // "Amount" and "Tariff code", cells set without padding): a word whose middle lies
    // between a column's left edge and the next column's is that column's, when it reads as
    // that column's kind (a code of digit pairs; a number with decimals).
    if (!own && VALUE_ZONES.has(whole.type)) {
      const mid = w.x + w.width / 2;
      const zone = columns.find((c) =>
        c.x0 <= mid && !columns.some((d) => d.x0 > c.x0 && d.x0 <= mid)
      );
      const reads = zone?.type === "hs_code"
        ? HS_LIKE.test(w.text)
        : whole.type === "hs_code" && /\d[.,]\d{1,2}$/.test(w.text);
      // A weight beside the code goes to its own (unread) column as well.
      const takes = zone && (VALUE_ZONES.has(zone.type) ||
        whole.type === "hs_code" && zone.type === "other");
      if (zone && zone !== whole && takes && reads) own = zone;
    }
    // A line number starting the goods' text, in a table with a number column to its left
    // whose header is set apart from its numbers ("Item" over "1 Steel frames"); not on a
    // line of the description alone, which runs on ("80 l/min").
    if (
      !own && !alone && !numbered && whole.type === "description" && i === 0 &&
      isLineNumber(w.text)
    ) {
      own = columns.find((c) => c.type === "number" && c.x1 <= whole.x0);
    }
    if (!own) return false;
    byWord[i]!.col = own;
    return true;
  };
  for (let i = 0; i < byWord.length - 1 && leaves(i, true); i++);
  for (let i = byWord.length - 1; i > 0 && byWord[i]!.col === whole && leaves(i, false); i--);
  const out: { type: ColumnType; text: string }[] = [];
  for (const { col, text } of byWord) {
    const last = out[out.length - 1];
    if (last && last.type === col.type) last.text += ` ${text}`;
    else out.push({ type: col.type, text });
  }
  return out;
}

/** A currency alone: a code or a symbol ("USD", "€", "US$"). */
const CURRENCY_WORD = /^(?:[A-Z]{3}|\p{Lu}{0,2}\p{Sc})$/u;

/** A unit written after a quantity: "pcs", "kg", "ctns", "Stk.", "m2". */
const UNIT_WORD = /^(?:\p{L}{1,5}\.?|m[23²³])$/u;

/** Digits before a thousands separator, then the group of three after it (and its decimals). */
function cutThousands(head: string, tail: string): boolean {
  return /^\d{1,3}[.,]?$/.test(head) && /^\d{3}(?:[.,]\d{0,2})?$/.test(tail);
}

/** An HS code as printed: four digits, then pairs, with dots or nothing between. */
const HS_LIKE = /^\d{4}(?:\.?\d{2}){1,3}$/;

/** Columns of numbers and codes, whose cells a text layer may run together. */
const VALUE_ZONES = new Set<ColumnType>(["quantity", "unit_price", "amount", "hs_code", "count"]);

/** Whether a word could be a value of a column of this type. */
function fits(text: string, type: ColumnType): boolean {
  switch (type) {
    case "unit":
      return /^[A-Za-z][A-Za-z.]{0,9}$/.test(text);
    case "description":
    case "other":
      return /\p{L}/u.test(text);
    default:
      return /\d/.test(text) && !/\p{L}{3,}/u.test(text);
  }
}

/** A rival column overlapping a phrase at least this share as much as the best one ties with it. */
const TIE = 0.9;

/**
 * The column a phrase overlaps most; but where the phrase starts with a value of that column
 * and runs on into the column right of it, which overlaps it about as much and whose values
 * the phrase could be, that one. Under two narrow headers side by side (a CJK header parted
 * in two, "個数品目"), a quantity run into the goods' text ("3250 玉軸受 6205-2RS") overlaps
 * both alike: it is the goods' phrase, whose leading number then leaves for the quantities.
 */
function hostColumn(seg: Segment, columns: Column[], pad: number): Column | undefined {
  const best = bestColumn(seg, columns, pad);
  const first = seg.words[0]?.text ?? "";
  if (!best || phraseFits(seg.text, best.type) || !fits(first, best.type)) return best;
  const overlap = (c: Column) => overlapX(seg, { x0: c.x0 - pad, x1: c.x1 + pad });
  const rival = columns.filter((c) => c.x0 > best.x0 && phraseFits(seg.text, c.type))
    .sort((a, b) => overlap(b) - overlap(a))[0];
  return rival && overlap(rival) >= TIE * overlap(best) ? rival : best;
}

/** Whether a phrase could be a value of the column: a value and its unit ("1,200 pcs") too. */
function phraseFits(text: string, type: ColumnType): boolean {
  if (fits(text, type)) return true;
  const [value, unit, ...more] = text.split(/\s+/);
  return VALUE_ZONES.has(type) && more.length === 0 && /\d/.test(value ?? "") &&
    UNIT_WORD.test(unit ?? "");
}

function nearestColumn(seg: Segment, columns: Column[], within: number): Column | undefined {
  let best: Column | undefined;
  let bestDistance = within;
  for (const c of columns) {
    const distance = Math.max(c.x0 - seg.x1, seg.x0 - c.x1, 0);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
}

function appendCell(row: RawRow, type: ColumnType, cell: RawCell): void {
  const own = row.cells[type];
  row.cells[type] = own
    ? {
      text: joinText(own.text, cell.text),
      segments: [...own.segments, ...cell.segments],
      parted: own.parted || cell.parted,
    }
    : { text: cell.text, segments: [...cell.segments], parted: cell.parted };
}

/** Text broken over lines: "V-" and "NECK" were "V-NECK". */
function joinText(a: string, b: string): string {
  return /\p{L}-$/u.test(a) ? `${a}${b}` : `${a} ${b}`;
}

/**
 * Lines → items. Each item has one line with its value in the anchor column (the value
 * column most lines fill: quantity, amount, HS code or price); every other line joins the
 * anchor nearest to it, the one above when about as near. So a description running on under
 * top-aligned cells joins the item above, and a two-line description set around vertically
 * centred numbers joins the numbers between its lines.
 */
function joinLines(
  all: TableLine[],
  columns: Set<ColumnType>,
  small: (tl: TableLine) => boolean,
): RawRow[] {
  const lines = all.filter((tl) => !isReference(tl));
  const anchorType = anchorColumn(lines, columns);
  if (!anchorType) return [];
  // A code's last pair wrapped onto a line of its own ("6109 10" over "00") is no code: an
  // HS code anchors a row with four digits at least.
  const anchorValue = anchorType === "hs_code" ? /\d{4}|\d{2}[ .]\d{2}/ : NUMBER_WORD;
  const isAnchor = (tl: TableLine) => anchorValue.test(tl.cells[anchorType]?.text ?? "");
  const anchors = lines.map((tl, i) => isAnchor(tl) ? i : -1).filter((i) => i >= 0);
  if (anchors.length === 0) return [];
  const middle = (i: number) => (lines[i]!.line.y0 + lines[i]!.line.y1) / 2;
  // Cells set from the top: every row's text starts on the line of its numbers, and no text
  // stands above the first row's. Then a line between two rows runs on the row above, however
  // near the next row's numbers it stands (rows set without padding).
  // A line number alone in the goods' column (no number column of its own) is no text: the
  // row's text may start on the line above its numbers.
  const described = (i: number) => {
    const text = lines[i]!.cells.description?.text;
    return text !== undefined && !isLineNumber(text.trim());
  };
  const fromTop = anchors.every(described) &&
    !lines.slice(0, anchors[0]).some((tl) => tl.cells.description);
  // A line of text alone over the first row, which starts a new phrase on its own line ("Order
  // 4711" over "Ball bearings…"), heads the rows rather than starts the first: the rows'
  // texts all start on the lines of their numbers.
  const first = lines[anchors[0]!]!.cells.description?.text ?? "";
  const textOf = (tl: TableLine) => tl.line.segments.map((seg) => seg.text).join(" ");
  const headed = anchors.every(described) && /^\p{Lu}/u.test(first) &&
    lines.slice(0, anchors[0]).some((tl) => tl.cells.description) &&
    lines.slice(0, anchors[0]).every((tl) =>
      /^\p{Lu}/u.test(textOf(tl)) && !/[,/&-]$/.test(textOf(tl))
    );
  const owners: number[] = [];
  lines.forEach((_, i) => {
    const above = anchors.filter((a) => a <= i).at(-1);
    const below = anchors.find((a) => a > i);
    if (above === undefined) return owners.push(below!);
    if (below === undefined || above === i || fromTop) return owners.push(above);
    // Once a line starts the next row, the lines after it up to that row's numbers are its.
    if (owners[i - 1] === below) return owners.push(below);
    const up = middle(i) - middle(above), down = middle(below) - middle(i);
    // In cells set from the middle or the bottom, a line halfway between two rows that starts
    // a new phrase ("Upholstered chairs…", not "frames") begins the row below.
    const starts = /^\p{Lu}\p{Ll}/u.test(lines[i]!.cells.description?.text ?? "");
    owners.push(down < 0.8 * up || (starts && down <= 1.25 * up) ? below : above);
  });
  const rows = new Map<number, RawRow>(anchors.map((a) => [a, { cells: {}, wrapped: false }]));
  // A note ("Origin: FRANCE") follows the description it is about, however near the next
  // item's numbers stand: it belongs to the item above that has its description already.
  // A note's label broken over two lines ("Country of" over "origin: SPAIN") starts a note too.
  const heads = new Set(
    lines.flatMap((tl, i) => {
      const next = lines[i + 1];
      const a = tl.cells.description?.text, b = next?.cells.description?.text;
      if (!a || !b || isAnchor(tl) || isAnchor(next!)) return [];
      return isNoteHead(a, b) ? [i] : [];
    }),
  );
  const startsNote = (text: string, i: number) => isNoteLabel(text) || heads.has(i);
  const noteOwner = (tl: TableLine, i: number): RawRow | undefined => {
    const text = tl.cells.description?.text;
    if (!text || isAnchor(tl) || !(startsNote(text, i) || noteOf(text) || small(tl))) {
      return undefined;
    }
    const above = anchors.filter((a) => a < i).at(-1);
    const row = above === undefined ? undefined : rows.get(above);
    return row?.cells.description ? row : undefined;
  };
  // A note's label alone on its line ("Country of origin:"), its value on the next.
  let awaiting: RawRow | null = null;
  lines.forEach((tl, i) => {
    const description = tl.cells.description;
    if (description && isTotalText(description.text) && !isAnchor(tl)) return;
    if (headed && i < anchors[0]!) return;
    const pending = awaiting;
    awaiting = null;
    const row = pending && !isAnchor(tl) ? pending : noteOwner(tl, i) ?? rows.get(owners[i]!)!;
    if (description && !isAnchor(tl) && row.cells.description) {
      if (startsNote(description.text, i)) {
        awaiting = row;
        return;
      }
      // A "Label: value" line under a description is a note on the item (its origin, its HS
      // code), not more of the description; an HS code in it is the item's.
      // So is a line in smaller print than the descriptions, or a further line of the
      // description's own spreadsheet cell ("Lot no. 4711", "PO 12345").
      const note = pending
        ? noteOf(`note: ${description.text}`)
        : noteOf(description.text) ?? (small(tl) ? {} : null);
      if (note) {
        // A line of the description's own cell left out as a note: whether the note is the
        // description's too is the document's convention, not the reader's to be sure of.
        if (sameCell(description, row.cells.description)) row.wrapped = true;
        if (note.hs && !row.cells.hs_code) {
          row.cells.hs_code = { text: note.hs, segments: description.segments };
        }
        const { description: _, ...others } = tl.cells;
        for (const [type, cell] of Object.entries(others) as [ColumnType, RawCell][]) {
          appendCell(row, type, cell);
        }
        return;
      }
    }
    // A further line of the description's own cell is the same value's next line, not a guess
    // at which lines are the row's.
    if (description && row.cells.description && !sameCell(description, row.cells.description)) {
      row.wrapped = true;
    }
    for (const [type, cell] of Object.entries(tl.cells) as [ColumnType, RawCell][]) {
      // The row's line number, on the line of its numbers below the text's first line, is
      // set before the text (where it is read as the line's number), not in its middle.
      const own = row.cells.description;
      if (type === "description" && own && isAnchor(tl) && isLineNumber(cell.text.trim())) {
        row.cells.description = { ...own, text: `${cell.text} ${own.text}` };
      } else appendCell(row, type, cell);
    }
  });
  // A reference left out of a description's own cell ("Lot no. 4711" under the goods) is a
  // note left out as well.
  const references = all.filter((tl) => isReference(tl) && tl.cells.description);
  for (const row of rows.values()) {
    const own = row.cells.description;
    if (own && references.some((tl) => sameCell(tl.cells.description!, own))) row.wrapped = true;
  }
  return anchors.map((a) => rows.get(a)!);
}

/** Lines of one spreadsheet cell: the later ones further lines of the earlier one's cell. */
function sameCell(later: RawCell, earlier: RawCell): boolean {
  const last = earlier.segments.at(-1);
  return last !== undefined &&
    later.segments.every((s) =>
      (s.cellLine ?? 0) > 0 && s.x0 === last.x0 && s.page === last.page &&
      Math.floor(s.y0) === Math.floor(last.y0)
    );
}

/**
 * Whether a line's description is set apart from the descriptions as a note would be: in a
 * text layer, in print at most 0.88 of the descriptions' usual height (a 7.5 pt note under
 * 9 pt goods). OCR heights vary too much to tell. A spreadsheet cell is one value: a further
 * line of it is a note only where it reads as one ("Lot no. 4711", "Colour: black").
 */
function smallPrint(doc: DocumentLines, lines: TableLine[]): (tl: TableLine) => boolean {
  if (doc.source !== "pdf_text") return () => false;
  const heightOf = (tl: TableLine) =>
    median(
      (tl.cells.description?.segments ?? []).flatMap((s) => s.words.map((w) => w.height)),
    );
  const body = median(lines.filter((tl) => tl.cells.description).map(heightOf));
  return (tl) => tl.cells.description !== undefined && heightOf(tl) < 0.88 * body;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A line among the rows that is a reference set before its items ("Auftrag 17443", "Lot 12"):
 * a word and a whole number, the only number of the line, no goods' text. Its number standing
 * under the quantities would otherwise make an item of it, and move every item's numbers on.
 * A reference in the goods' column ("Lot no. 12912", "Shipment 1 of 1") is no goods' text
 * either, wherever it stands: it would start the next item's description or end the last one's.
 */
function isReference(tl: TableLine): boolean {
  const texts = tl.line.segments.map((s) => s.text.trim());
  if (texts.length !== 1) return false;
  if (tl.cells.description) return isReferenceText(texts[0]!);
  return /^\p{L}[\p{L}.]+:?\s+(?:(?:no|nr|n[°º])\.?\s*)?\d+$/iu.test(texts[0]!) ||
    isReferenceText(texts[0]!);
}

/** A line number alone ("5", "12."). */
function isLineNumber(text: string): boolean {
  return /^\d{1,4}\.?$/.test(text);
}

/**
 * A word that is a number, perhaps after a sign or a currency ("1,200", "-5.00", "€12.50",
 * "US$ 3"): not a unit with a digit ("m2", "m3") that a wrapped quantity cell puts on a line
 * of its own, which would otherwise start an item of its own.
 */
const NUMBER_WORD = /(?:^|\s)(?:\p{L}{0,3}\p{Sc})?[-+(]?\d/u;

/** The value column that the most lines fill with a number, in order of preference. */
function anchorColumn(lines: TableLine[], columns: Set<ColumnType>): ColumnType | null {
  const order: ColumnType[] = ["quantity", "amount", "hs_code", "unit_price"];
  let best: ColumnType | null = null;
  let bestCount = 0;
  for (const type of order) {
    if (!columns.has(type)) continue;
    const count = lines.filter((tl) => valueIn(tl.cells[type]?.text ?? "", type)).length;
    if (count > bestCount) {
      best = type;
      bestCount = count;
    }
  }
  return best;
}

/**
 * A cell of a money column that holds a number of its own: not an HS code alone that ran into
 * it from the code's cell beside ("US Dollars 8471 30 90"), which would make a line of its own
 * of a row's first line and so part the row in two.
 */
function valueIn(text: string, type: ColumnType): boolean {
  if (!NUMBER_WORD.test(text)) return false;
  if (type !== "unit_price" && type !== "amount") return true;
  return !CODE_ALONE.test(text.replace(/^(?:\p{L}+\s+)+/u, ""));
}

/** Digits as an HS code is written and a price never is: four, then pairs, spaces between. */
const CODE_ALONE = /^\d{4}(?: \d{2}){1,3}$/;

function isTotalText(text: string): boolean {
  return /^(sub ?total|total|grand total)\b/.test(fold(text));
}
