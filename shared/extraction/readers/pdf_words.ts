/**
 * pdf.js text items → words in page coordinates. An item is a run of text drawn at once: it
 * may hold several words (split here at spaces, positions shared out by character count) or
 * only part of one (PDF writers break runs at kerning, so touching runs on a line are joined).
 */
import type { Word } from "../layout.ts";

export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, e, f]: text space → user space (PDF units, origin bottom left). */
  transform: number[];
  width: number;
  height: number;
}

/** User space → page space (origin top left, y downwards), as the page's viewport maps it. */
export type ToPage = (x: number, y: number) => [number, number];

/** Share of the font size a glyph reaches below the baseline and above it. */
const DESCENT = 0.2;
const ASCENT = 0.8;
/** Runs closer than this share of the font size are parts of one word. */
const JOIN_GAP = 0.12;

/**
 * A word of lower-case letters run into a capitalised one ("prsMen's"): two cells of a table
 * set without padding, a unit and the next column's text, which the PDF writer (or pdf.js)
 * drew as one run. A capital after a word's own capital ("PayPal", "McDonald") is no seam; nor is
 * one after a bracket closing a word's own part ("Box(es)"), only after a bracketed unit standing
 * alone ("(kg)HS": a weight header run into the next column's).
 */
const CELL_SEAM = /(?<=^\p{Ll}{2,})(?=\p{Lu}\p{Ll})|(?<=^\([^()\s]+\))(?=\p{Lu})/u;

interface Fragment extends Word {
  /** The run ended with a space: the next run starts a new word. */
  spaceAfter: boolean;
  spaceBefore: boolean;
  /** The space after it was an item of whitespace alone, not written in its run. */
  gapSpace?: boolean;
}

export function wordsOfItems(items: PdfTextItem[], toPage: ToPage): Word[] {
  const words: Word[] = [];
  let previous: Fragment | undefined;
  for (const item of items) {
    const fragments = fragmentsOf(item, toPage);
    if (fragments.length === 0) {
      if (previous && !previous.spaceAfter) previous.gapSpace = true;
      if (previous) previous.spaceAfter = true;
      continue;
    }
    for (const fragment of fragments) {
      if (previous && (joins(previous, fragment) || cjkSeam(previous, fragment))) {
        extend(previous, fragment);
        continue;
      }
      if (previous) words.push(plain(previous));
      previous = fragment;
    }
  }
  if (previous) words.push(plain(previous));
  return words;
}

function fragmentsOf(item: PdfTextItem, toPage: ToPage): Fragment[] {
  const str = item.str.normalize("NFC");
  if (str.trim() === "" || item.width <= 0) return [];
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const along = Math.hypot(a, b) || 1;
  const size = item.height > 0 ? item.height : Math.hypot(c, d);
  // Unit vectors along the text and up the glyphs, in user space.
  const ux = a / along, uy = b / along;
  const vx = -uy, vy = ux;
  const perChar = item.width / str.length;
  const out: Fragment[] = [];
  const tokens = [...str.matchAll(/\S+/g)].flatMap((m) => {
    const at = CELL_SEAM.exec(m[0])?.index;
    if (at === undefined) return [{ text: m[0], index: m.index }];
    return [{ text: m[0].slice(0, at), index: m.index }, {
      text: m[0].slice(at),
      index: m.index + at,
    }];
  });
  for (const m of tokens) {
    const from = m.index * perChar;
    const to = (m.index + m.text.length) * perChar;
    const corners = [
      [from, -DESCENT * size],
      [to, -DESCENT * size],
      [from, ASCENT * size],
      [to, ASCENT * size],
    ].map(([s, t]) => toPage(e + ux * s! + vx * t!, f + uy * s! + vy * t!));
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    const x = Math.min(...xs), y = Math.min(...ys);
    out.push({
      text: m.text,
      x,
      y,
      width: Math.max(...xs) - x,
      height: Math.max(...ys) - y,
      confidence: 1,
      spaceBefore: m.index > 0 || /^\s/.test(str),
      spaceAfter: m.index + m.text.length < str.length,
    });
  }
  return out;
}

function joins(left: Fragment, right: Fragment): boolean {
  if (left.spaceAfter || right.spaceBefore) return false;
  if (CELL_SEAM.exec(left.text + right.text)?.index === left.text.length) return false;
  const size = Math.min(left.height, right.height);
  const sameLine = Math.abs(left.y + left.height - (right.y + right.height)) < 0.3 * size;
  const gap = right.x - (left.x + left.width);
  return sameLine && gap > -0.3 * size && gap < JOIN_GAP * size;
}

/**
 * Where Chinese or Japanese meets a Latin letter or digit ("2芯", "T恤"), the two are set in
 * different fonts whose advances leave a gap that pdf.js reads as a space (an item of
 * whitespace alone): narrower than a space, it is none. A space written in the text, or a gap
 * a space wide, still parts them ("电气连接器 2芯").
 */
function cjkSeam(left: Fragment, right: Fragment): boolean {
  if (!left.gapSpace || right.spaceBefore) return false;
  if (
    !(CJK_END.test(left.text) && /^[\p{L}\d]/u.test(right.text)) &&
    !(CJK_START.test(right.text) && /[\p{L}\d]$/u.test(left.text))
  ) return false;
  const size = Math.min(left.height, right.height);
  const sameLine = Math.abs(left.y + left.height - (right.y + right.height)) < 0.3 * size;
  const gap = right.x - (left.x + left.width);
  return sameLine && gap >= 0 && gap < CJK_JOIN_GAP * size;
}

/** Narrower than a space at a CJK seam: a gap between fonts (a space is 0.3 em or more). */
const CJK_JOIN_GAP = 0.25;
const CJK_END = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]$/u;
const CJK_START = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;

function extend(left: Fragment, right: Fragment): void {
  const x1 = Math.max(left.x + left.width, right.x + right.width);
  const y1 = Math.max(left.y + left.height, right.y + right.height);
  left.text += right.text;
  left.x = Math.min(left.x, right.x);
  left.y = Math.min(left.y, right.y);
  left.width = x1 - left.x;
  left.height = y1 - left.y;
  left.spaceAfter = right.spaceAfter;
  left.gapSpace = right.gapSpace;
}

function plain(f: Fragment): Word {
  return { text: f.text, x: f.x, y: f.y, width: f.width, height: f.height, confidence: 1 };
}
