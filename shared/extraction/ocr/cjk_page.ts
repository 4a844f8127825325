/**
 * A Chinese or Japanese page: its English reading joined with a reading of the whole page by
 * the CJK model. The English model reads CJK characters as Latin debris ("发票号" as "RRS",
 * "货物名称" as "THAR"), often with a confidence high enough that no threshold tells it, so
 * reading only its uncertain boxes again left most labels as debris; and boxes read one at a
 * time with a margin round them picked up their neighbours' characters twice ("リ リ パ パ").
 * The CJK model reads the Latin parts of the page less well than the English one ("Co.，Ltd"),
 * so the English words stay wherever the CJK reading saw no CJK character.
 */
import type { PixelWord } from "./tesseract.ts";
import { area, gapAfter, intersection } from "./boxes.ts";

/** CJK characters below this confidence are not trusted over the English reading's words. */
const MIN_CJK_CONFIDENCE = 0.5;
/**
 * Two CJK words this close (against their height) are one word: CJK sets no spaces, but the
 * model's boxes hold a character's ink, so "口" beside "出" is 0.6 of the height away, while a
 * label and the unit after it ("請求金額 円") are a full height apart (tune split's CJK scans:
 * gaps within words 0.2–0.77, between words from 0.97).
 */
const JOIN_GAP = 0.85;
/** A long-vowel mark's ink is a short dash in the middle of its em: it never starts a word. */
const LONG_MARK_GAP = 2;

const CJK_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々〆]/u;
/** Punctuation that belongs to the CJK word before it (full-width forms and the colon). */
const CJK_TRAILER = /^[:：，、。）)」』]/u;

export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/** The CJK models, one of which reads a CJK page. */
export type CjkModel = "chi_sim" | "jpn";

/**
 * The model whose reading of the probe boxes is surer on average. Each reads the other's
 * script with the wrong forms or not at all (the Japanese model reads "单价" as "単位", the
 * Chinese one "請求書" as "请求书" and kana as debris), so which one is sure tells the
 * language; kana alone do not, since the Japanese model sees them in Chinese debris too
 * (tune split: the surer model was right on all 9 CJK scans).
 */
export function surest(probes: { model: CjkModel; boxes: PixelWord[][] }[]): CjkModel {
  const mean = (boxes: PixelWord[][]) => {
    const words = boxes.flat();
    return words.reduce((sum, w) => sum + w.confidence, 0) / Math.max(1, words.length);
  };
  return probes.reduce((best, p) => mean(p.boxes) > mean(best.boxes) ? p : best).model;
}

/**
 * The English reading with every word a CJK word of the other reading covers replaced by the
 * other reading's words there (the colon after a label with them), and the CJK words the
 * English model did not see at all added; then CJK characters set side by side joined.
 */
export function withCjkReading(english: PixelWord[], cjk: PixelWord[]): PixelWord[] {
  const sure = new Set(cjk.filter((w) => hasCjk(w.text) && w.confidence >= MIN_CJK_CONFIDENCE));
  const taken = new Set<PixelWord>();
  const out: PixelWord[] = [];
  for (const word of english) {
    const covering = cjk.filter((w) => covers(w, word));
    if (!covering.some((w) => sure.has(w))) {
      out.push(word);
      continue;
    }
    for (const w of covering) {
      if (!taken.has(w)) out.push(w);
      taken.add(w);
    }
  }
  for (const w of sure) if (!taken.has(w)) out.push(w);
  // What the CJK reading saw where the English one saw nothing: a label's colon ("出口商:"),
  // whose box the English debris of the label ended short of.
  const gaps = cjk.filter((w) =>
    !taken.has(w) && !sure.has(w) && w.confidence >= MIN_CJK_CONFIDENCE &&
    !out.some((o) => intersection(o, w) > 0)
  );
  return joinCjkRuns([...out, ...gaps]);
}

/**
 * Joins the words of a line that continue a CJK run ("出" "口" "商" ":" → "出口商:"); a CJK word
 * next to a Latin word or a number keeps its space ("電気コネクタ 2極").
 */
export function joinCjkRuns(words: PixelWord[]): PixelWord[] {
  const byLine = new Map<number | undefined, PixelWord[]>();
  for (const w of words) byLine.set(w.line, [...byLine.get(w.line) ?? [], w]);
  const out: PixelWord[] = [];
  for (const [line, group] of byLine) {
    if (line === undefined) {
      out.push(...group);
      continue;
    }
    const sorted = [...group].sort((a, b) => a.x - b.x);
    let run = sorted[0]!;
    for (const next of sorted.slice(1)) {
      if (continuesRun(run, next)) run = joined(run, next);
      else {
        out.push(run);
        run = next;
      }
    }
    out.push(run);
  }
  return out;
}

function continuesRun(a: PixelWord, b: PixelWord): boolean {
  const last = [...a.text].at(-1) ?? "";
  const first = [...b.text][0] ?? "";
  if (!CJK_CHAR.test(last) || !(CJK_CHAR.test(first) || CJK_TRAILER.test(b.text))) return false;
  const gap = gapAfter(a, b);
  const allowed = first === "ー" ? LONG_MARK_GAP : JOIN_GAP;
  return gap <= allowed * Math.max(a.height, b.height);
}

/**
 * The two as one word. Its height is the shorter CJK one's: the CJK model's character boxes often
 * reach far above or below the type (a 29-pixel line's "号" 47 high), and a tall word would
 * make its line reach into the next.
 */
function joined(a: PixelWord, b: PixelWord): PixelWord {
  const x = Math.min(a.x, b.x);
  // A trailing colon's box is no measure of the type.
  const low = hasCjk(b.text) && b.height < a.height ? b : a;
  return {
    ...a,
    text: a.text + b.text,
    x,
    y: low.y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: low.height,
    confidence: Math.min(a.confidence, b.confidence),
  };
}

/** Whether `a` lies over `b`: half the smaller of the two boxes is shared. */
function covers(a: PixelWord, b: PixelWord): boolean {
  return intersection(a, b) >= 0.5 * Math.min(area(a), area(b));
}
