/**
 * A currency printed by a spreadsheet cell's number format (`"€" #,##0.00`), not written in any
 * cell: the reader keeps what the format prints beside the number, and the finder reads it.
 */
import * as XLSX from "@e965/xlsx";
import { equal } from "../support/assert.ts";
import { readSpreadsheet } from "../../shared/extraction/readers/spreadsheet.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";

Deno.test("a currency shown by number formats alone is the invoice's currency", async () => {
  const ws = XLSX.utils.aoa_to_sheet([
    ["FACTUUR"],
    ["Verkoper", null, "Koper"],
    ["Bloembollen Hillegom BV", null, "Garden Centre Ltd"],
    ["Stationsweg 12", null, "Heaton Lane"],
    ["2181 AB Hillegom", null, "Stockport SK4 1AA"],
    ["Nederland", null, "United Kingdom"],
    [],
    ["Omschrijving", "Aantal", "Prijs per stuk", "Bedrag"],
    ["Tulpenbollen 'Queen of Night'", 25000, 0.142, 3550],
    ["Narcissen 'Tête-à-Tête'", 30000, 0.085, 2550],
    [null, null, "Totaal", 6100],
  ]);
  for (const ref of ["C9", "C10"]) ws[ref]!.z = '"€" 0.000';
  for (const ref of ["D9", "D10", "D11"]) ws[ref]!.z = "[$€-413] #,##0.00";
  ws["B9"]!.z = '#,##0" PCS"';
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "Factuur");
  const bytes = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
  const doc = await readSpreadsheet(bytes, "xlsx", { signal: new AbortController().signal });
  equal(doc.sheets[0]!.marks?.[8]?.[2], "€");
  equal(doc.sheets[0]!.marks?.[8]?.[1], "PCS");
  const result = await findFields(doc, await fileLookups());
  equal(result.goods.currency?.value, "EUR");
  equal(result.goods.line_items[0]?.quantity?.value, 25000);
});
