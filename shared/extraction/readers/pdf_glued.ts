/**
 * Numbers of two table columns drawn as one run with no space between them ("949.76203.42",
 * "10'0503926.90"): narrow Writer and Calc cells let a right-aligned number touch the next
 * cell's text, and pdf.js then hands both over as one item. Such a run is no number of its own;
 * it is cut where it crosses a column edge, at a place that leaves a number left and a number or
 * tariff code right. The edge is where other lines' clean words (a header, a cell that was not
 * glued) start or end; when a column is glued on every row, the runs of one column also agree on
 * it: each run's cut is voted for by those words and by the other runs' own best cuts, so a
 * run's stray evidence gives way to its column's. Glyph positions inside a run are estimated
 * from its width: digits are set at one width in almost every font, separators at about half.
 */
import type { Word } from "../layout.ts";

/** One number as written: grouped thousands or plain digits, and maybe a decimal part. */
const NUMBER = /^(?:\d{1,3}(?:([,.' ’])\d{3})(?:\1\d{3})*|\d+)(?:[.,]\d+)?$/u;
/** The left part of a cut: a number with at most three decimals (an amount, price, weight). */
const SHORT_DECIMALS = /^[^.,]*$|[.,]\d{1,3}$|[.,' ’]\d{3}$/u;
/** A tariff code with dotted groups ("6109.10.10", "9401.6100") is one token, not two. */
const TARIFF = /^\d{4}(?:\.\d{2,4})+$/;
/** Only runs of digits and separators. */
const NUMERIC_RUN = /^\d[\d.,'’]*\d$/u;
/** A date ("18.10.2026", "2026.03.17") is one token. */
const DATE = /^(?:\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}[./]\d{1,2}[./]\d{1,2})$/;
/** More decimals than any amount, price or weight carries: the next cell's digits follow. */
const LONG_DECIMALS = /[.,]\d{5,}$/;

/** Share of the run's mean character width within which another word's edge marks a cut. */
const EDGE_TOLERANCE = 0.5;
/** A separator's width as a share of a digit's. */
const SEPARATOR_WIDTH = 0.5;

interface Cut {
  /** Characters left of the cut. */
  at: number;
  /** Its estimated position on the page. */
  x: number;
  /** The left part ends in two decimals. */
  cents: boolean;
}

export function splitGluedNumbers(words: Word[]): Word[] {
  const glued = new Set(words.filter((w) => isGlued(w.text)));
  if (glued.size === 0) return words;
  const clean = words.filter((w) => !glued.has(w));
  const edges = clean.flatMap((w) => [{ word: w, x: w.x }, { word: w, x: w.x + w.width }]);
  const own = [...glued].flatMap((word) => {
    const cut = bestCut(word, edges);
    return cut ? [{ word, x: cut.x }] : [];
  });
  return words.flatMap((word) => {
    if (!glued.has(word)) return [word];
    const cut = bestCut(word, [...edges, ...own]);
    if (!cut) return [word];
    return [
      { ...word, text: word.text.slice(0, cut.at), width: cut.x - word.x },
      { ...word, text: word.text.slice(cut.at), x: cut.x, width: word.x + word.width - cut.x },
    ];
  });
}

function isGlued(text: string): boolean {
  if (!NUMERIC_RUN.test(text) || TARIFF.test(text) || DATE.test(text)) return false;
  return !NUMBER.test(text) || LONG_DECIMALS.test(text);
}

/**
 * The cut most edges of other lines are at, if any is; of equals, the one leaving money's two
 * decimals on the left, else the leftmost.
 */
function bestCut(word: Word, edges: { word: Word; x: number }[]): Cut | undefined {
  const tolerance = EDGE_TOLERANCE * word.width / word.text.length;
  let best: Cut & { votes: number } | undefined;
  for (const cut of cutsOf(word)) {
    const votes = edges.filter((edge) =>
      edge.word !== word && !sameLine(word, edge.word) && Math.abs(edge.x - cut.x) < tolerance
    ).length;
    if (votes === 0 || (best && votes < best.votes)) {
      continue;
    }
    if (!best || votes > best.votes || (!best.cents && cut.cents)) {
      best = { ...cut, votes };
    }
  }
  return best;
}

/** The places a glued run can be cut leaving a number left and a number or code right. */
function cutsOf(word: Word): Cut[] {
  const widths = [...word.text].map((c) => /\d/.test(c) ? 1 : SEPARATOR_WIDTH);
  const unit = word.width / widths.reduce((a, b) => a + b, 0);
  const cuts: Cut[] = [];
  let x = word.x;
  for (let at = 1; at < word.text.length; at++) {
    x += widths[at - 1]! * unit;
    const left = word.text.slice(0, at), right = word.text.slice(at);
    if (at < 2 || word.text.length - at < 2) continue;
    if (!NUMBER.test(left) || !SHORT_DECIMALS.test(left)) continue;
    const rightReads = /^\d+$/.test(right) || TARIFF.test(right) ||
      (NUMBER.test(right) && !LONG_DECIMALS.test(right));
    if (rightReads) cuts.push({ at, x, cents: /[.,]\d{2}$/.test(left) });
  }
  return cuts;
}

function sameLine(a: Word, b: Word): boolean {
  return Math.abs(a.y + a.height - (b.y + b.height)) < 0.5 * Math.min(a.height, b.height);
}
