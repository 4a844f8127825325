/**
 * CERTIFICATE OF ORIGIN, non-preferential (Reg. (EU) 2015/2447 Arts 61-62, Annex 22-14; ICC CO
 * Guidelines): 1 Consignor; 2 Consignee; 3 Country of origin; 4 Transport details; 5 Remarks;
 * 6 Item number, marks, numbers, number and kind of packages, description of goods;
 * 7 Quantity; 8 the issuing authority's certification (verbatim), place, date, stamp and
 * signature. The exporter's declaration, as on chamber forms, comes before box 8.
 */
import type { Block, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asString,
  columnsOf,
  consigneeLines,
  countryName,
  dateField,
  field,
  formatDate,
  goodsDescriptionCell,
  isEuMember,
  joined,
  kgField,
  type LineColumn,
  lineIndexes,
  linePackagesCell,
  lineRows,
  numberField,
  partyLines,
  quantityCell,
  type ShipmentData,
  textField,
  transportModeName,
} from "./common.ts";

export const CO_CERTIFICATION =
  "The undersigned authority certifies that the goods described above originate in the country " +
  "shown in box 3";

export const CO_EXPORTER_DECLARATION =
  "The undersigned, as exporter of the goods described above, declares that the particulars " +
  "given are correct, that the goods originate in the country shown in box 3, and requests the " +
  "issue of this certificate of origin.";

export function certificateOfOriginTemplate(data: ShipmentData): DocumentSpec {
  const eu = isEuMember(data.exporter?.country ?? data.route?.origin_country);
  const invoiceNo = asString(data.invoice?.number);
  const invoiceDate = formatDate(data.invoice?.date);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        { number: "1", label: "Consignor", lines: partyLines(data, "exporter"), span: 3 },
        {
          label: "Issuing authority",
          lines: [textField(data, "origin_data.issuing_body")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { number: "2", label: "Consignee", lines: consigneeLines(data), span: 3 },
        {
          number: "3",
          label: "Country of origin",
          lines: [originField(data)],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "4",
          label: "Transport details (optional)",
          lines: [
            field(
              "route.transport_mode",
              transportModeName(asString(data.route?.transport_mode)),
            ),
            textField(data, "route.vessel_name"),
            joined(
              data,
              ["route.port_of_loading", "route.port_of_discharge"],
              ([from, to]) => `From ${from} to ${to}`,
            ),
            dateField(data, "route.departure_date"),
          ],
          span: 3,
        },
        {
          number: "5",
          label: "Remarks",
          lines: [
            ...(invoiceNo
              ? [text(`Invoice No. ${invoiceNo}${invoiceDate ? ` of ${invoiceDate}` : ""}`)]
              : []),
            textField(data, "origin_data.remarks", true),
          ],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [{
        number: "6",
        label: "Marks and numbers",
        lines: [textField(data, "packing.shipping_marks", true)],
      }],
    },
    goodsTable(data),
    {
      kind: "boxes",
      boxes: [
        { label: "Total number of packages", lines: [numberField(data, "packing.total_packages")] },
        { label: "Total gross weight (kg)", lines: [kgField(data, "weights.gross_kg")] },
        { label: "Total net weight (kg)", lines: [kgField(data, "weights.net_kg")] },
      ],
    },
    { kind: "paragraph", text: CO_EXPORTER_DECLARATION, style: "declaration" },
    {
      kind: "signature",
      caption: "Signature of the exporter",
      name: textField(data, "declaration.signatory_name"),
      title: textField(data, "declaration.signatory_title"),
      place: textField(data, "declaration.place"),
      date: dateField(data, "declaration.date"),
    },
    { kind: "paragraph", text: "8 Certification by the issuing authority", style: "heading" },
    { kind: "paragraph", text: CO_CERTIFICATION, style: "declaration" },
    {
      kind: "signature",
      caption: "Place, date, signature and stamp of the issuing authority",
      name: text(asString(data.origin_data?.issuing_body)),
      stamp: true,
    },
  ];

  return {
    type: "CERTIFICATE_OF_ORIGIN",
    title: "CERTIFICATE OF ORIGIN",
    subtitle: eu ? "EUROPEAN UNION – ORIGINAL" : "ORIGINAL",
    references: [{ label: "No.", content: textField(data, "origin_data.certificate_number") }],
    blocks,
  };
}

/** Box 3: "EUROPEAN UNION (GERMANY)" for a member state, else the country's name. */
function originField(data: ShipmentData) {
  const code = asString(data.route?.origin_country);
  const name = countryName(code).toUpperCase();
  return field(
    "route.origin_country",
    code && isEuMember(code) ? `EUROPEAN UNION (${name})` : name,
  );
}

/** 6 Item number; number and kind of packages; description of goods | 7 Quantity. */
function goodsTable(data: ShipmentData): Block {
  const columns: LineColumn[] = [
    { header: "6 Item No.", width: 7, align: "right", cell: (i) => text(String(i + 1)) },
    { header: "Number and kind of packages", width: 16, cell: (i) => linePackagesCell(data, i) },
    { header: "Description of goods", width: 55, cell: (i) => goodsDescriptionCell(data, i) },
    { header: "7 Quantity", width: 14, align: "right", cell: (i) => quantityCell(data, i) },
  ];
  return {
    kind: "table",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, lineIndexes(data)),
  };
}
