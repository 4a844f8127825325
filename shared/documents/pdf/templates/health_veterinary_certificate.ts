/**
 * HEALTH CERTIFICATE (veterinary), laid out as the entry models of Implementing Regulation (EU)
 * 2020/2235 (as amended): Part I, Description of consignment, boxes I.1 to I.27 (the numbering
 * of the models; boxes a model leaves out are left out here too), and Part II, Certification:
 * "I, the undersigned official veterinarian, hereby certify that:" with the attestation, the
 * notes, and the official veterinarian's name in capitals, qualification and title, date,
 * signature and stamp.
 */
import type { Block, DocumentSpec } from "../model.ts";
import { drawnChoice, text } from "../model.ts";
import {
  asNumber,
  asString,
  choice,
  consigneeLines,
  consigneePrefix,
  conveyanceLines,
  copyText,
  countryField,
  countryName,
  dateField,
  field,
  formatKg,
  formatQuantity,
  isAir,
  isEuMember,
  kgField,
  lineField,
  lineIndexes,
  lineItems,
  lineNumberField,
  linePackagesCell,
  packagesLines,
  partyLines,
  partyTextLines,
  readString,
  type ShipmentData,
  textField,
  upperField,
} from "./common.ts";

export const VET_CERTIFICATION = "I, the undersigned official veterinarian, hereby certify that:";

export const VET_NOTES = "Notes: Statements that do not apply are to be struck out, initialled " +
  "and stamped by the official veterinarian, or deleted. The signature and the stamp of the " +
  "official veterinarian must be in a colour different from that of the printing. Each page " +
  'bears the certificate reference and is numbered "page x of y".';

const CONDITIONS = ["ambient", "chilled", "frozen"] as const;

export function healthVeterinaryCertificateTemplate(
  data: ShipmentData,
): DocumentSpec {
  const v = "veterinary_data";
  const destination = asString(data.route?.destination_country);
  const origin = asString(data.route?.origin_country);
  const reference = textField(data, `${v}.certificate_number`);
  const establishment = readString(data, `${v}.establishment_number`);
  const condition = readString(data, `${v}.transport_conditions`).toLowerCase();
  const conditionIndex = (CONDITIONS as readonly string[]).indexOf(condition);

  const blocks: Block[] = [
    { kind: "paragraph", text: "Part I: Description of consignment", style: "heading" },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.1",
          label: "Consignor/Exporter",
          lines: partyLines(data, "exporter"),
          span: 2,
        },
        { number: "I.2", label: "Certificate reference", lines: [reference] },
        { number: "I.2a", label: "IMSOC reference", lines: [text("")] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.3",
          label: "Central competent authority",
          lines: [textField(data, `${v}.competent_authority`)],
        },
        {
          number: "I.4",
          label: "Local competent authority",
          lines: [textField(data, `${v}.local_competent_authority`)],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { number: "I.5", label: "Consignee/Importer", lines: consigneeLines(data) },
        {
          number: "I.6",
          label: "Operator responsible for the consignment",
          lines: consigneePrefix(data) === "importer"
            ? partyTextLines(data, "importer")
            : partyLines(data, "importer"),
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.7",
          label: "Country of origin",
          lines: [countryField(data, "route.origin_country"), text(isoCode(origin))],
        },
        {
          number: "I.8",
          label: "Region of origin",
          lines: [textField(data, `${v}.region_of_origin`)],
        },
        {
          number: "I.9",
          label: "Country of destination",
          lines: [countryField(data, "route.destination_country"), text(isoCode(destination))],
        },
        { number: "I.10", label: "Region of destination", lines: [text("")] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.11",
          label: "Place of dispatch",
          lines: [
            text(asString(data.exporter?.name)),
            text("Registration/Approval No."),
            field(`${v}.establishment_number`, establishment),
            text(countryName(data.exporter?.country ?? data.route?.origin_country)),
          ],
          span: 2,
        },
        {
          number: "I.12",
          label: "Place of destination",
          lines: [textField(data, "route.place_of_delivery")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.13",
          label: "Place of loading",
          lines: [
            textField(data, isAir(data) ? "route.airport_of_departure" : "route.port_of_loading"),
          ],
        },
        {
          number: "I.14",
          label: "Date and time of departure",
          lines: [dateField(data, "route.departure_date")],
        },
        { number: "I.15", label: "Means of transport", lines: conveyanceLines(data) },
        {
          number: "I.16",
          label: "Entry border control post",
          lines: [textField(data, `${v}.entry_bcp`)],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.17",
          label: "Accompanying documents",
          lines: [text("Commercial invoice"), textField(data, "invoice.number")],
        },
        {
          number: "I.18",
          label: "Transport conditions",
          lines: [
            choice(
              `${v}.transport_conditions`,
              conditionIndex >= 0 ? condition : readString(data, `${v}.transport_conditions`),
              CONDITIONS.map((c) => ({ value: c, label: capitalize(c) })),
            ),
          ],
          span: 2,
        },
        {
          number: "I.19",
          label: "Container number/Seal number",
          lines: [textField(data, "container.number"), textField(data, "container.seal_number")],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "I.20",
          label: "Certified as or for",
          lines: [textField(data, `${v}.certified_as`)],
          span: 3,
        },
        {
          number: "I.22",
          label: "For internal market",
          lines: [drawnChoice(isEuMember(destination) ? "yes" : "", [{ value: "yes", label: "" }])],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { number: "I.24", label: "Total number of packages", lines: packagesLines(data) },
        { number: "I.25", label: "Total quantity", lines: [text(totalQuantity(data))] },
        {
          number: "I.26",
          label: "Total net weight (kg)",
          lines: [kgField(data, "weights.net_kg")],
        },
        { label: "Total gross weight (kg)", lines: [kgField(data, "weights.gross_kg")] },
      ],
    },
    descriptionTable(data, establishment),
    { kind: "paragraph", text: "Part II: Certification", style: "heading" },
    { kind: "paragraph", text: VET_CERTIFICATION, style: "declaration" },
    {
      kind: "boxes",
      boxes: [{
        number: "II.1",
        label: "Attestation",
        lines: [textField(data, `${v}.attestation`, true)],
        minLines: 10,
      }],
    },
    { kind: "paragraph", text: VET_NOTES, style: "note" },
    {
      kind: "signature",
      caption: "Official veterinarian: name (in capital letters), qualification and title, " +
        "date, signature and stamp",
      name: upperField(data, `${v}.inspector_name`),
      title: text("Official veterinarian"),
      date: dateField(data, `${v}.inspection_date`),
      stamp: true,
    },
  ];

  return {
    type: "HEALTH_VETERINARY_CERTIFICATE",
    title: "HEALTH CERTIFICATE",
    subtitle: isEuMember(destination)
      ? "for entry into the Union – Implementing Regulation (EU) 2020/2235"
      : destination
      ? `for export to ${
        countryName(destination)
      } – layout of Implementing Regulation (EU) 2020/2235`
      : "Implementing Regulation (EU) 2020/2235",
    references: [
      { label: "Certificate reference", content: copyText(reference) },
      { label: "Country", content: text(countryName(origin)) },
    ],
    blocks,
  };
}

/**
 * I.27 Description of consignment: CN code, species, commodity, the establishment's approval
 * number, packages and net weight per line.
 */
function descriptionTable(data: ShipmentData, establishment: string): Block {
  return {
    kind: "table",
    title: "I.27 Description of consignment",
    columns: [
      { header: "CN code", width: 11 },
      { header: "Species (scientific name)", width: 18 },
      { header: "Commodity", width: 33 },
      { header: "Approval No. of establishment", width: 14 },
      { header: "Number of packages", width: 12 },
      { header: "Net weight (kg)", width: 12, align: "right" },
    ],
    rows: lineIndexes(data).map((i) => [
      lineField(data, i, "hs_code"),
      lineField(data, i, "species"),
      lineField(data, i, "description", true),
      text(establishment),
      linePackagesCell(data, i),
      lineNumberField(data, i, "net_kg", formatKg),
    ]),
  };
}

/** I.25: the line quantities summed per unit ("250 kg; 120 pcs"). */
function totalQuantity(data: ShipmentData): string {
  const totals = new Map<string, number>();
  for (const item of lineItems(data)) {
    const q = asNumber(item.quantity);
    if (q === undefined) continue;
    const unit = asString(item.unit_of_measure);
    totals.set(unit, (totals.get(unit) ?? 0) + q);
  }
  return [...totals].map(([unit, q]) => `${formatQuantity(q)}${unit ? ` ${unit}` : ""}`)
    .join("; ");
}

function isoCode(code: string): string {
  return /^[A-Za-z]{2}$/.test(code) ? `ISO code ${code.toUpperCase()}` : "";
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
