/**
 * Tick boxes where the real document has them: the VGM weighing method, the B/L freight
 * (prepaid or collect) and the Institute Cargo Clauses are radio groups in a fillable document
 * while not chosen, drawn boxes with the chosen one crossed otherwise; the war and strikes
 * clauses are check boxes. pdftk fills a radio group by export value, a check box with "Yes";
 * extract-filled-fields reads it back at its shipment path; the flattener draws the cross.
 */
import { PDFDocument } from "@pdfme/pdf-lib";
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { extractFilledForm } from "../../shared/documents/forms/extract.ts";
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { context, SHIPMENT_ID, shipmentFor } from "../flatten/support.ts";
import { decodeGrayPng, pdftkFields, pdftkFill, renderPage, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";

const dir = tempDir("forms-choices-test-");

type Data = Record<string, Record<string, unknown>>;

/** Ink in a box of the page (points, PDF coordinates), 0 (white) to 255 (black), per pixel. */
async function ink(path: string, rect: number[]): Promise<number> {
  const png = await renderPage(path, 1, 72, { gray: true });
  const image = decodeGrayPng(await Deno.readFile(png));
  const [x1, y1, x2, y2] = rect.map(Math.round) as [number, number, number, number];
  let sum = 0;
  let n = 0;
  for (let y = image.height - y2 + 1; y < image.height - y1 - 1; y++) {
    for (let x = x1 + 1; x < x2 - 1; x++) {
      sum += 255 - image.pixels[y * image.width + x]!;
      n++;
    }
  }
  return sum / Math.max(1, n);
}

Deno.test("choices: the VGM method is a radio group pdftk fills, extraction reads and flattening draws", async () => {
  const data = shipmentFor("VGM_DECLARATION") as Data;
  delete data.vgm_data!.weighing_method;
  const source = `${dir}/vgm.pdf`;
  await Deno.writeFile(source, await renderDocument("VGM_DECLARATION", data, context(false)));
  const radio = (await pdftkFields(source)).find((f) => f.name === "vgmData.weighingMethod");
  assert(radio, "the method is a form field");

  const filled = `${dir}/vgm-filled.pdf`;
  await pdftkFill(source, { "vgmData.weighingMethod": "METHOD_2" }, filled, false);
  const bytes = await Deno.readFile(filled);
  const { mapping } = extractFilledForm(bytes, {
    docType: "VGM_DECLARATION",
    shipmentId: SHIPMENT_ID,
  });
  assertEquals(mapping.mapped.get("vgm_data.weighing_method")?.value, "METHOD_2");

  const flat = `${dir}/vgm-flat.pdf`;
  await Deno.writeFile(flat, await flattenToPdfA(bytes, {}, await loadFonts()));
  assertEquals((await checkPdfA(flat)).findings, []);
  // The boxes: where the two radio buttons were, method 2's crossed, method 1's empty.
  const boxes = await buttonBoxes(source, "vgmData.weighingMethod");
  const [one, two] = [await ink(flat, boxes[0]!), await ink(flat, boxes[1]!)];
  assert(two > one + 20, `method 2's box is crossed (${two.toFixed(1)} vs ${one.toFixed(1)})`);
});

Deno.test("choices: a chosen freight payment is a crossed box on the bill of lading", async () => {
  const data = shipmentFor("BILL_OF_LADING") as Data;
  (data.bl_data ??= {}).freight_payment = "COLLECT";
  const path = `${dir}/bl.pdf`;
  await Deno.writeFile(path, await renderDocument("BILL_OF_LADING", data, context(true)));
  const text = new TextDecoder().decode(await Deno.readFile(path));
  assert(!text.includes("/FT /Btn"), "no field once chosen");
  delete data.bl_data!.freight_payment;
  const fillable = `${dir}/bl-fillable.pdf`;
  await Deno.writeFile(fillable, await renderDocument("BILL_OF_LADING", data, context(false)));
  const radio = (await pdftkFields(fillable)).find((f) => f.name === "blData.freightPayment");
  assert(radio, "an open choice is a radio group");
});

Deno.test("choices: the insurance clauses are boxes pdftk ticks, extraction reads and flattening draws", async () => {
  const data = shipmentFor("INSURANCE_CERTIFICATE") as Data;
  delete data.insurance_data!.coverage_type;
  const source = `${dir}/insurance.pdf`;
  await Deno.writeFile(source, await renderDocument("INSURANCE_CERTIFICATE", data, context(false)));
  const fields = await pdftkFields(source);
  const kinds = (name: string) => fields.find((f) => f.name === name)?.states;
  assertEquals(kinds("insuranceData.coverageType"), ["Off", "ICC_A", "ICC_B", "ICC_C"]);
  assertEquals(kinds("insuranceData.warClauses"), ["Off", "Yes"]);
  assertEquals(kinds("insuranceData.strikesClauses"), ["Off", "Yes"]);

  const filled = `${dir}/insurance-filled.pdf`;
  await pdftkFill(
    source,
    { "insuranceData.coverageType": "ICC_C", "insuranceData.strikesClauses": "Yes" },
    filled,
    false,
  );
  const bytes = await Deno.readFile(filled);
  const { mapping } = extractFilledForm(bytes, {
    docType: "INSURANCE_CERTIFICATE",
    shipmentId: SHIPMENT_ID,
  });
  assertEquals(mapping.mapped.get("insurance_data.coverage_type")?.value, "ICC_C");
  assertEquals(mapping.mapped.get("insurance_data.strikes_clauses")?.value, true);
  assert(!mapping.mapped.has("insurance_data.war_clauses"), "an unticked box says nothing");

  const flat = `${dir}/insurance-flat.pdf`;
  await Deno.writeFile(flat, await flattenToPdfA(bytes, {}, await loadFonts()));
  assertEquals((await checkPdfA(flat)).findings, []);
  const [a, b, c] = await buttonBoxes(source, "insuranceData.coverageType");
  const [war] = await buttonBoxes(source, "insuranceData.warClauses");
  const [strikes] = await buttonBoxes(source, "insuranceData.strikesClauses");
  const inks = await Promise.all([a, b, c, war, strikes].map((r) => ink(flat, r!)));
  const [inkA, inkB, inkC, inkWar, inkStrikes] = inks;
  const empty = Math.max(inkA!, inkB!, inkWar!);
  assert(inkC! > empty + 20 && inkStrikes! > empty + 20, `(C) and strikes crossed: ${inks}`);
});

/** The rectangles of a radio group's buttons (in option order) or of a check box. */
async function buttonBoxes(path: string, name: string): Promise<number[][]> {
  const doc = await PDFDocument.load(await Deno.readFile(path));
  return doc.getForm().getField(name).acroField.getWidgets().map((w) => {
    const r = w.getRectangle();
    return [r.x, r.y, r.x + r.width, r.y + r.height];
  });
}
