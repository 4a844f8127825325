/**
 * Line wrapping of long words, and address boxes without blank lines: an e-mail address too
 * wide for its box breaks after "@" or a dot, not in the middle of a word; a final document
 * leaves no empty line where a party has no city.
 */
import { bidiVisual } from "../../shared/documents/pdf/bidi.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { field, text } from "../../shared/documents/pdf/model.ts";
import { renderPdf } from "../../shared/documents/pdf/render.ts";
import { cityLine } from "../../shared/documents/pdf/templates/common.ts";
import { wrapText } from "../../shared/documents/pdf/text.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { context } from "./spec.ts";
import { pdftotext, tempDir } from "./tools.ts";

const dir = tempDir("pdf-text-test-");

Deno.test("wrap: an over-long e-mail address breaks after @ or a dot", async () => {
  const { regular } = await loadFonts();
  const email = "procurement.department@hamburg-maschinenbau-international.example";
  const lines = wrapText(regular, `E-mail: ${email}`, 8.5, 150);
  assert(lines.length > 1, lines.join(" | "));
  assertEquals(lines.join("").replace("E-mail:", "E-mail: "), `E-mail: ${email}`);
  for (const line of lines.slice(1, -1).concat(lines[0]!)) {
    assert(/[@.\-/_:]$/.test(line), `breaks at a separator: ${lines.join(" | ")}`);
  }
  // No separator to break at: between characters, nothing lost.
  const word = "X".repeat(80);
  assertEquals(wrapText(regular, word, 8.5, 100).join(""), word);
});

Deno.test("address: no blank line for an empty city in a final document", async () => {
  const city = cityLine({ exporter: { name: "Acme", postal_code: "" } }, "exporter");
  assertEquals(city.kind, "field");
  const spec = {
    type: "COMMERCIAL_INVOICE" as const,
    title: "COMMERCIAL INVOICE",
    references: [],
    blocks: [{
      kind: "boxes" as const,
      boxes: [{
        label: "Exporter",
        lines: [text("Acme Exports"), city, field("exporter.country", "GERMANY")],
      }],
    }],
  };
  const path = `${dir}/final.pdf`;
  await Deno.writeFile(path, await renderPdf(spec, context({ finalDoc: true })));
  const lines = (await pdftotext(path, true)).split("\n").map((l) => l.trim());
  const at = lines.indexOf("Acme Exports");
  assertEquals(lines[at + 1], "GERMANY");
});

Deno.test("bidi: Hebrew is drawn right to left, numbers and Latin keep their order", () => {
  assertEquals(bidiVisual("Acme 123"), "Acme 123");
  assertEquals(bidiVisual("שלום"), "םולש");
  assertEquals(bidiVisual("חברה בע״מ 2024"), "2024 מ״עב הרבח");
  assertEquals(bidiVisual("Order (חברה) ref"), "Order (הרבח) ref");
  assertEquals(bidiVisual("Acme / שלום עולם"), "Acme / םלוע םולש");
});
