/**
 * PHYTOSANITARY CERTIFICATE, as the model of ISPM 12 (2022), Annex 1: the issuing and the
 * importing plant protection organizations; I. Description of consignment (exporter, consignee,
 * packages, distinguishing marks, place of origin, means of conveyance, point of entry, produce
 * and quantity, botanical names) and the certification statement, verbatim; II. Additional
 * declaration; III. Disinfestation and/or disinfection treatment; place of issue, stamp, name of
 * the authorized officer, date and signature. Issued and signed by a public officer of the NPPO.
 */
import type { Block, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asString,
  consigneeLines,
  conveyanceLines,
  countryField,
  dateField,
  lineField,
  lineIndexes,
  packagesLines,
  partyLines,
  quantityCell,
  type ShipmentData,
  textField,
} from "./common.ts";

export const PHYTO_CERTIFICATION = "This is to certify that the plants, plant products or " +
  "other regulated articles described herein have been inspected and/or tested according to " +
  "appropriate official procedures and are considered to be free from the quarantine pests " +
  "specified by the importing contracting party and to conform with the current phytosanitary " +
  "requirements of the importing contracting party, including those for regulated " +
  "non-quarantine pests.";

export function phytosanitaryCertificateTemplate(data: ShipmentData): DocumentSpec {
  const number = asString(data.phytosanitary_data?.certificate_number);
  const t = "phytosanitary_data.treatment";

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Plant Protection Organization of",
          lines: [
            countryField(data, "route.origin_country", true),
            textField(data, "phytosanitary_data.issuing_authority"),
          ],
        },
        {
          label: "TO: Plant Protection Organization(s) of",
          lines: [countryField(data, "route.destination_country", true)],
        },
      ],
    },
    { kind: "paragraph", text: "I. Description of Consignment", style: "heading" },
    {
      kind: "boxes",
      boxes: [
        { label: "Name and address of exporter", lines: partyLines(data, "exporter") },
        { label: "Declared name and address of consignee", lines: consigneeLines(data) },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Number and description of packages", lines: packagesLines(data) },
        {
          label: "Distinguishing marks",
          lines: [textField(data, "packing.shipping_marks", true)],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Place of origin",
          lines: [textField(data, "phytosanitary_data.place_of_origin")],
        },
        { label: "Declared means of conveyance", lines: conveyanceLines(data) },
        {
          label: "Declared point of entry",
          lines: [textField(data, "phytosanitary_data.point_of_entry")],
        },
      ],
    },
    {
      kind: "table",
      title: "Name of produce and quantity declared; botanical name of plants",
      columns: [
        { header: "No.", width: 5, align: "right" },
        { header: "Name of produce", width: 50 },
        { header: "Quantity declared", width: 17, align: "right" },
        { header: "Botanical name of plants", width: 28 },
      ],
      rows: lineIndexes(data).map((i) => [
        text(String(i + 1)),
        lineField(data, i, "description", true),
        quantityCell(data, i),
        lineField(data, i, "botanical_name"),
      ]),
    },
    { kind: "paragraph", text: PHYTO_CERTIFICATION, style: "declaration" },
    { kind: "paragraph", text: "II. Additional Declaration", style: "heading" },
    {
      kind: "boxes",
      boxes: [{
        label: "Additional declaration",
        lines: [textField(data, "phytosanitary_data.additional_declaration", true)],
        minLines: 2,
      }],
    },
    {
      kind: "paragraph",
      text: "III. Disinfestation and/or Disinfection Treatment",
      style: "heading",
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Date", lines: [dateField(data, `${t}.date`)] },
        { label: "Treatment", lines: [textField(data, `${t}.method`)], span: 2 },
        {
          label: "Chemical (active ingredient)",
          lines: [textField(data, `${t}.chemical`)],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Duration and temperature",
          lines: [textField(data, `${t}.duration_temperature`)],
        },
        { label: "Concentration", lines: [textField(data, `${t}.concentration`)] },
        {
          label: "Additional information",
          lines: [textField(data, `${t}.additional_info`, true)],
          span: 2,
        },
      ],
    },
    {
      kind: "signature",
      caption: "Authorized officer of the plant protection organization: (Signature) and " +
        "(Stamp of Organization)",
      name: textField(data, "phytosanitary_data.inspector_name"),
      place: textField(data, "phytosanitary_data.place_of_issue"),
      date: dateField(data, "phytosanitary_data.issue_date"),
      stamp: true,
    },
  ];

  return {
    type: "PHYTOSANITARY_CERTIFICATE",
    title: "PHYTOSANITARY CERTIFICATE",
    subtitle: number ? `No. ${number}` : "No.",
    references: [
      { label: "No.", content: textField(data, "phytosanitary_data.certificate_number") },
    ],
    blocks,
  };
}
