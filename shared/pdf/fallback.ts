/**
 * The font fallback chain: fonts for the characters Noto Sans lacks (symbols such as ≤ → ☑,
 * Hebrew, Thai, Chinese, Japanese and Korean), tried in order; see fonts/fallback/README.md for
 * their sources and licences. A font is read and parsed the first time a document needs it
 * (once per process), so documents in Latin, Greek and Cyrillic never load one.
 *
 * Scripts that need shaping to be drawn correctly (Arabic, Syriac, Thaana, N'Ko, the Indic
 * scripts, Myanmar, Khmer, …) are left out: without a shaper their letters would print
 * disconnected or misplaced, so they count as uncovered and generation names them in a soft
 * warning (see uncoveredCharacters) rather than print them wrong.
 */
import { glyphOf, parseTrueType, type TrueTypeFont } from "./font.ts";

const CHAIN = [
  "NotoSansMath-Regular.subset.ttf",
  "NotoSansSymbols2-Regular.subset.ttf",
  "NotoSansHebrew-Regular.ttf",
  "NotoSansThai-Regular.ttf",
  "DroidSansFallbackFull.ttf",
  "NanumGothic-Hangul.ttf",
] as const;

/** Characters of scripts drawn only with shaping: never taken from a fallback font. */
const NEEDS_SHAPING =
  /[\u0600-\u08ff\u0900-\u0dff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u1800-\u18af\ua8e0-\ua8ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** Not drawn at all: white space, controls, joiners and variation selectors. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\ufe00-\ufe0f]/u;

const loaded = new Map<string, Promise<TrueTypeFont>>();

function load(file: string): Promise<TrueTypeFont> {
  let font = loaded.get(file);
  if (!font) {
    font = Deno.readFile(new URL(`./fonts/fallback/${file}`, import.meta.url))
      .then((bytes) => parseTrueType(bytes, file));
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
  if (NEEDS_SHAPING.test(text)) {
    // Noto Sans has Devanagari letters, but unshaped they print wrong: uncovered all the same.
    for (const ch of text) if (NEEDS_SHAPING.test(ch)) uncovered.add(ch.codePointAt(0)!);
    for (const cp of uncovered) rest.delete(cp);
  }
  for (const file of CHAIN) {
    if (rest.size === 0) break;
    const font = await load(file);
    const left = new Set<number>();
    for (const cp of rest) if (glyphOf(font, cp) === 0) left.add(cp);
    if (left.size < rest.size) fonts.push(font);
    rest = left;
  }
  for (const cp of rest) uncovered.add(cp);
  return { fonts, uncovered };
}
