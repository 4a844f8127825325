/**
 * Spreadsheets from other producers, read as cells: a packing list's cartons × pieces per
 * carton = total pieces gives the quantity, whatever its header words say.
 */
import { assert, equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { Cell, SheetDocument } from "../../shared/extraction/layout.ts";

function sheet(rows: Cell[][]): SheetDocument {
  return { kind: "sheet", sheets: [{ name: "Sheet1", rows }] };
}

const PARTIES: Cell[][] = [
  [null, "DISTINTA DI IMBALLAGGIO / PACKING LIST"],
  [],
  [null, "Speditore:", null, "Destinatario:"],
  [null, "Pastificio Val d'Orcia S.r.l.", null, "Gourmet Imports Pty Ltd"],
  [null, "Località Le Piane, 7", null, "22 Whiteman Street"],
  [null, "53027 San Quirico d'Orcia (SI)", null, "Southbank VIC 3006"],
  [null, "Italia", null, "Australia"],
  [],
];

Deno.test("a packing list's total pieces are the quantity, not its cartons", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "Pallet", "Articolo", "Voce doganale", "Cartoni", "Pz/cartone", "Totale pezzi"],
    [null, "1-2", "Pici toscani di semola, 500 g", "1902.19.90", 200, 20, 4000],
    [null, "3", "Pappardelle all'uovo, 250 g", "1902.11.00", 150, 24, 3600],
    [null, "4", "Olio extravergine di oliva, 500 ml", "1509.20.00", 60, 12, "720"],
    [null, null, "Totale", null, 410, null, 8320],
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.quantity?.value).join(","), "4000,3600,720");
  // No prices: nothing multiplied out as quantity × price, so no quantity is sure of itself
  // from a price's arithmetic.
  assert(items.every((i) => i.unit_price === undefined));
});

Deno.test("a merged quantity header over pieces per carton, cartons and total pieces", async () => {
  const doc = sheet([
    ...PARTIES,
    ["C/NO.", "DESCRIPTION", "HS CODE", "QUANTITY", null, null, "G.W. (KGS)"],
    [null, null, null, "PCS/CTN", "CTNS", "TOTAL PCS"],
    ["1-120", "Dome tent 2-person, 190T polyester", 63062200, 4, 120, 480, 1416],
    ["121-200", "Tunnel tent 4-person, steel poles", 63062200, 2, 80, 160, 1360],
    ["TOTAL", null, null, null, 200, 640, 2776],
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.quantity?.value).join(","), "480,160");
});

Deno.test("an invoice's quantity × unit price = amount is left as it is", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "Description", "Cartons", "Quantity", "Unit price", "Amount"],
    [null, "Pici toscani di semola, 500 g", 20, 400, 2.5, 1000],
    [null, "Pappardelle all'uovo, 250 g", 10, 300, 3, 900],
    [null, null, null, null, "Total", 1900],
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.quantity?.value).join(","), "400,300");
  equal(items.map((i) => i.unit_price?.value).join(","), "2.5,3");
});

Deno.test("a description cell's further lines are its own, a note's line is not", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "Description", "HS code", "Quantity", "Unit price", "Amount"],
    [
      null,
      "Centrifugal pump CPW-65/200, close-coupled,\ncast iron casing, 7.5 kW motor",
      "8413.70",
      4,
      250,
      1000,
    ],
    [null, "Submersible drainage pump SDP-40\nLot no. 47113", "8413.70", 10, 90, 900],
    [null, null, null, null, "Total", 1900],
  ]);
  const [pump, drain] = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(
    pump?.description?.value,
    "Centrifugal pump CPW-65/200, close-coupled, cast iron casing, 7.5 kW motor",
  );
  // One cell is one value: its lines are no guess at which lines are the row's.
  assert(pump!.description!.confidence >= 0.9);
  equal(drain?.description?.value, "Submersible drainage pump SDP-40");
  // Whether a note's line is the description's too is the document's convention: not sure.
  assert(drain!.description!.confidence < 0.9);
});

Deno.test("a country line in the language of the document ends the importer's address", async () => {
  for (
    const [line, code] of [["EE. UU.", "US"], ["Verenigd Koninkrijk", "GB"], [
      "İTALYA",
      "IT",
    ]] as const
  ) {
    const doc = sheet([
      [null, "Exportador / Shipper", null, "Destinatario / Consignee"],
      [null, "Aceitunas Guadalquivir, S.A.", null, "Iberian Pantry Imports LLC"],
      [null, "Carretera de Carmona, km 3,5", null, "600 Dock Street"],
      [null, "41500 Alcalá de Guadaíra (Sevilla)", null, "Wilmington, NC 28401"],
      [null, "España", null, line],
      [],
      [null, "Descripción", "Partida", "Cantidad"],
      [null, "Aceituna manzanilla, lata 350 g", "2005.70.50", 12000],
    ]);
    const importer = (await findFields(doc, await fileLookups())).importer;
    equal(importer?.country?.value, code, line);
    equal(importer?.address?.value, "600 Dock Street, Wilmington, NC 28401", line);
  }
});

Deno.test("a column of HS codes under a header the vocabulary does not know", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "N.", "Descrizione", "Voce dog.", "Quantità", "Prezzo unitario", "Importo"],
    [null, 1, "Piatto piano Ø 27 cm, decoro Raffaellesco", "6912.00", 360, 18.5, 6660],
    [null, 2, "Vaso anfora h 35 cm, decoro Ricco Deruta", "6913.90", 24, 96, 2304],
    [null, 3, "Brocca 1,5 l, decoro Arabesco blu", "691200", 60, 32.4, 1944],
    [null, null, null, null, null, "Totale", 10908],
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(items.map((i) => i.hs_code?.value).join(","), "6912.00,6913.90,691200");
});

Deno.test("a column of bare article numbers is no HS code column", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "N.", "Descrizione", "Art.", "Quantità", "Prezzo unitario", "Importo"],
    [null, 1, "Piatto piano Ø 27 cm, decoro Raffaellesco", "100234", 360, 18.5, 6660],
    [null, 2, "Vaso anfora h 35 cm, decoro Ricco Deruta", "100871", 24, 96, 2304],
    [null, null, null, null, null, "Totale", 8964],
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  assert(items.every((i) => i.hs_code === undefined));
});

Deno.test("parties stacked in a column beside the goods table", async () => {
  const doc = sheet([
    [null, "CHOCOLATERIE VAN HOUTTE", null, null, "HANDELSFACTUUR / COMMERCIAL INVOICE"],
    [],
    [null, "Verkoper", null, null, "Factuurnr.", "26/0612"],
    [null, "Chocolaterie Van Houtte & Zonen NV", null, null, "Factuurdatum", "2026-04-15"],
    [null, "Kortrijksesteenweg 1120"],
    [null, "9051 Sint-Denijs-Westrem"],
    [null, "België"],
    [],
    [null, "Koper / Geadresseerde"],
    [null, "Sweet Atlantic Distributors Inc.", null, "Nr.", "Omschrijving", "HTS", "Aantal"],
    [null, "45 Harbor Drive", null, 1, "Pralines assortiment 250 g", "1806.90.9019", 2400],
    [null, "Jersey City, NJ 07305", null, 2, "Chocoladetabletten puur 72%", "1806.32.9000", 6000],
    [null, "Verenigde Staten", null, 3, "Speculoos koekjes, 200 g", "1905.31.0049", 3600],
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.importer?.name?.value, "Sweet Atlantic Distributors Inc.");
  equal(result.importer?.address?.value, "45 Harbor Drive, Jersey City, NJ 07305");
  equal(result.importer?.country?.value, "US");
  equal(result.goods.line_items.map((i) => i.quantity?.value).join(","), "2400,6000,3600");
});

Deno.test("an article column read as a second description column holds codes, not goods", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "Artikel", "Omschrijving", "GN-code", "Aantal", "Prijs per stuk", "Bedrag"],
    [null, "A001", "Tulpenbollen 'Queen of Night', maat 12/+", "0601.10", 25000, 0.142, 3550],
    [null, "A002", "Narcissen 'Tête-à-Tête', maat 10/12", "0601.10", 30000, 0.085, 2550],
    [null, null, null, null, null, "Subtotaal", 6100],
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(
    items.map((i) => i.description?.value).join("|"),
    "Tulpenbollen 'Queen of Night', maat 12/+|Narcissen 'Tête-à-Tête', maat 10/12",
  );
});

Deno.test("a party written one field a cell, the field's label in the cell left of it", async () => {
  const doc = sheet([
    [null, "FACTURE COMMERCIALE"],
    [],
    [null, "Expéditeur", null, null, "Destinataire"],
    [null, "Raison sociale", "Conserveries Atlas SA", null, "Raison sociale", "Nordic Foods AB"],
    [null, "Adresse", "Zone Industrielle, Lot 45", null, "Adresse", "Hamngatan 12"],
    [null, null, "80000 Agadir", null, null, "411 06 Göteborg"],
    [null, "Pays", "Maroc", null, "Pays", "Suède"],
    [],
    [null, "Désignation", "Code SH", "Quantité", "Prix unitaire", "Montant"],
    [null, "Sardines à l'huile", "1604.13.11", 400, 10, 4000],
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Conserveries Atlas SA");
  equal(result.exporter?.address?.value, "Zone Industrielle, Lot 45, 80000 Agadir");
  equal(result.exporter?.country?.value, "MA");
  equal(result.importer?.name?.value, "Nordic Foods AB");
  equal(result.importer?.address?.value, "Hamngatan 12, 411 06 Göteborg");
  equal(result.importer?.country?.value, "SE");
});

Deno.test("a packing list's invoice reference and port of destination in Italian", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "Rif. fattura", null, "118/2026"],
    [null, "Porto di imbarco", null, "Livorno (ITLIV)"],
    [null, "Porto di destino", null, "Melbourne (AUMEL)"],
    [],
    [null, "Articolo", "Voce doganale", "Quantità"],
    [null, "Pici toscani di semola, 500 g", "1902.19.90", 4000],
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.invoice?.number?.value, "118/2026");
  equal(result.route?.port_of_discharge?.value, "AUMEL");
});

Deno.test("an amount due after an advance payment is no invoice total", async () => {
  const doc = sheet([
    ...PARTIES,
    [null, "Description", "HS code", "Quantity", "Unit price", "Amount"],
    [null, "Sardines in oil", "1604.13.11", 400, 10, 4000],
    [null, "Mackerel in oil", "1604.15.11", 100, 20, 2000],
    [null, null, null, null, "Total invoice value", 6000],
    [null, null, null, null, "Less advance payment", 1800],
    [null, null, null, null, "Amount due", 4200],
  ]);
  equal((await findFields(doc, await fileLookups())).goods.total_value?.value, 6000);
  // Freight paid by the shipper is a charge all the same.
  const freight = sheet([
    ...PARTIES,
    [null, "Description", "HS code", "Quantity", "Unit price", "Amount"],
    [null, "Sardines in oil", "1604.13.11", 400, 10, 4000],
    [null, null, null, null, "Subtotal", 4000],
    [null, null, null, null, "Freight paid", 300],
    [null, null, null, null, "Total", 4300],
  ]);
  equal((await findFields(freight, await fileLookups())).goods.total_value?.value, 4300);
});

Deno.test("a country line in Polish or Turkish ends the address", async () => {
  for (const [exporter, importer] of [["Maroko", "Szwecja"], ["Fas", "İsveç"]] as const) {
    const doc = sheet([
      [null, "Sprzedawca / Satıcı", null, "Nabywca / Alıcı"],
      [null, "Atlas Foods SA", null, "Nordic Foods AB"],
      [null, "Zone Industrielle, Lot 45", null, "Hamngatan 12"],
      [null, "80000 Agadir", null, "411 06 Göteborg"],
      [null, exporter, null, importer],
      [],
      [null, "Opis", "Kod HS", "Ilość"],
      [null, "Sardines in oil", "1604.13.11", 400],
    ]);
    const result = await findFields(doc, await fileLookups());
    equal(result.exporter?.country?.value, "MA", exporter);
    equal(result.importer?.country?.value, "SE", importer);
    equal(result.importer?.address?.value, "Hamngatan 12, 411 06 Göteborg", importer);
  }
});
