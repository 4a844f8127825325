/**
 * Font subsetting and the PDF font objects. The subset copies the used glyphs' outline bytes in
 * subset id order (the ids the content streams were written with), pulling in the components
 * of composite glyphs (renumbered in place), and writes a TrueType font with the tables a
 * CIDFontType2 needs: head, hhea, maxp, hmtx, loca, glyf, plus cvt/fpgm/prep when the font has
 * them, OS/2 and a format 3 post. In the PDF it becomes a Type0 font with Identity-H encoding,
 * a /W array from the same rounded widths used to measure, a ToUnicode CMap so text extracts,
 * and a subset tag derived from the glyphs (no randomness).
 */
import { forEachComponent, glyphRange, type TrueTypeFont } from "./font.ts";
import type { FontUse } from "./text.ts";
import { pdfName, pdfString, type PdfWriter } from "./writer.ts";

export interface Subset {
  /** The TrueType font program. */
  program: Uint8Array;
  /** Advance widths (1/1000 em) per subset glyph id. */
  widths: number[];
}

/**
 * Builds the font program for the glyphs a FontUse recorded (adding composite components).
 * `withCmap` adds a (3,1) cmap from the recorded code points, which a simple (non-CID)
 * TrueType font needs to find its glyphs by name.
 */
export function buildSubset(use: FontUse, withCmap = false): Subset {
  const font = use.font;
  const { view, bytes } = font;
  const glyphs = use.glyphs;
  const firstId = new Map<number, number>();
  for (let i = 0; i < glyphs.length; i++) {
    if (!firstId.has(glyphs[i]!)) firstId.set(glyphs[i]!, i);
  }

  const pieces: Uint8Array[] = [];
  const loca = [0];
  let glyfLength = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const [start, end] = glyphRange(font, glyphs[i]!);
    let piece = bytes.subarray(start, end);
    if (end - start > 0 && view.getInt16(start) < 0) {
      piece = piece.slice();
      const out = new DataView(piece.buffer);
      forEachComponent(view, start, (at) => {
        const component = view.getUint16(at);
        let id = firstId.get(component);
        if (id === undefined) {
          id = glyphs.length;
          glyphs.push(component);
          use.codePoints.push(-1);
          firstId.set(component, id);
        }
        out.setUint16(at - start, id);
      });
    }
    pieces.push(piece);
    glyfLength += (piece.length + 3) & ~3;
    loca.push(glyfLength);
  }
  const count = glyphs.length;

  const glyf = new Uint8Array(glyfLength);
  let at = 0;
  for (const piece of pieces) {
    glyf.set(piece, at);
    at += (piece.length + 3) & ~3;
  }
  const locaTable = new Uint8Array((count + 1) * 4);
  const locaView = new DataView(locaTable.buffer);
  for (let i = 0; i <= count; i++) locaView.setUint32(i * 4, loca[i]!);

  const hmtxSource = font.tables.get("hmtx")!.offset;
  const nh = font.numberOfHMetrics;
  const hmtx = new Uint8Array(count * 4);
  const hmtxView = new DataView(hmtx.buffer);
  for (let i = 0; i < count; i++) {
    const g = glyphs[i]!;
    const advance = view.getUint16(hmtxSource + Math.min(g, nh - 1) * 4);
    const lsb = g < nh
      ? view.getInt16(hmtxSource + g * 4 + 2)
      : view.getInt16(hmtxSource + nh * 4 + (g - nh) * 2);
    hmtxView.setUint16(i * 4, advance);
    hmtxView.setInt16(i * 4 + 2, lsb);
  }

  const head = copyTable(font, "head")!;
  const headView = new DataView(head.buffer);
  headView.setUint32(8, 0);
  headView.setInt16(50, 1);
  const hhea = copyTable(font, "hhea")!;
  new DataView(hhea.buffer).setUint16(34, count);
  const maxp = copyTable(font, "maxp")!;
  new DataView(maxp.buffer).setUint16(4, count);
  const post = copyTable(font, "post", 32);
  if (post) new DataView(post.buffer).setUint32(0, 0x00030000);

  const tables: [string, Uint8Array | undefined][] = [
    ["OS/2", copyTable(font, "OS/2")],
    ["cmap", withCmap ? unicodeCmap(use.codePoints) : undefined],
    ["cvt ", copyTable(font, "cvt ")],
    ["fpgm", copyTable(font, "fpgm")],
    ["glyf", glyf],
    ["head", head],
    ["hhea", hhea],
    ["hmtx", hmtx],
    ["loca", locaTable],
    ["maxp", maxp],
    ["post", post],
    ["prep", copyTable(font, "prep")],
  ];
  const program = assemble(tables.filter((t): t is [string, Uint8Array] => t[1] !== undefined));

  const widths = new Array<number>(count);
  for (let i = 0; i < count; i++) widths[i] = font.widths[glyphs[i]!]!;
  return { program, widths };
}

/**
 * A cmap table with one (3,1) format 4 subtable: each BMP code point to its subset glyph id,
 * one segment per run of consecutive code points with consecutive ids.
 */
function unicodeCmap(codePoints: readonly number[]): Uint8Array {
  const pairs: [number, number][] = [];
  codePoints.forEach((cp, id) => {
    if (cp >= 0 && cp < 0xffff) pairs.push([cp, id]);
  });
  pairs.sort((a, b) => a[0] - b[0]);
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const [cp, id] of pairs) {
    const last = segments.at(-1);
    if (last && cp === last.end + 1 && id - cp === last.delta) last.end = cp;
    else segments.push({ start: cp, end: cp, delta: id - cp });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const n = segments.length;
  const length = 16 + n * 8;
  const out = new Uint8Array(12 + length);
  const dv = new DataView(out.buffer);
  dv.setUint16(2, 1);
  dv.setUint16(4, 3);
  dv.setUint16(6, 1);
  dv.setUint32(8, 12);
  const t = 12;
  let pow = 1;
  let log = 0;
  while (pow * 2 <= n) {
    pow *= 2;
    log++;
  }
  dv.setUint16(t, 4);
  dv.setUint16(t + 2, length);
  dv.setUint16(t + 6, n * 2);
  dv.setUint16(t + 8, pow * 2);
  dv.setUint16(t + 10, log);
  dv.setUint16(t + 12, n * 2 - pow * 2);
  segments.forEach((seg, i) => {
    dv.setUint16(t + 14 + i * 2, seg.end);
    dv.setUint16(t + 16 + n * 2 + i * 2, seg.start);
    dv.setInt16(t + 16 + n * 4 + i * 2, ((seg.delta + 0x8000) & 0xffff) - 0x8000);
  });
  return out;
}

function copyTable(font: TrueTypeFont, tag: string, maxLength?: number): Uint8Array | undefined {
  const t = font.tables.get(tag);
  if (!t) return undefined;
  const length = maxLength === undefined ? t.length : Math.min(maxLength, t.length);
  return font.bytes.slice(t.offset, t.offset + length);
}

/** Writes the sfnt: table directory (tags sorted), 4-byte aligned tables, checksums. */
function assemble(tables: [string, Uint8Array][]): Uint8Array {
  tables.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const n = tables.length;
  let size = 12 + n * 16;
  for (const [, data] of tables) size += (data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= n) {
    pow *= 2;
    log++;
  }
  dv.setUint32(0, 0x00010000);
  dv.setUint16(4, n);
  dv.setUint16(6, pow * 16);
  dv.setUint16(8, log);
  dv.setUint16(10, n * 16 - pow * 16);
  let offset = 12 + n * 16;
  let headOffset = -1;
  tables.forEach(([tag, data], i) => {
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
    out.set(data, offset);
    dv.setUint32(rec + 4, checksum(dv, offset, data.length));
    dv.setUint32(rec + 8, offset);
    dv.setUint32(rec + 12, data.length);
    if (tag === "head") headOffset = offset;
    offset += (data.length + 3) & ~3;
  });
  if (headOffset >= 0) {
    dv.setUint32(headOffset + 8, (0xb1b0afba - checksum(dv, 0, size)) >>> 0);
  }
  return out;
}

function checksum(dv: DataView, offset: number, length: number): number {
  let sum = 0;
  const end = offset + ((length + 3) & ~3);
  for (let p = offset; p < end; p += 4) sum = (sum + dv.getUint32(p)) >>> 0;
  return sum;
}

/** Six capital letters from a hash of the subset's glyphs and code points (FNV-1a). */
export function subsetTag(use: FontUse): string {
  let h = 0x811c9dc5;
  const mix = (v: number) => {
    h ^= v & 0xffff;
    h = Math.imul(h, 0x01000193) >>> 0;
    h ^= v >>> 16;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (let i = 0; i < use.glyphs.length; i++) {
    mix(use.glyphs[i]!);
    mix(use.codePoints[i]! + 1);
    const text = use.texts.get(i);
    if (text !== undefined) { for (let k = 0; k < text.length; k++) mix(text.charCodeAt(k)); }
  }
  let tag = "";
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) ^ Math.imul(h, 0x9e3779b1) >>> 7;
    h >>>= 0;
  }
  return tag;
}

/**
 * Writes the font objects for a used FontUse into the reserved Type0 object `type0`:
 * Type0 → CIDFontType2 → FontDescriptor → FontFile2, and the ToUnicode CMap.
 */
export function writeFont(w: PdfWriter, use: FontUse, type0: number): void {
  const font = use.font;
  const { program, widths } = buildSubset(use);
  const baseFont = pdfName(`${subsetTag(use)}+${font.postScriptName}`);
  const cid = w.alloc();
  const descriptor = w.alloc();
  const file = w.alloc();
  const toUnicode = w.alloc();

  w.put(
    type0,
    `<< /Type /Font /Subtype /Type0 /BaseFont ${baseFont} /Encoding /Identity-H ` +
      `/DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
  w.put(
    cid,
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${baseFont} ` +
      `/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ` +
      `/FontDescriptor ${descriptor} 0 R /DW ${widths[0] ?? 1000} /W [0 [${widths.join(" ")}]] ` +
      `/CIDToGIDMap /Identity >>`,
  );
  w.put(descriptor, fontDescriptor(font, baseFont, 4, file));
  w.putDeflated(file, "", program, `/Length1 ${program.length}`);
  w.putDeflated(toUnicode, "", toUnicodeCMap(use.codePoints, 2, use.texts));
}

/**
 * A FontDescriptor for an embedded TrueType program (object `file`): /Flags 4 (symbolic) for
 * the Identity-H fonts, 32 (nonsymbolic) for the form font's simple encodings.
 */
export function fontDescriptor(
  font: TrueTypeFont,
  baseFont: string,
  flags: number,
  file: number,
): string {
  const stemV = Math.round(10 + 220 * ((font.weightClass - 50) / 900) ** 2);
  return `<< /Type /FontDescriptor /FontName ${baseFont} /FontFamily ${
    pdfString(font.familyName)
  } /Flags ${flags} /FontBBox [${font.bbox.join(" ")}] /ItalicAngle ${font.italicAngle} ` +
    `/Ascent ${font.ascent} /Descent ${font.descent} /CapHeight ${font.capHeight} ` +
    `/XHeight ${font.xHeight} /StemV ${stemV} /FontWeight ${font.weightClass} ` +
    `/FontFile2 ${file} 0 R >>`;
}

function utf16Hex(cp: number): string {
  if (cp < 0x10000) return cp.toString(16).toUpperCase().padStart(4, "0");
  const v = cp - 0x10000;
  return (
    (0xd800 + (v >> 10)).toString(16).toUpperCase() +
    (0xdc00 + (v & 0x3ff)).toString(16).toUpperCase()
  );
}

/**
 * A ToUnicode CMap for codes 0 … codePoints.length - 1 (-1: no character, or the code's entry
 * in `texts`: a shaped glyph's text, several characters or none), of `bytes` bytes each: 2 for
 * the Identity-H fonts, 1 for a simple font.
 */
export function toUnicodeCMap(
  codePoints: readonly number[],
  bytes = 2,
  texts: ReadonlyMap<number, string> = new Map(),
): string {
  const entries: string[] = [];
  for (let id = 0; id < codePoints.length; id++) {
    const cp = codePoints[id]!;
    const code = `<${id.toString(16).toUpperCase().padStart(bytes * 2, "0")}>`;
    if (cp >= 0) entries.push(`${code} <${utf16Hex(cp)}>`);
    else if (texts.get(id)) {
      let hex = "";
      for (const ch of texts.get(id)!) hex += utf16Hex(ch.codePointAt(0)!);
      entries.push(`${code} <${hex}>`);
    }
  }
  let body = "";
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `${chunk.length} beginbfchar\n${chunk.join("\n")}\nendbfchar\n`;
  }
  return "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
    "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
    `1 begincodespacerange\n<${"00".repeat(bytes)}> <${"FF".repeat(bytes)}>\nendcodespacerange\n` +
    body +
    "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";
}
