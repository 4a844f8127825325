/**
 * Labels set as a row of boxes with their values under them: what stands right of a label is
 * the next box's label, and the value under one box does not run on into the next box's value.
 * A bilingual label run into its value without a colon still gives the value.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, words } from "../support/placed_words.ts";

function page(lines: Word[]): TextDocument {
  return {
    kind: "text",
    source: "pdf_text",
    pages: [{ width: 600, height: 850, words: [...words(40, 40, "Handelsfactuur"), ...lines] }],
  };
}

Deno.test("a row of label boxes gives each label the value under it", async () => {
  const result = await findFields(
    page([
      ...row(100, [[40, "Factuurnr."], [140, "Haven van lading"], [260, "Loshaven"], [
        360,
        "Land van oorsprong",
      ]]),
      ...row(112, [[40, "INV-2026-8181"], [140, "Marseille"], [260, "GBFXT - Felixstowe"], [
        360,
        "FRANCE",
      ]]),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "Marseille");
  equal(result.route?.port_of_discharge?.value, "GBFXT");
});

Deno.test("a label run into its value without a colon gives a place in capitals", async () => {
  const result = await findFields(
    page([
      ...row(100, [[40, "Puerto de embarque / Port of loading"], [250, "Barcelona (ESBCN)"]]),
      ...words(40, 114, "Puerto de descarga / Port of destination NEW YORK"),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "ESBCN");
  equal(result.route?.port_of_discharge?.value, "NEW YORK");
});

Deno.test("a date wrapped in a narrow box is read from both its lines", async () => {
  const result = await findFields(
    page([
      ...row(100, [[40, "Factuurnr."], [140, "Datum"], [260, "Leveringsvoorwaarden"]]),
      ...row(112, [[40, "EXP/97/2026"], [140, "23 oktober"], [260, "DDP"]]),
      ...words(140, 124, "2026"),
    ]),
    await fileLookups(),
  );
  equal(result.invoice?.date?.value, "2026-10-23");
});
