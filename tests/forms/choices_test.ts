/**
 * Tick boxes where the real document has them: the VGM weighing method and the B/L freight
 * (prepaid or collect) are radio groups in a fillable document while not chosen, drawn boxes
 * with the chosen one crossed otherwise. pdftk fills a radio group by export value;
 * extract-filled-fields reads it back at its shipment path; the flattener draws the cross.
 */
import { PDFDocument } from "@pdfme/pdf-lib";
import { flattenToPdfA } from "../../shared/flatten/flatten.ts";
import { extractFilledForm } from "../../shared/forms/extract.ts";
import { renderDocument } from "../../shared/pdf/documents.ts";
import { loadFonts } from "../../shared/pdf/font.ts";
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
  const boxes = await radioBoxes(source);
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

/** The radio buttons' rectangles of the VGM method, in option order. */
async function radioBoxes(path: string): Promise<number[][]> {
  const doc = await PDFDocument.load(await Deno.readFile(path));
  return doc.getForm().getField("vgmData.weighingMethod").acroField.getWidgets().map((w) => {
    const r = w.getRectangle();
    return [r.x, r.y, r.x + r.width, r.y + r.height];
  });
}
