/**
 * `deno run -A scripts/render_previews.ts`: renders every document type from the sample
 * shipment (fillable, with a validation hash) and writes page 1 of each as
 * docs/previews/<TYPE>.png (pdftoppm), the gallery of docs/documents.md. Also keeps the PDFs
 * when given an output folder: `deno run -A scripts/render_previews.ts /tmp/pdfs`.
 */
import { renderDocument } from "../shared/documents/pdf/documents.ts";
import { exampleRenderContext } from "../shared/documents/pdf/example_context.ts";
import { DOCUMENT_TYPES } from "../shared/documents/catalogue/document_types.ts";
import { hazardousShipment, sampleShipment } from "../tests/fixtures/sample_shipment.ts";

const pdfDir = Deno.args[0] ?? await Deno.makeTempDir({ prefix: "previews-" });
const outDir = new URL("../docs/previews/", import.meta.url).pathname;
await Deno.mkdir(outDir, { recursive: true });
await Deno.mkdir(pdfDir, { recursive: true });
const hash = "3f5a9c0e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19";

for (const type of DOCUMENT_TYPES) {
  const data = (type === "DANGEROUS_GOODS_DECLARATION"
    ? hazardousShipment()
    : sampleShipment(6)) as unknown as Record<string, unknown>;
  if (type === "EUR1_MOVEMENT_CERTIFICATE" || type === "STATEMENT_ON_ORIGIN") {
    // A Swiss buyer, so that the preferential documents show a real EU–Switzerland case.
    Object.assign(data.importer as object, {
      name: "Zürich Werkzeuge AG",
      address: "Hardturmstrasse 101",
      city: "Zürich",
      state: "ZH",
      postal_code: "8005",
      country: "CH",
    });
    Object.assign(data.route as object, {
      destination_country: "CH",
      port_of_discharge: "CHBSL",
      place_of_delivery: "Zürich",
    });
    (data.origin_data as Record<string, string>).agreement_name =
      "EU-Switzerland Free Trade Agreement (1972)";
  }
  const pdf = await renderDocument(type, data, exampleRenderContext(hash));
  const pdfPath = `${pdfDir}/${type}.pdf`;
  await Deno.writeFile(pdfPath, pdf);
  const { success } = await new Deno.Command("pdftoppm", {
    args: ["-r", "70", "-png", "-f", "1", "-l", "1", "-singlefile", pdfPath, `${outDir}${type}`],
  }).output();
  if (!success) {
    throw new Error(`pdftoppm failed for ${type}`);
  }
  console.log(`${type}: ${pdf.byteLength} bytes`);
}
