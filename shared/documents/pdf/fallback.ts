/**
 * The font fallback chain: fonts for the characters Noto Sans lacks (symbols such as ≤ → ☑,
 * Hebrew, Arabic, the Indic scripts, Thai, Chinese, Japanese and Korean), tried in order; see
 * fonts/fallback/README.md for their sources and licences. A font is read and parsed the first
 * time a document needs it (once per process), so documents in Latin, Greek and Cyrillic never
 * load one.
 *
 * Arabic and the Indic scripts are drawn shaped (shaper.ts: HarfBuzz, loaded with the first
 * such font): their letters are taken only from their own font, even where Noto Sans has
 * glyphs for them (it has Devanagari), because unshaped they would print disconnected or
 * misplaced. Scripts that need shaping and have no font here (Syriac, Thaana, N'Ko, Sinhala,
 * Tibetan, Myanmar, Khmer, Mongolian, …) count as uncovered, and generation names them in a
 * soft warning (glyph_warnings.ts) rather than print them wrong.
 */
import { glyphOf, parseTrueType, type TrueTypeFont } from "./font.ts";
import { loadShaper } from "./shaper.ts";

interface Entry {
  file: string;
  /** The script this font draws shaped; its characters are taken from no other font. */
  shapes?: RegExp;
  rtl?: boolean;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefe]/;

const CHAIN: readonly Entry[] = [
  { file: "NotoSansMath-Regular.subset.ttf" },
  { file: "NotoSansSymbols2-Regular.subset.ttf" },
  { file: "NotoSansHebrew-Regular.ttf" },
  { file: "NotoSansArabic-Regular.ttf", shapes: ARABIC, rtl: true },
  { file: "NotoSansDevanagari-Regular.ttf", shapes: /[\u0900-\u097f\ua8e0-\ua8ff]/ },
  { file: "NotoSansBengali-Regular.ttf", shapes: /[\u0980-\u09ff]/ },
  { file: "NotoSansGurmukhi-Regular.ttf", shapes: /[\u0a00-\u0a7f]/ },
  { file: "NotoSansGujarati-Regular.ttf", shapes: /[\u0a80-\u0aff]/ },
  { file: "NotoSansOriya-Regular.ttf", shapes: /[\u0b00-\u0b7f]/ },
  { file: "NotoSansTamil-Regular.ttf", shapes: /[\u0b80-\u0bff]/ },
  { file: "NotoSansTelugu-Regular.ttf", shapes: /[\u0c00-\u0c7f]/ },
  { file: "NotoSansKannada-Regular.ttf", shapes: /[\u0c80-\u0cff]/ },
  { file: "NotoSansMalayalam-Regular.ttf", shapes: /[\u0d00-\u0d7f]/ },
  { file: "NotoSansThai-Regular.ttf" },
  { file: "DroidSansFallbackFull.ttf" },
  { file: "NanumGothic-Hangul.ttf" },
];

/** Characters of the scripts the chain draws shaped. */
const SHAPED =
  /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\u0900-\u0d7f\ua8e0-\ua8ff\ufb50-\ufdff\ufe70-\ufefe]/;

/** Characters of scripts drawn only with shaping that no font of the chain has. */
const NEEDS_SHAPING =
  /[\u0700-\u074f\u0780-\u089f\u0d80-\u0dff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u1800-\u18af]/;

/** Not drawn at all: white space, controls, joiners and variation selectors. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\ufe00-\ufe0f]/u;

const loaded = new Map<string, Promise<TrueTypeFont>>();

function load(entry: Entry): Promise<TrueTypeFont> {
  const { file, shapes } = entry;
  let font = loaded.get(file);
  if (!font) {
    font = Promise.all([
      Deno.readFile(new URL(`./fonts/fallback/${file}`, import.meta.url)),
      shapes ? loadShaper() : null,
    ]).then(([bytes, shaper]) => {
      const parsed = parseTrueType(bytes, file);
      if (!shaper || !shapes) return parsed;
      return { ...parsed, shaping: { shaper, script: shapes, rtl: entry.rtl ?? false } };
    });
    font.catch(() => loaded.delete(file));
    loaded.set(file, font);
  }
  return font;
}

/** The code points of `text` that `font` has no glyph for (nothing drawn invisible). */
function lacking(font: TrueTypeFont, text: string): Set<number> {
  const out = new Set<number>();
  const cmap = font.cmapBmp;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80 || (c < 0xd800 && cmap[c] !== 0)) continue;
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (glyphOf(font, cp) === 0 && !INVISIBLE.test(String.fromCodePoint(cp))) out.add(cp);
  }
  return out;
}

export interface Coverage {
  /** The fallback fonts the text needs, in chain order. */
  fonts: TrueTypeFont[];
  /** Code points no font of the chain draws (or that need shaping). */
  uncovered: Set<number>;
}

/** Which fallback fonts `text` needs beyond `primary`, and what stays uncovered. */
export async function coverage(primary: TrueTypeFont, text: string): Promise<Coverage> {
  let rest = lacking(primary, text);
  const fonts: TrueTypeFont[] = [];
  const uncovered = new Set<number>();
  if (SHAPED.test(text) || NEEDS_SHAPING.test(text)) {
    for (const ch of text) {
      // Noto Sans has Devanagari letters, but unshaped they print wrong: from their own font.
      if (SHAPED.test(ch) && !INVISIBLE.test(ch)) rest.add(ch.codePointAt(0)!);
      else if (NEEDS_SHAPING.test(ch)) uncovered.add(ch.codePointAt(0)!);
    }
    for (const cp of uncovered) rest.delete(cp);
  }
  for (const entry of CHAIN) {
    if (rest.size === 0) break;
    const left = new Set<number>();
    const takes = (cp: number) => {
      const shaped = SHAPED.test(String.fromCodePoint(cp));
      return entry.shapes ? shaped && entry.shapes.test(String.fromCodePoint(cp)) : !shaped;
    };
    if (![...rest].some(takes)) continue;
    const font = await load(entry);
    for (const cp of rest) if (!takes(cp) || glyphOf(font, cp) === 0) left.add(cp);
    if (left.size < rest.size) fonts.push(font);
    rest = left;
  }
  for (const cp of rest) uncovered.add(cp);
  return { fonts, uncovered };
}
