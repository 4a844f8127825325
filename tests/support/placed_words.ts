/** Words placed on a page for the field finder's tests. */
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";

/** A word per space-separated token of `text`, 5 pt a character, 10 pt high, from (x, y). */
export function words(x: number, y: number, text: string, confidence = 1): Word[] {
  const out: Word[] = [];
  let at = x;
  for (const token of text.split(" ")) {
    out.push({ text: token, x: at, y, width: token.length * 5, height: 10, confidence });
    at += token.length * 5 + 3;
  }
  return out;
}

/** A line: each cell's text at its x. */
export function row(y: number, cells: [number, string][]): Word[] {
  return cells.flatMap(([x, text]) => words(x, y, text));
}

/** A text-layer document of one A4-like page (600 × 850 pt) holding `placed` words. */
export function onePage(placed: Word[]): TextDocument {
  return { kind: "text", source: "pdf_text", pages: [{ width: 600, height: 850, words: placed }] };
}

/** A scanned document (OCR's words) of one page of that size holding `placed` words. */
export function scannedPage(placed: Word[]): TextDocument {
  return { kind: "text", source: "ocr", pages: [{ width: 600, height: 850, words: placed }] };
}

/** Words from a page sketch: each line "x y text"; two phrases of one line share their y. */
export function sketch(lines: string, confidence = 0.95): Word[] {
  return lines.trim().split("\n").flatMap((line) => {
    const [, x, y, text] = line.trim().match(/^(\d+) (\d+) (.+)$/)!;
    return words(Number(x), Number(y), text!, confidence);
  });
}
