/**
 * An HS code's cell that a text layer ran together with a neighbour's: a quantity set flush
 * right against the code ("4'000 3304.99") is the row's quantity where its arithmetic says so,
 * a line number before the code is dropped, a number ending the description's text stays the
 * description's, and a currency before an amount goes with the amount, not the description.
 */
import { equal } from "../support/assert.ts";
import { hsText } from "../../shared/extraction/fields/hs_text.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

Deno.test("hsText() parts the numbers run in before a code from the code", () => {
  const parts = (text: string) => {
    const { lead, code } = hsText(text);
    return `${lead}|${code}`;
  };
  equal(parts("4'000 3304.99"), "4'000|3304.99");
  equal(parts("519 5702 42"), "519|5702 42");
  equal(parts("35'450 85369000"), "35'450|85369000");
  equal(parts("1 8708.99"), "1|8708.99");
  equal(parts("4000 3304.99"), "4000|3304.99");
  // A quantity with its unit, set flush right against the code.
  equal(parts("8,200 ctns 3926 90"), "8,200 ctns|3926 90");
  equal(parts("1,550 m2 69072210"), "1,550 m2|69072210");
  equal(parts("ctns 3926 90"), "|ctns 3926 90");
  // A code alone, however written, stays whole.
  equal(parts("0901 11 90"), "|0901 11 90");
  equal(parts("8471 3000"), "|8471 3000");
  equal(parts("9403.6090"), "|9403.6090");
  // Words before the code, or a code that does not end the cell, leave the text as it is.
  equal(parts("HS 8471.30"), "|HS 8471.30");
  equal(parts("12 8471.30 CN"), "|12 8471.30 CN");
  equal(parts("57 663"), "|57 663");
});

async function items(lines: Word[]): Promise<string[]> {
  const doc: TextDocument = onePage([...words(40, 40, "COMMERCIAL INVOICE"), ...lines]);
  const result = await findFields(doc, await fileLookups());
  return result.goods.line_items.map((i) =>
    [i.description?.value, i.hs_code?.value, i.quantity?.value, i.unit_price?.value].join("|")
  );
}

Deno.test("a quantity run into the HS code's cell is the row's quantity, by its arithmetic", async () => {
  // "Stück" names no column: the quantities sit in the code's header cell.
  const lines = [
    ...row(200, [[40, "Nr."], [70, "Stück Statist. Warennr."], [200, "Beschreibung"], [
      400,
      "Einzelpr.",
    ], [480, "Betrag"]]),
    ...row(215, [[40, "1"], [75, "4'000 3304.99"], [200, "Skin care creams"], [400, "19.20"], [
      480,
      "76'800.00",
    ]]),
    ...row(230, [[40, "2"], [85, "519 5702 42"], [200, "Woven carpets"], [400, "48.60"], [
      480,
      "25'223.40",
    ]]),
  ];
  equal(
    (await items(lines)).join(" / "),
    "Skin care creams|3304.99|4000|19.2 / Woven carpets|5702 42|519|48.6",
  );
});

Deno.test("a line number before the code is no part of it", async () => {
  const lines = [
    ...row(200, [[40, "No."], [100, "HS code"], [170, "Description"], [330, "Quantity"], [
      400,
      "Unit price",
    ], [480, "Amount"]]),
    ...row(215, [[96, "1 8708.99"], [170, "Brake calipers"], [330, "1,450"], [400, "55.20"], [
      480,
      "80,040.00",
    ]]),
    ...row(230, [[96, "2 9102 11"], [170, "Wrist-watches"], [330, "127"], [400, "682.70"], [
      480,
      "86,702.90",
    ]]),
  ];
  equal(
    (await items(lines)).join(" / "),
    "Brake calipers|8708.99|1450|55.2 / Wrist-watches|9102 11|127|682.7",
  );
});

Deno.test("a number ending the description beside the code stays the description's", async () => {
  const lines = [
    ...row(200, [[40, "Lp."], [70, "Opis"], [150, "HS code"], [300, "Cena"], [380, "Ilość"], [
      480,
      "Wartość",
    ]]),
    // "50" wraps beside the code, one phrase with it; "ml jars" runs on below.
    ...row(215, [[40, "1"], [70, "Skin care creams, 50 3304.99"], [300, "78.00"], [380, "7600"], [
      480,
      "592800.00",
    ]]),
    ...words(70, 227, "ml jars"),
  ];
  equal((await items(lines)).join(" / "), "Skin care creams, 50 ml jars|3304.99|7600|78");
});

Deno.test("a currency before an amount in the code's phrase is the amount's", async () => {
  const lines = [
    ...row(200, [[40, "No"], [60, "Description"], [250, "Qty"], [330, "Price"], [445, "Total"], [
      476,
      "HS code",
    ]]),
    ...row(215, [[40, "1"], [60, "Tulip bulbs, dormant"], [250, "17500"], [330, "USD 0.37"], [
      412,
      "USD 6475.00 0601.10.00",
    ]]),
    ...row(230, [[40, "2"], [60, "Ball bearings"], [250, "3600"], [330, "USD 5.53"], [
      406,
      "USD 19908.00 8482 10 00",
    ]]),
  ];
  equal(
    (await items(lines)).join(" / "),
    "Tulip bulbs, dormant|0601.10.00|17500|0.37 / Ball bearings|8482 10 00|3600|5.53",
  );
});

Deno.test("line numbers under the quantity's header leave the quantities to the codes' cells", async () => {
  // A packing list set flush right: each column's values stand under the next header.
  const lines = [
    ...row(200, [[171, "No"], [216, "Qty"], [260, "HS"], [340, "Goods"], [450, "Cartons"]]),
    ...row(215, [[213, "1"], [243, "8,200 ctns 3926 90"], [340, "Plastic boxes"], [460, "92"]]),
    ...row(230, [[213, "2"], [248, "3,300 pcs 620342"], [340, "Denim trousers"], [460, "28"]]),
  ];
  equal(
    (await items(lines)).join(" / "),
    "Plastic boxes|3926 90|8200| / Denim trousers|620342|3300|",
  );
});
