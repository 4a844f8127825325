/**
 * Ink the engine read no word in. A pen stroke across a block's first lines (a scribble, a tick
 * run long) makes Tesseract's layout analysis drop those lines altogether, not misread them: on
 * the dev scans an importer's name and street vanished so, and with them the whole block. The
 * page's ink outside every word read is gathered into areas, and each area that could hold a
 * line of text is read again on its own (tesseract.ts), where the stroke no longer sways the
 * analysis of the whole page.
 */
import type { GrayImage } from "./gray.ts";
import type { Box } from "./boxes.ts";
import { otsu } from "./preprocess.ts";

/** Side of the square cells the page's ink is counted in, in pixels at 300 dpi. */
const CELL = 16;
/** Ink pixels a cell needs to count: fewer are scanner speckle. */
const CELL_INK = 12;
/** Ink kept clear around a word read: its letters' anti-aliased edges and accents. */
const WORD_MARGIN = 4;
/** An area smaller than a short word at 300 dpi (height, width in pixels) holds no line. */
const MIN_HEIGHT = 28;
const MIN_WIDTH = 90;
/** An area larger than this share of the page is a picture or a stamp, not missed lines. */
const MAX_PAGE_SHARE = 0.08;
/** Areas read again on a page, at most (the largest first): each is a reading. */
export const MAX_UNREAD_AREAS = 6;

/**
 * The areas of the page (pixel boxes, a cell's margin around the ink) holding ink that no word
 * read covers, large enough for a line of text and small enough not to be a picture; largest
 * first. `dpi` scales the sizes above, given for 300 dpi.
 */
export function unreadInk(image: GrayImage, words: Box[], dpi: number): Box[] {
  const { width, height, data } = image;
  const k = dpi / 300;
  const cell = Math.max(4, Math.round(CELL * k));
  const cols = Math.ceil(width / cell), rows = Math.ceil(height / cell);
  const threshold = Math.min(otsu(data), 200);
  const covered = new Uint8Array(width * height);
  const margin = Math.round(WORD_MARGIN * k);
  for (const w of words) {
    const x0 = Math.max(0, w.x - margin), x1 = Math.min(width, w.x + w.width + margin);
    const y0 = Math.max(0, w.y - margin), y1 = Math.min(height, w.y + w.height + margin);
    for (let y = y0; y < y1; y++) covered.fill(1, y * width + x0, y * width + x1);
  }
  const counts = new Uint16Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data[i]! <= threshold && !covered[i]) counts[row + Math.floor(x / cell)]!++;
    }
  }
  const need = Math.max(2, Math.round(CELL_INK * k * k));
  const inked = counts.map((c) => c >= need ? 1 : 0);
  const areas: Box[] = [];
  const seen = new Uint8Array(cols * rows);
  for (let start = 0; start < inked.length; start++) {
    if (!inked[start] || seen[start]) continue;
    // Cells joined through their eight neighbours and a cell's gap: the letters of a line.
    let cx0 = cols, cy0 = rows, cx1 = -1, cy1 = -1;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const cx = at % cols, cy = Math.floor(at / cols);
      cx0 = Math.min(cx0, cx), cx1 = Math.max(cx1, cx), cy0 = Math.min(cy0, cy);
      cy1 = Math.max(cy1, cy);
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = cx + dx, ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (inked[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    // A cell's margin around the ink, within the page.
    const x0 = Math.max(0, (cx0 - 1) * cell), y0 = Math.max(0, (cy0 - 1) * cell);
    const x1 = Math.min(width, (cx1 + 2) * cell), y1 = Math.min(height, (cy1 + 2) * cell);
    const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    const inkHeight = (cy1 - cy0 + 1) * cell, inkWidth = (cx1 - cx0 + 1) * cell;
    if (inkHeight < MIN_HEIGHT * k || inkWidth < MIN_WIDTH * k) continue;
    if (box.width * box.height > MAX_PAGE_SHARE * width * height) continue;
    areas.push(box);
  }
  return areas.sort((a, b) => b.width * b.height - a.width * a.height).slice(0, MAX_UNREAD_AREAS);
}
