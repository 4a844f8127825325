/**
 * Party blocks as scans leave them: a line's words set so far apart that OCR makes two phrases
 * of it ("P.0." "Box 1120"), a label stacked over four lines of a narrow column in two
 * languages, a centred letterhead under a logo's debris, a town's state code after a dash,
 * letters misread (an abbreviation's O or l read as a digit, "ü" as "ii", "ß" as B or R), box
 * 2's label lost, a house number wrapped under its street, two party labels read as one phrase,
 * a mark read as letters, the Turkish "Sayın" and "Gönderilen", and a block beside its label
 * whose lines fall between those of the column beside.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import {
  abbreviationLetters,
  scanMisreadsMended,
} from "../../shared/extraction/fields/party_ocr.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { sketch } from "../support/placed_words.ts";
import { partyFields as parties } from "./party_support.ts";

function page(source: "ocr" | "pdf_text", placed: Word[]): TextDocument {
  return { kind: "text", source, pages: [{ width: 600, height: 850, words: placed }] };
}

// "Co." ends at x 407 and "P.0." at 320: their lines go on 15 pt further right, wider than a
// word gap (12 pt at 10 pt high) and well short of the next column.
const SPLIT_LINES = `
  40 60 Lieferant
  300 60 Rechnungsempfänger
  40 72 Bergmann Antriebe GmbH
  300 72 Brookfield & Hart & Co.
  422 72 Ltd
  40 84 Lindenallee 141
  300 84 128 High Street
  40 96 70173 Stuttgart
  300 96 P.0.
  335 96 Box 1120
  40 108 Deutschland
  300 108 Southampton SO14 3TJ
  300 120 UNITED KINGDOM
`;

Deno.test("a scanned block line that OCR parted at a wide word gap is read whole", async () => {
  const { exporter, importer } = await parties(page("ocr", sketch(SPLIT_LINES)));
  assertEquals(importer, [
    "Brookfield & Hart & Co. Ltd",
    "128 High Street, P.O. Box 1120, Southampton SO14 3TJ",
    "GB",
  ]);
  assertEquals(exporter, ["Bergmann Antriebe GmbH", "Lindenallee 141, 70173 Stuttgart", "DE"]);
});

Deno.test("a text layer's gap inside a block line is the writer's, not OCR's", async () => {
  const { importer } = await parties(page("pdf_text", sketch(SPLIT_LINES)));
  equal(importer[0], "Brookfield & Hart & Co.");
});

Deno.test("a scanned block line does not run on into a column beside it, nor its contacts", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 60 Seller:
    40 72 Ege Gıda Ltd. Şti.
    160 72 Invoice No.: 26-EX-1
    40 84 Liman Yolu 217
    120 84 Tel. +90 232 555 0101
    40 96 35000 İzmir, TURKEY
  `),
  );
  assertEquals((await parties(doc)).exporter, [
    "Ege Gıda Ltd. Şti.",
    "Liman Yolu 217, 35000 İzmir",
    "TR",
  ]);
});

Deno.test("a label stacked over a narrow column in two languages heads the block beside it", async () => {
  // "Exportador /" is the label found; "Fabricante /" above it is its other language's half,
  // not text of another block in the label's column.
  const doc = page(
    "ocr",
    sketch(`
    40 60 Fabricante /
    140 60 Cortiças Ferreira, Lda.
    40 72 Exportador /
    140 72 Rua das Flores, 208
    40 84 Manufacturer /
    140 84 4450-208 Matosinhos
    40 96 Exporter
    140 96 PORTUGAL
    140 108 Tel. +351 22 600 1100
    40 140 Buyer:
    40 152 Hanbit Electronics Co., Ltd.
    40 164 18, Jungang-daero
    40 176 Incheon 22314, KOREA
  `),
  );
  assertEquals((await parties(doc)).exporter, [
    "Cortiças Ferreira, Lda.",
    "Rua das Flores, 208, 4450-208 Matosinhos",
    "PT",
  ]);
});

Deno.test("a centred letterhead under a logo's debris, its wider lines centred too", async () => {
  const doc = page(
    "ocr",
    sketch(`
    290 20 nn“
    250 40 Ege Gıda A.Ş.
    210 52 Organize Sanayi Bölgesi No: 187
    250 64 33000 Mersin
    265 76 TURKEY
    40 120 Buyer:
    40 132 Textil Mediterráneo S.L.
    40 144 Paseo de Gracia, 34
    40 156 41001 Sevilla, Spain
  `),
  );
  assertEquals((await parties(doc)).exporter, [
    "Ege Gıda A.Ş.",
    "Organize Sanayi Bölgesi No: 187, 33000 Mersin",
    "TR",
  ]);
});

Deno.test("a letterhead's town keeps its state's code after a dash; a country's is split off", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 40 Café Bom Retiro Ltda.
    40 52 Rua XV de Novembro, 201 - 11013-000 Santos - SP - BR
    40 120 Buyer:
    40 132 Sakura Chemical Co., Ltd.
    40 144 41-2-41 Minatojima Nakamachi
    40 156 Nagoya 455-0032, Japan
  `),
  );
  assertEquals((await parties(doc)).exporter, [
    "Café Bom Retiro Ltda.",
    "Rua XV de Novembro, 201, 11013-000 Santos - SP",
    "BR",
  ]);
});

Deno.test("abbreviationLetters() reads a scanned abbreviation's 0 and 1 as the letters", () => {
  equal(abbreviationLetters("P.0. Box 1120"), "P.O. Box 1120");
  equal(abbreviationLetters("Tessitura Bianchi S.r.1."), "Tessitura Bianchi S.r.l.");
  equal(abbreviationLetters("Meble Kowalski Sp. z o.0."), "Meble Kowalski Sp. z o.o.");
  // Numbers are numbers: no letter in them, or digits run together.
  equal(abbreviationLetters("Unit 1.1. floor 10.0"), "Unit 1.1. floor 10.0");
  equal(abbreviationLetters("Version v1.0.2"), "Version v1.0.2");
});

Deno.test("scanMisreadsMended() mends misreads the word's own form gives away", () => {
  equal(scanMisreadsMended("8004 Ziirich"), "8004 Zürich");
  equal(scanMisreadsMended("Atatiirk Caddesi No: 173"), "Atatürk Caddesi No: 173");
  equal(scanMisreadsMended("32, Quai de I'Europe"), "32, Quai de l'Europe");
  equal(scanMisreadsMended("Southampton S014 3TJ"), "Southampton SO14 3TJ");
  equal(scanMisreadsMended("HafenstraBe 217"), "Hafenstraße 217");
  equal(scanMisreadsMended("IndustriestraRe 195"), "Industriestraße 195");
  equal(scanMisreadsMended("GroRer Burstah 52"), "Großer Burstah 52");
  // Real double i's, the English "I'll", and a postcode as it should be stay as they are.
  equal(scanMisreadsMended("ul. Armii Krajowej 12"), "ul. Armii Krajowej 12");
  equal(scanMisreadsMended("Hawaiian Skiing Co."), "Hawaiian Skiing Co.");
  equal(scanMisreadsMended("I'll"), "I'll");
  equal(scanMisreadsMended("London E1 6AN"), "London E1 6AN");
  // Inner capitals of names follow a capital or a consonant.
  equal(scanMisreadsMended("DeBeers House, McRae Street"), "DeBeers House, McRae Street");
  equal(scanMisreadsMended("LeBlanc & Fils, PORTE 3"), "LeBlanc & Fils, PORTE 3");
});

Deno.test("a scanned party's misread letters are mended, a text layer's left alone", async () => {
  const sketched = sketch(`
    40 60 Seller:
    40 72 Tessitura Bianchi S.r.1.
    40 84 Hafenstrasse 54
    40 96 80331 Miinchen, GERMANY
  `);
  assertEquals((await parties(page("ocr", sketched))).exporter, [
    "Tessitura Bianchi S.r.l.",
    "Hafenstrasse 54, 80331 München",
    "DE",
  ]);
  equal((await parties(page("pdf_text", sketched))).exporter[0], "Tessitura Bianchi S.r.1.");
});

Deno.test("box 2 under the exporter's box holds the importer when the scan lost its label", async () => {
  const boxes = (second: string) =>
    page(
      "ocr",
      sketch(`
    40 60 1. Seller
    40 72 Kansai Seiki Corporation
    40 84 19-2-19 Shinko-cho
    40 96 Kobe 650-0042, Japan
    40 120 ${second}
    40 134 Brookfield & Hart PLC
    40 146 132 High Street
    40 158 Manchester M1 1AE
    40 170 England
  `),
    );
  const { importer } = await findFields(boxes("2."), await fileLookups());
  assertEquals(
    [importer?.name?.value, importer?.address?.value, importer?.country?.value],
    ["Brookfield & Hart PLC", "132 High Street, Manchester M1 1AE", "GB"],
  );
  // A guess: no label says whose block it is.
  equal((importer?.name?.confidence ?? 1) < 0.9, true);
  // Another box's number is no second party.
  equal((await findFields(boxes("3."), await fileLookups())).importer, undefined);
});

Deno.test("a street's house number wrapped onto a line of its own ends the street's line", async () => {
  const doc = page(
    "pdf_text",
    sketch(`
    40 60 Buyer:
    40 72 Anadolu Tekstil A.Ş.
    40 84 Organize Sanayi Bölgesi
    40 96 No: 111
    40 108 16000 Bursa
    40 120 TURKEY
  `),
  );
  assertEquals((await parties(doc)).importer, [
    "Anadolu Tekstil A.Ş.",
    "Organize Sanayi Bölgesi No: 111, 16000 Bursa",
    "TR",
  ]);
});

Deno.test("two party labels a scan read as one phrase each head the block under them", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 60 Manufacturer / Exporter Delivery address / Sold To Party
    40 72 Cerámicas Levante S.L.
    185 72 Shenzhen Brightstar Co., Ltd.
    40 84 Avenida del Puerto, 222
    185 84 No. 175 Binhai Industrial Park
    40 96 08039 Barcelona
    185 96 Shanghai 200120
    40 108 SPAIN
    185 108 CHINA
  `),
  );
  const { exporter, importer } = await parties(doc);
  assertEquals(exporter, [
    "Cerámicas Levante S.L.",
    "Avenida del Puerto, 222, 08039 Barcelona",
    "ES",
  ]);
  assertEquals(importer, [
    "Shenzhen Brightstar Co., Ltd.",
    "No. 175 Binhai Industrial Park, Shanghai 200120",
    "CN",
  ]);
});

Deno.test("the Turkish consignee's 'Gönderilen' heads the importer's block", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 60 Satıcı:
    40 72 Marmara Makina San. ve Tic. A.Ş.
    40 84 16000 Bursa, TÜRKİYE
    40 120 Gönderilen:
    40 132 Importadora del Golfo S.A. de C.V.
    40 144 Calle Morelos 79
    40 156 91700 Veracruz, Mexico
  `),
  );
  assertEquals((await parties(doc)).importer, [
    "Importadora del Golfo S.A. de C.V.",
    "Calle Morelos 79, 91700 Veracruz",
    "MX",
  ]);
});

Deno.test("a scan's debris in a block is no address line; a CJK country is no debris", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 60 Buyer:
    40 72 Shenzhen Brightstar Industrial Co., Ltd.
    40 84 No. 32 Binhai Industrial Park
    40 96 Qingdao 266000
    40 108 pe
    300 60 Seller:
    300 72 Kansai Seiki Co., Ltd.
    300 84 Osaka 530-0001
    300 96 日本
  `),
  );
  const { exporter, importer } = await parties(doc);
  equal(importer[1], "No. 32 Binhai Industrial Park, Qingdao 266000");
  assertEquals(exporter, ["Kansai Seiki Co., Ltd.", "Osaka 530-0001", "JP"]);
});

Deno.test("the Turkish addressee's 'Sayın' heads the importer's block", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 60 Gönderici
    300 60 Sayın
    40 72 Anadolu Tekstil San. ve Tic. A.Ş.
    300 72 Thames Engineering Ltd
    40 84 35000 İzmir
    300 84 184 High Street
    40 96 TÜRKİYE
    300 96 Manchester M1 1AE
    300 108 UNITED KINGDOM
  `),
  );
  assertEquals((await parties(doc)).importer, [
    "Thames Engineering Ltd",
    "184 High Street, Manchester M1 1AE",
    "GB",
  ]);
});

Deno.test("a label centred beside a block whose lines fall between the next column's reads it all", async () => {
  // Two boxes side by side, their lines at different heights: the customer's lines stand
  // between the manufacturer's, its label at the middle of its block.
  const placed = sketch(`
    170 67 Distribuidora Norteña, S.A.
    43 87 Manufacturer
    170 87 Av. Independencia 94
    170 98 91700 Veracruz, Ver.
    405 104 Kansai Seiki Co., Ltd.
    170 109 Mexico
    405 114 89-2-89 Minatojima Nakamachi
    170 119 RFC IGO-850101-AB1
    405 125 Kobe 650-0042
    301 127 Customer
    405 136 JAPAN
    405 146 TEL 078-302-1234
  `).map((w) => ({ ...w, height: 7 }));
  const { importer } = await parties(page("ocr", placed));
  assertEquals(importer, [
    "Kansai Seiki Co., Ltd.",
    "89-2-89 Minatojima Nakamachi, Kobe 650-0042",
    "JP",
  ]);
});

Deno.test("a name's legal form wrapped alone onto a scanned line is no debris", async () => {
  const doc = page(
    "ocr",
    sketch(`
    40 60 Buyer:
    40 72 Anadolu Tekstil San. ve Tic.
    40 84 A.Ş.
    40 96 Liman Yolu No: 110
    40 108 35000 İzmir
    40 120 Türkiye
  `),
  );
  assertEquals((await parties(doc)).importer, [
    "Anadolu Tekstil San. ve Tic. A.Ş.",
    "Liman Yolu No: 110, 35000 İzmir",
    "TR",
  ]);
});
