/**
 * Which row a line of text between two rows of numbers belongs to: the row above where cells
 * are set from the top, however near the next row it stands; in cells set from the middle, a
 * line that starts a new phrase begins the row below. A note's label broken over two lines is
 * a note, not more of the description.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { isNoteHead } from "../../shared/extraction/fields/notes.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

function page(lines: Word[]): TextDocument {
  return onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [
      480,
      "Amount",
    ]]),
    ...lines,
  ]);
}

const item = (y: number, text: string, q: string, p: string, a: string) =>
  row(y, [[40, text], [300, q], [380, p], [480, a]]);

async function descriptions(doc: TextDocument): Promise<string> {
  const result = await findFields(doc, await fileLookups());
  return result.goods.line_items.map((i) => i.description?.value).join("|");
}

Deno.test("a line run on under a row set from the top stays with it, near the next row", async () => {
  const doc = page([
    ...item(220, "Wrist-watches,", "194", "416.60", "80,820.40"),
    ...words(40, 232, "automatic, steel"),
    ...words(40, 244, "case"),
    ...item(253, "Skin care creams, 50", "2,400", "3.07", "7,368.00"),
    ...words(40, 265, "ml jars"),
  ]);
  equal(
    await descriptions(doc),
    "Wrist-watches, automatic, steel case|Skin care creams, 50 ml jars",
  );
});

Deno.test("in cells set from the middle, a new phrase between rows begins the row below", async () => {
  const doc = page([
    ...words(40, 215, "Wrist-watches, automatic,"),
    ...item(225, "steel case", "70", "115.90", "8,113.00"),
    ...item(245, "Red wine, 0.75 l bottles", "2,050", "11.90", "24,395.00"),
    ...words(40, 255, "Upholstered chairs with wooden"),
    ...item(265, "frames", "219", "156.00", "34,164.00"),
  ]);
  equal(
    await descriptions(doc),
    "Wrist-watches, automatic, steel case|Red wine, 0.75 l bottles|" +
      "Upholstered chairs with wooden frames",
  );
});

Deno.test("a note's label over two lines is a note", async () => {
  equal(isNoteHead("País de origen / Country of", "origin: ESPAÑA"), true);
  equal(isNoteHead("Static converters, 24 V power", "supplies"), false);
  equal(isNoteHead("supplies", "Origin: SPAIN"), false);
  const doc = page([
    ...item(220, "Crèmes de soin, pots de 50 ml", "300", "24.60", "7,380.00"),
    ...words(40, 232, "Origine / Country of"),
    ...words(40, 244, "origin: FRANCE"),
    ...item(256, "Natural cork stoppers", "13,650", "0.29", "3,958.50"),
  ]);
  equal(await descriptions(doc), "Crèmes de soin, pots de 50 ml|Natural cork stoppers");
});

Deno.test("a unit alone on the line under a wrapped quantity starts no item", async () => {
  // Cells set from the middle: the quantity cell wraps ("5,450" over "m2") round the row's
  // numbers, the description too.
  const doc = page([
    ...row(215, [[40, "Glazed ceramic floor"], [300, "5,450"]]),
    ...row(220, [[380, "19.10"], [480, "104,095.00"]]),
    ...row(225, [[40, "tiles 60x60 cm"], [300, "m2"]]),
    ...row(240, [[40, "Ball bearings 6205-2RS"], [300, "1,200"]]),
    ...row(245, [[380, "7.67"], [480, "9,204.00"]]),
    ...row(250, [[300, "m2"]]),
  ]);
  equal(
    await descriptions(doc),
    "Glazed ceramic floor tiles 60x60 cm|Ball bearings 6205-2RS",
  );
});

Deno.test("a header that names no description: the unnamed column holding words is it", async () => {
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Nr."], [70, "Qty"], [110, "Text"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "1"], [70, "922"], [110, "Tapered roller bearings"], [380, "17.40"], [
      480,
      "16,042.80",
    ]]),
    ...row(235, [[40, "2"], [70, "40"], [110, "Natural cork stoppers"], [380, "0.38"], [
      480,
      "15.20",
    ]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(descriptionsOf(result), "Tapered roller bearings|Natural cork stoppers");
  // Named by its content, not its header: less sure than a named column.
  equal(result.goods.line_items.every((i) => (i.description?.confidence ?? 1) < 0.9), true);
});

function descriptionsOf(result: Awaited<ReturnType<typeof findFields>>): string {
  return result.goods.line_items.map((i) => i.description?.value).join("|");
}

Deno.test("three value columns named on one line head the table, some words unknown", async () => {
  // Three of the header's seven words are unknown ("Mal hizmet", "Bedeli", over weights, so
  // the rows' arithmetic finds no table): the named quantity, HS code and price still make it
  // the header, and the goods column is found from its rows.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Qty"], [90, "Mal hizmet"], [250, "HS code"], [330, "Price"], [
      430,
      "Bedeli",
    ]]),
    ...row(220, [[40, "922"], [90, "Tapered roller bearings"], [250, "8482.20"], [330, "17.40"], [
      430,
      "2,310.5",
    ]]),
    ...row(235, [[40, "40"], [90, "Natural cork stoppers"], [250, "4503.10"], [330, "0.38"], [
      430,
      "96.0",
    ]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(descriptionsOf(result), "Tapered roller bearings|Natural cork stoppers");
  equal(result.goods.line_items.map((i) => i.hs_code?.value).join("|"), "8482.20|4503.10");
});

Deno.test("an order reference among the rows, its number under the quantities, is no item", async () => {
  // "Auftrag" stands under the unit, "17443" under the quantity.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[20, "Unit"], [60, "Qty"], [150, "Description"], [380, "Unit price"], [
      480,
      "Amount",
    ]]),
    ...row(215, [[20, "Auftrag 17443"]]),
    ...row(225, [[20, "pcs"], [60, "87,050"], [150, "Natural cork stoppers"], [380, "0.57"], [
      480,
      "49,618.50",
    ]]),
    ...row(240, [[20, "pcs"], [60, "25,850"], [150, "Electrical connectors"], [380, "1.46"], [
      480,
      "37,741.00",
    ]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => `${i.description?.value}:${i.quantity?.value}`).join("|"),
    "Natural cork stoppers:87050|Electrical connectors:25850",
  );
});

Deno.test("a quantity set flush right beside a narrow header, run into the goods, is the quantity's", async () => {
  // "Q.tà" is narrow; "1.700 PCS" ends at its right edge, and the goods' text follows in the
  // same phrase.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[160, "Q.tà"], [185, "Descrizione"], [400, "Prezzo"], [480, "Importo"]]),
    ...words(123, 220, "1.700 PCS Ball bearings 6205-2RS"),
    ...row(220, [[400, "1,37"], [480, "2.329,00"]]),
    ...words(123, 235, "2.300 ctns Canned tuna in olive oil"),
    ...row(235, [[400, "19,90"], [480, "45.770,00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => `${i.description?.value}:${i.quantity?.value}`).join("|"),
    "Ball bearings 6205-2RS:1700|Canned tuna in olive oil:2300",
  );
});

Deno.test("a quantity and its unit set before the goods' text, under a flush-left header, are the quantity's", async () => {
  // "Q.tà" flush left at 40, the quantities flush right at 110 and run into the goods' text.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Q.tà"], [120, "Articolo"], [380, "Prezzo"], [480, "Valore"]]),
    ...words(77, 220, "157 pcs Wrist-watches, automatic, steel case"),
    ...row(220, [[390, "676,60"], [480, "106.226,20"]]),
    ...words(62, 235, "6.750 jars Skin care creams, 50 ml jars"),
    ...row(235, [[390, "22,90"], [480, "154.575,00"]]),
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.quantity?.value).join("|"), "157|6750");
  equal(
    items.map((i) => i.description?.value).join("|"),
    "Wrist-watches, automatic, steel case|Skin care creams, 50 ml jars",
  );
});
