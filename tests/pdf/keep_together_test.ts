/**
 * Keep-together: a declaration stays on the page of its signature, and a table's last rows
 * carry the declaration and signature after them, so a signature never starts a page alone.
 */
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import { keepGroups } from "../../shared/documents/pdf/layout.ts";
import { context, shipmentFor } from "../flatten/support.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { pageTexts, tempDir } from "./tools.ts";

const dir = tempDir("pdf-keep-test-");

async function pages(type: "COMMERCIAL_INVOICE" | "DANGEROUS_GOODS_DECLARATION", items: number) {
  const path = `${dir}/${type}-${items}.pdf`;
  await Deno.writeFile(path, await renderDocument(type, shipmentFor(type, items), context(true)));
  return await pageTexts(path);
}

Deno.test("keep-together: a 200-line invoice signs on the page of its certification and last rows", async () => {
  const texts = await pages("COMMERCIAL_INVOICE", 200);
  const signed = texts.findIndex((t) => t.includes("Authorised signature of the seller"));
  assertEquals(signed, texts.length - 1);
  const page = texts[signed]!;
  assert(page.includes("We hereby certify"), "the certification is on the signature's page");
  assert(page.includes("Total value of goods"), "the totals too");
  assert(/\n\s*200\s/.test(`\n${page}`) || page.includes("(lot 200)"), "and the last row");
});

Deno.test("keep-together: the dangerous goods declaration keeps boxes 20-22 with their certificate", async () => {
  const texts = await pages("DANGEROUS_GOODS_DECLARATION", 10);
  const page = texts.find((t) => t.includes("Signature of declarant"))!;
  for (
    const text of [
      "CONTAINER/VEHICLE PACKING CERTIFICATE",
      "Receiving organisation receipt",
      "Name of company (shipper)",
    ]
  ) {
    assert(page.includes(text), `${text} is on the signature's page`);
  }
});

Deno.test("keep-together: groups run from the declaration (and its heading) to the signature", () => {
  const groups = keepGroups([
    { kind: "table", columns: [], rows: [] },
    { kind: "paragraph", text: "H", style: "heading" },
    { kind: "paragraph", text: "D", style: "declaration" },
    { kind: "paragraph", text: "N", style: "note" },
    { kind: "boxes", boxes: [] },
    { kind: "signature", caption: "S" },
    { kind: "boxes", boxes: [] },
    { kind: "signature", caption: "no declaration" },
  ]);
  assertEquals(groups, [{ start: 1, end: 5 }]);
});
