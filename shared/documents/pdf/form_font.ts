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
import { type DocumentSpec, forEachContent } from "./model.ts";
import { countryName } from "./templates/common.ts";
import { buildSubset, fontDescriptor, subsetTag, toUnicodeCMap } from "./subset.ts";
import { FontUse } from "./text.ts";
import { deflate, num, pdfName, type PdfWriter } from "./writer.ts";

export type FormScript = "latin" | "greek" | "cyrillic";

/** The resource name of the form font in /DR and in appearance streams. */
export const FORM_FONT_NAME = "F3";

/** WinAnsiEncoding codes 0x80–0x9F (the rest of 0x20–0xFF is Latin-1); "_": undefined. */
const WIN_ANSI_HIGH = [..."€_‚ƒ„…†‡ˆ‰Š‹Œ_Ž__‘’“”•–—˜™š›œ_žŸ"].map((c) =>
  c === "_" ? 0 : c.codePointAt(0)!
);

/** The character of each WinAnsiEncoding code (0 where undefined). */
export const WIN_ANSI: readonly number[] = Array.from({ length: 256 }, (_, code) => {
  if (code < 0x20 || code === 0x7f) return 0;
  if (code >= 0x80 && code < 0xa0) return WIN_ANSI_HIGH[code - 0x80]!;
  return code;
});

/** WinAnsi signs in 0x80–0xBF (and ×) every document keeps at their own codes. */
const KEPT = codePoints("€‚„…‘’“”•–—£¥§©«®°±µ·»×");
/** Kept too where the script is Latin (they are Latin letters). */
const KEPT_LATIN = codePoints("ŠšŽžŒœŸ™");
/** Latin-1 codes given to another script's letters: Icelandic eth and thorn, division sign. */
const LATIN_1_SPARE = [0xd0, 0xde, 0xf0, 0xf7, 0xfe];

/** Code points of a string's characters. */
function codePoints(chars: string): number[] {
  return [...chars].map((c) => c.codePointAt(0)!);
}

/** The letters each script adds, most needed first (what does not fit is left out). */
const SCRIPT_LETTERS: Record<FormScript, number[]> = {
  greek: codePoints(
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρςστυφχψωάέήίόύώΆΈΉΊΌΎΏϊϋΐΰΪΫ",
  ),
  cyrillic: codePoints(
    "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюяЁёЄєІіЇїҐґЎў№" +
      "ЂђЈјЉљЊњЋћЏџЃѓЅѕЌќ",
  ),
  // Polish, Czech and Slovak, Hungarian, Romanian, Turkish, Croatian, the Baltic languages.
  latin: codePoints(
    "ĄąĆćĘęŁłŃńŚśŹźŻżČčĎďĚěŇňŘřŤťŮůŐőŰűĂăȘșŞşŢţĞğİıĐđĀāĒēĪīŪūĖėĮįŲųĢģĶķĻļŅņĹĺĽľŔŕ",
  ),
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
  forEachContent(spec, (c) => {
    values += c.value;
    if (c.kind === "field" && /country/.test(c.path)) countries.push(c.value.trim().toUpperCase());
  });
  if (/[\u0400-\u04ff]/.test(values)) return "cyrillic";
  if (/[\u0370-\u03ff]/.test(values)) return "greek";
  if (countries.some((c) => CYRILLIC_COUNTRIES.has(c))) return "cyrillic";
  if (countries.some((c) => GREEK_COUNTRIES.has(c))) return "greek";
  return "latin";
}

/** The font the form's fields name, and how its appearance streams encode a value. */
export interface FormFontRefs {
  /** Resource name in /DR, /DA and appearance stream resources. */
  name: string;
  /** For the AcroForm's /DR: WinAnsi with the script's /Differences. */
  dr: number;
  /** For appearance stream resources: plain WinAnsiEncoding. */
  appearance: number;
  /** A value as a PDF string in the appearance font. */
  encode: (value: string) => string;
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
  w.put(descriptor, fontDescriptor(font, baseFont, 32, file));
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
