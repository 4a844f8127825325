/**
 * TrueType parsing for the layout engine: just what measuring, drawing and subsetting need.
 * A font is parsed once per process (see `loadFonts`); every lookup afterwards is a typed-array
 * read. Tables read: head, hhea, maxp, hmtx, loca, glyf (composite components), cmap (formats 4
 * and 12), OS/2, post, name.
 *
 * Widths are kept in PDF text space units (1/1000 em), rounded once, so that measuring, the /W
 * array and the font program agree.
 */
import type { Shaper } from "./shaper.ts";

export interface TableRecord {
  offset: number;
  length: number;
}

export interface TrueTypeFont {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly tables: ReadonlyMap<string, TableRecord>;
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly numberOfHMetrics: number;
  /** 0: short loca offsets (×2), 1: long. */
  readonly indexToLocFormat: number;
  readonly postScriptName: string;
  readonly familyName: string;
  readonly weightClass: number;
  readonly italicAngle: number;
  /** In 1/1000 em. */
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly bbox: readonly [number, number, number, number];
  /** Advance width of each glyph in 1/1000 em, rounded. */
  readonly widths: Uint16Array;
  /** Glyph id for each BMP code point (0 when the font lacks it). */
  readonly cmapBmp: Uint16Array;
  /** Glyph ids for code points above the BMP. */
  readonly cmapSupplementary: ReadonlyMap<number, number>;
  /** Advance width (1/1000 em) for each BMP code point; .notdef's width when missing. */
  readonly bmpWidths: Uint16Array;
  /** For a fallback font whose script is drawn shaped (fallback.ts): the shaper and script. */
  readonly shaping?: Shaping;
  /**
   * For measuring with shaped fallbacks (text.ts): the advance of a string in 1/1000 em, in
   * place of summing `bmpWidths`.
   */
  readonly measure?: (s: string) => number;
}

export interface Shaping {
  shaper: Shaper;
  /** The characters this font draws shaped (its script's blocks). */
  script: RegExp;
  /** Whether the script runs right to left (Arabic). */
  rtl: boolean;
}

export function parseTrueType(bytes: Uint8Array, label = "font"): TrueTypeFont {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sfntVersion = view.getUint32(0);
  if (sfntVersion !== 0x00010000 && sfntVersion !== 0x74727565) {
    throw new Error(`${label}: not a TrueType font (glyf outlines required)`);
  }
  const tables = new Map<string, TableRecord>();
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(
      bytes[rec]!,
      bytes[rec + 1]!,
      bytes[rec + 2]!,
      bytes[rec + 3]!,
    );
    tables.set(tag, { offset: view.getUint32(rec + 8), length: view.getUint32(rec + 12) });
  }
  const table = (tag: string): TableRecord => {
    const t = tables.get(tag);
    if (!t) throw new Error(`${label}: missing table '${tag}'`);
    return t;
  };

  const head = table("head").offset;
  const unitsPerEm = view.getUint16(head + 18);
  const scale = 1000 / unitsPerEm;
  const bbox = [
    Math.round(view.getInt16(head + 36) * scale),
    Math.round(view.getInt16(head + 38) * scale),
    Math.round(view.getInt16(head + 40) * scale),
    Math.round(view.getInt16(head + 42) * scale),
  ] as const;
  const indexToLocFormat = view.getInt16(head + 50);

  const hhea = table("hhea").offset;
  const numberOfHMetrics = view.getUint16(hhea + 34);
  const numGlyphs = view.getUint16(table("maxp").offset + 4);
  table("glyf");
  table("loca");

  const hmtx = table("hmtx").offset;
  const widths = new Uint16Array(numGlyphs);
  let last = 0;
  for (let g = 0; g < numGlyphs; g++) {
    if (g < numberOfHMetrics) last = view.getUint16(hmtx + g * 4);
    widths[g] = Math.round(last * scale);
  }

  let ascent = Math.round(view.getInt16(hhea + 4) * scale);
  let descent = Math.round(view.getInt16(hhea + 6) * scale);
  let weightClass = 400;
  let capHeight = Math.round(ascent * 0.7);
  let xHeight = Math.round(ascent * 0.5);
  const os2 = tables.get("OS/2");
  if (os2) {
    const o = os2.offset;
    const version = view.getUint16(o);
    weightClass = view.getUint16(o + 4);
    ascent = Math.round(view.getInt16(o + 68) * scale);
    descent = Math.round(view.getInt16(o + 70) * scale);
    if (version >= 2 && os2.length >= 90) {
      xHeight = Math.round(view.getInt16(o + 86) * scale);
      capHeight = Math.round(view.getInt16(o + 88) * scale);
    }
  }
  const post = tables.get("post");
  const italicAngle = post ? view.getInt32(post.offset + 4) / 65536 : 0;

  const names = readNames(view, bytes, tables.get("name"));
  const { bmp, supplementary } = readCmap(view, table("cmap"), label);

  const bmpWidths = new Uint16Array(65536);
  for (let cp = 0; cp < 65536; cp++) bmpWidths[cp] = widths[bmp[cp]!]!;

  return {
    bytes,
    view,
    tables,
    unitsPerEm,
    numGlyphs,
    numberOfHMetrics,
    indexToLocFormat,
    postScriptName: sanitizePsName(names.get(6) ?? names.get(4) ?? label),
    familyName: names.get(1) ?? label,
    weightClass,
    italicAngle,
    ascent,
    descent,
    capHeight,
    xHeight,
    bbox,
    widths,
    cmapBmp: bmp,
    cmapSupplementary: supplementary,
    bmpWidths,
  };
}

/** Glyph id for a code point, 0 (.notdef) when the font does not have it. */
export function glyphOf(font: TrueTypeFont, cp: number): number {
  return cp < 65536 ? font.cmapBmp[cp]! : font.cmapSupplementary.get(cp) ?? 0;
}

/** Byte range of a glyph's outline in the font file (empty for blank glyphs like space). */
export function glyphRange(font: TrueTypeFont, gid: number): [number, number] {
  const { view } = font;
  const loca = font.tables.get("loca")!.offset;
  const glyf = font.tables.get("glyf")!.offset;
  let start: number;
  let end: number;
  if (font.indexToLocFormat === 0) {
    start = view.getUint16(loca + gid * 2) * 2;
    end = view.getUint16(loca + gid * 2 + 2) * 2;
  } else {
    start = view.getUint32(loca + gid * 4);
    end = view.getUint32(loca + gid * 4 + 4);
  }
  return [glyf + start, glyf + end];
}

/** Composite glyph flags (the 'glyf' table). */
export const ARG_1_AND_2_ARE_WORDS = 0x0001;
export const WE_HAVE_A_SCALE = 0x0008;
export const MORE_COMPONENTS = 0x0020;
export const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
export const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/**
 * Walks the component records of a composite glyph whose data starts at `start`, calling
 * `visit` with the byte offset of each component's glyph index.
 */
export function forEachComponent(
  view: DataView,
  start: number,
  visit: (glyphIndexOffset: number) => void,
): void {
  let p = start + 10;
  for (;;) {
    const flags = view.getUint16(p);
    visit(p + 2);
    p += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) p += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) p += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) p += 8;
    if (!(flags & MORE_COMPONENTS)) break;
  }
}

function readCmap(view: DataView, cmap: TableRecord, label: string) {
  const bmp = new Uint16Array(65536);
  const supplementary = new Map<number, number>();
  const base = cmap.offset;
  const count = view.getUint16(base + 2);
  let best = -1;
  let bestRank = 0;
  for (let i = 0; i < count; i++) {
    const platform = view.getUint16(base + 4 + i * 8);
    const encoding = view.getUint16(base + 6 + i * 8);
    const offset = view.getUint32(base + 8 + i * 8);
    const format = view.getUint16(base + offset);
    let rank = 0;
    if (format === 12 && (platform === 3 && encoding === 10 || platform === 0)) rank = 3;
    else if (format === 4 && (platform === 3 && encoding === 1 || platform === 0)) rank = 2;
    if (rank > bestRank) {
      bestRank = rank;
      best = base + offset;
    }
  }
  if (best < 0) throw new Error(`${label}: no Unicode cmap (format 4 or 12)`);
  if (bestRank === 3) {
    const groups = view.getUint32(best + 12);
    for (let i = 0; i < groups; i++) {
      const g = best + 16 + i * 12;
      const startChar = view.getUint32(g);
      const endChar = view.getUint32(g + 4);
      const startGlyph = view.getUint32(g + 8);
      for (let cp = startChar; cp <= endChar; cp++) {
        const gid = startGlyph + cp - startChar;
        if (cp < 65536) bmp[cp] = gid;
        else supplementary.set(cp, gid);
      }
    }
  } else {
    const segX2 = view.getUint16(best + 6);
    const ends = best + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    for (let s = 0; s < segX2; s += 2) {
      const end = view.getUint16(ends + s);
      const start = view.getUint16(starts + s);
      const delta = view.getInt16(deltas + s);
      const ro = view.getUint16(rangeOffsets + s);
      for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
        let gid: number;
        if (ro === 0) gid = (cp + delta) & 0xffff;
        else {
          const at = rangeOffsets + s + ro + (cp - start) * 2;
          gid = view.getUint16(at);
          if (gid !== 0) gid = (gid + delta) & 0xffff;
        }
        bmp[cp] = gid;
      }
    }
  }
  return { bmp, supplementary };
}

function readNames(view: DataView, bytes: Uint8Array, name: TableRecord | undefined) {
  const out = new Map<number, string>();
  if (!name) return out;
  const base = name.offset;
  const count = view.getUint16(base + 2);
  const strings = base + view.getUint16(base + 4);
  for (let i = 0; i < count; i++) {
    const r = base + 6 + i * 12;
    const platform = view.getUint16(r);
    const encoding = view.getUint16(r + 2);
    const language = view.getUint16(r + 4);
    const nameId = view.getUint16(r + 6);
    const length = view.getUint16(r + 8);
    const offset = strings + view.getUint16(r + 10);
    if (out.has(nameId)) continue;
    if (platform === 3 && (encoding === 1 || encoding === 10) && language === 0x409) {
      let s = "";
      for (let k = 0; k < length; k += 2) s += String.fromCharCode(view.getUint16(offset + k));
      out.set(nameId, s);
    } else if (platform === 1 && encoding === 0) {
      let s = "";
      for (let k = 0; k < length; k++) s += String.fromCharCode(bytes[offset + k]!);
      out.set(nameId, s);
    }
  }
  return out;
}

/** PostScript names are printable ASCII without delimiters; PDF names must be too. */
function sanitizePsName(name: string): string {
  return name.replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, "") || "Font";
}

export interface FontSet {
  regular: TrueTypeFont;
  bold: TrueTypeFont;
}

let fontSet: Promise<FontSet> | null = null;

/**
 * The embedded fonts: Noto Sans Regular and Bold (SIL OFL 1.1, see fonts/OFL.txt), covering
 * Latin, Greek and Cyrillic. They are read from files next to this module with
 * `Deno.readFile(new URL(…, import.meta.url))` and parsed once per process (an isolate on
 * Supabase Edge Functions), not imported: a static import would inline 1.2 MB into the bundle
 * as a string. When deploying to Supabase, include `shared/documents/pdf/fonts/*.ttf` in the function's
 * `static_files` so the files ship with it.
 */
export function loadFonts(): Promise<FontSet> {
  fontSet ??= (async () => {
    const [regular, bold] = await Promise.all([
      Deno.readFile(new URL("./fonts/NotoSans_400Regular.ttf", import.meta.url)),
      Deno.readFile(new URL("./fonts/NotoSans_700Bold.ttf", import.meta.url)),
    ]);
    return {
      regular: parseTrueType(regular, "NotoSans_400Regular.ttf"),
      bold: parseTrueType(bold, "NotoSans_700Bold.ttf"),
    };
  })();
  fontSet.catch(() => {
    fontSet = null;
  });
  return fontSet;
}
