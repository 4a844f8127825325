/**
 * MULTIMODAL DANGEROUS GOODS FORM (IMDG Code 5.4.5; AMSA 250): boxes 1-22 in the form's order:
 * shipper, transport document number, page, references, consignee, carrier; the SHIPPER'S
 * DECLARATION (5.4.1.6.1, "below" as on the form); aircraft limitations, handling information
 * with the 24-hour emergency contact; vessel, ports, destination; the goods (dangerous goods
 * first, each described per 5.4.1.4 with nothing interspersed); container, seal, size, tare,
 * total gross mass; the CONTAINER/VEHICLE PACKING CERTIFICATE (5.4.2, verbatim, box 20); the
 * receiving organisation's receipt (21); the shipper's declarant (22).
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  columnsOf,
  consigneeLines,
  countryField,
  dateField,
  dgFirstIndexes,
  field,
  formatKg,
  goodsDescriptionCell,
  isAir,
  kgField,
  type LineColumn,
  lineNumberField,
  linePackagesCell,
  lineRows,
  m3Field,
  numberField,
  partyLines,
  type ShipmentData,
  textField,
} from "./common.ts";

/** IMDG 5.4.1.6.1 as printed on the multimodal form (the goods are described below it). */
export const DG_SHIPPER_DECLARATION =
  "I hereby declare that the contents of this consignment are fully and accurately described " +
  "below by the Proper Shipping Name, and are classified, packaged, marked and " +
  "labelled/placarded and are in all respects in proper condition for transport according to " +
  "the applicable international and national governmental regulations.";

/** IMDG 5.4.2. */
export const CONTAINER_PACKING_CERTIFICATE =
  "I hereby declare that the goods described above have been packed/loaded into the " +
  "container/vehicle identified above in accordance with the applicable provisions.";

export const RECEIVING_ORGANISATION_RECEIPT =
  "Received the above number of packages/containers/trailers in apparent good order and " +
  "condition, unless stated hereon: RECEIVING ORGANISATION REMARKS:";

export function dangerousGoodsDeclarationTemplate(data: ShipmentData): DocumentSpec {
  const air = isAir(data);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          number: "1",
          label: "Shipper / Consignor / Sender",
          lines: partyLines(data, "exporter", { contact: true }),
        },
        { number: "6", label: "Consignee", lines: consigneeLines(data, { contact: true }) },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "7",
          label: "Carrier (to be completed by the carrier)",
          lines: [
            air
              ? textField(data, "awb_data.issuing_carrier")
              : textField(data, "route.carrier_name"),
          ],
        },
        {
          label: "Transport regulation",
          lines: [textField(data, "hazardous_shipment.transport_regulation")],
        },
      ],
    },
    { kind: "paragraph", text: "SHIPPER'S DECLARATION", style: "heading" },
    { kind: "paragraph", text: DG_SHIPPER_DECLARATION, style: "declaration" },
    {
      kind: "boxes",
      boxes: [
        {
          number: "8",
          label: "This shipment is within the limitations prescribed for: (delete non-applicable)",
          lines: air || !asString(data.route?.transport_mode)
            ? [text("PASSENGER AND CARGO AIRCRAFT"), text("CARGO AIRCRAFT ONLY")]
            : [text("Not applicable (not carried by air)")],
        },
        {
          number: "9",
          label: "Additional handling information",
          lines: [
            textField(data, "hazardous_shipment.handling_instructions", true),
            text("24-hour emergency contact:", true),
            textField(data, "hazardous_shipment.emergency_contact"),
          ],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "10",
          label: "Vessel / flight No. and date",
          lines: [
            ...(air ? [textField(data, "route.flight_number")] : [
              textField(data, "route.vessel_name"),
              textField(data, "route.voyage_number"),
            ]),
            dateField(data, "route.departure_date"),
          ],
        },
        {
          number: "11",
          label: "Port / place of loading",
          lines: [
            textField(data, air ? "route.airport_of_departure" : "route.port_of_loading"),
          ],
        },
        {
          number: "12",
          label: "Port / place of discharge",
          lines: [
            textField(data, air ? "route.airport_of_destination" : "route.port_of_discharge"),
          ],
        },
        {
          number: "13",
          label: "Destination",
          lines: [
            textField(data, "route.place_of_delivery"),
            countryField(data, "route.destination_country", true),
          ],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [{
        number: "14",
        label: "Shipping marks",
        lines: [textField(data, "packing.shipping_marks", true)],
      }],
    },
    goodsTable(data),
    {
      kind: "boxes",
      boxes: [
        {
          number: "15",
          label: "Container identification No. / vehicle registration No.",
          lines: [textField(data, "container.number")],
        },
        {
          number: "16",
          label: "Seal number(s)",
          lines: [textField(data, "container.seal_number")],
        },
        {
          number: "17",
          label: "Container / vehicle size & type",
          lines: [textField(data, "container.size_type")],
        },
        { number: "18", label: "Tare mass (kg)", lines: [kgField(data, "container.tare_kg")] },
        {
          number: "19",
          label: "Total gross mass (including tare) (kg)",
          lines: [totalGrossMass(data)],
        },
      ],
    },
    { kind: "paragraph", text: "CONTAINER/VEHICLE PACKING CERTIFICATE", style: "heading" },
    { kind: "paragraph", text: CONTAINER_PACKING_CERTIFICATE, style: "declaration" },
    {
      kind: "paragraph",
      text: "This must be completed and signed for all container/vehicle loads by the person " +
        "responsible for packing/loading.",
      style: "note",
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "20",
          label: "Name of company",
          lines: [textField(data, "hazardous_shipment.packer_company")],
          span: 2,
        },
        {
          label: "Name / status of declarant",
          lines: [textField(data, "hazardous_shipment.packer_declarant")],
          span: 2,
        },
        { label: "Place and date", lines: [], minLines: 1, span: 2 },
        { label: "Signature of declarant", lines: [], minLines: 2, span: 2 },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "21",
          label: "Receiving organisation receipt",
          lines: [text(RECEIVING_ORGANISATION_RECEIPT)],
          minLines: 3,
          span: 3,
        },
        { label: "Haulier's name", lines: [], span: 1 },
        { label: "Vehicle reg. No.", lines: [], span: 1 },
        { label: "Signature and date (driver)", lines: [], span: 1 },
        { label: "Receiving organisation: signature and date", lines: [], span: 2 },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "22",
          label: "Name of company (shipper)",
          lines: [text(asString(data.exporter?.name))],
        },
      ],
    },
    {
      kind: "signature",
      caption: "22 Signature of declarant (shipper)",
      name: textField(data, "declaration.signatory_name"),
      title: textField(data, "declaration.signatory_title"),
      place: textField(data, "declaration.place"),
      date: dateField(data, "declaration.date"),
    },
  ];

  const transportDoc = air ? "awb_data.awb_number" : "bl_data.bl_number";
  return {
    type: "DANGEROUS_GOODS_DECLARATION",
    title: "MULTIMODAL DANGEROUS GOODS FORM",
    subtitle: "IMDG Code 5.4.5",
    references: [
      { label: "2 Transport document No.", content: textField(data, transportDoc) },
      { label: "Booking No.", content: textField(data, "route.booking_number") },
      { label: "3 Page", content: text("see footer (Page x of y)") },
      { label: "4 Shipper's reference", content: textField(data, "invoice.number") },
      { label: "5 Freight forwarder's reference", content: text("") },
    ],
    blocks,
  };
}

/** Box 14: packages; description (DG first, IMDG order); gross and net mass; cube. */
function goodsTable(data: ShipmentData): Block {
  const columns: LineColumn[] = [
    { header: "Item", width: 5, align: "right", cell: (i) => text(String(i + 1)) },
    { header: "Number and kind of packages", width: 14, cell: (i) => linePackagesCell(data, i) },
    {
      header: "Description of goods (UN No., proper shipping name, class, subsidiary risk, " +
        "packing group, additional information)",
      width: 47,
      cell: (i) => goodsDescriptionCell(data, i),
    },
    {
      header: "Gross mass (kg)",
      width: 11,
      align: "right",
      cell: (i) => lineNumberField(data, i, "gross_kg", formatKg),
    },
    {
      header: "Net mass (kg)",
      width: 11,
      align: "right",
      cell: (i) => lineNumberField(data, i, "net_kg", formatKg),
    },
    { header: "Cube (m³)", width: 10, align: "right", cell: () => text("") },
  ];
  const totals: Content[] = [
    text("Total", true),
    numberField(data, "packing.total_packages"),
    field("packing.package_type", asString(data.packing?.package_type)),
    kgField(data, "weights.gross_kg"),
    kgField(data, "weights.net_kg"),
    m3Field(data, "weights.volume_m3"),
  ];
  return {
    kind: "table",
    title: "14 Number and kind of packages; description of goods",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, dgFirstIndexes(data)),
    totals,
  };
}

/** Box 19: cargo gross mass plus the container's tare, when both are known. */
function totalGrossMass(data: ShipmentData): Content {
  const gross = asNumber(data.weights?.gross_kg);
  const tare = asNumber(data.container?.tare_kg);
  return text(gross === undefined || tare === undefined ? "" : formatKg(gross + tare));
}
