/**
 * A commercial-invoice-like DocumentSpec built from the sample shipment, for the engine's tests
 * and benchmark (the real templates are separate). It has Greek and Cyrillic text, a few empty
 * fields (form fields when fillable, one of them in the goods table), a long goods table with
 * totals, declarations and a signature block.
 */
import {
  type Content,
  type DocumentSpec,
  field,
  type RenderContext,
  text,
} from "../../shared/documents/pdf/model.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";

export const GREEK = "Αθήνα";
export const CYRILLIC = "Москва";
export const HASH = "3f5a9c0e7b21d4468a0c93b5e1f27d80c6b4a9e2f1d3c5b7a9e0f2d4c6b8a0e1";
export const VERIFY_BASE = "https://verify.trade-docs.example/v";

/** Field names (camelCase) the spec leaves empty: fillable documents have these fields. */
export const EMPTY_FIELDS = [
  "invoice.letterOfCredit",
  "charges.other",
  "charges.discount",
  "terms.remarks",
  "goods.lineItems.0.hsCode",
  "declaration.date",
];

const money = (v: number) =>
  v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kg = (v: number) =>
  v.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

export function invoiceSpec(lineItems: number): DocumentSpec {
  const s = sampleShipment(lineItems);
  s.goods.line_items[0]!.hs_code = "";
  const e = s.exporter;
  const i = s.importer;
  const items = s.goods.line_items;
  const total = items.reduce((sum, li) => sum + li.quantity * li.unit_price, 0);
  const rows: Content[][] = items.map((li, n) => [
    text(String(n + 1)),
    field(`goods.line_items.${n}.description`, li.description),
    field(`goods.line_items.${n}.hs_code`, li.hs_code),
    field(`goods.line_items.${n}.origin_country`, li.origin_country),
    field(`goods.line_items.${n}.quantity`, li.quantity),
    field(`goods.line_items.${n}.unit_of_measure`, li.unit_of_measure),
    text(money(li.unit_price)),
    text(money(li.quantity * li.unit_price)),
    text(kg(li.net_kg ?? 0)),
    text(kg(li.gross_kg ?? 0)),
  ]);
  return {
    type: "COMMERCIAL_INVOICE",
    title: "COMMERCIAL INVOICE",
    subtitle: "Original — Rechnung / Τιμολόγιο / Счёт-фактура",
    references: [
      { label: "Invoice number", content: field("invoice.number", s.invoice?.number) },
      { label: "Invoice date", content: field("invoice.date", s.invoice?.date) },
      {
        label: "Purchase order",
        content: field("invoice.purchase_order", s.invoice?.purchase_order),
      },
      { label: "Letter of credit", content: field("invoice.letter_of_credit", undefined) },
    ],
    blocks: [
      {
        kind: "boxes",
        boxes: [
          {
            number: "1",
            label: "Exporter / Seller (name, address, country)",
            lines: [
              field("exporter.name", e.name),
              field("exporter.address", e.address),
              field("exporter.city", `${e.postal_code} ${e.city}, Germany`),
              text(`EORI ${e.tax_ids?.eori}   VAT ${e.tax_ids?.vat}`),
            ],
          },
          {
            number: "2",
            label: "Consignee / Buyer (name, address, country)",
            lines: [
              field("importer.name", i.name),
              field("importer.address", i.address),
              field("importer.city", `${i.city}, ${i.state} ${i.postal_code}, United States`),
              text(`EIN ${i.tax_ids?.ein}`),
            ],
          },
        ],
      },
      {
        kind: "boxes",
        boxes: [
          {
            number: "3",
            label: "Notify party",
            lines: [
              field("notify_party.name", "Hellenic Freight Services S.A."),
              field("notify_party.address", `Leoforos Syngrou 145, ${GREEK}, Ελλάδα`),
              text(`Branch office: ул. Тверская 7, ${CYRILLIC}`),
            ],
          },
          {
            number: "4",
            label: "Transport details",
            lines: [
              text(`Vessel ${s.route.vessel_name}, voyage ${s.route.voyage_number}`),
              text(`${s.route.port_of_loading} → ${s.route.port_of_discharge} (≤ 21 days)`),
              text(`Departure ${s.route.departure_date}`),
            ],
          },
        ],
      },
      {
        kind: "boxes",
        boxes: [
          { number: "5", label: "Country of origin", lines: [field("route.origin_country", "DE")] },
          {
            number: "6",
            label: "Country of destination",
            lines: [field("route.destination_country", "US")],
          },
          {
            number: "7",
            label: "Terms of delivery (Incoterms 2020)",
            lines: [field("terms.incoterm", `${s.terms?.incoterm} ${s.terms?.incoterm_place}`)],
          },
          {
            number: "8",
            label: "Terms of payment",
            span: 2,
            lines: [field("terms.payment_terms", s.terms?.payment_terms)],
          },
        ],
      },
      {
        kind: "boxes",
        boxes: [
          { label: "Other charges", lines: [field("charges.other", undefined)] },
          { label: "Discount", lines: [field("charges.discount", undefined)] },
          { label: "Currency", lines: [field("goods.currency", s.goods.currency)] },
          {
            label: "Remarks",
            span: 2,
            lines: [field("terms.remarks", undefined, true)],
          },
        ],
      },
      {
        kind: "table",
        title: "Description of goods",
        columns: [
          { header: "No.", width: 4, align: "right" },
          { header: "Description of goods", width: 30 },
          { header: "HS code", width: 9 },
          { header: "Origin", width: 6, align: "center" },
          { header: "Quantity", width: 7, align: "right" },
          { header: "Unit", width: 5 },
          { header: "Unit price (EUR)", width: 9, align: "right" },
          { header: "Amount (EUR)", width: 10, align: "right" },
          { header: "Net kg", width: 7, align: "right" },
          { header: "Gross kg", width: 7, align: "right" },
        ],
        rows,
        totals: [
          text(""),
          text("Total"),
          text(""),
          text(""),
          text(String(items.reduce((sum, li) => sum + li.quantity, 0))),
          text(""),
          text(""),
          text(money(total)),
          text(kg(s.weights?.net_kg ?? 0)),
          text(kg(s.weights?.gross_kg ?? 0)),
        ],
      },
      {
        kind: "boxes",
        boxes: [
          {
            label: "Total packages",
            lines: [field("packing.total_packages", s.packing?.total_packages)],
          },
          { label: "Net weight (kg)", lines: [field("weights.net_kg", s.weights?.net_kg)] },
          { label: "Gross weight (kg)", lines: [field("weights.gross_kg", s.weights?.gross_kg)] },
          {
            label: "Total invoice value",
            lines: [text(`EUR ${money(total)}`, true)],
          },
        ],
      },
      {
        kind: "boxes",
        boxes: [
          {
            label: "Shipping marks",
            lines: [field("packing.shipping_marks", s.packing?.shipping_marks, true)],
          },
        ],
      },
      { kind: "paragraph", style: "heading", text: "Declaration" },
      {
        kind: "paragraph",
        style: "declaration",
        text:
          "We hereby certify that this invoice shows the actual price of the goods described, " +
          "that all particulars are true and correct, and that the goods are of German origin. " +
          "The exporter of the products covered by this document declares that, except where " +
          "otherwise clearly indicated, these products are of preferential origin.",
      },
      {
        kind: "signature",
        caption: "Signature of the exporter",
        name: field("declaration.signatory_name", s.declaration?.signatory_name),
        title: field("declaration.signatory_title", s.declaration?.signatory_title),
        place: field("declaration.place", s.declaration?.place),
        date: field("declaration.date", undefined),
        stamp: true,
      },
      {
        kind: "paragraph",
        style: "note",
        text: "This document was generated electronically; the validation hash in the footer " +
          "identifies the validated shipment data.",
      },
    ],
  };
}

export function context(overrides: Partial<RenderContext> = {}): RenderContext {
  return {
    shipmentId: "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
    shipmentRef: "SHP-2026-0042",
    validationHash: HASH,
    verifyUrl: `${VERIFY_BASE}/${HASH}`,
    finalDoc: false,
    createdAt: new Date("2026-11-28T10:30:00Z"),
    documentId: "0b9d8c7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e",
    ...overrides,
  };
}
