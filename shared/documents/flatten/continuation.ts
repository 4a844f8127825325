/**
 * The continuation sheet of a flattened form: values too long for their boxes at a readable
 * size, printed in full on pages added at the end, each as "Item N: <field name>" followed by
 * the value. The box itself says "see continuation sheet, item N", so the archived copy keeps
 * every character and says where it is.
 */
import { type FontUse, normalizeText, wrapText } from "../pdf/text.ts";
import { num } from "../pdf/writer.ts";

export interface ContinuationItem {
  /** The field's full name. */
  name: string;
  value: string;
}

const MARGIN = 42.52;
const TITLE_SIZE = 12;
const HEAD_SIZE = 7;
const HEAD_GRAY = 0.3;
const VALUE_SIZE = 8.5;
const LINE = 10.8;

/** What the box of the `n`th item (from 1) shows instead of its value. */
export function continuationReference(n: number): string {
  return `see continuation sheet, item ${n}`;
}

/** The content operators of each continuation page, for pages of `width` × `height` points. */
export function continuationPages(
  font: FontUse,
  items: ContinuationItem[],
  width: number,
  height: number,
): string[] {
  const pages: string[] = [];
  const textWidth = width - 2 * MARGIN;
  let ops = "";
  let y = 0;
  const text = (size: number, gray: number, line: string) => {
    ops += `BT ${num(gray)} g 1 0 0 1 ${num(MARGIN)} ${num(y)} Tm ${font.show(line, size)} ET\n`;
  };
  const newPage = () => {
    if (ops) pages.push(ops);
    ops = "";
    y = height - MARGIN - TITLE_SIZE;
    text(TITLE_SIZE, 0, pages.length ? "Continuation sheet (continued)" : "Continuation sheet");
    y -= 2 * LINE;
  };
  newPage();
  items.forEach((item, i) => {
    const lines = wrapText(font.metrics, normalizeText(item.value), VALUE_SIZE, textWidth);
    // An item's heading stays with at least its first line.
    if (y - 2 * LINE < MARGIN) newPage();
    text(HEAD_SIZE, HEAD_GRAY, `Item ${i + 1}: ${item.name}`);
    y -= LINE;
    for (const line of lines) {
      if (y < MARGIN) newPage();
      text(VALUE_SIZE, 0, line);
      y -= LINE;
    }
    y -= LINE / 2;
  });
  pages.push(ops);
  return pages;
}
