/**
 * Party labels and sub-labels as scans leave them: a bilingual label's slash lost ("客户
 * Customer") or its CJK half misread ("放売者 Exporter:"), a CJK label's colon lost before the
 * name, a box's number set apart from a label whose CJK half was lost ("2." … "/Consignee:"),
 * a field label apart from its value ("Name:" … "Helvetia Uhren AG"), CJK field labels without
 * their colon, a country line read as debris, and a Japanese label read in simplified
 * characters ("请求先" for "請求先"). Each still gives the party's block.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { matchLabelText } from "../../shared/extraction/fields/labels.ts";
import { fold } from "../../shared/extraction/fields/text.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { sketch } from "../support/placed_words.ts";
import { partyFields as parties } from "./party_support.ts";

function ocrPage(...placed: Word[][]): TextDocument {
  return {
    kind: "text",
    source: "ocr",
    pages: [{ width: 600, height: 850, words: placed.flat() }],
  };
}

Deno.test("matchLabelText() reads bilingual party labels whose slash or CJK half a scan lost", () => {
  assertEquals(matchLabelText("客户 Customer"), {
    kind: "importer",
    rank: 2,
    rest: "",
    colon: false,
  });
  equal(matchLabelText("放売者 Exporter:")?.kind, "exporter");
  equal(matchLabelText("发票人")?.kind, "exporter");
  // Without a slash, only a party's label is read after CJK text: a title is no label.
  equal(matchLabelText("发票 INVOICE"), null);
  const name = matchLabelText("买方 Alpen Präzision SA");
  assertEquals([name?.kind, name?.rest, name?.scriptBreak], [
    "importer",
    "Alpen Präzision SA",
    true,
  ]);
  // A CJK label run into its value without a space is not parted so.
  equal(matchLabelText("发票号码CN45171")?.scriptBreak, undefined);
  // Latin words after a space are still a value, not more label, unless they are the label.
  equal(matchLabelText("Buyer Acme Ltd")?.rest, "Acme Ltd");
});

Deno.test("a party block under CJK labels whose colon or slash the scan lost", async () => {
  const doc = ocrPage(sketch(`
    40 60 发票人
    300 60 客户 Customer
    40 72 Shenzhen Brightstar Trading Co., Ltd.
    300 72 Jansen Metaal N.V.
    40 84 No. 172 Jiefang Road
    300 84 Havenstraat 127
    40 96 Qingdao 266000, CHINA
    300 96 5611 AZ Eindhoven, NETHERLANDS
  `));
  const { exporter, importer } = await parties(doc);
  assertEquals(exporter, [
    "Shenzhen Brightstar Trading Co., Ltd.",
    "No. 172 Jiefang Road, Qingdao 266000",
    "CN",
  ]);
  assertEquals(importer, ["Jansen Metaal N.V.", "Havenstraat 127, 5611 AZ Eindhoven", "NL"]);
  // The name after the label on its line, the address under the label.
  const buyer = ocrPage(sketch(`
    40 130 买方 Alpen Präzision SA
    40 142 Rheinhafenstrasse 227
    40 154 2502 Biel/Bienne
  `));
  assertEquals((await parties(buyer)).importer, [
    "Alpen Präzision SA",
    "Rheinhafenstrasse 227, 2502 Biel/Bienne",
    undefined,
  ]);
});

Deno.test("a box's number apart from its label sets the block's column", async () => {
  const doc = ocrPage(sketch(`
    40 60 1.
    70 60 Exporter:
    40 72 Nippon Precision Parts Co., Ltd.
    40 84 85-2-85 Shinko-cho
    40 96 Yokohama 231-0002, Japan
    40 130 2.
    70 130 /Consignee:
    40 142 Alpen Prazision SA
    40 154 Industriering 70
    40 166 2502 Biel/Bienne, SWITZERLAND
  `));
  const { exporter, importer } = await parties(doc);
  assertEquals(exporter, [
    "Nippon Precision Parts Co., Ltd.",
    "85-2-85 Shinko-cho, Yokohama 231-0002",
    "JP",
  ]);
  assertEquals(importer, ["Alpen Prazision SA", "Industriering 70, 2502 Biel/Bienne", "CH"]);
});

Deno.test("field labels apart from their values, without colons, or over debris", async () => {
  const doc = ocrPage(sketch(`
    40 60 Lieferer / Shipper
    150 60 Name:
    190 60 Helvetia Uhren AG
    150 72 Anschrift: Industriering 188
    150 84 2502 Biel/Bienne
    150 96 Land:
    190 96 SCHWEIZ
    40 130 进口方
    40 142 名称 Harbor Imports, Inc.
    40 154 地址 203 Industrial Parkway
    40 166 Savannah, GA 31401
    40 178 Land: H4~
  `));
  const { exporter, importer } = await parties(doc);
  assertEquals(exporter, ["Helvetia Uhren AG", "Industriering 188, 2502 Biel/Bienne", "CH"]);
  // The country's line, read as debris, is left out of the address.
  assertEquals(importer, [
    "Harbor Imports, Inc.",
    "203 Industrial Parkway, Savannah, GA 31401",
    undefined,
  ]);
});

Deno.test("a Japanese label read in simplified characters is the label", async () => {
  equal(fold("請求書番号"), fold("请求书番号"));
  equal(fold("發票"), fold("发票"));
  equal(matchLabelText("请求先")?.kind, "importer");
  equal(matchLabelText("输入者")?.kind, "importer");
  const doc = ocrPage(sketch(`
    36 80 Yamato Denki Co., Ltd.
    36 93 192-2-192 Umeda
    36 105 Nagoya 455-0032, JAPAN
    36 149 请求先
    36 161 Windsor Textiles PLC
    37 172 151 High Street
    37 185 Leeds LS1 4AP, UNITED KINGDOM
    37 197 EORI GB123456789000
  `));
  assertEquals((await parties(doc)).importer, [
    "Windsor Textiles PLC",
    "151 High Street, Leeds LS1 4AP",
    "GB",
  ]);
});
