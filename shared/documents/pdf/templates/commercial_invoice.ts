/**
 * COMMERCIAL INVOICE (19 CFR 141.86; ICC Incoterms 2020): seller, buyer, consignee; invoice
 * number and date, order reference; Incoterm and named place, payment terms, currency; transport;
 * the line table (description, HS code, origin, quantity and unit, unit price, amount); itemised
 * charges and total; marks, packages and weights; the customary "true and correct" declaration,
 * signed by the seller. The proforma invoice shares this body (`invoiceSpec`).
 */
import type { Block, Box, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  columnsOf,
  countryField,
  currencyOf,
  dateField,
  field,
  formatAmount,
  formatDate,
  formatUnitPrice,
  hasConsignee,
  incotermLines,
  isAir,
  isUsExport,
  kgField,
  lineAmount,
  type LineColumn,
  lineField,
  lineIndexes,
  lineItems,
  lineNumberField,
  linePath,
  lineRows,
  linesTotal,
  m3Field,
  moneyField,
  packagesLines,
  partyLines,
  readNumber,
  roundTo,
  type ShipmentData,
  textField,
  transportModeName,
} from "./common.ts";

export const COMMERCIAL_INVOICE_DECLARATION =
  "I/We hereby certify that the information on this invoice is true and correct, that it shows " +
  "the actual price of the goods described, and that the contents of this shipment are as " +
  "stated above.";

export const PROFORMA_INVOICE_DECLARATION =
  "I/We hereby certify that this proforma invoice is true and correct and that the goods " +
  "described above will be supplied at the prices and on the terms stated, valid until the date " +
  "shown above.";

/** The EAR 758.6 destination control statement, for US exports of items with an ECCN. */
export const DESTINATION_CONTROL_STATEMENT =
  "These items are controlled by the U.S. government and authorized for export only to the " +
  "country of ultimate destination for use by the ultimate consignee or end-user(s) herein " +
  "identified. They may not be resold, transferred, or otherwise disposed of, to any other " +
  "country or to any person other than the authorized ultimate consignee or end-user(s), either " +
  "in their original form or after being incorporated into other items, without first obtaining " +
  "approval from the U.S. government or as otherwise authorized by U.S. law and regulations.";

export function commercialInvoiceTemplate(data: ShipmentData): DocumentSpec {
  return invoiceSpec(data, "commercial");
}

/** The invoice body shared by the commercial and the proforma invoice. */
export function invoiceSpec(
  data: ShipmentData,
  kind: "commercial" | "proforma",
): DocumentSpec {
  const currency = currencyOf(data);
  const proforma = kind === "proforma";
  const usEntry = asString(data.route?.destination_country).toUpperCase() === "US";

  const references = proforma
    ? [
      { label: "Proforma invoice No.", content: textField(data, "proforma.number") },
      { label: "Date", content: dateField(data, "proforma.date") },
      { label: "Valid until", content: dateField(data, "proforma.valid_until") },
      { label: "Buyer's order ref.", content: textField(data, "invoice.purchase_order") },
    ]
    : [
      { label: "Invoice No.", content: textField(data, "invoice.number") },
      { label: "Invoice date", content: dateField(data, "invoice.date") },
      { label: "Buyer's order ref.", content: textField(data, "invoice.purchase_order") },
    ];

  const consignee: Content[] = hasConsignee(data)
    ? partyLines(data, "consignee", { taxIds: ["eori", "vat", "ein"], contact: true })
    : [text("SAME AS BUYER")];

  const transport: Box[] = [
    { label: "Mode of transport", lines: [modeField(data)] },
    {
      label: isAir(data) ? "Vessel / flight No." : "Vessel / voyage",
      lines: [
        textField(data, "route.vessel_name"),
        isAir(data)
          ? textField(data, "route.flight_number")
          : textField(data, "route.voyage_number"),
      ],
    },
    { label: "Port of loading", lines: [textField(data, "route.port_of_loading")] },
    {
      label: usEntry ? "Port of discharge / US port of entry" : "Port of discharge",
      lines: [textField(data, "route.port_of_discharge")],
    },
    {
      label: proforma ? "Estimated shipment date" : "Date of shipment",
      lines: [dateField(data, "route.departure_date")],
    },
  ];

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Seller / Exporter",
          lines: partyLines(data, "exporter", { taxIds: ["vat", "eori"], contact: true }),
        },
        {
          label: "Buyer / Importer",
          lines: partyLines(data, "importer", { taxIds: ["vat", "eori", "ein"], contact: true }),
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Consignee (ship to)", lines: consignee },
        {
          label: "Terms of delivery",
          lines: incotermLines(data),
        },
        { label: "Terms of payment", lines: [textField(data, "terms.payment_terms", true)] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Country of origin", lines: [countryField(data, "route.origin_country")] },
        {
          label: "Country of destination",
          lines: [countryField(data, "route.destination_country")],
        },
        { label: "Currency", lines: [field("goods.currency", currency)] },
      ],
    },
    { kind: "boxes", boxes: transport },
    invoiceLineTable(data, currency),
    chargesRow(data, currency),
    {
      kind: "boxes",
      boxes: [
        {
          label: "Shipping marks",
          lines: [textField(data, "packing.shipping_marks", true)],
          span: 2,
        },
        { label: "Number and kind of packages", lines: packagesLines(data) },
        { label: "Net weight (kg)", lines: [kgField(data, "weights.net_kg")] },
        { label: "Gross weight (kg)", lines: [kgField(data, "weights.gross_kg")] },
        { label: "Volume (m³)", lines: [m3Field(data, "weights.volume_m3")] },
      ],
    },
  ];

  if (!proforma && isUsExport(data) && hasControlledItems(data)) {
    blocks.push({ kind: "paragraph", text: DESTINATION_CONTROL_STATEMENT, style: "declaration" });
  }
  blocks.push({
    kind: "paragraph",
    text: proforma ? PROFORMA_INVOICE_DECLARATION : COMMERCIAL_INVOICE_DECLARATION,
    style: "declaration",
  });
  blocks.push({
    kind: "signature",
    caption: "Authorised signature of the seller",
    name: textField(data, "declaration.signatory_name"),
    title: textField(data, "declaration.signatory_title"),
    place: textField(data, "declaration.place"),
    // A proforma is signed on its own date; the invoice on the declaration's.
    date: proforma && asString(data.proforma?.date)
      ? text(formatDate(data.proforma?.date))
      : dateField(data, "declaration.date"),
  });

  return {
    type: proforma ? "PROFORMA_INVOICE" : "COMMERCIAL_INVOICE",
    title: proforma ? "PROFORMA INVOICE" : "COMMERCIAL INVOICE",
    references,
    blocks,
  };
}

function modeField(data: ShipmentData) {
  return field("route.transport_mode", transportModeName(asString(data.route?.transport_mode)));
}

/** The invoice line table: description, HS code, origin, quantity and unit, price, amount. */
export function invoiceLineTable(data: ShipmentData, currency: string): Block {
  const columns: LineColumn[] = [
    { header: "No.", width: 4, align: "right", cell: (i) => text(String(i + 1)) },
    {
      header: "Description of goods",
      width: 32,
      cell: (i) => lineField(data, i, "description", true),
    },
    { header: "HS code", width: 10, cell: (i) => lineField(data, i, "hs_code") },
    {
      header: "Origin",
      width: 6,
      align: "center",
      cell: (i, item) => field(linePath(i, "origin_country"), asString(item.origin_country)),
    },
    {
      header: "Quantity",
      width: 8,
      align: "right",
      cell: (i) => lineNumberField(data, i, "quantity"),
    },
    { header: "Unit", width: 6, cell: (i) => lineField(data, i, "unit_of_measure") },
    {
      header: `Unit price${currency ? ` (${currency})` : ""}`,
      width: 11,
      align: "right",
      cell: (i, item) => {
        const p = asNumber(item.unit_price);
        return field(
          linePath(i, "unit_price"),
          p === undefined ? "" : formatUnitPrice(p, currency || "XXX"),
        );
      },
    },
    {
      header: `Amount${currency ? ` (${currency})` : ""}`,
      width: 12,
      align: "right",
      cell: (_i, item) => {
        const amount = lineAmount(item);
        return text(amount === undefined ? "" : formatAmount(amount, currency || "XXX"));
      },
    },
  ];
  const totals: Content[] = columns.map(() => text(""));
  totals[1] = text("Total value of goods", true);
  totals[totals.length - 1] = text(
    hasLineAmounts(data) ? formatAmount(linesTotal(data, currency), currency || "XXX") : "",
    true,
  );
  return {
    kind: "table",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, lineIndexes(data)),
    totals,
  };
}

/** Goods value, itemised charges (19 CFR 141.86(a)(6)) and the invoice total. */
export function chargesRow(data: ShipmentData, currency: string): Block {
  const cur = currency || "XXX";
  const goods = asNumber(data.goods?.total_value) ??
    (hasLineAmounts(data) ? linesTotal(data, currency) : undefined);
  const charge = (key: keyof NonNullable<ShipmentData["charges"]>) =>
    readNumber(data, `charges.${key}`) ?? 0;
  const total = goods === undefined ? undefined : roundTo(
    goods + charge("freight") + charge("insurance") + charge("packing") + charge("other") -
      charge("discount"),
    6,
  );
  const suffix = currency ? ` (${currency})` : "";
  return {
    kind: "boxes",
    boxes: [
      {
        label: `Total value of goods${suffix}`,
        lines: [moneyField(data, "goods.total_value", cur)],
      },
      { label: "Freight", lines: [moneyField(data, "charges.freight", cur)] },
      { label: "Insurance", lines: [moneyField(data, "charges.insurance", cur)] },
      { label: "Packing", lines: [moneyField(data, "charges.packing", cur)] },
      { label: "Other charges", lines: [moneyField(data, "charges.other", cur)] },
      { label: "Discount (–)", lines: [moneyField(data, "charges.discount", cur)] },
      {
        label: `Invoice total${suffix}`,
        lines: [text(total === undefined ? "" : formatAmount(total, cur), true)],
      },
    ],
  };
}

/** Whether any line has a quantity and a unit price. */
export function hasLineAmounts(data: ShipmentData): boolean {
  return lineItems(data).some((item) => lineAmount(item) !== undefined);
}

function hasControlledItems(data: ShipmentData): boolean {
  return lineItems(data).some((item) => {
    const eccn = asString(item.eccn).toUpperCase();
    return eccn !== "" && eccn !== "EAR99";
  });
}
