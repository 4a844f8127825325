/**
 * Both kinds of read document as one model the finder walks: pages of lines, each line a row
 * of segments (a phrase of words set apart by a wider gap, or a spreadsheet cell). Sheets are
 * laid out on a grid of cell units, one sheet a page, so "right of" and "below" mean the same
 * for a cell as for a phrase on a page.
 */
import type { Cell, ReadDocument, SheetDocument, TextDocument, Word } from "../layout.ts";

export interface Segment {
  text: string;
  words: Word[];
  page: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** The lowest word confidence in the segment (1 for a text layer or a cell). */
  confidence: number;
  /** A spreadsheet cell's own number or date, which needs no parsing. */
  cell?: Cell;
  /** What a spreadsheet number cell's format prints beside its number ("€", "USD"). */
  mark?: string;
  /** Which line of a spreadsheet cell of several lines this is (0 for the first). */
  cellLine?: number;
  /** Index of its line in DocumentLines.lines. */
  line: number;
}

export interface Line {
  page: number;
  /** Index of the line in the document (reading order). */
  index: number;
  y0: number;
  y1: number;
  segments: Segment[];
}

export interface DocumentLines {
  source: "pdf_text" | "ocr" | "sheet";
  lines: Line[];
  /** Typical text height: the unit of distances (1 for sheets: one row). */
  unit: number;
  /** Width of each page in the same units. */
  pageWidths: number[];
}

export function linesOf(doc: ReadDocument): DocumentLines {
  return doc.kind === "text" ? textLines(doc) : sheetLines(doc);
}

/** A gap between words wider than this share of their height starts a new segment. */
const SEGMENT_GAP = 0.9;
/**
 * OCR boxes hold the ink alone, a text layer's the font's full height: an OCR word is about
 * this much shorter than the type it was set in, so its gaps are measured against more.
 */
const INK_TO_FONT = 1.3;

function textLines(doc: TextDocument): DocumentLines {
  const lines: Line[] = [];
  const heights: number[] = [];
  doc.pages.forEach((page, p) => {
    const kept = page.words.filter((w) => w.text.trim() !== "" && w.height > 0);
    // A text layer is level; a scan may not be.
    const words = doc.source === "ocr" ? levelled(kept) : kept;
    for (const w of words) heights.push(w.height);
    for (const row of groupRows(words, doc.source === "ocr")) {
      lines.push({
        page: p,
        index: lines.length,
        y0: Math.min(...row.map((w) => w.y)),
        y1: Math.max(...row.map((w) => w.y + w.height)),
        segments: segmentsOf(row, p, lines.length, doc.source === "ocr" ? INK_TO_FONT : 1),
      });
    }
  });
  const kept = withoutFurniture(lines, doc.pages.map((p) => p.height));
  return {
    source: doc.source,
    lines: kept.map((line, index) => ({
      ...line,
      index,
      segments: line.segments.map((s) => ({ ...s, line: index })),
    })),
    unit: median(heights) || 10,
    pageWidths: doc.pages.map((p) => p.width),
  };
}

/** The bottom share of a page where footers are. */
const FOOTER_ZONE = 0.15;

/**
 * Drops page furniture from the foot of pages: a line with a page number ("Page 1 of 2"),
 * and a line repeated at the same place at the foot of several pages (digits aside). Left in,
 * a footer under a table that runs on to the next page reads as one more line of the last
 * item.
 */
function withoutFurniture(lines: Line[], heights: number[]): Line[] {
  const inFooter = (l: Line) => l.y0 > (1 - FOOTER_ZONE) * (heights[l.page] ?? Infinity);
  const key = (l: Line) =>
    `${Math.round(l.y0 / 4)}:${l.segments.map((s) => s.text).join(" ").replace(/\d+/g, "#")}`;
  const pagesOf = new Map<string, Set<number>>();
  for (const l of lines.filter(inFooter)) {
    pagesOf.set(key(l), (pagesOf.get(key(l)) ?? new Set()).add(l.page));
  }
  return lines.filter((l) => {
    if (!inFooter(l)) return true;
    const text = l.segments.map((s) => s.text).join(" ");
    if (/\b(page|seite|pag|página|page no)\.?\s*\d+\s*(of|\/|von|de|sur)\s*\d+/i.test(text)) {
      return false;
    }
    return (pagesOf.get(key(l))?.size ?? 0) < 2;
  });
}

/**
 * A skewed scan (a page fed at 1°) puts the end of a line a line lower than its start: the
 * words are sheared back level by the slope between neighbouring words of a line, the median
 * over the page. Words keep their x; only y moves.
 */
function levelled(words: Word[]): Word[] {
  const slopes: number[] = [];
  const byX = [...words].sort((a, b) => a.x - b.x);
  for (const w of words) {
    const mid = w.y + w.height / 2;
    const right = w.x + w.width;
    // The nearest word to the right on about the same line, among those starting within
    // three heights (found by bisection: a page has thousands of words).
    let lo = 0, hi = byX.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (byX[m]!.x <= right) lo = m + 1;
      else hi = m;
    }
    for (let i = lo; i < byX.length && byX[i]!.x - right < 3 * w.height; i++) {
      const n = byX[i]!;
      if (Math.abs(n.y + n.height / 2 - mid) > 0.5 * w.height) continue;
      if (Math.abs(n.height - w.height) > 0.3 * w.height) continue;
      slopes.push((n.y + n.height / 2 - mid) / (n.x + n.width / 2 - (w.x + w.width / 2)));
      break;
    }
  }
  if (slopes.length < 10) return words;
  const slope = median(slopes);
  if (Math.abs(slope) < 0.001) return words;
  return words.map((w) => ({ ...w, y: w.y - slope * (w.x + w.width / 2) }));
}

/**
 * Words → rows. A text layer's words of one line share a baseline whatever their size (a
 * small label above a larger value does not: it is a line of its own); OCR boxes are
 * compared by their vertical middles.
 */
function groupRows(words: Word[], ocr: boolean): Word[][] {
  const ref = (w: Word) => ocr ? w.y + w.height / 2 : w.y + 0.8 * w.height;
  const sorted = [...words].sort((a, b) => ref(a) - ref(b));
  const rows: { words: Word[]; ref: number; height: number }[] = [];
  for (const w of sorted) {
    const row = rows[rows.length - 1];
    const tolerance = (ocr ? 0.5 : 0.3) * Math.min(w.height, row?.height ?? w.height);
    if (row && Math.abs(ref(w) - row.ref) <= tolerance) {
      row.words.push(w);
      // A running mean follows a line that drifts (a slightly skewed scan).
      row.ref += (ref(w) - row.ref) / row.words.length;
      row.height = Math.max(row.height, w.height);
      continue;
    }
    rows.push({ words: [w], ref: ref(w), height: w.height });
  }
  return rows.map((r) => r.words.sort((a, b) => a.x - b.x));
}

function segmentsOf(row: Word[], page: number, line: number, scale: number): Segment[] {
  const segments: Segment[] = [];
  let current: Word[] = [];
  for (const w of row) {
    const last = current[current.length - 1];
    if (last) {
      const gap = w.x - (last.x + last.width);
      if (gap > SEGMENT_GAP * scale * Math.min(last.height, w.height)) {
        segments.push(segment(current, page, line));
        current = [];
      }
    }
    current.push(w);
  }
  if (current.length > 0) segments.push(segment(current, page, line));
  return segments;
}

function segment(words: Word[], page: number, line: number): Segment {
  return {
    line,
    text: joinWords(words),
    words,
    page,
    x0: Math.min(...words.map((w) => w.x)),
    x1: Math.max(...words.map((w) => w.x + w.width)),
    y0: Math.min(...words.map((w) => w.y)),
    y1: Math.max(...words.map((w) => w.y + w.height)),
    confidence: Math.min(...words.map((w) => w.confidence)),
  };
}

const CJK_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]/u;
const CJK_OR_DIGIT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々\d]/u;

/**
 * Words joined with spaces, except between the characters of CJK text that OCR gives one by
 * one ("玉 軸 受" is "玉軸受", "2026 年 3 月" is "2026年3月"): no space where CJK meets CJK or a
 * digit across a gap narrower than a space.
 */
function joinWords(words: Word[]): string {
  let text = "";
  words.forEach((w, i) => {
    const prev = words[i - 1];
    if (!prev) return void (text = w.text);
    const a = prev.text.at(-1) ?? "", b = w.text[0] ?? "";
    const gap = w.x - (prev.x + prev.width);
    const tight = gap < 0.3 * Math.min(prev.height, w.height);
    const cjk = (CJK_CHAR.test(a) || CJK_CHAR.test(b)) && CJK_OR_DIGIT.test(a) &&
      CJK_OR_DIGIT.test(b);
    text += (cjk && tight ? "" : " ") + w.text;
  });
  return text;
}

/**
 * Cells are laid out one unit wide and one unit high. A cell of several lines (an address typed
 * with Alt+Enter) is split into sub-lines stacked inside its row, so that its lines read like
 * the lines of a box on a page.
 */
function sheetLines(doc: SheetDocument): DocumentLines {
  const lines: Line[] = [];
  const pageWidths: number[] = [];
  doc.sheets.forEach((sheet, p) => {
    let width = 0;
    sheet.rows.forEach((row, r) => {
      const cells = row.map((cell) => cellLines(cell));
      const depth = Math.max(1, ...cells.map((c) => c.length));
      const height = 0.9 / depth;
      for (let i = 0; i < depth; i++) {
        const y0 = r + i * height;
        const segments: Segment[] = [];
        cells.forEach((texts, c) => {
          const text = texts[i];
          if (text === undefined) return;
          const word: Word = { text, x: c, y: y0, width: 0.9, height, confidence: 1 };
          segments.push({
            line: lines.length,
            text,
            words: [word],
            page: p,
            x0: c,
            x1: c + 0.9,
            y0,
            y1: y0 + height,
            confidence: 1,
            ...(texts.length === 1 ? { cell: row[c]! } : { cellLine: i }),
            ...(sheet.marks?.[r]?.[c] ? { mark: sheet.marks[r]![c]! } : {}),
          });
        });
        if (segments.length > 0) {
          lines.push({ page: p, index: lines.length, y0, y1: y0 + height, segments });
        }
      }
      width = Math.max(width, row.length);
    });
    pageWidths.push(Math.max(width, 1));
  });
  return { source: "sheet", lines, unit: 1, pageWidths };
}

function cellLines(cell: Cell): string[] {
  if (cell === null) return [];
  if (typeof cell === "number") return [String(cell)];
  return cell.split(/\r?\n/).map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
