/**
 * A scan's scalar labels and values as OCR leaves them: a label cut into phrases of its own
 * ("Factuur nr." "/ Inv." "No.:"), its value right of the last; a speck before an invoice
 * number read as a quote mark.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, scannedPage, words } from "../support/placed_words.ts";

function scan(placed: Word[]): TextDocument {
  return scannedPage(
    [
      ...words(40, 40, "Handelsfactuur / INVOICE"),
      ...words(40, 70, "Seller: Brookfield Trading Ltd"),
      ...placed,
      ...row(300, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
      ...row(320, [[40, "Ball bearings"], [300, "10"], [380, "2.50"], [480, "25.00"]]),
    ].map((w) => ({ ...w, confidence: 0.93 })),
  );
}

Deno.test("an invoice number right of a label OCR cut into phrases is the label's value", async () => {
  const doc = scan(
    row(200, [[40, "Factuur nr."], [110, "/ Inv."], [160, "No.:"], [200, "26-EX-9978"]]),
  );
  equal((await findFields(doc, await fileLookups())).invoice?.number?.value, "26-EX-9978");
});

Deno.test("a speck read as a quote mark before an invoice number is no part of it", async () => {
  const doc = scan([...words(40, 200, "Invoice No."), ...words(40, 212, "'INV-2026-928")]);
  equal((await findFields(doc, await fileLookups())).invoice?.number?.value, "INV-2026-928");
});

Deno.test("a currency's sign as a scan reads it, alone after the currency label", async () => {
  const currencyOf = async (sign: string) =>
    (await findFields(
      scan(row(200, [[40, "Waluta / Currency"], [160, sign]])),
      await fileLookups(),
    ))
      .goods.currency?.value;
  equal(await currencyOf("zt"), "PLN");
  equal(await currencyOf("uss"), "USD");
});
