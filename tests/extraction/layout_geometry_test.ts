/**
 * Issue 15: table columns from the alignment of their values, header words in the languages
 * of trade documents, and CJK labels run into their values.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { fold } from "../../shared/extraction/fields/text.ts";
import { leadingNumber } from "../../shared/extraction/fields/numbers.ts";
import { matchLabelText } from "../../shared/extraction/fields/labels.ts";
import { findHeaders } from "../../shared/extraction/fields/table_header.ts";
import { findTable } from "../../shared/extraction/fields/table.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { isCjk, latinLanguage } from "../../shared/extraction/ocr/languages.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, words } from "../support/placed_words.ts";

/** Words of `text` set flush right against `right`. */
function right(right: number, y: number, text: string): Word[] {
  return words(right - text.length * 5 - (text.split(" ").length - 1) * 3, y, text);
}

function textDoc(...placed: Word[][]): TextDocument {
  return {
    kind: "text",
    source: "pdf_text",
    pages: [{ width: 600, height: 850, words: placed.flat() }],
  };
}

Deno.test("fold() cuts CJK text where it meets Latin letters or digits", () => {
  equal(fold("发票号码CN45171"), "发票号码 cn45171");
  equal(fold("HS编码"), "hs 编码");
  equal(fold("İhracatçı"), "ihracatci");
});

Deno.test("matchLabelText() knows labels in ten more languages, CJK ones run into the value", () => {
  assertEquals(matchLabelText("发票号码CN45171"), {
    kind: "invoice_number",
    rank: 0,
    rest: "CN45171",
    colon: false,
  });
  equal(matchLabelText("买方")?.kind, "importer");
  equal(matchLabelText("荷受人")?.kind, "importer");
  equal(matchLabelText("仕向港: Busan")?.kind, "port_of_discharge");
  equal(matchLabelText("Yükleme limanı: Mersin")?.kind, "port_of_loading");
  equal(matchLabelText("Numer faktury: 12/2026")?.rest, "12/2026");
  equal(matchLabelText("Condições de entrega")?.kind, "incoterm");
});

/** Header cells (x, text) on one line, and the column types expected from them. */
const HEADER_CASES: { cells: [number, string][]; types: string[] }[] = [
  {
    cells: [[40, "品名"], [200, "商品编码"], [300, "数量"], [360, "单价"], [450, "金额"]],
    types: ["description", "hs_code", "quantity", "unit_price", "amount"],
  },
  // "Ilość" and "Jedn." run together by a narrow gap.
  {
    cells: [[40, "Towar"], [200, "IlośćJedn."], [300, "Cena"], [400, "Wartość"]],
    types: ["description", "quantity", "unit", "unit_price", "amount"],
  },
];

Deno.test("findHeaders() reads Chinese headers and splits two header words run together", () => {
  for (const { cells, types } of HEADER_CASES) {
    const doc = textDoc(...cells.map(([x, text]) => words(x, 100, text)));
    assertEquals(findHeaders(linesOf(doc))[0]?.columns.map((c) => c.type), types);
  }
});

Deno.test("findTable() reads values set flush right far from their left-set headers", () => {
  // "Qty." and "Unit price" are set flush left; their values flush right, nearer the next
  // header than their own.
  const doc = textDoc(
    row(100, [[40, "Description"], [200, "Qty."], [300, "Unit price"], [420, "Amount"]]),
    words(40, 115, "Steel frames"),
    right(295, 115, "1,200 pcs"),
    right(415, 115, "2.50"),
    right(520, 115, "3,000.00"),
    words(40, 130, "Olive oil"),
    right(295, 130, "40 pcs"),
    right(415, 130, "12.00"),
    right(520, 130, "480.00"),
    words(40, 145, "Tulip bulbs"),
    right(295, 145, "500 pcs"),
    right(415, 145, "0.20"),
    right(520, 145, "100.00"),
  );
  const table = findTable(linesOf(doc));
  assertEquals(
    table?.rows.map((
      r,
    ) => [r.cells.description?.text, r.cells.quantity?.text, r.cells.unit_price?.text]),
    [
      ["Steel frames", "1,200 pcs", "2.50"],
      ["Olive oil", "40 pcs", "12.00"],
      ["Tulip bulbs", "500 pcs", "0.20"],
    ],
  );
});

Deno.test("findFields() reads a currency named in words in a header or by an amount", async () => {
  const lookups = await fileLookups();
  const cases: [string, string][] = [
    ["Price (US Dollars)", "USD"],
    ["Prix unitaire (Francs suisses)", "CHF"],
    ["Factuurbedrag Euro 258.037,50", "EUR"],
    ["合计 美元 1,200.00", "USD"],
  ];
  for (const [text, code] of cases) {
    const doc = textDoc(words(40, 40, "Seller: Aceites del Sur S.L."), words(40, 100, text));
    equal((await findFields(doc, lookups)).goods.currency?.value, code, text);
  }
  const labelled = textDoc(words(40, 40, "Seller: Aceites del Sur S.L."), words(40, 60, "币种 $"));
  equal((await findFields(labelled, lookups)).goods.currency?.value, "USD");
});

Deno.test("findTable() takes the line under a note's label alone as the note's value", () => {
  const doc = textDoc(
    row(100, [[40, "Description"], [300, "Qty"], [400, "Unit price"], [500, "Amount"]]),
    row(115, [[40, "Static converters"], [300, "10"], [400, "2.00"], [500, "20.00"]]),
    words(40, 127, "Country of origin:"),
    words(40, 139, "NETHERLANDS"),
    row(154, [[40, "Canned tuna"], [300, "5"], [400, "3.00"], [500, "15.00"]]),
    words(40, 166, "HS code:"),
    words(40, 178, "1604.14"),
  );
  const rows = findTable(linesOf(doc))?.rows ?? [];
  assertEquals(rows.map((r) => r.cells.description?.text), ["Static converters", "Canned tuna"]);
  equal(rows[1]?.cells.hs_code?.text, "1604.14");
});

Deno.test("latinLanguage() names a page's language from its common words; isCjk() tells CJK", () => {
  const page = (text: string) =>
    text.split(" ").map((t) => ({ text: t, x: 0, y: 0, width: 1, height: 1, confidence: 1 }));
  equal(latinLanguage(page("Rechnung Kaufer Menge Preis Betrag und")), "deu");
  equal(latinLanguage(page("Faktura Nabywca Ilosc Cena Wartosc Razem")), "pol");
  equal(latinLanguage(page("Commercial invoice Buyer Quantity Price Amount")), null);
  equal(isCjk("发票号码"), true);
  equal(isCjk("Invoice 发"), false);
});

Deno.test("leadingNumber() reads a space as a thousands separator before a unit", () => {
  equal(leadingNumber("6 500 ctns", ",")?.value, 6500);
  equal(leadingNumber("38 850,50", ",")?.value, 38850.5);
  equal(leadingNumber("6203 42 90", null)?.value, 6203);
});

Deno.test("findFields() pairs a party label with the block set under its value, not under it", async () => {
  const doc = textDoc(
    // The label runs into the name without a colon; the address lines start under the name.
    row(100, [[40, "Importer"], [120, "Comercial Azteca S.A. de C.V."]]),
    words(120, 112, "Blvd. Avila Camacho 221"),
    words(120, 124, "91700 Veracruz, Ver."),
    words(120, 136, "Mexico"),
    // A label set over two lines, its second line beside the first address line.
    row(170, [[40, "Exportador /"], [120, "Textil Mediterraneo S.A.U."]]),
    row(182, [[40, "Supplier"], [120, "Calle de Colon, 89"]]),
    words(120, 194, "08039 Barcelona"),
    words(120, 206, "Spain"),
  );
  const result = await findFields(doc, await fileLookups());
  equal(result.importer?.name?.value, "Comercial Azteca S.A. de C.V.");
  equal(result.importer?.address?.value, "Blvd. Avila Camacho 221, 91700 Veracruz, Ver.");
  equal(result.exporter?.address?.value, "Calle de Colon, 89, 08039 Barcelona");
  equal(result.exporter?.country?.value, "ES");
});

Deno.test("findTable() gives a leading line number to the number column, not a run-on line's", () => {
  const doc = textDoc(
    row(100, [[20, "No."], [100, "Description"], [300, "Qty"], [400, "Amount"]]),
    // The number set apart from its header, in the goods' phrase.
    row(115, [[60, "1 Coolant pump,"], [300, "20"], [400, "778.00"]]),
    words(60, 127, "80 l/min"),
    row(142, [[60, "2 Solenoid valve"], [300, "60"], [400, "756.00"]]),
  );
  const rows = findTable(linesOf(doc))?.rows ?? [];
  assertEquals(rows.map((r) => [r.cells.number?.text, r.cells.description?.text]), [
    ["1", "Coolant pump, 80 l/min"],
    ["2", "Solenoid valve"],
  ]);
});
