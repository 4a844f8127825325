/**
 * The field finder's parts: numbers, dates, countries, labels, table headers, and how the
 * confidence of a value follows what was checked about it. Documents here are built word by
 * word, so each test shows the layout it is about.
 */
import { assert, assertEquals, equal } from "../support/assert.ts";
import {
  detectDecimalMark,
  leadingNumber,
  parseNumber,
} from "../../shared/extraction/fields/numbers.ts";
import { parseDate } from "../../shared/extraction/fields/dates.ts";
import { CountryIndex } from "../../shared/extraction/fields/countries.ts";
import { matchLabelText } from "../../shared/extraction/fields/labels.ts";
import { findHeaders } from "../../shared/extraction/fields/table_header.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { databaseLookups } from "../../shared/extraction/fields/lookups.ts";
import { ReferenceData } from "../../shared/validation/reference.ts";
import { testDb } from "../support/db.ts";
import type { SheetDocument, TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, words } from "../support/placed_words.ts";

function textDoc(source: "pdf_text" | "ocr", ...placed: Word[][]): TextDocument {
  return { kind: "text", source, pages: [{ width: 600, height: 850, words: placed.flat() }] };
}

/** Words from a page sketch: each line "x y text", placed by `place`. */
function sketch(lines: string, place = words): Word[] {
  return lines.trim().split("\n").flatMap((line) => {
    const [, x, y, text] = line.trim().match(/^(\d+) (\d+) (.+)$/)!;
    return place(Number(x), Number(y), text!);
  });
}

Deno.test("parseNumber() reads 1,234.56, 1.234,56, 1 234,56 and 1'234.56", () => {
  equal(parseNumber("1,234.56", null)?.value, 1234.56);
  equal(parseNumber("1.234,56", null)?.value, 1234.56);
  equal(parseNumber("1 234,56", null)?.value, 1234.56);
  equal(parseNumber("1\u00a0234,56", null)?.value, 1234.56);
  equal(parseNumber("1'234.56", null)?.value, 1234.56);
  equal(parseNumber("12,500,000", null)?.value, 12500000);
  equal(parseNumber("EUR 6.250,00", null)?.value, 6250);
  equal(parseNumber("$1,234", null)?.value, 1234);
  equal(parseNumber("(15.00)", null)?.value, -15);
  equal(parseNumber("12,5", null)?.value, 12.5);
  equal(parseNumber("1.2.3", null), null);
  equal(parseNumber("12a", null), null);
  equal(parseNumber("1,23,4", null), null);
});

Deno.test("parseNumber() reads 1.500 by the document's decimal mark, or says it guessed", () => {
  assertEquals(parseNumber("1.500", ","), { value: 1500, ambiguous: false });
  assertEquals(parseNumber("1.500", "."), { value: 1.5, ambiguous: false });
  assertEquals(parseNumber("1,500", "."), { value: 1500, ambiguous: false });
  assertEquals(parseNumber("1,500", ","), { value: 1.5, ambiguous: false });
  assertEquals(parseNumber("1.500", null), { value: 1500, ambiguous: true });
  // Not three digits after it: a decimal mark whatever the habit.
  assertEquals(parseNumber("0.500", null), { value: 0.5, ambiguous: false });
});

Deno.test("detectDecimalMark() reads the habit from a document's numbers, not its HS codes", () => {
  equal(detectDecimalMark(["3.420,00", "2,85", "16.703,00"]), ",");
  equal(detectDecimalMark(["15,120.00", "3.15", "4,800"]), ".");
  equal(detectDecimalMark(["8482.10", "8466.93", "1,50"]), ",");
  equal(detectDecimalMark(["1,850", "2,595,000"]), ".");
  equal(detectDecimalMark(["12", "400"]), null);
});

Deno.test("leadingNumber() splits a quantity from its unit", () => {
  const n = leadingNumber("1.200 Stk", ",");
  equal(n?.value, 1200);
  equal(n?.rest, "Stk");
  equal(leadingNumber("24 pcs", null)?.value, 24);
  equal(leadingNumber("pcs", null), null);
});

Deno.test("parseDate() writes every common form as YYYY-MM-DD", () => {
  const cases: [string, string][] = [
    ["2026-03-14", "2026-03-14"],
    ["2026/03/14", "2026-03-14"],
    ["14.03.2026", "2026-03-14"],
    ["14.03.26", "2026-03-14"],
    ["14 March 2026", "2026-03-14"],
    ["14th March 2026", "2026-03-14"],
    ["March 14, 2026", "2026-03-14"],
    ["Mar. 20, 2026", "2026-03-20"],
    ["14-MAR-2026", "2026-03-14"],
    ["13-Mar-26", "2026-03-13"],
    ["14. März 2026", "2026-03-14"],
    ["27 février 2026", "2026-02-27"],
    ["03/14/2026", "2026-03-14"],
    ["14/03/2026", "2026-03-14"],
    ["Hamburg, 16.03.2026", "2026-03-16"],
  ];
  for (const [text, iso] of cases) equal(parseDate(text, null)?.iso, iso, text);
});

Deno.test("parseDate() marks 03/04/2026 ambiguous and reads it by the document's habit", () => {
  assertEquals(parseDate("03/04/2026", true), { iso: "2026-04-03", ambiguous: true });
  assertEquals(parseDate("03/04/2026", false), { iso: "2026-03-04", ambiguous: true });
  equal(parseDate("31.02.2026", null), null);
  equal(parseDate("INV-2026-0042", null), null);
});

Deno.test("CountryIndex finds ISO codes from names in any case and language", async () => {
  const countries = new CountryIndex(await (await fileLookups()).countries());
  const cases: [string, string][] = [
    ["Germany", "DE"],
    ["GERMANY", "DE"],
    ["Deutschland", "DE"],
    ["VIET NAM", "VN"],
    ["Vietnam", "VN"],
    ["U.S.A.", "US"],
    ["United States of America", "US"],
    ["Korea, Republic of", "KR"],
    ["Republic of Korea", "KR"],
    ["P.R. CHINA", "CN"],
    ["The Netherlands", "NL"],
    ["Türkiye", "TR"],
    ["Espagne", "ES"],
    ["Côte d'Ivoire", "CI"],
    ["République française", "FR"],
    ["中华人民共和国", "CN"],
    ["日本", "JP"],
  ];
  for (const [name, code] of cases) equal(countries.byName(name), code, name);
  equal(countries.byName("Hamburg"), null);
  assertEquals(countries.atEnd("60612 Chicago, USA"), { code: "US", rest: "60612 Chicago" });
  equal(countries.atEnd("Atlanta, Georgia"), null);
  // A country written with dots folds to more words than it has: only it is cut.
  assertEquals(countries.atEnd("Felixstowe IP11 3SY, U.K."), {
    code: "GB",
    rest: "Felixstowe IP11 3SY",
  });
  assertEquals(countries.atEnd("Ningbo 315000, P.R. CHINA"), { code: "CN", rest: "Ningbo 315000" });
  assert(countries.isCode("DE") && !countries.isCode("XX"));
});

Deno.test("matchLabelText() knows label synonyms, bilingual labels and numbered boxes", () => {
  const kind = (text: string) => matchLabelText(text)?.kind;
  equal(kind("Shipper"), "exporter");
  equal(kind("Seller / Exporter"), "exporter");
  equal(kind("Consignor:"), "exporter");
  equal(kind("Verkäufer / Seller"), "exporter");
  equal(kind("Sold to"), "importer");
  equal(kind("Consignee (ship to)"), "importer");
  equal(kind("Verladehafen / Port of loading"), "port_of_loading");
  // A word of two meanings ("Firma": a company, a signature) is what its translation says.
  equal(kind("Firma / Shipper / Exporter"), "exporter");
  equal(kind("Firma / Vendor:"), "exporter");
  equal(kind("Firma / Signature"), "other");
  equal(matchLabelText("Firma")?.also, "exporter");
  // A label written number sign first, or with another way of writing "number".
  equal(kind("Nº factura"), "invoice_number");
  equal(kind("N° de factura"), "invoice_number");
  equal(matchLabelText("Nº factura MX-8940/26")?.rest, "MX-8940/26");
  equal(kind("N° Ref."), undefined);
  equal(kind("③ Port of loading"), "port_of_loading");
  equal(kind("P OR T OF LOADIN G"), "port_of_loading");
  equal(kind("Total net weight (kg)"), "other");
  equal(kind("Buyer's Order No."), "other");
  const inline = matchLabelText("Invoice No.: INV-2026-0042");
  equal(inline?.kind, "invoice_number");
  equal(inline?.rest, "INV-2026-0042");
  equal(inline?.colon, true);
  const dual = matchLabelText("INVOICE NO. & DATE");
  equal(dual?.kind, "invoice_number");
  equal(dual?.also, "invoice_date");
  equal(matchLabelText("Hamburg Maschinenbau GmbH"), null);
});

Deno.test("findHeaders() finds columns from their header words, over two stacked lines", () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 100, "Description of goods"),
    words(220, 100, "HS code"),
    words(300, 100, "Qty"),
    words(360, 100, "Unit price"),
    words(360, 111, "(EUR)"),
    words(450, 100, "Amount"),
  );
  const [header] = findHeaders(linesOf(doc));
  assertEquals(header?.columns.map((c) => c.type), [
    "description",
    "hs_code",
    "quantity",
    "unit_price",
    "amount",
  ]);
  equal(header?.columns[3]?.header, "Unit price (EUR)");
  equal(header?.lastLine, 1);
});

Deno.test("findHeaders() ignores a line that only mentions goods in a sentence", () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 100, "We certify the goods described and the total price are true"),
  );
  equal(findHeaders(linesOf(doc)).length, 0);
});

/** An invoice laid out as a form: labels above boxes, the table below. */
function invoice(
  opts: { hs?: string; amount?: string; confidence?: number; exporter?: string } = {},
): TextDocument {
  const c = opts.confidence ?? 1;
  return textDoc(
    "pdf_text",
    words(40, 40, "Seller / Exporter", c),
    words(40, 52, opts.exporter ?? "Hamburg Maschinenbau GmbH", c),
    words(40, 64, "Grosse Elbstrasse 145", c),
    words(40, 76, "22767 Hamburg", c),
    words(40, 88, "GERMANY", c),
    words(330, 40, "Buyer / Importer", c),
    words(330, 52, "Chicago Tools Inc.", c),
    words(330, 64, "2100 West Fulton Street", c),
    words(330, 76, "Chicago, IL 60612", c),
    words(330, 88, "UNITED STATES", c),
    words(40, 130, "Invoice No.: INV-2026-0042", c),
    words(330, 130, "Date: 28.11.2026", c),
    words(40, 150, "Terms of delivery: CIF New York", c),
    words(40, 200, "Description", c),
    words(160, 200, "HS code", c),
    words(240, 200, "Qty", c),
    words(300, 200, "Unit price (EUR)", c),
    words(420, 200, "Amount", c),
    words(40, 214, "CNC milling spindle", c),
    words(160, 214, opts.hs ?? "8466.93", c),
    words(240, 214, "2", c),
    words(300, 214, "6.250,00", c),
    words(420, 214, opts.amount ?? "12.500,00", c),
    words(300, 240, "Total", c),
    words(420, 240, opts.amount ?? "12.500,00", c),
  );
}

Deno.test("findFields() reads a form-style invoice and is sure of what it checked", async () => {
  const result = await findFields(invoice(), await fileLookups());
  equal(result.exporter?.name?.value, "Hamburg Maschinenbau GmbH");
  equal(result.exporter?.address?.value, "Grosse Elbstrasse 145, 22767 Hamburg");
  equal(result.exporter?.country?.value, "DE");
  equal(result.importer?.country?.value, "US");
  equal(result.invoice?.number?.value, "INV-2026-0042");
  equal(result.invoice?.date?.value, "2026-11-28");
  equal(result.terms?.incoterm?.value, "CIF");
  equal(result.goods.currency?.value, "EUR");
  const [item] = result.goods.line_items;
  equal(item?.hs_code?.value, "8466.93");
  equal(item?.quantity?.value, 2);
  equal(item?.unit_price?.value, 6250);
  equal(result.goods.total_value?.value, 12500);
  // Checked against the nomenclature, the arithmetic and the sum of the lines.
  assert(item!.hs_code!.confidence >= 0.95);
  assert(item!.quantity!.confidence >= 0.95 && item!.unit_price!.confidence >= 0.95);
  assert(result.goods.total_value!.confidence >= 0.95);
});

Deno.test("findFields() is unsure of an HS code outside the nomenclature", async () => {
  const result = await findFields(invoice({ hs: "9999.99" }), await fileLookups());
  const hs = result.goods.line_items[0]?.hs_code;
  equal(hs?.value, "9999.99");
  assert(hs!.confidence <= 0.3, `confidence ${hs!.confidence}`);
});

Deno.test("findFields() is unsure of a line whose quantity × price is not its amount", async () => {
  const result = await findFields(invoice({ amount: "13.000,00" }), await fileLookups());
  const item = result.goods.line_items[0]!;
  assert(item.quantity!.confidence < 0.6 && item.unit_price!.confidence < 0.6);
});

Deno.test("findFields() is unsure of a name that is OCR debris, not a company", async () => {
  const result = await findFields(invoice({ exporter: "&" }), await fileLookups());
  const name = result.exporter?.name;
  equal(name?.value, "&");
  assert(name!.confidence <= 0.3, `confidence ${name!.confidence}`);
});

Deno.test("findFields() reads several labels set on one line as one phrase", async () => {
  const line =
    "Port of loading: Kobe (JPUKB) Port of discharge: Gothenburg (SEGOT) Incoterms: FOB Kobe";
  const doc = textDoc(
    "pdf_text",
    words(40, 40, "Port de chargement / Port of loading : Le Havre"),
    words(40, 52, "(FRLEH)"),
    words(40, 120, line),
  );
  const result = await findFields(doc, await fileLookups());
  // The bilingual label stays one label, and the code under it is still its value.
  equal(result.route?.port_of_loading?.value, "FRLEH");
  equal(result.route?.port_of_discharge?.value, "SEGOT");
  equal(result.terms?.incoterm?.value, "FOB");
});

Deno.test("findFields() lets OCR word confidence limit a value's confidence", async () => {
  const sure = await findFields(invoice(), await fileLookups());
  const ocrDoc = { ...invoice({ confidence: 0.6 }), source: "ocr" as const };
  const unsure = await findFields(ocrDoc, await fileLookups());
  equal(unsure.exporter?.name?.value, "Hamburg Maschinenbau GmbH");
  assert(unsure.exporter!.name!.confidence < sure.exporter!.name!.confidence);
  assert(unsure.exporter!.name!.confidence < 0.9);
});

Deno.test("findFields() reads a sheet with labels left of their values", async () => {
  const sheet: SheetDocument = {
    kind: "sheet",
    sheets: [{
      name: "Invoice",
      rows: [
        ["Shipper:", "Hai Phong Wood Furniture Co., Ltd.", null, "Invoice No.", "HPW-2603-05"],
        [null, "Km 8, Highway 5", null, "Invoice Date", "2026-03-13"],
        [null, "VIET NAM", null, "Currency", "USD"],
        ["Consignee:", "Maison Bois SAS"],
        [null, "12 rue des Entrepreneurs\n44800 Saint-Herblain\nFrance"],
        [],
        ["Description", "HS Code", "Quantity", "Unit price", "Amount"],
        ["Dining chair", 9401.61, 320, 45.5, 14560],
        ["Coffee, roasted", 901.21, 10, 14.5, 145],
        [null, null, null, "Total", 14705],
      ],
    }],
  };
  const result = await findFields(sheet, await fileLookups());
  equal(result.exporter?.country?.value, "VN");
  equal(result.importer?.name?.value, "Maison Bois SAS");
  equal(result.importer?.address?.value, "12 rue des Entrepreneurs, 44800 Saint-Herblain");
  equal(result.importer?.country?.value, "FR");
  equal(result.invoice?.number?.value, "HPW-2603-05");
  equal(result.goods.currency?.value, "USD");
  equal(result.goods.line_items.length, 2);
  // A number cell lost the HS code's leading zero: put back.
  equal(result.goods.line_items[1]?.hs_code?.value, "0901.21");
  equal(result.goods.total_value?.value, 14705);
});

Deno.test("findFields() joins a two-line description to its centred numbers", async () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 40, "Exporter"),
    words(40, 52, "Nordic Timber AB"),
    words(40, 64, "SWEDEN"),
    words(40, 100, "Description"),
    words(200, 100, "HS code"),
    words(280, 100, "Qty"),
    words(330, 100, "Price"),
    words(420, 100, "Amount"),
    words(40, 120, "Sawn spruce planks,"),
    words(200, 127, "4407.12"),
    words(280, 127, "120"),
    words(330, 127, "185.50"),
    words(420, 127, "22,260.00"),
    words(40, 134, "kiln dried"),
    words(40, 150, "Oriented strand board,"),
    words(200, 157, "4410.12"),
    words(280, 157, "300"),
    words(330, 157, "21.75"),
    words(420, 157, "6,525.00"),
    words(40, 164, "18 mm"),
  );
  const result = await findFields(doc, await fileLookups());
  const items = result.goods.line_items;
  equal(items.length, 2);
  equal(items[0]?.description?.value, "Sawn spruce planks, kiln dried");
  equal(items[1]?.description?.value, "Oriented strand board, 18 mm");
  equal(items[1]?.quantity?.value, 300);
});

Deno.test("findFields() gives a note to the item above, however near the next one", async () => {
  const doc = textDoc(
    "pdf_text",
    sketch(`
    40 40 Exporter
    40 52 Nordic Timber AB
    40 64 SWEDEN
    40 100 Description
    200 100 HS code
    280 100 Qty
    330 100 Price
    420 100 Amount
    40 114 Sawn spruce planks
    200 114 4407.12
    280 114 120
    330 114 185.50
    420 114 22,260.00
    40 124 Origin: SWEDEN
    40 128 Oriented strand board
    200 128 4410.12
    280 128 300
    330 128 21.75
    420 128 6,525.00
  `),
  );
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.length, 2);
  equal(items[0]?.description?.value, "Sawn spruce planks");
  equal(items[1]?.description?.value, "Oriented strand board");
});

Deno.test("findFields() gives an empty price column the numbers its split header put beside it", async () => {
  // "Prix unit." read as a price column and a unit column: the prices stand under "unit.".
  const doc = textDoc(
    "pdf_text",
    sketch(`
    40 40 Exportateur
    40 52 Scierie des Vosges SARL
    40 64 FRANCE
    40 100 Description
    200 100 Qté
    300 100 Prix
    330 100 unit.
    420 100 Total
    40 114 Planches de sapin
    200 114 120
    330 114 185.50
    420 114 22,260.00
    40 128 Panneaux OSB
    200 128 300
    335 128 21.75
    420 128 6,525.00
  `),
  );
  const { goods } = await findFields(doc, await fileLookups());
  assertEquals(
    goods.line_items.map((li) => [li.quantity?.value, li.unit_price?.value, li.unit_of_measure]),
    [[120, 185.5, undefined], [300, 21.75, undefined]],
  );
});

Deno.test("findFields() reads a party block its label is centred on, left of it", async () => {
  // The label's cell is centred on the value's cell, so the name stands above the label's
  // line; the second label is alone on its line, between its value's lines.
  const doc = textDoc(
    "pdf_text",
    sketch(`
    40 40 Invoice No.
    120 40 EXP/65/2026
    120 70 Basler Chemie GmbH
    40 80 Shipper
    120 80 Rheinhafenstrasse 170
    120 90 2502 Biel/Bienne
    120 100 SWITZERLAND
    120 130 Vins du Rhone S.A.
    40 135 Consignee
    120 140 187, rue de la Republique
    120 150 59000 Lille, FRANCE
  `),
  );
  const { exporter, importer } = await findFields(doc, await fileLookups());
  assertEquals(
    [exporter?.name?.value, exporter?.address?.value, exporter?.country?.value],
    ["Basler Chemie GmbH", "Rheinhafenstrasse 170, 2502 Biel/Bienne", "CH"],
  );
  assertEquals(
    [importer?.name?.value, importer?.address?.value, importer?.country?.value],
    ["Vins du Rhone S.A.", "187, rue de la Republique, 59000 Lille", "FR"],
  );
});

Deno.test("findFields() takes an unlabelled letterhead as the exporter, unsure of it", async () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 30, "Aceites y Vinos del Turia, S.L."),
    words(40, 42, "Camino Viejo 118 · 46980 Paterna · SPAIN"),
    words(40, 54, "CIF/NIF: B46871203"),
    words(40, 80, "Importer"),
    words(40, 92, "Kansai Gourmet Trading Co., Ltd."),
    words(40, 104, "JAPAN"),
    words(40, 140, "Description"),
    words(200, 140, "Quantity"),
    words(300, 140, "Unit price"),
    words(40, 154, "Olive oil"),
    words(200, 154, "4.800"),
    words(300, 154, "4,65"),
  );
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Aceites y Vinos del Turia, S.L.");
  equal(result.exporter?.address?.value, "Camino Viejo 118, 46980 Paterna");
  equal(result.exporter?.country?.value, "ES");
  assert(result.exporter!.name!.confidence < 0.9);
  equal(result.goods.line_items[0]?.quantity?.value, 4800);
});

Deno.test("databaseLookups() answers as the reference files do", async () => {
  const db = await testDb();
  const fromDb = databaseLookups(new ReferenceData(db));
  const fromFiles = await fileLookups();
  assertEquals((await fromDb.countries()).get("VN"), (await fromFiles.countries()).get("VN"));
  assert((await fromDb.currencies()).has("EUR"));
  assertEquals(await fromDb.hsCodes(["090121", "999999"]), new Set(["090121"]));
  const places = await fromDb.locodes(["DEHAM", "XXXXX"]);
  assertEquals([...places.keys()], ["DEHAM"]);
  equal(places.get("DEHAM")?.country, "DE");
});

Deno.test("parseDate() reads long dates in more languages and the CJK form", () => {
  equal(parseDate("16 de marzo de 2026", null)?.iso, "2026-03-16");
  equal(parseDate("16 de março de 2026", null)?.iso, "2026-03-16");
  equal(parseDate("24 Kasım 2026", null)?.iso, "2026-11-24");
  equal(parseDate("3 października 2026", null)?.iso, "2026-10-03");
  equal(parseDate("16 maart 2026", null)?.iso, "2026-03-16");
  equal(parseDate("2026年3月16日", null)?.iso, "2026-03-16");
  equal(parseDate("16 de nada de 2026", null), null);
});

Deno.test("findFields() takes a document's only date, unlabelled, as a guess", async () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 40, "Seller: Meble Kowalski Sp. z o.o."),
    words(400, 40, "2026-03-16"),
  );
  const result = await findFields(doc, await fileLookups());
  equal(result.invoice?.date?.value, "2026-03-16");
  assert(result.invoice!.date!.confidence < 0.9);
});

Deno.test("findFields() ends an address at a country that ends its line", async () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 40, "Seller:"),
    words(40, 55, "Delacroix Industries SAS"),
    words(40, 70, "112, avenue Foch"),
    words(40, 85, "69003 Lyon, France"),
    // Text the block runs on into: not address.
    words(40, 100, "Warehouse gate 4"),
    words(40, 115, "Dock 7"),
  );
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.address?.value, "112, avenue Foch, 69003 Lyon");
  equal(result.exporter?.country?.value, "FR");
});

Deno.test("findFields() takes the port, not its country, from 'Santos, BRASIL'", async () => {
  const doc = textDoc(
    "pdf_text",
    words(40, 40, "Seller: Café Bom Retiro Ltda."),
    words(40, 60, "Port of loading: Santos, BRASIL"),
  );
  const result = await findFields(doc, await fileLookups());
  equal(result.route?.port_of_loading?.value, "Santos");
});

Deno.test("findFields() leaves a value under another label to that label", async () => {
  // A bilingual label over two lines: what stands right of its second line is the next
  // column's value ("Euro" under "Currency"); its own value is under it.
  const doc = textDoc(
    "pdf_text",
    words(40, 40, "Seller: Café Bom Retiro Ltda."),
    row(100, [[300, "Port de débarquement /"], [420, "Currency"]]),
    row(110, [[300, "Destination port"], [420, "Euro"]]),
    words(300, 120, "Genova"),
  );
  const result = await findFields(doc, await fileLookups());
  equal(result.route?.port_of_discharge?.value, "Genova");
});

/** OCR words: boxes as tall as their ink (7 pt for 9 pt type), a space between them 7 pt. */
function inked(x: number, y: number, text: string): Word[] {
  let at = x;
  return text.split(" ").map((t) => {
    const w = { text: t, x: at, y, width: t.length * 5, height: 7, confidence: 0.96 };
    at += t.length * 5 + 7;
    return w;
  });
}

Deno.test("findFields() reads OCR phrases whole and cents whose point the OCR lost", async () => {
  // "6.88" and "12,040.00" read with their points lost: "6 88", "12,040 00".
  const doc = textDoc(
    "ocr",
    sketch(
      `
    40 40 Exporter
    40 52 Northern Foods Limited
    40 64 UNITED KINGDOM
    40 100 Description
    200 100 Qty
    300 100 Price
    420 100 Amount
    40 114 Men's cotton denim trousers
    200 114 1,750
    300 114 6
    309 114 88
    420 114 12,040
    454 114 00
  `,
      inked,
    ),
  );
  const result = await findFields(doc, await fileLookups());
  const item = result.goods.line_items[0];
  assertEquals(
    [result.exporter?.name?.value, item?.description?.value, item?.quantity?.value],
    ["Northern Foods Limited", "Men's cotton denim trousers", 1750],
  );
  equal(item?.unit_price?.value, 6.88);
});

Deno.test("findFields() reads a currency from a bracketed symbol or a word", async () => {
  const header = textDoc(
    "pdf_text",
    words(40, 40, "Seller: Meble Kowalski Sp. z o.o."),
    words(40, 100, "Opis"),
    words(200, 100, "Cena (zł)"),
    words(300, 100, "Wartość (zł)"),
  );
  equal((await findFields(header, await fileLookups())).goods.currency?.value, "PLN");
  const word = textDoc(
    "pdf_text",
    words(40, 40, "Seller: Aceites del Sur S.L."),
    words(40, 60, "Currency: Euro"),
  );
  equal((await findFields(word, await fileLookups())).goods.currency?.value, "EUR");
});
