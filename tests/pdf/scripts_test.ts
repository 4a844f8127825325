/**
 * Every script the font chain draws, on all 16 types: a shipment with parties and lines in
 * Chinese, Japanese, Korean, Hebrew and Thai, with symbols (≤ → ☑). Every glyph shown has an
 * outline of its own (no .notdef, no copy of it: the PDF/A checker's 6.2.11.8), the Hebrew is
 * drawn right to left, and pdftotext returns the original strings.
 */
import { renderDocument, TEMPLATES } from "../../shared/pdf/documents.ts";
import { forEachContent } from "../../shared/pdf/model.ts";
import { DOCUMENT_TYPES } from "../../shared/rules/document_types.ts";
import { context, shipmentFor } from "../flatten/support.ts";
import { assert } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { pdftotext, tempDir } from "./tools.ts";

const dir = tempDir("pdf-scripts-test-");

const STRINGS = {
  exporter: "חברת יבוא ויצוא בע״מ",
  importer: "上海进出口有限公司",
  address: "東京都千代田区丸の内 서울특별시 강남구",
  description: "ข้าวหอมมะลิ ≤ 5% → ☑",
};

type Data = Record<string, Record<string, unknown>>;

function multilingual(type: (typeof DOCUMENT_TYPES)[number]): Data {
  const data = shipmentFor(type) as Data;
  data.exporter!.name = STRINGS.exporter;
  data.importer!.name = STRINGS.importer;
  data.importer!.address = STRINGS.address;
  const items = (data.goods as { line_items: Record<string, unknown>[] }).line_items;
  items[0]!.description = STRINGS.description;
  return data;
}

/** Without the bidi marks poppler adds around right-to-left text, and without white space. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e]/g, "").replace(/\s+/g, "");

for (const type of DOCUMENT_TYPES) {
  Deno.test(`scripts: ${type} draws CJK, Hebrew, Thai and symbols with real glyphs`, async () => {
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
    }
  });
}
