/**
 * Every script the font chain draws, on all 16 types: a shipment with parties and lines in
 * Chinese, Japanese, Korean, Arabic, Hebrew, Thai and Hindi, with symbols (≤ → ☑). Every glyph
 * shown has an outline of its own (no .notdef, no copy of it: the PDF/A checker's 6.2.11.8),
 * Arabic and Hebrew are drawn right to left (their first word to the right of their last), the
 * Arabic and Devanagari shaped (joined forms, conjuncts: fewer glyphs than characters), and
 * pdftotext returns the original strings.
 */
import { renderDocument, TEMPLATES } from "../../shared/documents/pdf/documents.ts";
import { coverage } from "../../shared/documents/pdf/fallback.ts";
import { glyphOf, loadFonts } from "../../shared/documents/pdf/font.ts";
import { FontUse } from "../../shared/documents/pdf/text.ts";
import { forEachContent } from "../../shared/documents/pdf/model.ts";
import { DOCUMENT_TYPES } from "../../shared/documents/catalogue/document_types.ts";
import {
  context,
  fillWithoutAppearances,
  renderFillable,
  shipmentFor,
  visibleFieldNames,
} from "../flatten/support.ts";
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { pdftotext, run, tempDir } from "./tools.ts";

const dir = tempDir("pdf-scripts-test-");

const STRINGS = {
  exporter: "חברת יבוא ויצוא בע״מ",
  exporterAddress: "شركة الخليج للتجارة والشحن",
  importer: "上海进出口有限公司",
  address: "東京都千代田区丸の内 서울특별시 강남구",
  description: "ข้าวหอมมะลิ ≤ 5% → ☑",
  hindi: "बासमती चावल प्रीमियम क्षेत्र",
};

/** The right-to-left strings: their words are drawn from right to left. */
const RTL = [STRINGS.exporter, STRINGS.exporterAddress];

type Data = Record<string, Record<string, unknown>>;

function multilingual(type: (typeof DOCUMENT_TYPES)[number]): Data {
  const data = shipmentFor(type) as Data;
  data.exporter!.name = STRINGS.exporter;
  data.exporter!.address = STRINGS.exporterAddress;
  data.importer!.name = STRINGS.importer;
  data.importer!.address = STRINGS.address;
  const items = (data.goods as { line_items: Record<string, unknown>[] }).line_items;
  items[0]!.description = STRINGS.description;
  if (items[1]) items[1].description = STRINGS.hindi;
  else items[0]!.description = `${STRINGS.description} ${STRINGS.hindi}`;
  return data;
}

/** Without the bidi marks poppler adds around right-to-left text, and without white space. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e]/g, "").replace(/\s+/g, "");

for (const type of DOCUMENT_TYPES) {
  Deno.test(`scripts: ${type} draws CJK, Arabic, Hebrew, Thai, Hindi and symbols with real glyphs`, async () => {
    const data = multilingual(type);
    const printed = new Set<string>();
    forEachContent(TEMPLATES[type](data), (c) => {
      for (const s of Object.values(STRINGS)) if (c.value.includes(s)) printed.add(s);
    });
    assert(printed.size > 0, "the type prints at least one of the strings");
    for (const finalDoc of [true, false]) {
      const path = `${dir}/${type}-${finalDoc}.pdf`;
      await Deno.writeFile(path, await renderDocument(type, data, context(finalDoc)));
      const { findings } = await checkPdfA(path);
      const glyphs = findings.filter((f) => f.startsWith("6.2.11.8") || f.startsWith("6.2.11.4"));
      assert(glyphs.length === 0, glyphs.join("\n"));
      const text = plain(await pdftotext(path));
      for (const s of printed) assert(text.includes(plain(s)), `pdftotext finds "${s}"`);
      const words = await wordBoxes(path);
      for (const s of RTL.filter((s) => printed.has(s))) {
        const parts = s.split(" ");
        // -bbox gives each word's characters as drawn: reversed for right-to-left text.
        const first = words.get([...parts[0]!].reverse().join(""));
        const last = words.get([...parts.at(-1)!].reverse().join(""));
        assert(first !== undefined && last !== undefined, `pdftotext -bbox finds "${s}"`);
        assert(first > last, `"${s}" is drawn right to left (${first} > ${last})`);
      }
    }
  });
}

for (const type of DOCUMENT_TYPES) {
  Deno.test(`scripts: ${type} flattened with Arabic, Hindi and Japanese values stays PDF/A`, async () => {
    const fillable = await renderFillable(type);
    const names = (await visibleFieldNames(fillable)).slice(0, 3);
    const values = [STRINGS.exporterAddress, STRINGS.hindi, STRINGS.address];
    const filled = await fillWithoutAppearances(
      fillable,
      Object.fromEntries(names.map((name, i) => [name, values[i]!])),
    );
    const path = `${dir}/${type}-flat.pdf`;
    await Deno.writeFile(path, await flattenToPdfA(filled, {}, await loadFonts()));
    const { findings, text } = await checkPdfA(path);
    assertEquals(findings, []);
    for (const value of values.slice(0, names.length)) {
      assert(plain(text).includes(plain(value)), `the flattened text has "${value}"`);
    }
  });
}

Deno.test("scripts: Arabic is joined and Devanagari forms conjuncts (drawn shaped)", async () => {
  const { regular } = await loadFonts();
  const text = `${STRINGS.exporterAddress}\n${STRINGS.hindi}`;
  const { fonts, uncovered } = await coverage(regular, text);
  assert(uncovered.size === 0, `uncovered: ${[...uncovered]}`);
  const use = new FontUse(regular, "F1");
  const extra = fonts.map((f, i) => new FontUse(f, `FB${i + 1}`));
  use.useFallbacks(extra);
  use.show(STRINGS.exporterAddress, 8);
  use.show(STRINGS.hindi, 8);
  const arabic = extra.find((u) => u.font.postScriptName === "NotoSansArabic-Regular")!;
  const devanagari = extra.find((u) => u.font.postScriptName === "NotoSansDevanagari-Regular")!;
  assert(arabic && devanagari, fonts.map((f) => f.postScriptName).join(", "));
  // Unshaped, each letter would be drawn with the glyph the font maps it to (the isolated
  // form); shaped, the joined forms are glyphs no character maps to.
  const nominal = new Set(
    [...STRINGS.exporterAddress].map((c) => glyphOf(arabic.font, c.codePointAt(0)!)),
  );
  const joined = arabic.glyphs.slice(1).filter((g) => !nominal.has(g));
  assert(joined.length >= 10, `joined forms drawn: ${joined.length}`);
  // Measured as drawn: the joined word is narrower than its letters' own advances.
  const letters = [...STRINGS.exporterAddress].reduce(
    (sum, c) => sum + arabic.font.bmpWidths[c.codePointAt(0)!]!,
    0,
  );
  const measured = use.width(STRINGS.exporterAddress, 1000);
  assert(measured < letters * 0.9, `measured ${measured}, letters ${letters}`);
  // Conjuncts (क्ष, त्र) and reph: some glyphs stand for more than one character.
  const texts = [...devanagari.texts.values()];
  assert(texts.some((t) => [...t].length > 1), texts.join("|"));
  assert(/NotoSansArabic/.test((await run("pdffonts", [await rendered()])).stdout));
});

/** The invoice of the multilingual shipment, written to a file. */
async function rendered(): Promise<string> {
  const path = `${dir}/shaped.pdf`;
  const data = multilingual("COMMERCIAL_INVOICE");
  await Deno.writeFile(path, await renderDocument("COMMERCIAL_INVOICE", data, context(false)));
  return path;
}

/** The x of each word's left edge as pdftotext -bbox reads it (the first occurrence). */
async function wordBoxes(path: string): Promise<Map<string, number>> {
  const html = (await run("pdftotext", ["-bbox", path, "-"])).stdout;
  const out = new Map<string, number>();
  for (const m of html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)) {
    const word = plain(m[2]!);
    if (!out.has(word)) out.set(word, Number(m[1]));
  }
  return out;
}

Deno.test("scripts: a mark the shaping font lacks is not drawn from it (no .notdef)", async () => {
  const { regular } = await loadFonts();
  // A Latin acute after an Arabic letter: Noto Sans draws it, Noto Sans Arabic has no glyph.
  const text = "شركة\u0301 ب\u200dب";
  const { fonts } = await coverage(regular, text);
  const use = new FontUse(regular, "F1");
  const extra = fonts.map((f, i) => new FontUse(f, `FB${i + 1}`));
  use.useFallbacks(extra);
  use.show(text, 8);
  for (const u of [use, ...extra]) {
    assert(!u.glyphs.slice(1).includes(0), `${u.font.postScriptName} draws .notdef`);
  }
});
