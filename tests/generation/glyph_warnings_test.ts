/**
 * Characters no font draws are not printed as empty boxes silently: generate-documents' soft
 * warnings name the field and the characters, per document type that prints the field; what the
 * font chain draws (CJK, Hebrew, Thai, ≤; Arabic and the Indic scripts shaped) gives no warning.
 */
import { glyphWarnings } from "../../shared/documents/generation/glyph_warnings.ts";
import { mergeWarnings, softWarnings } from "../../shared/documents/generation/prechecks.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals } from "../support/assert.ts";

type Data = Record<string, Record<string, unknown>>;

Deno.test("glyph warnings: a Myanmar importer name is named with its characters", async () => {
  const d = structuredClone(sampleShipment(2)) as unknown as Data;
  d.importer!.name = "မြန်မာ";
  const warnings = await glyphWarnings(["COMMERCIAL_INVOICE", "VGM_DECLARATION"], d);
  const invoice = warnings.find((w) => w.docType === "COMMERCIAL_INVOICE");
  assert(invoice, JSON.stringify(warnings));
  assertEquals(invoice.warnings.length, 1);
  const [finding] = invoice.warnings;
  assertEquals(finding!.fieldPath, "importer.name");
  assertEquals(finding!.tab, "parties");
  for (const ch of ["မ (U+1019)", "ြ (U+103C)", "န (U+1014)", "ာ (U+102C)"]) {
    assert(finding!.message.includes(ch), finding!.message);
  }
  // Sinhala: shaped, and no font of the chain has it (the joiner inside is not named).
  d.exporter!.name = "ශ්\u200dරී ලංකා";
  const sinhala = await glyphWarnings(["COMMERCIAL_INVOICE"], d);
  assert(
    sinhala[0]!.warnings.some((w) =>
      w.fieldPath === "exporter.name" && w.message.includes("U+0DC1") &&
      !w.message.includes("U+200D")
    ),
    JSON.stringify(sinhala),
  );
  // Merged with the recommended-field warnings: one entry per type.
  const merged = mergeWarnings(softWarnings(["COMMERCIAL_INVOICE"], d), warnings);
  assertEquals(merged.filter((w) => w.docType === "COMMERCIAL_INVOICE").length, 1);
});

Deno.test("glyph warnings: scripts and symbols the font chain draws warn nothing", async () => {
  const d = structuredClone(sampleShipment(2)) as unknown as Data;
  d.importer!.name = "上海进出口有限公司 東京 서울";
  d.exporter!.name = "חברת יבוא ≤ 5 → ☑ ข้าว Αθήνα Москва";
  d.importer!.address = "شركة الخليج नमस्ते ਪੰਜਾਬ தமிழ் বাংলা ગુજરાત";
  assertEquals(await glyphWarnings(["COMMERCIAL_INVOICE"], d), []);
});
