/**
 * Content-stream operators that draw a form value inside its widget's box, as the engine's own
 * appearance streams place it (2 pt from the left edge, vertically centred by cap height), and
 * the hash stamp at the foot of a page. Text that would not fit is set smaller, down to
 * MIN_SIZE (6 pt, still readable); a one-line value too long even then is wrapped within the
 * box. A value that does not fit its box even so (see `overflows`) is not drawn there but on a
 * continuation sheet (continuation.ts); the box says where. Drawing is clipped to the box, so a
 * flattened value never spills over the form's lines.
 */
import { crossOps } from "../pdf/canvas.ts";
import type { FontUse } from "../pdf/text.ts";
import { normalizeText, wrapText } from "../pdf/text.ts";
import { FOOTER_GRAY, MARGIN } from "../pdf/page_frame.ts";
import { num } from "../pdf/writer.ts";
import type { Placement } from "./fields.ts";

const PAD = 2;
export const MIN_SIZE = 6;
const STAMP_MIN_SIZE = 2;
/** Used when a field's /DA says 0 (auto size). */
const AUTO_MAX_SIZE = 10;
/** Line height over font size, as the engine sets values (10.8 / 8.5). */
const LINE_RATIO = 1.27;
/** Cap height of Noto Sans in em: centring by it puts the text's visible middle in the box. */
const CAP = 0.714;

const STAMP_SIZE = 6.5;

/** The operators drawing `value` in one widget's box with `font` (resource name font.name). */
export function valueOps(
  font: FontUse,
  value: string,
  at: Placement,
  multiline: boolean,
): string {
  const box = boxOf(at);
  if (box.width <= 0 || box.height <= 0) return "";
  const text = normalizeText(value);
  const body = multiline
    ? multilineOps(font, text, box)
    : singleLineOps(font, text.replace(/\n/g, " "), box);
  if (!body) return "";
  const [x1, y1, x2] = at.rect;
  return `q ${num(x1)} ${num(y1)} ${num(x2 - x1)} ${num(box.height)} re W n BT 0 g ${body} ET Q\n`;
}

/** Whether `value` cannot be drawn whole inside the widget's box at MIN_SIZE or larger. */
export function overflows(font: FontUse, value: string, at: Placement, multiline: boolean) {
  const { width, height } = boxOf(at);
  const text = normalizeText(value);
  if (text.trim() === "") return false;
  if (width <= 0 || height <= 0) return true;
  if (!multiline && !text.includes("\n") && font.width(text, MIN_SIZE) <= width) return false;
  const lines = wrapText(
    font.metrics,
    multiline ? text : text.replace(/\n/g, " "),
    MIN_SIZE,
    width,
  );
  return lines.length * MIN_SIZE * LINE_RATIO > height - PAD;
}

/** A widget's box: the room for text inside its padding. */
interface Box {
  at: Placement;
  width: number;
  height: number;
}

function boxOf(at: Placement): Box {
  const [x1, y1, x2, y2] = at.rect;
  return { at, width: x2 - x1 - 2 * PAD, height: y2 - y1 };
}

function singleLineOps(font: FontUse, text: string, box: Box): string {
  const { at, width, height } = box;
  if (text.trim() === "") return "";
  let size = at.fontSize || Math.max(MIN_SIZE, Math.min(AUTO_MAX_SIZE, (height - 2) / 1.2));
  const natural = font.width(text, size);
  if (natural > width) {
    size = (size * width) / natural;
    // Too long for one line even at the smallest size: wrap it within the box instead.
    if (size < MIN_SIZE) return multilineOps(font, text, box);
  }
  const y = at.rect[1] + Math.max(1, (height - size * CAP) / 2);
  const x = alignedX(at, font.width(text, size), width);
  return `1 0 0 1 ${num(x)} ${num(y)} Tm ${font.show(text, size)}`;
}

function multilineOps(font: FontUse, text: string, box: Box): string {
  const { at, width, height } = box;
  let size = at.fontSize || AUTO_MAX_SIZE;
  let lines = wrapText(font.metrics, text, size, width);
  while (lines.length * size * LINE_RATIO > height - PAD && size > MIN_SIZE) {
    size = Math.max(MIN_SIZE, size - 0.5);
    lines = wrapText(font.metrics, text, size, width);
  }
  const lineHeight = size * LINE_RATIO;
  let top = at.rect[3] - PAD / 2;
  let ops = "";
  for (const line of lines) {
    if (line !== "") {
      const y = top - (lineHeight + CAP * size) / 2;
      const x = alignedX(at, font.width(line, size), width);
      ops += ` 1 0 0 1 ${num(x)} ${num(y)} Tm ${font.show(line, size)}`;
    }
    top -= lineHeight;
    if (top < at.rect[1] - lineHeight) break;
  }
  return ops;
}

function alignedX(at: Placement, textWidth: number, width: number): number {
  const left = at.rect[0] + PAD;
  if (at.align === 1) return left + Math.max(0, (width - textWidth) / 2);
  if (at.align === 2) return left + Math.max(0, width - textWidth);
  return left;
}

/** The cross of a ticked check box or radio button, in the widget's (square) box. */
export function tickOps(rect: [number, number, number, number]): string {
  const [x1, y1, x2, y2] = rect;
  const size = Math.min(x2 - x1, y2 - y1);
  return crossOps(x1 + (x2 - x1 - size) / 2, y1 + (y2 - y1 - size) / 2, size) + "\n";
}

/** The stamp's text as printed. */
export function stampText(stamp: string): string {
  return `Hash stamp: ${normalizeText(stamp).replace(/\s+/g, " ").trim()}`;
}

/**
 * The hash stamp in the bottom margin of a page whose visible area is `box`, below the
 * engine's footer, shrunk to the page's width when long.
 */
export function stampOps(font: FontUse, stamp: string, box: [number, number, number, number]) {
  const [x1, y1, x2] = box;
  // The engine's A4 margin; other page sizes scale it.
  const margin = Math.min(MARGIN, (x2 - x1) * 0.07);
  const width = x2 - x1 - 2 * margin;
  const text = stampText(stamp);
  const natural = font.width(text, STAMP_SIZE);
  const size = natural > width
    ? Math.max(STAMP_MIN_SIZE, (STAMP_SIZE * width) / natural)
    : STAMP_SIZE;
  const y = y1 + Math.min(20, margin / 2);
  return `q BT ${num(FOOTER_GRAY)} g 1 0 0 1 ${num(x1 + margin)} ${num(y)} Tm ` +
    `${font.show(text, size)} ET Q\n`;
}
