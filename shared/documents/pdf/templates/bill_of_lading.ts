/**
 * BILL OF LADING (BIMCO/FIATA practice; Hague-Visby Rules; UCP 600 Art. 20; 15 CFR 30.7):
 * "ORIGINAL" or "COPY – NON NEGOTIABLE"; shipper, consignee (named or "TO ORDER"), notify
 * party; pre-carriage and place of receipt; vessel and voyage; ports of loading and discharge;
 * place of delivery; marks and numbers, container and seal; number and kind of packages;
 * description of goods (dangerous goods first, in IMDG order) under "SHIPPER'S LOAD, STOW AND
 * COUNT"; gross weight; measurement; freight PREPAID/COLLECT and where payable; number of
 * originals; place and date of issue; shipped on board date; the AES legend on US exports;
 * signed "as agent for the carrier".
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  columnsOf,
  consigneeLines,
  dateField,
  dgFirstIndexes,
  eeiLegend,
  field,
  formatDate,
  formatKg,
  freightChoice,
  goodsDescriptionCell,
  hasConsignee,
  isUsExport,
  kgField,
  type LineColumn,
  lineField,
  lineNumberField,
  linePackagesCell,
  lineRows,
  m3Field,
  numberField,
  partyLines,
  type PartyRole,
  readString,
  type ShipmentData,
  textField,
} from "./common.ts";

export const SHIPPERS_LOAD_STOW_AND_COUNT = "SHIPPER'S LOAD, STOW AND COUNT";

export const BL_SHIPPED_CLAUSE =
  "SHIPPED on board the vessel named above, in apparent good order and condition unless " +
  "otherwise stated herein, the goods or packages specified herein, weight, measure, marks, " +
  "numbers, quality, contents and value being particulars furnished by the shipper and unknown " +
  "to the carrier, to be carried to the port of discharge or so near thereto as the vessel may " +
  "safely get and lie always afloat, and to be delivered to the consignee or to his or their " +
  "assigns, subject to the terms and conditions of the carrier's bill of lading. In witness " +
  "whereof the number of original Bills of Lading stated above, all of this tenor and date, " +
  "have been signed, one of which being accomplished, the others to stand void.";

const NUMBER_WORDS = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT"];

export function billOfLadingTemplate(data: ShipmentData): DocumentSpec {
  const { title, subtitle } = heading(data);
  const carrier = asString(data.route?.carrier_name);

  // The notify party as given (its blank optional lines left out); else the buyer when a
  // separate consignee is named; else the consignee itself.
  const notify: Content[] = isPresentParty(data, "notify_party")
    ? partyLines(data, "notify_party", { contact: true }).filter((c) =>
      !(c.kind === "field" && c.value === "" && !c.path.endsWith(".name"))
    )
    : hasConsignee(data)
    ? partyLines(data, "importer", { contact: true })
    : [text("SAME AS CONSIGNEE")];

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Shipper",
          lines: partyLines(data, "exporter", { contact: true }),
          span: 2,
        },
        {
          label: "Carrier",
          lines: [textField(data, "route.carrier_name")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Consignee (if “TO ORDER”, so indicate)",
          lines: consigneeLines(data, { contact: true }),
          span: 2,
        },
        {
          label: "Notify party (no claim shall attach for failure to notify)",
          lines: notify,
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Pre-carriage by", lines: [], minLines: 1 },
        { label: "Place of receipt", lines: [textField(data, "bl_data.place_of_receipt")] },
        { label: "Vessel", lines: [textField(data, "route.vessel_name")] },
        { label: "Voyage No.", lines: [textField(data, "route.voyage_number")] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Port of loading", lines: [textField(data, "route.port_of_loading")] },
        { label: "Port of discharge", lines: [textField(data, "route.port_of_discharge")] },
        { label: "Place of delivery", lines: [textField(data, "bl_data.place_of_delivery")] },
        { label: "Booking No.", lines: [textField(data, "route.booking_number")] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Container No.", lines: [textField(data, "container.number")] },
        { label: "Seal No.", lines: [textField(data, "container.seal_number")] },
        { label: "Container size / type", lines: [textField(data, "container.size_type")] },
        {
          label: "Marks and numbers",
          lines: [textField(data, "packing.shipping_marks", true)],
          span: 2,
        },
      ],
    },
    {
      kind: "paragraph",
      text: `PARTICULARS FURNISHED BY THE SHIPPER – ${SHIPPERS_LOAD_STOW_AND_COUNT} – ` +
        `${containerSummary(data)}SAID TO CONTAIN:`,
      style: "heading",
    },
    goodsTable(data),
  ];

  if (isUsExport(data)) {
    const legend = eeiLegend(data);
    blocks.push({
      kind: "boxes",
      boxes: [{
        label: "AES ITN or exemption legend (15 CFR 30.7)",
        lines: [legend ? text(legend) : field("sli_data.itn", "")],
      }],
    });
  }

  const originals = asNumber(data.bl_data?.number_of_originals);
  blocks.push(
    {
      kind: "boxes",
      boxes: [
        {
          label: "Freight",
          lines: [
            freightChoice(data, "bl_data.freight_payment"),
          ],
        },
        { label: "Freight payable at", lines: [textField(data, "bl_data.freight_payable_at")] },
        {
          label: "Number of original B/L",
          lines: [
            field(
              "bl_data.number_of_originals",
              originals === undefined
                ? asString(data.bl_data?.number_of_originals)
                : `${originals} (${NUMBER_WORDS[originals] ?? originals})`,
            ),
          ],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Place of issue", lines: [textField(data, "bl_data.place_of_issue")] },
        { label: "Date of issue", lines: [dateField(data, "bl_data.issue_date")] },
        { label: "Shipped on board date", lines: [dateField(data, "route.departure_date")] },
      ],
    },
    { kind: "paragraph", text: BL_SHIPPED_CLAUSE, style: "note" },
    {
      kind: "signature",
      caption: carrier
        ? `Signed as agent for the carrier, ${carrier}`
        : "Signed as agent for the carrier",
      place: text(asString(data.bl_data?.place_of_issue)),
      date: text(formatDate(asString(data.bl_data?.issue_date))),
      stamp: true,
    },
  );

  return {
    type: "BILL_OF_LADING",
    title,
    subtitle,
    references: [
      { label: "B/L No.", content: textField(data, "bl_data.bl_number") },
      { label: "Shipper's reference", content: textField(data, "invoice.number") },
    ],
    blocks,
  };
}

/** Title and subtitle by B/L type; a copy unless an original is asked for. */
function heading(data: ShipmentData): { title: string; subtitle: string } {
  switch (asString(data.bl_data?.bl_type).toUpperCase()) {
    case "ORIGINAL":
      return { title: "BILL OF LADING", subtitle: "ORIGINAL" };
    case "SEAWAY":
      return { title: "SEA WAYBILL", subtitle: "NON NEGOTIABLE" };
    case "TELEX_RELEASE":
      return {
        title: "BILL OF LADING",
        subtitle: "COPY – NON NEGOTIABLE – TELEX RELEASED (ORIGINALS SURRENDERED)",
      };
    default:
      return { title: "BILL OF LADING", subtitle: "COPY – NON NEGOTIABLE" };
  }
}

function isPresentParty(data: ShipmentData, prefix: PartyRole): boolean {
  return readString(data, `${prefix}.name`) !== "";
}

/** "1 × 40HC CONTAINER " when the container's size and type are known. */
function containerSummary(data: ShipmentData): string {
  const size = asString(data.container?.size_type);
  return size ? `1 × ${size} CONTAINER ` : "";
}

/** Marks, packages, description (DG lines first), gross weight, measurement. */
function goodsTable(data: ShipmentData): Block {
  const order = dgFirstIndexes(data);
  const columns: LineColumn[] = [
    { header: "Item", width: 5, align: "right", cell: (i) => text(String(i + 1)) },
    { header: "Number and kind of packages", width: 15, cell: (i) => linePackagesCell(data, i) },
    {
      header: "Description of goods",
      width: 46,
      cell: (i) => goodsDescriptionCell(data, i),
    },
    {
      header: "HS code",
      width: 10,
      cell: (i) => lineField(data, i, "hs_code"),
    },
    {
      header: "Gross weight (kg)",
      width: 12,
      align: "right",
      cell: (i) => lineNumberField(data, i, "gross_kg", formatKg),
    },
    { header: "Measurement (m³)", width: 12, align: "right", cell: () => text("") },
  ];
  return {
    kind: "table",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, order),
    totals: [
      text("Total", true),
      numberField(data, "packing.total_packages"),
      field("packing.package_type", asString(data.packing?.package_type)),
      text(""),
      kgField(data, "weights.gross_kg"),
      m3Field(data, "weights.volume_m3"),
    ],
  };
}
