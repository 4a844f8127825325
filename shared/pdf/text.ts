/**
 * Text for the layout engine: normalising input, measuring strings by summing cached advance
 * widths (no shaping, no kerning), wrapping lines to a width, and encoding strings as Identity-H
 * glyph ids of the document's font subset.
 *
 * A FontUse is one font within one document: it assigns subset glyph ids on first use (id 0 is
 * .notdef), so content streams are written with the final ids and the subset is built at save
 * from `glyphs` in id order. Each distinct code point gets its own id, even when the font draws
 * two of them with one glyph (Latin A and Greek Alpha), so the ToUnicode map is exact; a code
 * point the font lacks gets a copy of .notdef and still extracts as itself.
 *
 * A FontUse may have fallbacks (fallback.ts: fonts for scripts and symbols Noto Sans lacks),
 * each a FontUse of its own: `show` draws a string as runs, each in the first font that has
 * its characters, and `metrics` measures with the same choice.
 */
import { bidiVisual } from "./bidi.ts";
import { glyphOf, type TrueTypeFont } from "./font.ts";
import { num } from "./writer.ts";

const HEX = "0123456789ABCDEF";
const HEX4: string[] = [];
function hex4(id: number): string {
  let s = HEX4[id];
  if (s === undefined) {
    s = HEX[(id >> 12) & 15]! + HEX[(id >> 8) & 15]! + HEX[(id >> 4) & 15]! + HEX[id & 15]!;
    HEX4[id] = s;
  }
  return s;
}

export class FontUse {
  /** The resource name in page and form resources, without the slash: "F1". */
  readonly name: string;
  readonly font: TrueTypeFont;
  /** Original glyph id of each subset glyph, in subset id order. */
  readonly glyphs: number[] = [0];
  /** The code point each subset glyph stands for, -1 for .notdef and outline components. */
  readonly codePoints: number[] = [-1];
  private readonly byCp = new Int32Array(65536).fill(-1);
  private readonly bySupplementary = new Map<number, number>();
  private fallbacks: readonly FontUse[] = [];
  /** The font to measure with: this one, with the fallbacks' widths where it lacks a glyph. */
  metrics: TrueTypeFont;

  constructor(font: TrueTypeFont, name: string) {
    this.font = font;
    this.name = name;
    this.metrics = font;
  }

  /** Sets the fonts for the characters this one lacks, tried in order. */
  useFallbacks(fallbacks: readonly FontUse[]): void {
    this.fallbacks = fallbacks;
    if (!fallbacks.length) {
      this.metrics = this.font;
      return;
    }
    const own = this.font.cmapBmp;
    const bmpWidths = this.font.bmpWidths.slice();
    for (let cp = 0; cp < 65536; cp++) {
      if (own[cp] !== 0) continue;
      const other = fallbacks.find((f) => f.font.cmapBmp[cp] !== 0);
      if (other) bmpWidths[cp] = other.font.bmpWidths[cp]!;
    }
    this.metrics = { ...this.font, bmpWidths };
  }

  /** The font that draws a code point: this one, else the first fallback that has it. */
  ownerOf(cp: number): FontUse {
    if (glyphOf(this.font, cp) !== 0) return this;
    return this.fallbacks.find((f) => glyphOf(f.font, cp) !== 0) ?? this;
  }

  /**
   * Text-showing operators for a line at a size: "/F1 8.5 Tf <…> Tj", one Tf/Tj pair per run
   * of characters one font draws. Right-to-left runs (Hebrew) are put in visual order.
   */
  show(line: string, size: number): string {
    const s = bidiVisual(line);
    if (!this.fallbacks.length) return `/${this.name} ${num(size)} Tf ${this.encode(s)} Tj`;
    let out = "";
    let run = "";
    let owner: FontUse | undefined;
    for (const ch of s) {
      const next = this.ownerOf(ch.codePointAt(0)!);
      if (owner && next !== owner) {
        out += `/${owner.name} ${num(size)} Tf ${owner.encode(run)} Tj `;
        run = "";
      }
      owner = next;
      run += ch;
    }
    return owner ? out + `/${owner.name} ${num(size)} Tf ${owner.encode(run)} Tj` : "";
  }

  get used(): boolean {
    return this.glyphs.length > 1;
  }

  /** The subset id for a code point, assigned on first use. */
  idFor(cp: number): number {
    if (cp < 65536) {
      const id = this.byCp[cp]!;
      if (id >= 0) return id;
    } else {
      const id = this.bySupplementary.get(cp);
      if (id !== undefined) return id;
    }
    const id = this.glyphs.length;
    this.glyphs.push(glyphOf(this.font, cp));
    this.codePoints.push(cp);
    if (cp < 65536) this.byCp[cp] = id;
    else this.bySupplementary.set(cp, id);
    return id;
  }

  /** The string as a hex string of 2-byte subset glyph ids (`<...>`, for Tj). */
  encode(s: string): string {
    let out = "<";
    const n = s.length;
    const byCp = this.byCp;
    for (let i = 0; i < n; i++) {
      let cp = s.charCodeAt(i);
      if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < n) {
        const lo = s.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i++;
        }
      }
      let id = cp < 65536 ? byCp[cp]! : -1;
      if (id < 0) id = this.idFor(cp);
      out += hex4(id);
    }
    return out + ">";
  }

  /** Width of a string at a font size, in points. */
  width(s: string, size: number): number {
    return (advance(this.metrics, s) * size) / 1000;
  }
}

/** Sum of advance widths in 1/1000 em. */
export function advance(font: TrueTypeFont, s: string): number {
  const w = font.bmpWidths;
  let total = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < n) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo < 0xe000) {
        total += font.widths[glyphOf(font, 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00))]!;
        i++;
        continue;
      }
    }
    total += w[c]!;
  }
  return total;
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u200b\ufeff]/g;
const NEEDS_WORK = /[^\x20-\x7e]/;

/**
 * NFC, line breaks as "\n", tabs as spaces, other control and invisible characters dropped.
 * Pure printable ASCII (most values) is returned as is.
 */
export function normalizeText(s: string): string {
  if (!NEEDS_WORK.test(s)) return s;
  return s.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(CONTROL, "");
}

/**
 * Greedy line wrapping at spaces; hard breaks at "\n"; a word wider than the line is broken
 * between characters. The text must already be normalised.
 */
export function wrapText(font: TrueTypeFont, s: string, size: number, maxWidth: number): string[] {
  const limit = (maxWidth * 1000) / size;
  const lines: string[] = [];
  for (const paragraph of s.split("\n")) {
    if (advance(font, paragraph) <= limit) {
      lines.push(paragraph.trimEnd());
      continue;
    }
    const words = paragraph.split(" ");
    const space = font.bmpWidths[32]!;
    let line = "";
    let lineWidth = 0;
    for (const word of words) {
      if (word === "") continue;
      const w = advance(font, word);
      if (line !== "" && lineWidth + space + w <= limit) {
        line += " " + word;
        lineWidth += space + w;
        continue;
      }
      if (line !== "") lines.push(line);
      if (w <= limit) {
        line = word;
        lineWidth = w;
        continue;
      }
      // A word wider than the line (an e-mail address, a URL, a long reference): break it after
      // its last "@", ".", "/", "-" or "_" that fits, else between characters.
      let part = "";
      let partWidth = 0;
      for (const ch of word) {
        const cw = advance(font, ch);
        if (part !== "" && partWidth + cw > limit) {
          const cut = lastBreak(part);
          lines.push(part.slice(0, cut));
          part = part.slice(cut);
          partWidth = advance(font, part);
        }
        part += ch;
        partWidth += cw;
      }
      line = part;
      lineWidth = partWidth;
    }
    lines.push(line);
  }
  return lines;
}

/** Where to break an over-long word: after its last break character, else at its end. */
function lastBreak(part: string): number {
  const at = Math.max(
    part.lastIndexOf("@"),
    part.lastIndexOf("."),
    part.lastIndexOf("/"),
    part.lastIndexOf("-"),
    part.lastIndexOf("_"),
  );
  // A break in the first third of the line would waste it: break between characters then.
  return at >= part.length / 3 ? at + 1 : part.length;
}

/** Cuts a string to fit a width, ending with an ellipsis when it was cut. */
export function fitText(font: TrueTypeFont, s: string, size: number, maxWidth: number): string {
  const limit = (maxWidth * 1000) / size;
  if (advance(font, s) <= limit) return s;
  const ellipsis = advance(font, "…");
  let out = "";
  let w = 0;
  for (const ch of s) {
    const cw = advance(font, ch);
    if (w + cw + ellipsis > limit) break;
    out += ch;
    w += cw;
  }
  return out.trimEnd() + "…";
}
