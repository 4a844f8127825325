/**
 * The form font: what fillable fields name in their default appearance (/DA), so that tools
 * which draw a typed value themselves can encode it. pdftk fill_form (iText) and qpdf
 * --generate-appearances encode a value only in a simple font's single-byte encoding; with the
 * engine's Identity-H CID fonts they draw boxes. So the fields get a simple TrueType subset of
 * Noto Sans Regular, written as two font dictionaries over one font program:
 *
 * - in the AcroForm's /DR (used by pdftk, by viewers redrawing under NeedAppearances): the
 *   WinAnsi encoding with a /Differences array giving the codes WinAnsi spends on rarely typed
 *   signs to the letters of one more script (Greek, Cyrillic, or the Latin letters of Central
 *   and Eastern Europe and Turkey), chosen per document from its content and countries;
 * - in each widget's appearance stream resources (used by qpdf, which honours a font found
 *   there and knows only named encodings): plain /WinAnsiEncoding.
 *
 * Both have a ToUnicode map, and the font program a (3,1) cmap, so text extracts either way.
 * A single-byte font has 256 codes: every script at once does not fit, hence the choice.
 */
import type { TrueTypeFont } from "./font.ts";
import { GLYPH_NAMES } from "./glyph_names.ts";
import type { DocumentSpec } from "./model.ts";
import { countryName } from "./templates/common.ts";
import { buildSubset, subsetTag, toUnicodeCMap } from "./subset.ts";
import { FontUse } from "./text.ts";
import { deflate, num, pdfName, pdfString, type PdfWriter } from "./writer.ts";

export type FormScript = "latin" | "greek" | "cyrillic";

/** The resource name of the form font in /DR and in appearance streams. */
export const FORM_FONT_NAME = "F3";

/** WinAnsiEncoding codes 0x80–0x9F (the rest of 0x20–0xFF is Latin-1); 0: undefined. */
const WIN_ANSI_HIGH = [
  0x20ac,
  0,
  0x201a,
  0x192,
  0x201e,
  0x2026,
  0x2020,
  0x2021,
  0x2c6,
  0x2030,
  0x160,
  0x2039,
  0x152,
  0,
  0x17d,
  0,
  0,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2013,
  0x2014,
  0x2dc,
  0x2122,
  0x161,
  0x203a,
  0x153,
  0,
  0x17e,
  0x178,
];

/** The character of each WinAnsiEncoding code (0 where undefined). */
export const WIN_ANSI: readonly number[] = Array.from({ length: 256 }, (_, code) => {
  if (code < 0x20 || code === 0x7f) return 0;
  if (code >= 0x80 && code < 0xa0) return WIN_ANSI_HIGH[code - 0x80]!;
  return code;
});

/** WinAnsi signs in 0x80–0xBF every document keeps at their own codes. */
const KEPT = [
  0x20ac,
  0x201a,
  0x201e,
  0x2026,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2013,
  0x2014,
  0xa3,
  0xa5,
  0xa7,
  0xa9,
  0xab,
  0xae,
  0xb0,
  0xb1,
  0xb5,
  0xb7,
  0xbb,
  0xd7,
];
/** Kept too where the script is Latin (they are Latin letters). */
const KEPT_LATIN = [0x160, 0x161, 0x17d, 0x17e, 0x152, 0x153, 0x178, 0x2122];
/** Latin-1 codes given to another script's letters: Icelandic eth and thorn, division sign. */
const LATIN_1_SPARE = [0xd0, 0xde, 0xf0, 0xf7, 0xfe];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The letters each script adds, most needed first (what does not fit is left out). */
const SCRIPT_LETTERS: Record<FormScript, number[]> = {
  greek: [
    ...range(0x391, 0x3a1),
    ...range(0x3a3, 0x3a9),
    ...range(0x3b1, 0x3c9),
    0x3ac,
    0x3ad,
    0x3ae,
    0x3af,
    0x3cc,
    0x3cd,
    0x3ce,
    0x386,
    0x388,
    0x389,
    0x38a,
    0x38c,
    0x38e,
    0x38f,
    0x3ca,
    0x3cb,
    0x390,
    0x3b0,
    0x3aa,
    0x3ab,
  ],
  cyrillic: [
    ...range(0x410, 0x44f),
    0x401,
    0x451,
    0x404,
    0x454,
    0x406,
    0x456,
    0x407,
    0x457,
    0x490,
    0x491,
    0x40e,
    0x45e,
    0x2116,
    0x402,
    0x452,
    0x408,
    0x458,
    0x409,
    0x459,
    0x40a,
    0x45a,
    0x40b,
    0x45b,
    0x40f,
    0x45f,
    0x403,
    0x453,
    0x405,
    0x455,
    0x40c,
    0x45c,
  ],
  // Polish, Czech and Slovak, Hungarian, Romanian, Turkish, Croatian, the Baltic languages.
  latin: [
    ...[0x104, 0x105, 0x106, 0x107, 0x118, 0x119, 0x141, 0x142, 0x143, 0x144, 0x15a, 0x15b],
    ...[0x179, 0x17a, 0x17b, 0x17c, 0x10c, 0x10d, 0x10e, 0x10f, 0x11a, 0x11b, 0x147, 0x148],
    ...[0x158, 0x159, 0x164, 0x165, 0x16e, 0x16f, 0x150, 0x151, 0x170, 0x171, 0x102, 0x103],
    ...[0x218, 0x219, 0x15e, 0x15f, 0x162, 0x163, 0x11e, 0x11f, 0x130, 0x131, 0x110, 0x111],
    ...[0x100, 0x101, 0x112, 0x113, 0x12a, 0x12b, 0x16a, 0x16b, 0x116, 0x117, 0x12e, 0x12f],
    ...[0x172, 0x173, 0x122, 0x123, 0x136, 0x137, 0x13b, 0x13c, 0x145, 0x146, 0x139, 0x13a],
    ...[0x13d, 0x13e, 0x154, 0x155],
  ],
};

/**
 * Codes free for the script's letters: control codes that no tool treats as white space or a
 * line end, DEL, the 0x80–0xBF codes of the WinAnsi signs not kept, and for Greek and Cyrillic
 * a few Latin-1 letters.
 */
function freeCodes(kept: ReadonlySet<number>, script: FormScript): number[] {
  const out: number[] = [];
  for (let code = 1; code < 0xc0; code++) {
    if (code >= 0x20 && code < 0x7f) continue;
    if (code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) continue;
    if (code >= 0x80 && kept.has(WIN_ANSI[code]!)) continue;
    out.push(code);
  }
  return script === "latin" ? out : [...out, ...LATIN_1_SPARE];
}

export interface FormEncoding {
  script: FormScript;
  /** The character of each code in the /DR font (0: none). */
  chars: number[];
  /** Code of each encodable character. */
  codes: Map<number, number>;
  /** The /Differences entries: code → glyph name. */
  differences: [number, string][];
}

const encodings = new Map<FormScript, FormEncoding>();

/** The /DR font's encoding for a script (built once per script). */
export function formEncoding(script: FormScript): FormEncoding {
  let known = encodings.get(script);
  if (!known) {
    known = buildEncoding(script);
    encodings.set(script, known);
  }
  return known;
}

function buildEncoding(script: FormScript): FormEncoding {
  const kept = new Set([...KEPT, ...(script === "latin" ? KEPT_LATIN : [])]);
  const chars = new Array<number>(256).fill(0);
  const free = freeCodes(kept, script);
  for (let code = 0x20; code < 0x100; code++) {
    const cp = WIN_ANSI[code]!;
    if ((code < 0x7f || code >= 0xc0 || kept.has(cp)) && !free.includes(code)) chars[code] = cp;
  }
  const differences: [number, string][] = [];
  for (const cp of SCRIPT_LETTERS[script]) {
    const code = free.shift();
    const name = GLYPH_NAMES.get(cp);
    if (code === undefined) break;
    if (name === undefined) continue;
    chars[code] = cp;
    differences.push([code, name]);
  }
  const codes = new Map<number, number>();
  chars.forEach((cp, code) => {
    if (cp) codes.set(cp, code);
  });
  return { script, chars, codes, differences };
}

/**
 * Countries writing Cyrillic or Greek, by code and by the upper-case name templates print:
 * their documents' forms get that script's letters.
 */
const CYRILLIC_COUNTRIES = countrySet(["RU", "UA", "BY", "BG", "RS", "MK", "KZ", "KG", "TJ", "MN"]);
const GREEK_COUNTRIES = countrySet(["GR", "CY"]);

function countrySet(codes: string[]): Set<string> {
  return new Set(codes.flatMap((c) => [c, countryName(c).toUpperCase()]));
}

/**
 * The script a document's form font adds: the one its values are written in (Cyrillic before
 * Greek), else the one of a country of the shipment or printed on it, else Latin.
 */
export function formScript(spec: DocumentSpec): FormScript {
  const countries = (spec.countries ?? []).map((c) => c.trim().toUpperCase());
  let values = "";
  const visit = (c: { kind: string; value: string; path?: string }) => {
    values += c.value;
    if (c.kind === "field" && /country/.test(c.path ?? "")) {
      countries.push(c.value.trim().toUpperCase());
    }
  };
  for (const r of spec.references) visit(r.content);
  for (const block of spec.blocks) {
    if (block.kind === "boxes") { for (const b of block.boxes) b.lines.forEach(visit); }
    else if (block.kind === "table") {
      for (const row of block.rows) row.forEach(visit);
    } else if (block.kind === "signature") {
      for (const c of [block.name, block.title, block.place, block.date]) if (c) visit(c);
    }
  }
  if (/[\u0400-\u04ff]/.test(values)) return "cyrillic";
  if (/[\u0370-\u03ff]/.test(values)) return "greek";
  if (countries.some((c) => CYRILLIC_COUNTRIES.has(c))) return "cyrillic";
  if (countries.some((c) => GREEK_COUNTRIES.has(c))) return "greek";
  return "latin";
}

/** The two font dictionaries (object numbers) the form refers to. */
export interface FormFontRefs {
  /** For the AcroForm's /DR: WinAnsi with the script's /Differences. */
  dr: number;
  /** For appearance stream resources: plain WinAnsiEncoding. */
  appearance: number;
}

const WIN_ANSI_CODES = new Map<number, number>();
WIN_ANSI.forEach((cp, code) => {
  if (cp) WIN_ANSI_CODES.set(cp, code);
});

/** A value in the appearance font (WinAnsi), characters it lacks as "?", as a PDF string. */
export function winAnsiString(value: string): string {
  let out = "(";
  for (const ch of value) {
    const code = WIN_ANSI_CODES.get(ch.codePointAt(0)!) ?? 0x3f;
    const c = String.fromCharCode(code);
    out += code === 0x28 || code === 0x29 || code === 0x5c
      ? "\\" + c
      : code < 0x80
      ? c
      : "\\" + code.toString(8);
  }
  return out + ")";
}

const programs = new Map<string, { baseFont: string; program: Uint8Array; length: number }>();

/**
 * The subset font program (deflated) of the DR encoding's and WinAnsi's characters, built once
 * per font and script: every document has a form, and the program depends on nothing else.
 */
function formFontProgram(font: TrueTypeFont, encoding: FormEncoding) {
  const key = `${font.postScriptName} ${encoding.script}`;
  let known = programs.get(key);
  if (!known) {
    const use = new FontUse(font, FORM_FONT_NAME);
    for (const cp of [0x20, ...encoding.chars, ...WIN_ANSI]) if (cp) use.idFor(cp);
    const { program } = buildSubset(use, true);
    known = {
      baseFont: pdfName(`${subsetTag(use)}+${font.postScriptName}`),
      program: deflate(program),
      length: program.length,
    };
    programs.set(key, known);
  }
  return known;
}

/** Writes the form font (program, descriptor, both dictionaries) into reserved objects. */
export function writeFormFont(
  w: PdfWriter,
  font: TrueTypeFont,
  encoding: FormEncoding,
  refs: FormFontRefs,
): void {
  const { baseFont, program, length } = formFontProgram(font, encoding);
  const descriptor = w.alloc();
  const file = w.alloc();
  const stemV = Math.round(10 + 220 * ((font.weightClass - 50) / 900) ** 2);
  w.put(
    descriptor,
    `<< /Type /FontDescriptor /FontName ${baseFont} /FontFamily ${pdfString(font.familyName)} ` +
      `/Flags 32 /FontBBox [${font.bbox.join(" ")}] /ItalicAngle ${font.italicAngle} ` +
      `/Ascent ${font.ascent} /Descent ${font.descent} /CapHeight ${font.capHeight} ` +
      `/XHeight ${font.xHeight} /StemV ${stemV} /FontWeight ${font.weightClass} ` +
      `/FontFile2 ${file} 0 R >>`,
  );
  w.putStream(file, `/Length1 ${length} /Filter /FlateDecode`, program);

  const simpleFont = (ref: number, chars: readonly number[], encodingEntry: string) => {
    const first = chars.findIndex((cp) => cp !== 0);
    const last = chars.findLastIndex((cp) => cp !== 0);
    const widths = chars.slice(first, last + 1).map((cp) => (cp ? font.bmpWidths[cp]! : 0));
    const toUnicode = w.alloc();
    w.putDeflated(toUnicode, "", toUnicodeCMap(chars.map((cp) => cp || -1), 1));
    w.put(
      ref,
      `<< /Type /Font /Subtype /TrueType /BaseFont ${baseFont} /FirstChar ${first} ` +
        `/LastChar ${last} /Widths [${widths.map(num).join(" ")}] /Encoding ${encodingEntry} ` +
        `/FontDescriptor ${descriptor} 0 R /ToUnicode ${toUnicode} 0 R >>`,
    );
  };
  const differences = encoding.differences.map(([code, name]) => `${code} /${name}`).join(" ");
  simpleFont(
    refs.dr,
    encoding.chars,
    `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${differences}] >>`,
  );
  simpleFont(refs.appearance, WIN_ANSI, "/WinAnsiEncoding");
}
