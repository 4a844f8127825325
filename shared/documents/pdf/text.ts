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
 *
 * A fallback with `shaping` (Arabic, the Indic scripts) draws its words shaped: the shaper's
 * glyphs, placed with its advances and offsets (TJ adjustments, text rise for marks). Each
 * glyph gets a subset id of its own per text it stands for, and the texts of a cluster are
 * spread over its glyphs in drawing order, so that extraction (which reads glyphs in drawing
 * order, and puts right-to-left text back in logical order) returns the string typed. The
 * measures (`metrics`) shape the words of those scripts too, so wrapping and alignment agree
 * with what is drawn.
 */
import { bidiTokens, bidiVisual } from "./bidi.ts";
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
  /** The text each shaped glyph's subset id stands for ("" for none), by subset id. */
  readonly texts = new Map<number, string>();
  private readonly byCp = new Int32Array(65536).fill(-1);
  private readonly bySupplementary = new Map<number, number>();
  private readonly byShaped = new Map<string, number>();
  private fallbacks: readonly FontUse[] = [];
  /** The fallbacks that draw shaped, and a test for their characters. */
  private shaped: readonly FontUse[] = [];
  private shapedTest: RegExp | null = null;
  /** Per BMP code point: 0, or the index + 1 of the shaped fallback that draws it (shapedTable). */
  private shapedBy: Uint8Array | null = null;
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
    this.shaped = fallbacks.filter((f) => f.font.shaping);
    this.shapedTest = this.shaped.length
      ? new RegExp(this.shaped.map((f) => f.font.shaping!.script.source).join("|"))
      : null;
    this.shapedBy = this.shaped.length ? shapedTable(this.shaped.map((f) => f.font)) : null;
    if (!fallbacks.length) {
      this.metrics = this.font;
      return;
    }
    const own = this.font.cmapBmp;
    const bmpWidths = this.font.bmpWidths.slice();
    for (let cp = 0; cp < 65536; cp++) {
      if (own[cp] !== 0 && !this.shapedBy?.[cp]) continue;
      const other = this.ownerOf(cp);
      if (other !== this) bmpWidths[cp] = other.font.bmpWidths[cp]!;
    }
    const plain: TrueTypeFont = { ...this.font, bmpWidths };
    const test = this.shapedTest;
    this.metrics = test === null ? plain : {
      ...plain,
      measure: (s) => test.test(s) ? this.shapedAdvance(s, plain) : advance(plain, s),
    };
  }

  /**
   * The font that draws a code point: this one, else the first fallback that has it; a
   * character of a shaped script only from its shaping font.
   */
  ownerOf(cp: number): FontUse {
    const k = cp < 65536 ? this.shapedBy?.[cp] : 0;
    if (k) return k === NO_SHAPER ? this : this.shaped[k - 1]!;
    if (glyphOf(this.font, cp) !== 0) return this;
    return this.fallbacks.find((f) => glyphOf(f.font, cp) !== 0) ?? this;
  }

  /**
   * Text-showing operators for a line at a size: "/F1 8.5 Tf <…> Tj", one Tf/Tj pair per run
   * of characters one font draws. Right-to-left runs (Hebrew) are put in visual order.
   */
  show(line: string, size: number): string {
    if (this.shapedTest?.test(line)) return this.showShaped(line, size);
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

  /**
   * `show` for a line with words of a shaped script: the line cut into tokens (a shaped word
   * with its marks and joiners is one, every other character one), put in visual order, each
   * shaped word drawn from its shaper's glyphs, the rest as `show` draws it.
   */
  private showShaped(line: string, size: number): string {
    const { tokens } = this.tokenize(line);
    let out = "";
    let run = "";
    let owner: FontUse | undefined;
    const flush = () => {
      if (owner && run) out += `/${owner.name} ${num(size)} Tf ${owner.encode(run)} Tj `;
      run = "";
    };
    for (const token of bidiTokens(tokens)) {
      const next = this.ownerOf(token.codePointAt(0)!);
      const shaping = next.font.shaping;
      if (shaping) {
        flush();
        owner = next;
        const rtl = shaping.rtl && !DIGIT.test(token);
        out += `/${next.name} ${num(size)} Tf ${next.shapedGlyphs(token, rtl, size)} `;
        continue;
      }
      if (owner && next !== owner) flush();
      owner = next;
      run += token;
    }
    flush();
    return out.trimEnd();
  }

  /** A line in tokens, logical order: a shaped word with its marks and joiners, or a character. */
  private tokenize(line: string): { tokens: string[]; owners: FontUse[] } {
    const tokens: string[] = [];
    const owners: FontUse[] = [];
    for (const ch of line) {
      const cp = ch.codePointAt(0)!;
      const last = tokens.length - 1;
      const prev = owners[last];
      if (prev?.font.shaping && !DIGIT.test(ch) && !DIGIT.test(tokens[last]!)) {
        // A mark joins the word only if its font has it (a Latin accent after Arabic does not).
        if (this.ownerOf(cp) === prev || (JOINS.test(ch) && glyphOf(prev.font, cp) !== 0)) {
          tokens[last] += ch;
          continue;
        }
      }
      tokens.push(ch);
      owners.push(this.ownerOf(cp));
    }
    return { tokens, owners };
  }

  /**
   * The advance of a string with shaped words (1/1000 em): each shaped word as its shaper
   * advances it (joined Arabic is up to a third narrower than its letters' own advances), the
   * rest from `plain`, the unshaped widths. (The shaper keeps the words it has shaped.)
   */
  private shapedAdvance(s: string, plain: TrueTypeFont): number {
    const { tokens, owners } = this.tokenize(s);
    let total = 0;
    tokens.forEach((token, i) => {
      const shaping = owners[i]!.font.shaping;
      if (!shaping) {
        total += advance(plain, token);
        return;
      }
      const rtl = shaping.rtl && !DIGIT.test(token);
      for (const g of shaping.shaper.shape(owners[i]!.font, token, rtl)) total += g.advance;
    });
    return total;
  }

  /**
   * A shaped word as TJ operators: each glyph where the shaper puts it (adjusting from the
   * advance in /W), marks raised or lowered with Ts, and the text position left at the end of
   * the shaped advance.
   */
  private shapedGlyphs(text: string, rtl: boolean, size: number): string {
    const glyphs = this.font.shaping!.shaper.shape(this.font, text, rtl);
    // Each cluster's text, in drawing order (reversed for right to left: extraction reverses
    // right-to-left runs back), spread over its glyphs one character each, the rest on the last.
    const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
    const endOf = new Map<number, number>();
    starts.forEach((start, i) => endOf.set(start, starts[i + 1] ?? text.length));
    const ids: number[] = new Array(glyphs.length);
    for (let i = 0; i < glyphs.length;) {
      const cluster = glyphs[i]!.cluster;
      let j = i;
      while (j < glyphs.length && glyphs[j]!.cluster === cluster) j++;
      const chars = [...text.slice(cluster, endOf.get(cluster))];
      if (rtl) chars.reverse();
      for (let k = i; k < j; k++) {
        const part = k === j - 1 ? chars.slice(k - i).join("") : chars[k - i] ?? "";
        ids[k] = this.idForGlyph(glyphs[k]!.gid, part);
      }
      i = j;
    }
    let out = "";
    let array = "";
    let hex = "";
    let x = 0; // where the text position is, 1/1000 em from the word's start
    let pen = 0; // where the shaper's pen is
    let rise = 0;
    const widths = this.font.widths;
    const closeHex = () => {
      if (hex) array += `<${hex}>`;
      hex = "";
    };
    glyphs.forEach((g, k) => {
      if (g.dy !== rise) {
        closeHex();
        if (array) out += `[${array}] TJ `;
        array = "";
        rise = g.dy;
        out += `${num((rise * size) / 1000)} Ts `;
      }
      const at = pen + g.dx;
      if (at !== x) {
        closeHex();
        array += ` ${x - at} `;
      }
      hex += hex4(ids[k]!);
      x = at + widths[g.gid]!;
      pen += g.advance;
    });
    closeHex();
    if (x !== pen) array += ` ${x - pen}`;
    if (array) out += `[${array}] TJ`;
    if (rise !== 0) out += " 0 Ts";
    return out;
  }

  /** The subset id for a glyph standing for `text` (a shaped glyph), assigned on first use. */
  private idForGlyph(gid: number, text: string): number {
    const key = `${gid} ${text}`;
    let id = this.byShaped.get(key);
    if (id === undefined) {
      id = this.glyphs.length;
      this.glyphs.push(gid);
      this.codePoints.push(-1);
      this.texts.set(id, text);
      this.byShaped.set(key, id);
    }
    return id;
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

const NO_SHAPER = 255;
const shapedTables = new Map<string, Uint8Array>();

/**
 * For shaping fonts: per BMP code point, 0 when no font's script holds it, else the index + 1
 * of the first font whose script holds it and that has a glyph for it, NO_SHAPER when none has.
 * Built once per process for each set of fonts (a document's shaped fallbacks).
 */
function shapedTable(fonts: readonly TrueTypeFont[]): Uint8Array {
  const key = fonts.map((f) => f.postScriptName).join(" ");
  let table = shapedTables.get(key);
  if (!table) {
    table = new Uint8Array(65536);
    for (let cp = 0x600; cp < 65536; cp++) {
      const ch = String.fromCharCode(cp);
      const scripts = fonts.filter((f) => f.shaping!.script.test(ch));
      if (!scripts.length) continue;
      const k = scripts.findIndex((f) => f.cmapBmp[cp] !== 0);
      table[cp] = k < 0 ? NO_SHAPER : fonts.indexOf(scripts[k]!) + 1;
    }
    shapedTables.set(key, table);
  }
  return table;
}

/** Sum of advance widths in 1/1000 em. */
export function advance(font: TrueTypeFont, s: string): number {
  if (font.measure !== undefined) return font.measure(s);
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

const DIGIT = /^\p{Nd}/u;
/** Characters that continue a shaped word: combining marks and the zero-width (non-)joiners. */
const JOINS = /[\p{M}\u200c\u200d]/u;

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
