/**
 * The layout engine: places a DocumentSpec on A4 pages. The first page has the title and the
 * reference boxes; then the blocks flow down the page: rows of labelled boxes (heights from
 * their content), tables that break across pages with their header repeated, paragraphs that
 * break between lines, signature blocks kept whole. Continuation pages get a short header;
 * the footer (drawn afterwards, when the page count is known) is footer.ts.
 *
 * Empty field values become form field widgets in a fillable document and blank space in a
 * final one, so both look the same on paper.
 */
import { toFieldPath } from "../catalogue/paths.ts";
import { type Align, PageCanvas } from "./canvas.ts";
import type {
  Block,
  Box,
  BoxRow,
  Content,
  DocumentSpec,
  Paragraph,
  RenderContext,
  Signature,
  Table,
} from "./model.ts";
import { MARGIN } from "./page_frame.ts";
import { fitText, type FontUse, normalizeText, wrapText } from "./text.ts";

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export { MARGIN };
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const WIDTH = RIGHT - LEFT;
export const TOP = PAGE_HEIGHT - MARGIN;
/** Height kept for the footer above the bottom margin. */
export const FOOTER_HEIGHT = 58;
const BOTTOM = MARGIN + FOOTER_HEIGHT;

const BORDER = 0.5;
const BORDER_GRAY = 0;
const RULE_GRAY = 0.72;
const LABEL_GRAY = 0.3;
const FILL_HEADER = 0.9;
const FILL_TOTALS = 0.95;

const TITLE_SIZE = 14;
const TITLE_LH = 16.5;
const SUBTITLE_SIZE = 8.5;
const SUBTITLE_LH = 10.5;
const LABEL_SIZE = 6.5;
const LABEL_LH = 7.8;
const VALUE_SIZE = 8.5;
const VALUE_LH = 10.8;
const PAD_X = 3;
const PAD_TOP = 2.4;
const PAD_BOTTOM = 3;
const CELL_SIZE = 7.5;
const MIN_CELL_SIZE = 6;
const CELL_LH = 9.4;
const CELL_PAD_X = 2.5;
const CELL_PAD_Y = 2.6;
const HEAD_SIZE = 6.5;
const HEAD_LH = 7.6;
const MIN_HEAD_SIZE = 5;
const MULTILINE_LINES = 3;
const BLOCK_GAP = 6;
/** Where the content of a continuation page starts (below its short header). */
const CONTINUED_TOP = TOP - 20;

export interface Fonts {
  regular: FontUse;
  bold: FontUse;
}

/** A piece of a box's content: wrapped text, or a line slot for a field or a blank. */
type Piece =
  | { kind: "text"; font: FontUse; lines: string[] }
  | { kind: "slot"; name: string | null; lines: number; multiline: boolean }
  | {
    kind: "choice";
    name: string | null;
    selected: string;
    options: PreparedOption[];
    check: boolean;
  };

interface PreparedOption {
  value: string;
  lines: string[];
}

/** Side of a choice's tick box, and the indent of its label. */
const TICK = 6.5;
const TICK_INDENT = 10;

function pieceLines(p: Piece): number {
  if (p.kind === "text") return p.lines.length;
  if (p.kind === "slot") return p.lines;
  return p.options.reduce((n, o) => n + o.lines.length, 0);
}

interface PreparedBox {
  box: Box;
  x: number;
  width: number;
  numberText: string;
  numberWidth: number;
  labelLines: string[];
  pieces: Piece[];
  height: number;
}

interface Cell {
  lines: string[];
  font: FontUse;
  size: number;
  /** Field slot (fillable) or blank slot (final) for an empty value. */
  slot?: { name: string | null; lines: number; multiline: boolean };
  x: number;
  width: number;
  align: Align;
}

/** Baseline of text of a font size vertically centred (by cap height) in a line box. */
function baseline(lineTop: number, lineHeight: number, size: number): number {
  return lineTop - (lineHeight + 0.714 * size) / 2;
}

export class Composer {
  readonly pages: PageCanvas[] = [];
  private page!: PageCanvas;
  private y = TOP;
  private lastKind: Block["kind"] | "header" = "header";

  constructor(
    private readonly spec: DocumentSpec,
    private readonly ctx: RenderContext,
    private readonly fonts: Fonts,
  ) {}

  layout(): PageCanvas[] {
    this.newPage(true);
    const blocks = this.spec.blocks;
    const groups = keepGroups(blocks);
    for (const [i, block] of blocks.entries()) {
      const group = groups.find((g) => g.start === i);
      if (group) this.keepTogether(group);
      switch (block.kind) {
        case "boxes":
          this.boxRow(block);
          break;
        case "table":
          this.table(block, this.tailAfter(i, groups));
          break;
        case "paragraph":
          this.paragraph(block);
          break;
        case "signature":
          this.signature(block);
          break;
      }
      // A heading sits directly on the boxes that follow it.
      this.lastKind = block.kind === "paragraph" && block.style === "heading"
        ? "boxes"
        : block.kind;
    }
    return this.pages;
  }

  // ---------------------------------------------------------------- keep-together

  /**
   * Starts a new page before a declaration group (its wording, the boxes after it and the
   * signature) that does not fit in what is left of this page but fits on a page of its own.
   */
  private keepTogether(group: KeepGroup): void {
    const height = this.measureBlocks(group.start, group.end);
    if (!this.fresh && this.y - height < BOTTOM && height <= CONTINUED_TOP - BOTTOM) {
      this.newPage();
    }
  }

  /**
   * The height a table's last row must carry with it: the blocks from the table to the end of
   * a declaration group that follows it (no other table between), so the signature never
   * starts a page alone. 0 when there is no such group or it would not fit a page anyway.
   */
  private tailAfter(table: number, groups: KeepGroup[]): number {
    const group = groups.find((g) => g.start > table);
    if (!group) return 0;
    if (this.spec.blocks.slice(table + 1, group.end + 1).some((b) => b.kind === "table")) return 0;
    const height = this.measureBlocks(table + 1, group.end);
    return height <= (CONTINUED_TOP - BOTTOM) / 2 ? height : 0;
  }

  /** The height blocks first … last take, with the gaps between them (an upper bound). */
  private measureBlocks(first: number, last: number): number {
    let height = 0;
    for (const block of this.spec.blocks.slice(first, last + 1)) {
      height += BLOCK_GAP + this.measure(block);
    }
    return height;
  }

  private measure(block: Block): number {
    switch (block.kind) {
      case "boxes":
        return block.boxes.length
          ? Math.max(...this.prepareRow(block.boxes, LEFT, WIDTH).map((p) => p.height))
          : 0;
      case "paragraph":
        return this.paragraphLines(block).height;
      case "signature": {
        const { hA, hB } = this.prepareSignature(block);
        return hA + hB;
      }
      case "table":
        return 0;
    }
  }

  // ---------------------------------------------------------------- pages and headers

  private newPage(first = false): void {
    this.page = new PageCanvas();
    this.pages.push(this.page);
    this.y = TOP;
    this.lastKind = "header";
    if (first) this.firstHeader();
    else this.continuationHeader();
  }

  private get fresh(): boolean {
    return this.lastKind === "header";
  }

  /** Moves down by the gap before a block; a new page if `height` does not fit. */
  private reserve(height: number, kind: Block["kind"]): void {
    const gap = this.fresh || (kind === "boxes" && this.lastKind === "boxes") ? 0 : BLOCK_GAP;
    if (!this.fresh && this.y - gap - height < BOTTOM) {
      this.newPage();
      return;
    }
    this.y -= gap;
  }

  private firstHeader(): void {
    const { regular, bold } = this.fonts;
    const refs = this.spec.references;
    const titleWidth = refs.length ? WIDTH * 0.48 : WIDTH;
    let y = this.wrappedLines(bold, TITLE_SIZE, TITLE_LH, this.spec.title, titleWidth, TOP);
    if (this.spec.subtitle) {
      const { subtitle } = this.spec;
      y = this.wrappedLines(regular, SUBTITLE_SIZE, SUBTITLE_LH, subtitle, titleWidth, y - 1, 0.2);
    }
    let bottom = y;
    if (refs.length) {
      const x0 = LEFT + WIDTH * 0.52;
      const w = RIGHT - x0;
      const columns = refs.length === 1 ? 1 : 2;
      let top = TOP;
      for (let i = 0; i < refs.length; i += columns) {
        const row = refs.slice(i, i + columns).map((r) => ({ label: r.label, lines: [r.content] }));
        const prepared = this.prepareRow(row, x0, w);
        const h = Math.max(...prepared.map((p) => p.height));
        for (const p of prepared) this.drawBox(p, top, h);
        top -= h;
      }
      bottom = Math.min(bottom, top);
    }
    this.y = bottom - 8;
  }

  /** `text` wrapped to `width` from the left margin down from `top`; returns where it ends. */
  private wrappedLines(
    font: FontUse,
    size: number,
    lineHeight: number,
    text: string,
    width: number,
    top: number,
    gray?: number,
  ): number {
    let y = top;
    for (const line of wrapText(font.metrics, normalizeText(text), size, width)) {
      this.page.text(font, size, LEFT, y - size * 0.86, line, gray);
      y -= lineHeight;
    }
    return y;
  }

  private continuationHeader(): void {
    const { regular, bold } = this.fonts;
    const title = normalizeText(`${this.spec.title} (continued)`);
    this.page.text(bold, 9, LEFT, TOP - 8, fitText(bold.metrics, title, 9, WIDTH * 0.6));
    const ref = this.spec.references[0];
    if (ref) {
      const value = normalizeText(ref.content.value);
      const label = normalizeText(ref.label) + "  ";
      const vw = regular.width(value, 8);
      const lw = regular.width(label, 6.5);
      this.page.text(regular, 6.5, RIGHT - vw - lw, TOP - 8, label, LABEL_GRAY);
      this.page.text(regular, 8, RIGHT - vw, TOP - 8, value);
    }
    this.page.line(LEFT, TOP - 13, RIGHT, TOP - 13, BORDER, BORDER_GRAY);
    this.y = TOP - 20;
  }

  // ---------------------------------------------------------------- boxes

  private fieldName(path: string): string {
    return toFieldPath(path);
  }

  /** Content as pieces: wrapped text, or a slot for an empty field. */
  private pieces(lines: Content[], width: number, size: number): Piece[] {
    const out: Piece[] = [];
    for (const c of lines) {
      const options = c.kind === "field" ? c.options : undefined;
      if (
        c.kind === "field" && options &&
        (c.checkBox || c.value === "" || options.some((o) => o.value === c.value))
      ) {
        out.push({
          kind: "choice",
          name: this.ctx.finalDoc || c.value !== "" || c.path === ""
            ? null
            : this.fieldName(c.path),
          selected: c.value,
          check: !!c.checkBox,
          options: options.map((o) => ({
            value: o.value,
            lines: wrapText(
              this.fonts.regular.metrics,
              normalizeText(o.label),
              size,
              width - TICK_INDENT,
            ),
          })),
        });
        continue;
      }
      if (c.kind === "field" && c.value.trim() === "") {
        if (this.ctx.finalDoc && c.omitWhenEmpty) continue;
        out.push({
          kind: "slot",
          name: this.ctx.finalDoc ? null : this.fieldName(c.path),
          lines: c.multiline ? MULTILINE_LINES : 1,
          multiline: !!c.multiline,
        });
        continue;
      }
      const font = c.kind === "text" && c.bold ? this.fonts.bold : this.fonts.regular;
      out.push({
        kind: "text",
        font,
        lines: wrapText(font.metrics, normalizeText(c.value), size, width),
      });
    }
    return out;
  }

  private prepareRow(boxes: Box[], x0: number, width: number): PreparedBox[] {
    const total = boxes.reduce((s, b) => s + (b.span ?? 1), 0);
    let x = x0;
    return boxes.map((box, i) => {
      const w = i === boxes.length - 1 ? x0 + width - x : (width * (box.span ?? 1)) / total;
      const prepared = this.prepareBox(box, x, w);
      x += w;
      return prepared;
    });
  }

  private prepareBox(box: Box, x: number, width: number): PreparedBox {
    const { regular, bold } = this.fonts;
    const inner = width - 2 * PAD_X;
    const numberText = box.number ? normalizeText(box.number) : "";
    const numberWidth = numberText ? bold.width(numberText, LABEL_SIZE) + 3 : 0;
    const label = normalizeText(box.label);
    const labelLines = label
      ? wrapText(regular.metrics, label, LABEL_SIZE, inner - numberWidth)
      : [];
    if (!labelLines.length && numberText) labelLines.push("");
    const pieces = this.pieces(box.lines, inner, VALUE_SIZE);
    let lines = 0;
    for (const p of pieces) lines += pieceLines(p);
    lines = Math.max(lines, box.minLines ?? 0);
    const height = PAD_TOP + labelLines.length * LABEL_LH + lines * VALUE_LH + PAD_BOTTOM;
    return { box, x, width, numberText, numberWidth, labelLines, pieces, height };
  }

  private drawBox(p: PreparedBox, top: number, height: number): void {
    const { regular, bold } = this.fonts;
    const page = this.page;
    page.strokeRect(p.x, top - height, p.width, height, BORDER, BORDER_GRAY);
    let y = top - PAD_TOP;
    const textX = p.x + PAD_X;
    p.labelLines.forEach((line, i) => {
      const b = baseline(y, LABEL_LH, LABEL_SIZE);
      if (i === 0 && p.numberText) page.text(bold, LABEL_SIZE, textX, b, p.numberText);
      page.text(regular, LABEL_SIZE, textX + p.numberWidth, b, line, LABEL_GRAY);
      y -= LABEL_LH;
    });
    for (const piece of p.pieces) {
      if (piece.kind === "text") {
        for (const line of piece.lines) {
          page.text(piece.font, VALUE_SIZE, textX, baseline(y, VALUE_LH, VALUE_SIZE), line);
          y -= VALUE_LH;
        }
        continue;
      }
      if (piece.kind === "choice") {
        y = this.drawChoice(piece, textX, y);
        continue;
      }
      const h = piece.lines * VALUE_LH;
      if (piece.name !== null) {
        const bottom = Math.max(y - h, top - height + 1);
        page.widgets.push({
          name: piece.name,
          rect: [p.x + 1.5, bottom, p.x + p.width - 1.5, y + 0.5],
          multiline: piece.multiline,
          fontSize: VALUE_SIZE,
          align: "left",
        });
      }
      y -= h;
    }
  }

  /** A choice's options, each a tick box (or radio button) and its label; returns the new y. */
  private drawChoice(
    piece: Extract<Piece, { kind: "choice" }>,
    x: number,
    top: number,
  ): number {
    let y = top;
    for (const option of piece.options) {
      const boxY = baseline(y, VALUE_LH, VALUE_SIZE) - 0.5;
      if (piece.name !== null) {
        this.page.strokeRect(x, boxY, TICK, TICK, BORDER);
        this.page.widgets.push({
          name: piece.name,
          rect: [x, boxY, x + TICK, boxY + TICK],
          multiline: false,
          fontSize: 0,
          align: "left",
          radio: option.value,
          ...(piece.check ? { check: true } : {}),
        });
      } else {
        this.page.tickBox(x, boxY, TICK, option.value === piece.selected);
      }
      for (const line of option.lines) {
        const b = baseline(y, VALUE_LH, VALUE_SIZE);
        this.page.text(this.fonts.regular, VALUE_SIZE, x + TICK_INDENT, b, line);
        y -= VALUE_LH;
      }
    }
    return y;
  }

  private boxRow(row: BoxRow): void {
    if (!row.boxes.length) return;
    const prepared = this.prepareRow(row.boxes, LEFT, WIDTH);
    const height = Math.max(...prepared.map((p) => p.height));
    this.reserve(height, "boxes");
    for (const p of prepared) this.drawBox(p, this.y, height);
    this.y -= height;
  }

  // ---------------------------------------------------------------- tables

  private cells(table: Table, contents: Content[], bold: boolean, merge: boolean): Cell[] {
    const columns = table.columns;
    const xs = columnEdges(columns);
    // Totals may be shorter than the columns: they belong to the last columns.
    const offset = Math.max(0, columns.length - contents.length);
    const out: Cell[] = [];
    let pendingFrom = -1;
    for (let i = 0; i < columns.length; i++) {
      const content = i >= offset ? contents[i - offset] : undefined;
      const empty = !content || (content.kind === "text" && content.value.trim() === "");
      if (merge && empty && i < columns.length - 1) {
        if (pendingFrom < 0) pendingFrom = i;
        continue;
      }
      const from = merge && pendingFrom >= 0 ? pendingFrom : i;
      pendingFrom = -1;
      const cellX = xs[from]!;
      const width = xs[i + 1]! - cellX;
      const align = columns[i]!.align ?? "left";
      const font = bold || (content?.kind === "text" && content.bold)
        ? this.fonts.bold
        : this.fonts.regular;
      const cell: Cell = { lines: [], font, size: CELL_SIZE, x: cellX, width, align };
      if (content) {
        if (content.kind === "field" && content.value.trim() === "") {
          const lines = content.multiline ? MULTILINE_LINES : 1;
          cell.slot = {
            name: this.ctx.finalDoc ? null : this.fieldName(content.path),
            lines,
            multiline: !!content.multiline,
          };
        } else {
          const value = normalizeText(content.value);
          const inner = width - 2 * CELL_PAD_X;
          // One word (a number, a code) too wide for its column is set smaller, not broken.
          if (!/\s/.test(value)) {
            const w = font.width(value, CELL_SIZE);
            if (w > inner) cell.size = Math.max(MIN_CELL_SIZE, (CELL_SIZE * inner * 0.99) / w);
          }
          cell.lines = wrapText(font.metrics, value, cell.size, inner);
        }
      }
      out.push(cell);
    }
    return out;
  }

  private rowHeight(cells: Cell[]): number {
    let lines = 1;
    for (const c of cells) lines = Math.max(lines, c.slot ? c.slot.lines : c.lines.length);
    return lines * CELL_LH + 2 * CELL_PAD_Y;
  }

  private drawCells(cells: Cell[], top: number, height: number): void {
    for (const c of cells) {
      if (c.slot) {
        if (c.slot.name !== null) {
          this.page.widgets.push({
            name: c.slot.name,
            rect: [c.x + 1, top - height + 1, c.x + c.width - 1, top - 1],
            multiline: c.slot.multiline,
            fontSize: CELL_SIZE,
            align: c.align,
          });
        }
        continue;
      }
      let y = top - CELL_PAD_Y;
      for (const line of c.lines) {
        this.page.textIn(
          c.font,
          c.size,
          c.x + CELL_PAD_X,
          c.width - 2 * CELL_PAD_X,
          baseline(y, CELL_LH, c.size),
          line,
          c.align,
        );
        y -= CELL_LH;
      }
    }
  }

  private table(table: Table, tail = 0): void {
    const { bold } = this.fonts;
    const columns = table.columns;
    if (!columns.length) return;
    // Each column's left edge (the vertical rules stand between columns).
    const xs = columnEdges(columns).slice(0, -1);
    // A header word wider than its column makes that header smaller rather than break.
    const headerSizes: number[] = [];
    const headers = columns.map((c, i) => {
      const header = normalizeText(c.header);
      const inner = (i + 1 < xs.length ? xs[i + 1]! : RIGHT) - xs[i]! - 2 * CELL_PAD_X;
      let widest = 0;
      for (const word of header.split(/\s+/)) {
        widest = Math.max(widest, bold.width(word, HEAD_SIZE));
      }
      const size = widest > inner
        ? Math.max(MIN_HEAD_SIZE, (HEAD_SIZE * inner * 0.99) / widest)
        : HEAD_SIZE;
      headerSizes.push(size);
      return wrapText(bold.metrics, header, size, inner);
    });
    const headerHeight = Math.max(1, ...headers.map((h) => h.length)) * HEAD_LH + 2 * CELL_PAD_Y;
    const title = table.title ? normalizeText(table.title) : "";
    const titleHeight = title ? 12 : 0;

    const rows = table.rows.map((r) => this.cells(table, r, false, false));
    const totals = table.totals?.length ? this.cells(table, table.totals, true, true) : null;
    const heights = rows.map((r) => this.rowHeight(r));
    const totalsHeight = totals ? this.rowHeight(totals) : 0;
    // The header goes to the next page unless two rows (or the whole short table) fit below it.
    let opening = titleHeight + headerHeight;
    for (let i = 0; i < Math.min(2, rows.length); i++) opening += heights[i]!;
    if (rows.length <= 2) opening += totalsHeight;
    this.reserve(opening, "table");

    let segmentTop = 0;
    const startSegment = (continued: boolean) => {
      if (title) {
        const t = continued ? `${title} (continued)` : title;
        this.page.text(bold, 7.5, LEFT, this.y - 8.5, t);
        this.y -= titleHeight;
      }
      segmentTop = this.y;
      this.page.fillRect(LEFT, this.y - headerHeight, WIDTH, headerHeight, FILL_HEADER);
      headers.forEach((lines, i) => {
        let y = this.y - CELL_PAD_Y;
        const cx = xs[i]!;
        const cw = (i + 1 < xs.length ? xs[i + 1]! : RIGHT) - cx;
        for (const line of lines) {
          this.page.textIn(
            bold,
            headerSizes[i]!,
            cx + CELL_PAD_X,
            cw - 2 * CELL_PAD_X,
            baseline(y, HEAD_LH, headerSizes[i]!),
            line,
            columns[i]!.align ?? "left",
          );
          y -= HEAD_LH;
        }
      });
      this.y -= headerHeight;
      this.page.line(LEFT, this.y, RIGHT, this.y, BORDER, BORDER_GRAY);
    };
    const endSegment = (gridBottom: number) => {
      for (let i = 1; i < xs.length; i++) {
        this.page.line(xs[i]!, segmentTop, xs[i]!, gridBottom, 0.3, RULE_GRAY);
      }
      this.page.strokeRect(LEFT, this.y, WIDTH, segmentTop - this.y, BORDER, BORDER_GRAY);
    };

    startSegment(false);
    let rowsOnPage = 0;
    for (const [i, row] of rows.entries()) {
      const h = heights[i]!;
      // The last row stays with the totals and what must follow on its page (`tail`), so
      // they never stand alone on a page.
      const needed = i === rows.length - 1 ? h + totalsHeight + tail : h;
      if (rowsOnPage > 0 && this.y - needed < BOTTOM) {
        endSegment(this.y);
        this.newPage();
        startSegment(true);
        rowsOnPage = 0;
      }
      if (rowsOnPage > 0) this.page.line(LEFT, this.y, RIGHT, this.y, 0.3, RULE_GRAY);
      this.drawCells(row, this.y, h);
      this.y -= h;
      rowsOnPage++;
    }
    if (totals) {
      const h = totalsHeight;
      if (this.y - h < BOTTOM) {
        endSegment(this.y);
        this.newPage();
        startSegment(true);
      }
      const top = this.y;
      this.page.fillRect(LEFT, top - h, WIDTH, h, FILL_TOTALS);
      this.page.line(LEFT, top, RIGHT, top, 0.9, BORDER_GRAY);
      for (const c of totals.slice(1)) this.page.line(c.x, top, c.x, top - h, 0.3, RULE_GRAY);
      this.drawCells(totals, top, h);
      this.y -= h;
      for (let i = 1; i < xs.length; i++) {
        this.page.line(xs[i]!, segmentTop, xs[i]!, top, 0.3, RULE_GRAY);
      }
      this.page.strokeRect(LEFT, this.y, WIDTH, segmentTop - this.y, BORDER, BORDER_GRAY);
    } else {
      endSegment(this.y);
    }
  }

  // ---------------------------------------------------------------- paragraphs

  /** A paragraph's lines, and its height (a heading's with its box). */
  private paragraphLines(p: Paragraph): { lines: string[]; height: number } {
    const textValue = normalizeText(p.text);
    if (p.style === "heading") {
      const lines = wrapText(this.fonts.bold.metrics, textValue, 8, WIDTH - 8);
      return { lines, height: lines.length * 10 + 4 };
    }
    const note = p.style === "note";
    const lines = wrapText(this.fonts.regular.metrics, textValue, note ? 6.5 : 7.5, WIDTH);
    return { lines, height: lines.length * (note ? 8.2 : 9.4) + 2 };
  }

  private paragraph(p: Paragraph): void {
    const { regular, bold } = this.fonts;
    if (p.style === "heading") {
      const { lines, height: h } = this.paragraphLines(p);
      // Keep a heading with at least a few lines of what follows.
      this.reserve(h + 40, "paragraph");
      this.page.fillRect(LEFT, this.y - h, WIDTH, h, FILL_HEADER);
      this.page.strokeRect(LEFT, this.y - h, WIDTH, h, BORDER, BORDER_GRAY);
      let y = this.y - 2;
      for (const line of lines) {
        this.page.text(bold, 8, LEFT + 4, baseline(y, 10, 8), line);
        y -= 10;
      }
      this.y -= h;
      return;
    }
    const note = p.style === "note";
    const size = note ? 6.5 : 7.5;
    const lh = note ? 8.2 : 9.4;
    const gray = note ? LABEL_GRAY : 0;
    const { lines } = this.paragraphLines(p);
    this.reserve(Math.min(lines.length, 3) * lh + 2, "paragraph");
    this.y -= 1;
    for (const line of lines) {
      if (this.y - lh < BOTTOM) {
        this.newPage();
      }
      this.page.text(regular, size, LEFT, baseline(this.y, lh, size), line, gray);
      this.y -= lh;
    }
    this.y -= 1;
  }

  // ---------------------------------------------------------------- signatures

  private prepareSignature(s: Signature) {
    const details: Box[] = [];
    if (s.name) details.push({ label: "Name", lines: [s.name], span: 3 });
    if (s.title) details.push({ label: "Position", lines: [s.title], span: 3 });
    if (s.place) details.push({ label: "Place", lines: [s.place], span: 2 });
    if (s.date) details.push({ label: "Date", lines: [s.date], span: 2 });
    const signBoxes: Box[] = [{ label: s.caption, lines: [], minLines: 3, span: s.stamp ? 7 : 1 }];
    if (s.stamp) signBoxes.push({ label: "Stamp", lines: [], minLines: 3, span: 3 });

    const rowA = details.length ? this.prepareRow(details, LEFT, WIDTH) : [];
    const rowB = this.prepareRow(signBoxes, LEFT, WIDTH);
    const hA = rowA.length ? Math.max(...rowA.map((p) => p.height)) : 0;
    const hB = Math.max(...rowB.map((p) => p.height));
    return { rowA, rowB, hA, hB };
  }

  private signature(s: Signature): void {
    const { rowA, rowB, hA, hB } = this.prepareSignature(s);
    this.reserve(hA + hB, "signature");
    for (const p of rowA) this.drawBox(p, this.y, hA);
    this.y -= hA;
    for (const p of rowB) this.drawBox(p, this.y, hB);
    const sign = rowB[0]!;
    const lineY = this.y - hB + 9;
    this.page.line(sign.x + PAD_X + 4, lineY, sign.x + sign.width * 0.62, lineY, 0.4, 0.45);
    this.page.text(
      this.fonts.regular,
      5.5,
      sign.x + PAD_X + 4,
      lineY - 6,
      "Signature",
      LABEL_GRAY,
    );
    this.y -= hB;
  }
}

/** Blocks start … end (indices, inclusive) that go on one page together. */
interface KeepGroup {
  start: number;
  end: number;
}

/**
 * The declaration groups: each signature with the declaration wording before it (and that
 * wording's heading), and the boxes and notes between them. A signature with no declaration
 * before it (back to the previous table or signature) forms no group.
 */
export function keepGroups(blocks: readonly Block[]): KeepGroup[] {
  const groups: KeepGroup[] = [];
  blocks.forEach((block, end) => {
    if (block.kind !== "signature") return;
    let start = -1;
    for (let i = end - 1; i >= 0; i--) {
      const b = blocks[i]!;
      if (b.kind === "table" || b.kind === "signature") break;
      if (b.kind === "paragraph" && b.style === "declaration") {
        start = i;
        const before = blocks[i - 1];
        if (before?.kind === "paragraph" && before.style !== "note") start = i - 1;
        if (before?.kind === "paragraph" && before.style === "declaration") continue;
        break;
      }
    }
    if (start >= 0) groups.push({ start, end });
  });
  return groups;
}

/** The columns' left edges across the text width, by their relative widths, then RIGHT. */
function columnEdges(columns: Table["columns"]): number[] {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const edges: number[] = [];
  let x = LEFT;
  for (const c of columns) {
    edges.push(x);
    x += (WIDTH * c.width) / total;
  }
  edges.push(RIGHT);
  return edges;
}
