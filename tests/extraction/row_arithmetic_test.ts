/**
 * A row's quantity, price and amount from its own arithmetic where the columns misplaced them:
 * price and amount in one merged cell, quantities under a unit header, prices under a header
 * no vocabulary knows.
 */
import { equal } from "../support/assert.ts";
import { rowTriple } from "../../shared/extraction/fields/row_arithmetic.ts";
import type { RawCell, RawRow } from "../../shared/extraction/fields/table.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument } from "../../shared/extraction/layout.ts";
import { onePage, words as placed } from "../support/placed_words.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";

/** A cell whose text is set at x, as the table would hold it. */
function cell(x: number, text: string): RawCell {
  const doc: TextDocument = {
    kind: "text",
    source: "pdf_text",
    pages: [{ width: 600, height: 800, words: placed(x, 100, text) }],
  };
  const segments = linesOf(doc).lines.flatMap((l) => l.segments);
  return { text, segments };
}

const marks = { quantity: ",", unit_price: ",", amount: "," } as const;

Deno.test("rowTriple() finds quantity × price = amount among the row's numbers, left to right", () => {
  const merged: RawRow = {
    cells: { quantity: cell(325, "1.400 pcs"), amount: cell(440, "67,40 94.360,00") },
    wrapped: false,
  };
  const t = rowTriple(merged, marks);
  equal([t?.quantity.value, t?.price.value, t?.amount.value].join(" "), "1400 67.4 94360");
  // An article code's digits are no number; the price in an unread column is.
  const unread: RawRow = {
    cells: {
      other: cell(171, "V860-2"),
      quantity: cell(424, "1.650"),
      unit: cell(475, "43,00"),
      amount: cell(506, "70.950,00"),
    },
    wrapped: false,
  };
  const u = rowTriple(unread, marks);
  equal([u?.quantity.value, u?.price.value, u?.amount.value].join(" "), "1650 43 70950");
  const none: RawRow = {
    cells: { quantity: cell(325, "12"), amount: cell(440, "5,00 70,00") },
    wrapped: false,
  };
  equal(rowTriple(none, marks), null);
});

Deno.test("findFields() reads the price from a cell merged with the amount", async () => {
  const doc: TextDocument = onePage([
    ...placed(40, 40, "FACTURE"),
    ...placed(40, 200, "Désignation"),
    ...placed(325, 200, "Qté / Unité /"),
    ...placed(409, 200, "P.U. / Unit Total / Total"),
    ...placed(325, 211, "Units Unit"),
    ...placed(409, 211, "Price (EUR)"),
    ...placed(519, 211, "(EUR)"),
    ...placed(40, 230, "Static converters"),
    ...placed(325, 230, "1.400 pcs"),
    ...placed(442, 230, "67,40"),
    ...placed(497, 230, "94.360,00"),
    ...placed(40, 250, "Steel frames"),
    ...placed(325, 250, "192 kg"),
    ...placed(442, 250, "587,00"),
    ...placed(497, 250, "112.704,00"),
  ]);
  const items = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(
    items.map((i) => `${i.quantity?.value}×${i.unit_price?.value}`).join(" "),
    "1400×67.4 192×587",
  );
});

Deno.test("rowTriple(): the number the quantity column holds is the quantity, the price before it", () => {
  // Prices set before the quantities, under a price header no vocabulary knows.
  const priceFirst: RawRow = {
    cells: {
      other: cell(345, "22,30"),
      quantity: cell(402, "1.900"),
      amount: cell(507, "42.370,00"),
    },
    wrapped: false,
  };
  const t = rowTriple(priceFirst, marks);
  equal([t?.quantity.value, t?.price.value, t?.amount.value].join(" "), "1900 22.3 42370");
  // No column tells: left to right.
  const unread: RawRow = {
    cells: { other: cell(345, "763"), amount: cell(460, "18,10 13.810,30") },
    wrapped: false,
  };
  const u = rowTriple(unread, marks);
  equal([u?.quantity.value, u?.price.value].join(" "), "763 18.1");
});

Deno.test("rowTriple(): a currency beside the left number and a unit beside the right say the price came first", () => {
  const apostrophe = { quantity: ".", unit_price: ".", amount: "." } as const;
  // "EP Anzahl ME" read as one price header: both numbers in its cell, the price first.
  const oneCell: RawRow = {
    cells: { unit_price: cell(341, "11.10 Fr. 5'250 bottles"), amount: cell(498, "58'275.00") },
    wrapped: false,
  };
  const t = rowTriple(oneCell, apostrophe);
  equal([t?.quantity.value, t?.price.value, t?.amount.value].join(" "), "5250 11.1 58275");
  // The franc written after the price is not a currency before the quantity.
  const unitApart: RawRow = {
    cells: {
      unit_price: cell(341, "4.26 Fr. 14'150"),
      unit: cell(460, "sets"),
      amount: cell(498, "60'279.00"),
    },
    wrapped: false,
  };
  const u = rowTriple(unitApart, apostrophe);
  equal([u?.quantity.value, u?.price.value].join(" "), "14150 4.26");
  // A currency wrapped from the line below is no mark of the number beside it.
  const wrapped = cell(341, "9.35 Fr. 2'950");
  const franc = cell(420, "Fr.").segments.map((s) => ({
    ...s,
    words: s.words.map((w) => ({ ...w, y: w.y + 12 })),
  }));
  const below: RawRow = {
    cells: {
      unit_price: { text: "9.35 Fr. 2'950 Fr.", segments: [...wrapped.segments, ...franc] },
      amount: cell(498, "27582.50"),
    },
    wrapped: false,
  };
  const w = rowTriple(below, apostrophe);
  equal([w?.quantity.value, w?.price.value].join(" "), "2950 9.35");
  // Units with quantities first, currencies with prices second: left to right as ever.
  const plain: RawRow = {
    cells: { quantity: cell(341, "229 pcs EUR 28.90"), amount: cell(498, "6618.10") },
    wrapped: false,
  };
  const p = rowTriple(plain, apostrophe);
  equal([p?.quantity.value, p?.price.value].join(" "), "229 28.9");
});

Deno.test("rowTriple() takes a quantity the goods' text starts with, or a line number's neighbour", () => {
  const dot = { quantity: ".", unit_price: ".", amount: "." } as const;
  const glued: RawRow = {
    cells: {
      description: cell(231, "466 Upholstered chairs"),
      unit_price: cell(471, "133.50"),
      amount: cell(533, "62211.00"),
    },
    wrapped: false,
  };
  const g = rowTriple(glued, dot);
  equal([g?.quantity.value, g?.price.value, g?.amount.value].join(" "), "466 133.5 62211");
  equal(g?.quantity.cell, glued.cells.description);
  // The line number and the quantity in one cell: "1 278" is no 1,278 here.
  const numbered: RawRow = {
    cells: {
      quantity: cell(49, "1 278"),
      unit_price: cell(443, "156.20"),
      amount: cell(513, "43423.60"),
    },
    wrapped: false,
  };
  const n = rowTriple(numbered, dot);
  equal([n?.quantity.value, n?.price.value, n?.amount.value].join(" "), "278 156.2 43423.6");
  // A number inside the goods' text is none of the row's.
  const inside: RawRow = {
    cells: {
      description: cell(231, "Red wine 75 cl"),
      quantity: cell(400, "10"),
      unit_price: cell(471, "75.00"),
      amount: cell(533, "750.00"),
    },
    wrapped: false,
  };
  equal(rowTriple(inside, dot)?.quantity.cell, inside.cells.quantity);
});

Deno.test("findFields() parts a quantity set flush right against the goods' text", async () => {
  const doc: TextDocument = onePage([
    ...placed(40, 40, "INVOICE"),
    ...placed(105, 200, "No."),
    ...placed(173, 200, "Quantity"),
    ...placed(242, 200, "Product"),
    ...placed(421, 200, "Unit price"),
    ...placed(489, 200, "Value"),
    ...placed(160, 215, "1"),
    ...placed(231, 215, "466 Upholstered chairs"),
    ...placed(471, 215, "133.50"),
    ...placed(520, 215, "62211.00"),
    ...placed(160, 230, "2"),
    ...placed(234, 230, "65 Brake calipers"),
    ...placed(474, 230, "65.20"),
    ...placed(525, 230, "4238.00"),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => `${i.quantity?.value} ${i.description?.value}`).join("|"),
    "466 Upholstered chairs|65 Brake calipers",
  );
});
