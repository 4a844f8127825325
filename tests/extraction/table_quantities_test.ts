/**
 * Quantities written into the cell beside the quantities': a quantity and its unit set before
 * the goods' text under a header cell shared by both columns, the unit alone there where the
 * number reached the quantity column, a quantity run into its unit in the unit's column. Taken
 * only where most rows are so written; goods whose own name starts with a short word stay
 * whole. Under a header whose quantity and goods words ran together, each phrase is the
 * quantity or the goods' text.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import {
  quantitiesBeside,
  quantityOutOfUnit,
} from "../../shared/extraction/fields/table_quantities.ts";
import type { RawRow } from "../../shared/extraction/fields/table.ts";
import type { Column, ColumnType } from "../../shared/extraction/fields/table_header.ts";
import { onePage, row, scannedPage, words } from "../support/placed_words.ts";

const COLUMNS = ["quantity", "description", "unit", "unit_price", "amount"].map((type, i) => ({
  type,
  x0: 100 * i,
  x1: 100 * i + 80,
  header: type,
})) as Column[];

function rows(...cells: Partial<Record<ColumnType, string>>[]): RawRow[] {
  return cells.map((c) => ({
    cells: Object.fromEntries(
      Object.entries(c).map(([type, text]) => [type, { text, segments: [] }]),
    ),
    wrapped: false,
  }));
}

function read(table: RawRow[], columns: Column[] = COLUMNS): string[] {
  quantitiesBeside(table, columns);
  return table.map((r) =>
    [r.cells.quantity?.text, r.cells.unit?.text, r.cells.description?.text].join("|")
  );
}

Deno.test("a quantity and its unit before the goods' text are the row's quantity and unit", () => {
  assertEquals(
    read(rows(
      { description: "25 250 bags Green coffee beans", unit_price: "8,76" },
      { description: "3 000 ctns Canned tuna in olive oil", unit_price: "19,60" },
      { description: "75 szt. Wooden dining tables, oak", unit_price: "80,30" },
      { description: "1 000 PCS Men's T-shirts", unit_price: "7,87" },
    )),
    [
      "25 250|bags|Green coffee beans",
      "3 000|ctns|Canned tuna in olive oil",
      "75|szt.|Wooden dining tables, oak",
      "1 000|PCS|Men's T-shirts",
    ],
  );
});

Deno.test("a unit left before the goods' text, its number in the quantity column, is the unit", () => {
  assertEquals(
    read(rows(
      { quantity: "208", description: "pcs Wrist-watches, automatic" },
      { quantity: "25", description: "kg Steel structures, welded" },
      { quantity: "3 150", description: "prs Men's cotton denim trousers" },
    )),
    [
      "208|pcs|Wrist-watches, automatic",
      "25|kg|Steel structures, welded",
      "3 150|prs|Men's cotton denim trousers",
    ],
  );
});

Deno.test("goods whose names start with a number or a short word keep them", () => {
  // One row of three so written is the goods' own name, not the table's layout.
  assertEquals(
    read(rows(
      { quantity: "10", description: "Steel frames" },
      { quantity: "12", description: "ml Vials, sterile" },
      { quantity: "5", description: "Vin rouge, bouteilles" },
    )),
    ["10||Steel frames", "12||ml Vials, sterile", "5||Vin rouge, bouteilles"],
  );
  // A number and a word in the case of the goods' text after it, or in capitals before
  // capitals, is the goods' text.
  assertEquals(
    read(rows(
      { description: "3 pin plugs, white" },
      { description: "2 Door cabinets" },
      { description: "4 WAY SPLITTERS" },
    )),
    ["||3 pin plugs, white", "||2 Door cabinets", "||4 WAY SPLITTERS"],
  );
  // No quantity column: nothing is taken.
  const noQuantity = COLUMNS.filter((c) => c.type !== "quantity");
  assertEquals(read(rows({ description: "25 bags Green coffee" }), noQuantity), [
    "||25 bags Green coffee",
  ]);
});

Deno.test("a single row's quantity before its goods' text is taken where it has none else", () => {
  assertEquals(read(rows({ description: "350 btl Vin rouge" })), ["350|btl|Vin rouge"]);
  assertEquals(read(rows({ quantity: "350", description: "btl Vin rouge" })), [
    "350||btl Vin rouge",
  ]);
});

Deno.test("a quantity run into its unit in the unit's column is the quantity", () => {
  const read = (cells: Partial<Record<ColumnType, string>>) => {
    const [row] = rows(cells);
    quantityOutOfUnit(row!.cells);
    return [row!.cells.quantity?.text, row!.cells.unit?.text].join("|");
  };
  assertEquals(read({ unit: "274bottles" }), "274|bottles");
  assertEquals(read({ unit: "1,800m²" }), "1,800|m²");
  // A line with a quantity of its own, or a unit alone, is left as it is.
  assertEquals(read({ quantity: "282pcs", unit: "5pcs" }), "282pcs|5pcs");
  assertEquals(read({ unit: "pcs" }), "|pcs");
});

Deno.test("a scanned quantity run into its unit under the unit's header is the quantity", async () => {
  // The quantities' header is narrow, the unit's wide beside it: "3,750boxes" stands more
  // under the unit's header than under the quantities'.
  const placed = [
    ...words(40, 40, "PACKING LIST"),
    ...row(300, [[90, "Description"], [212, "Ctns"], [240, "Qty"], [258, "Unit of measure"], [
      340,
      "Net weight",
    ], [480, "HS code"]]),
    ...words(90, 315, "Glazed ceramic floor"),
    ...row(320, [[40, "B988-1"], [226, "39"], [250, "3,750boxes"], [373, "4,826.0"], [
      480,
      "6907 22",
    ]]),
    ...words(90, 325, "tiles 60x60 cm"),
    ...row(340, [[40, "H390-2"], [90, "Tulip bulbs, dormant"], [221, "235"], [250, "21,600st."], [
      368,
      "15,404.2",
    ], [480, "0601 10"]]),
    ...words(90, 355, "Canned tuna in olive"),
    ...row(360, [[40, "F470-3"], [232, "9"], [255, "285ctns"], [382, "521.7"], [480, "1604 14"]]),
    ...words(90, 365, "oil, 120 g"),
    ...words(90, 375, "Red wine bottles"),
    ...row(380, [[40, "V246-5"], [227, "65"], [250, "2,200btl"], [374, "2,811.9"], [
      480,
      "2204 21",
    ]]),
  ].map((w) => ({ ...w, height: 7, confidence: 0.95 }));
  const doc = scannedPage(placed);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  assertEquals(items.map((i) => `${i.quantity?.value} ${i.unit_of_measure?.value}`), [
    "3750 boxes",
    "21600 st.",
    "285 ctns",
    "2200 btl",
  ]);
});

Deno.test("a scanned table's quantities and units set before the goods are read with them", async () => {
  // The quantity's header and the description's share a cell; the rows' quantities, units
  // and goods' text are one phrase each, starting left of where the goods' text starts.
  const doc = scannedPage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[110, "Quantity (pcs) Description"], [400, "Unit price"], [480, "Amount"]]),
    ...words(150, 220, "25 250 bags Green coffee beans"),
    ...row(220, [[400, "8.76"], [480, "221,190.00"]]),
    ...words(165, 235, "208 pcs Wrist-watches, automatic"),
    ...row(235, [[400, "615.40"], [480, "128,003.20"]]),
    ...words(156, 250, "3 000 ctns Canned tuna in olive oil"),
    ...row(250, [[400, "19.60"], [480, "58,800.00"]]),
  ].map((w) => ({ ...w, confidence: 0.95 })));
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  assertEquals(
    items.map((i) => `${i.quantity?.value} ${i.unit_of_measure?.value} ${i.description?.value}`),
    [
      "25250 bags Green coffee beans",
      "208 pcs Wrist-watches, automatic",
      "3000 ctns Canned tuna in olive oil",
    ],
  );
  equal(items.every((i) => (i.quantity?.confidence ?? 0) >= 0.9), true);
});

Deno.test("under a header whose quantity and goods words ran together, each phrase is one or the other", async () => {
  // "QtyDescription": both columns span the one word; the quantities are set flush right and
  // touch the goods' text ("949Woven"), or stand on a line of their own beside it.
  const doc = onePage([
    ...words(40, 40, "PACKING LIST"),
    ...row(200, [[72, "QtyDescription"], [290, "HS code"], [364, "Cartons"], [
      420,
      "Net weight (kg)",
    ]]),
    ...words(87, 216, "Men's cotton denim trousers"),
    ...row(220, [[64, "1 200"], [290, "6203 42"], [390, "39"], [444, "1 273,5"]]),
    ...words(64, 240, "4 400Ball bearings 6205-2RS"),
    ...row(240, [[290, "8482 10"], [385, "200"], [444, "3 831,0"]]),
    ...words(72, 260, "949Woven carpets of man-made fibres"),
    ...row(260, [[290, "5702 42"], [390, "13"], [444, "1 283,4"]]),
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  assertEquals(items.map((i) => `${i.quantity?.value}: ${i.description?.value}`), [
    "1200: Men's cotton denim trousers",
    "4400: Ball bearings 6205-2RS",
    "949: Woven carpets of man-made fibres",
  ]);
});

Deno.test("a quantity the row's arithmetic finds at the goods' text's start leaves its unit too", async () => {
  const doc = scannedPage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[167, "Quantity"], [201, "Description"], [373, "Unit price"], [
      498,
      "Amount",
    ]]),
    ...row(220, [[167, "7 kg"], [201, "Steel structures, welded frames"], [373, "441.30"], [
      498,
      "3,089.10",
    ]]),
    ...row(235, [[140, "125,200 thousand Natural cork stoppers"], [373, "0.50"], [
      498,
      "62,600.00",
    ]]),
  ].map((w) => ({ ...w, confidence: 0.95 })));
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  assertEquals(items.map((i) => `${i.quantity?.value} ${i.description?.value}`), [
    "7 Steel structures, welded frames",
    "125200 Natural cork stoppers",
  ]);
});
