/**
 * Invoice numbers a narrow cell broke after a hyphen or a slash ("INV-2026-" over "7981") are
 * read whole, and a label's letters clipped into the number ("InvoiINV202605978") are cut off,
 * at a confidence below the sure band since where the number starts is then a guess.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

async function invoiceNumber(lines: Word[]) {
  const result = await findFields(onePage(lines), await fileLookups());
  return result.invoice?.number;
}

Deno.test("an invoice number broken after its hyphen or slash in a narrow cell is read whole", async () => {
  for (
    const [upper, lower, whole] of [["INV-2026-", "7981", "INV-2026-7981"], [
      "GB-",
      "5622/2026",
      "GB-5622/2026",
    ]]
  ) {
    const number = await invoiceNumber([
      ...words(40, 20, "COMMERCIAL INVOICE"),
      ...row(60, [[40, "Shipper / Exporter"], [300, "Document No."], [380, "Invoice date"]]),
      ...row(70, [[40, "Thames Engineering Limited"], [300, upper!], [380, "2026-07-15"]]),
      ...row(80, [[40, "126 Dock Road"], [300, lower!]]),
    ]);
    equal(number?.value, whole);
  }
});

Deno.test("a number sign first labels the invoice number as a sign last does", async () => {
  const number = await invoiceNumber([
    ...words(40, 20, "Factura comercial"),
    ...row(60, [[40, "Nº factura"], [120, "MX-8940/26"]]),
    ...row(72, [[40, "Emitida el"], [120, "2026-04-27"]]),
  ]);
  equal(number?.value, "MX-8940/26");
});

Deno.test("a clipped label's letters run into the number are cut off, not sure", async () => {
  const number = await invoiceNumber([
    ...words(40, 20, "FATTURA COMMERCIALE / Export Invoice"),
    ...words(40, 60, "Numero documento / InvoiINV202605978"),
    ...words(40, 72, "Data emissione / Invoice d13 luglio 2026"),
  ]);
  equal(number?.value, "INV202605978");
  equal(number!.confidence < 0.9, true);
});
