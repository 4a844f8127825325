/**
 * Letters the engine reads as other glyphs, mended where the words around them tell. A lone
 * "|" between a number and a word is the letter l of a unit ("5 l tins", "0.75 l bottles"):
 * table rules are whitened before the page is read (preprocess.ts), and a cell's border that
 * survives stands a cell's padding away from the text, not a space. A lone "1" there before a
 * word in lower case is that l too ("5 1 tins"): a count before a word is not set so. Tune
 * split: seven of the 34 300 dpi scans and image PDFs had a description with "5 | tins" or
 * "5 1 tins". A bar a space after a number that ends its phrase is that l as well ("0.75 |" at
 * the end of a description's first line, "228 |" in a quantity cell): the ten such bars of
 * the tune and fresh dev scans were each an l in the digital twin. An elided l read as a
 * one ("1'Europe") is mended wherever it stands.
 *
 * A number the engine cut at its separator ("48 875, 00", "222 .119, 50" for "48.875,00" and
 * "222.119,50") is joined again where the cut is narrower than a space: the separator's ink
 * is narrow but it takes a whole cell in a monospaced face, so the engine sees a gap there,
 * about a third of the type's height, where a space after a comma leaves a full height or more.
 */
import type { PixelWord } from "./tesseract.ts";
import { gapAfter, sameRow, union } from "./boxes.ts";

/** "1'Europe": an l elided before a vowel (French, Italian) read as the digit one. */
const ELIDED_L = /^1(['’]\p{L}.*)$/u;
/** Neighbours at most this far (against the line's height) are in the same phrase. */
const SPACE = 1;
/** A number's parts at most this far apart (against their height) were one word. */
const SEPARATOR_GAP = 0.45;

export function mendGlyphs(words: PixelWord[]): PixelWord[] {
  const byLine = new Map<number, PixelWord[]>();
  for (const w of words) {
    if (w.line !== undefined) byLine.set(w.line, [...byLine.get(w.line) ?? [], w]);
  }
  const mended = new Map<PixelWord, PixelWord>();
  for (const line of byLine.values()) {
    const sorted = [...line].sort((a, b) => a.x - b.x);
    sorted.forEach((w, i) => {
      const before = sorted[i - 1];
      const after = sorted[i + 1];
      const elided = w.text.match(ELIDED_L);
      if (elided) mended.set(w, { ...w, text: `l${elided[1]}` });
      if (!before || !near(before, w) || !/\d$/.test(before.text)) return;
      // A bar that ends its phrase after a number is the unit too, its words run on in the
      // next line ("0.75 |" over "bottles") or the quantity's cell ending there ("228 |").
      if (w.text === "|" && (!after || !near(w, after))) {
        mended.set(w, { ...w, text: "l" });
        return;
      }
      if (!after || !near(w, after)) return;
      const unit = w.text === "|" ? /^\p{L}/u : w.text === "1" ? /^\p{Ll}{2}/u : null;
      if (!unit || !unit.test(after.text)) return;
      mended.set(w, { ...w, text: "l" });
    });
  }
  return splitGluedWords(joinSplitNumbers(words.map((w) => mended.get(w) ?? w)));
}

/**
 * An amount and the HS code beside it read as one word ("63865.002204.21.00", narrow cells
 * whose gap the engine did not see): an amount with two decimals, then a code of four digits
 * and pairs, six to ten digits in all; or a weight with one decimal, then a code written with
 * its points ("516.68482.20": no number has two points so). Only where both parts read so:
 * "15,548.4090111" (a digit lost somewhere) is left as read.
 */
const GLUED_CODE = new RegExp(
  String
    .raw`^(\d{1,3}(?:,\d{3})*\.\d{2}|\d{1,3}(?:\.\d{3})*,\d{2}|\d+[.,]\d{2})(\d{4}(?:\.?\d{2}){1,3})$` +
    String
      .raw`|^(\d{1,3}(?:,\d{3})*\.\d|\d{1,3}(?:\.\d{3})*,\d|\d+[.,]\d)(\d{4}\.\d{2}(?:\.?\d{2}){0,2})$`,
);

/**
 * Two header cells' words read as one where a bracket ends the first: "(kg)Partida" of "Peso
 * bruto (kg)" beside "Partida arancelaria", which left the HS code column unnamed.
 */
const GLUED_HEADER = /^(\S*\))(\p{Lu}\p{Ll}+)$/u;

export function splitGluedWords(words: PixelWord[]): PixelWord[] {
  return words.flatMap((w) => {
    const m = w.text.match(GLUED_CODE);
    const parts = m ? [m[1] ?? m[3]!, m[2] ?? m[4]!] : w.text.match(GLUED_HEADER)?.slice(1);
    if (!parts) return [w];
    // Each part takes the width its characters take of the word.
    const cut = Math.round((w.width * parts[0]!.length) / w.text.length);
    return [
      { ...w, text: parts[0]!, width: cut },
      { ...w, text: parts[1]!, x: w.x + cut, width: w.width - cut },
    ];
  });
}

/**
 * "875," + "00" → "875,00" and "222" + ".119," → "222.119,", where the two nearly touch. The
 * two need not be in one of the engine's lines: in sparse mode it may put the parts of one
 * number in lines of their own, so being side by side is what counts.
 */
export function joinSplitNumbers(words: PixelWord[]): PixelWord[] {
  const pending = [...words].sort((a, b) => a.x - b.x);
  const runs = new Map<PixelWord, PixelWord>();
  while (pending.length > 0) {
    const first = pending.shift()!;
    let run = first;
    for (;;) {
      const i = pending.findIndex((next) => sameRow(run, next) && cutNumber(run, next));
      if (i < 0) break;
      run = joined(run, pending.splice(i, 1)[0]!);
    }
    runs.set(first, run);
  }
  // In the reading's order, each run where its first word was.
  return words.flatMap((w) => runs.get(w) ?? []);
}

function cutNumber(a: PixelWord, b: PixelWord): boolean {
  const atSeparator = (/\d[.,]$/.test(a.text) && /^\d+[.,]?$/.test(b.text)) ||
    (/^[-+]?[\d.,]*\d$/.test(a.text) && /^[.,]\d/.test(b.text));
  const gap = gapAfter(a, b);
  return atSeparator && gap <= SEPARATOR_GAP * Math.max(a.height, b.height);
}

function joined(a: PixelWord, b: PixelWord): PixelWord {
  return {
    ...a,
    text: a.text + b.text,
    ...union(a, b),
    confidence: Math.min(a.confidence, b.confidence),
  };
}

function near(a: PixelWord, b: PixelWord): boolean {
  return gapAfter(a, b) <= SPACE * Math.max(a.height, b.height);
}
