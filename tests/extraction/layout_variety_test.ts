/**
 * Layouts of the generated corpus's sources g251 onwards that other hands print too: field
 * labels inside a party block, a name wrapped in a narrow cell, a note in small print under a
 * description, a total whose currency shares its cell, a heading row over the items.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

const TABLE = (y: number) => [
  ...row(y, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
  ...row(y + 20, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
];

/** Words of `text` at `height` points (words() sets 10). */
function small(x: number, y: number, text: string, height: number): Word[] {
  return words(x, y, text).map((w) => ({
    ...w,
    width: w.width * height / 10,
    x: x + (w.x - x) * height / 10,
    height,
  }));
}

Deno.test("field labels inside a party block are not part of its values", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller"),
    ...words(40, 72, "Name: Hansa Technik AG"),
    ...words(40, 84, "Anschrift: Lindenallee 170"),
    ...words(40, 96, "70173 Stuttgart"),
    ...words(40, 108, "Land: Germany"),
    // A street's house number after "No:" is the address's own.
    ...words(300, 60, "Buyer"),
    ...words(300, 72, "Anadolu Tekstil A.Ş."),
    ...words(300, 84, "Atatürk Caddesi No: 143"),
    ...words(300, 96, "35000 İzmir"),
    ...words(300, 108, "TÜRKİYE"),
    ...TABLE(200),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Hansa Technik AG");
  equal(result.exporter?.address?.value, "Lindenallee 170, 70173 Stuttgart");
  equal(result.exporter?.country?.value, "DE");
  equal(result.importer?.address?.value, "Atatürk Caddesi No: 143, 35000 İzmir");
});

Deno.test("a name's legal form wrapped onto the next line stays in the name", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller"),
    ...words(40, 72, "Ningbo Ocean Tools Industrial Co.,"),
    ...words(40, 84, "Ltd."),
    ...words(40, 96, "No. 185 Zhongshan Road"),
    ...words(40, 108, "Ningbo 315000"),
    ...words(40, 120, "CHINA"),
    ...words(300, 60, "Buyer"),
    ...words(300, 72, "Distribuidora Norteña S.A."),
    ...words(300, 84, "de C.V."),
    ...words(300, 96, "Av. Independencia 217"),
    ...words(300, 108, "Mexico"),
    ...TABLE(200),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Ningbo Ocean Tools Industrial Co., Ltd.");
  equal(result.exporter?.address?.value, "No. 185 Zhongshan Road, Ningbo 315000");
  equal(result.importer?.name?.value, "Distribuidora Norteña S.A. de C.V.");
  equal(result.importer?.address?.value, "Av. Independencia 217");
});

Deno.test("a line in small print under a description is a note on that item", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
    ...small(40, 232, "Lot no. 4711", 8),
    ...row(246, [[40, "Ball bearings"], [300, "4"], [380, "2.50"], [480, "10.00"]]),
    ...words(40, 258, "for pumps"),
  ]);
  const result = await findFields(doc, await fileLookups());
  const items = result.goods.line_items;
  assertEquals(items.map((i) => i.description?.value), ["Steel frames", "Ball bearings for pumps"]);
});

Deno.test("a total whose currency shares its cell reconciles through the charges", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [300, "161"], [380, "63 875"], [480, "10 283 875"]]),
    ...row(232, [[40, "Ball bearings"], [300, "2 700"], [380, "3 375"], [480, "9 112 500"]]),
    ...row(250, [[380, "Suma"], [480, "19 396 375"]]),
    ...row(262, [[380, "Portes"], [480, "1 184 223"]]),
    ...row(274, [[330, "Total a pagar"], [450, "円 20 580 598"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.goods.total_value?.value, 20580598);
});

Deno.test("a heading row over the first item is not part of it", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...words(40, 214, "Order 47329"),
    ...row(228, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
    ...row(242, [[40, "Ball bearings"], [300, "4"], [380, "2.50"], [480, "10.00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.goods.line_items[0]?.description?.value, "Steel frames");
});

Deno.test("a country wrapped onto the next line ends the address", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...words(300, 60, "Buyer"),
    ...words(300, 72, "Pennine Trading Ltd"),
    ...words(300, 84, "147 Station Approach"),
    ...words(300, 96, "Leeds LS1 4AP, UNITED"),
    ...words(300, 108, "KINGDOM"),
    ...TABLE(200),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.importer?.address?.value, "147 Station Approach, Leeds LS1 4AP");
  equal(result.importer?.country?.value, "GB");
});

Deno.test("header cells set too close to part on one line are parted by the lines under them", async () => {
  // "Packages / Qty / No. Unit /" is one run of words on the first line; the second line's
  // words under each part, and the channels between them, show three cells.
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [200, "Packages /"], [255, "Qty / No."], [310, "Unit /"]]),
    ...row(200, [[400, "Unit price"], [480, "Amount"]]),
    ...row(211, [[215, "Ctns"], [258, "of units"], [310, "U/M"]]),
    ...row(230, [[40, "Steel frames"], [215, "12"], [270, "340"], [310, "pcs"]]),
    ...row(230, [[400, "5.00"], [480, "1700.00"]]),
    ...row(250, [[40, "Ball bearings"], [215, "3"], [270, "80"], [310, "pcs"]]),
    ...row(250, [[400, "2.50"], [480, "200.00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  assertEquals(result.goods?.line_items?.map((i) => [i.description?.value, i.quantity?.value]), [
    ["Steel frames", 340],
    ["Ball bearings", 80],
  ]);
});

Deno.test("quantities set flush right under the unit's header, prices after a currency in words", async () => {
  // The units run on into the numbers ("1 200pcs"), so the "Unit" column holds no words of
  // its own; the numbers under it are the quantities.
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [250, "Quantity"], [330, "Unit"]]),
    ...row(200, [[400, "Price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [320, "1 200pcs"], [400, "Euro 9,50"]]),
    ...row(220, [[480, "11 400,00"]]),
    ...row(240, [[40, "Ball bearings"], [335, "80pcs"], [400, "Euro 2,25"], [480, "180,00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  assertEquals(
    result.goods?.line_items?.map((i) => [i.quantity?.value, i.unit_price?.value]),
    [[1200, 9.5], [80, 2.25]],
  );
});

Deno.test("header cells interleaved over three lines are parted at the channel between them", async () => {
  // "Gross Tariff" over "weight code" over "(kg)": one run of words a line, two cells.
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [200, "Qty"], [250, "Unit price"], [320, "Amount"]]),
    ...row(200, [[400, "Gross"], [432, "Tariff"]]),
    ...row(211, [[395, "weight"], [432, "code"]]),
    ...row(222, [[405, "(kg)"]]),
    ...row(240, [[40, "Steel frames"], [200, "10"], [250, "5.00"], [320, "50.00"]]),
    ...row(240, [[405, "55.0"], [432, "7308.90"]]),
    ...row(260, [[40, "Ball bearings"], [200, "4"], [250, "2.50"], [320, "10.00"]]),
    ...row(260, [[410, "4.2"], [432, "8482.10"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  assertEquals(result.goods?.line_items?.map((i) => i.hs_code?.value), ["7308.90", "8482.10"]);
});

Deno.test("an HS code's last pair wrapped onto the next line stays in the code", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [200, "Qty"], [250, "Unit price"], [320, "Amount"]]),
    ...row(200, [[400, "HS code"]]),
    ...row(220, [[40, "Men's T-shirts,"], [200, "10"], [250, "5.00"], [320, "50.00"]]),
    ...row(220, [[400, "6109 10"]]),
    ...row(231, [[40, "100% cotton"], [400, "00"]]),
    ...row(250, [[40, "Ball bearings"], [200, "4"], [250, "2.50"], [320, "10.00"]]),
    ...row(250, [[400, "8482 10 00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  assertEquals(result.goods?.line_items?.map((i) => [i.description?.value, i.hs_code?.value]), [
    ["Men's T-shirts, 100% cotton", "6109 10 00"],
    ["Ball bearings", "8482 10 00"],
  ]);
});

Deno.test("a reference under a description, a word and a long number, is a note", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
    ...words(40, 231, "Batch 52817"),
    ...row(246, [[40, "Tapered roller bearings"], [300, "4"], [380, "2.50"], [480, "10.00"]]),
    ...words(40, 257, "32208"),
  ]);
  const result = await findFields(doc, await fileLookups());
  assertEquals(result.goods?.line_items?.map((i) => i.description?.value), [
    "Steel frames",
    "Tapered roller bearings 32208",
  ]);
});

Deno.test("a line number's header run into the description's, and a size starting a line", async () => {
  // "Rij / #" and "Description" are one run of words; the numbers under "#" are no part of
  // the goods, and "120 g" starting a line that has its number already is.
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...row(200, [[40, "Rij / # Description"], [300, "Quantity"], [380, "Unit price"]]),
    ...row(200, [[480, "Amount"]]),
    ...words(80, 215, "Tapered roller bearings"),
    ...row(222, [[40, "1"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
    ...words(80, 240, "Canned tuna in olive oil,"),
    ...row(251, [[40, "2"], [80, "120 g"], [300, "4"], [380, "2.50"], [480, "10.00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  assertEquals(result.goods?.line_items?.map((i) => i.description?.value), [
    "Tapered roller bearings",
    "Canned tuna in olive oil, 120 g",
  ]);
});

Deno.test("five capitals in a port's name are no UN/LOCODE", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...words(40, 80, "Port of discharge: LONG BEACH"),
    ...TABLE(200),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.route?.port_of_discharge?.value, "LONG BEACH");
});

Deno.test("a label cell clipped by its value ends where the values beside the labels start", async () => {
  // A spreadsheet printed without a gap between cells: "Port of loading / Laadha" is the
  // label cell cut short, "Amsterdam" its value, set where "€" stands beside "Currency".
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Hansa Technik AG"),
    ...words(40, 80, "Port of loading / Laadha"),
    ...words(155, 80, "Amsterdam"),
    ...row(92, [[40, "Currency"], [155, "€"]]),
    ...TABLE(200),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.route?.port_of_loading?.value, "Amsterdam");
});
