/**
 * What the flatten tests share: documents of each type rendered as generation renders them
 * (fillable without the type's recommended fields, and final), and forms filled the way
 * other tools fill them.
 */
import { PDFDocument, PDFHexString, PDFName, PDFTextField } from "@pdfme/pdf-lib";
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import type { RenderContext } from "../../shared/documents/pdf/model.ts";
import type { DocumentType } from "../../shared/documents/catalogue/document_types.ts";
import { FIELD_REQUIREMENTS } from "../../shared/documents/catalogue/field_requirements.ts";
import { readPath, type ShipmentPath } from "../../shared/documents/catalogue/paths.ts";
import { hazardousShipment, sampleShipment } from "../fixtures/sample_shipment.ts";

type Data = Record<string, unknown>;

export const HASH = "9c1e4b7a2d5f8036e1a4c7b0d3f6092e5b8c1d4a7f0e3b6c9d2a5f8e1b4c7d0a3";
export const SHIPMENT_ID = "7d7c3a4e-2f1b-4c8e-9a6d-5b4e3c2d1a0f";
export const SHIPMENT_REF = "PO-2026-0042";

export function context(finalDoc: boolean): RenderContext {
  return {
    shipmentId: SHIPMENT_ID,
    shipmentRef: SHIPMENT_REF,
    validationHash: HASH,
    verifyUrl: `https://verify.trade-docs.example/functions/v1/verify-hash/${HASH}`,
    finalDoc,
    createdAt: new Date("2026-11-28T09:00:00Z"),
    documentId: "6a1f2e3d-4c5b-4a69-8877-665544332211",
  };
}

/** The sample shipment a type renders from (as tests/pdf/documents_test.ts renders it). */
export function shipmentFor(type: DocumentType, items = 10): Data {
  let shipment = sampleShipment(items);
  if (type === "DANGEROUS_GOODS_DECLARATION") {
    const hazardous = hazardousShipment();
    if (items === 10) shipment = hazardous;
    else shipment.goods.line_items[0] = hazardous.goods.line_items[0]!;
  }
  const data = structuredClone(shipment) as unknown as Data;
  if (type === "EUR1_MOVEMENT_CERTIFICATE" || type === "STATEMENT_ON_ORIGIN") {
    (data.route as Data).destination_country = "CH";
    (data.importer as Data).country = "CH";
  }
  return data;
}

/** The shipment without the type's recommended fields (the required ones where none). */
export function reducedShipment(type: DocumentType, items = 10): Data {
  const req = FIELD_REQUIREMENTS[type];
  const removed = req.recommended.length > 0 ? req.recommended : req.required;
  const copy = structuredClone(shipmentFor(type, items));
  for (const { dataPath } of removed) {
    const steps = dataPath.split(".");
    const parent = readPath(copy, steps.slice(0, -1).join(".") as ShipmentPath);
    if (parent !== null && typeof parent === "object") delete (parent as Data)[steps.at(-1)!];
  }
  return copy;
}

/** A fillable document of the type, with empty fields where the recommended values were. */
export function renderFillable(type: DocumentType, items = 10): Promise<Uint8Array> {
  return renderDocument(type, reducedShipment(type, items), context(false));
}

export function renderFinal(type: DocumentType): Promise<Uint8Array> {
  return renderDocument(type, reducedShipment(type), context(true));
}

/** The visible text fields of a form (not the hidden service fields), by full name. */
export async function visibleFieldNames(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getForm().getFields()
    .filter((f) => f instanceof PDFTextField && !f.getName().startsWith("_service_"))
    .map((f) => f.getName());
}

/**
 * Fills fields the way a tool that draws no appearances does: /V set, every widget's /AP
 * removed, /NeedAppearances true. Values may name hidden fields too.
 */
export async function fillWithoutAppearances(
  pdf: Uint8Array,
  values: Record<string, string>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const form = doc.getForm();
  for (const [name, value] of Object.entries(values)) {
    const field = form.getTextField(name);
    field.acroField.dict.set(PDFName.of("V"), PDFHexString.fromText(value));
    for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of("AP"));
  }
  form.acroForm.dict.set(PDFName.of("NeedAppearances"), doc.context.obj(true));
  return await doc.save({ updateFieldAppearances: false, useObjectStreams: false });
}

export interface WidgetBox {
  page: number;
  rect: [number, number, number, number];
}

/** Where a field's widgets are: page index and [x1, y1, x2, y2] in PDF units. */
export async function widgetBoxes(pdf: Uint8Array, name: string): Promise<WidgetBox[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages().map((p) => p.ref);
  return doc.getForm().getTextField(name).acroField.getWidgets().map((w) => {
    const r = w.getRectangle();
    const page = w.P();
    return {
      page: page ? pages.indexOf(page) : 0,
      rect: [r.x, r.y, r.x + r.width, r.y + r.height] as [number, number, number, number],
    };
  });
}
