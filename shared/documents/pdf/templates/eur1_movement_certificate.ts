/**
 * MOVEMENT CERTIFICATE EUR.1 (Reg. (EU) 2015/2447 Annex 22-10; HMRC movement certificate
 * guide). The exporter fills boxes 1 to 10 and 12; box 11 is the customs endorsement, left for
 * customs; boxes 13 and 14 (the reverse) are for verification by customs. Box numbers and
 * wording as on the form.
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { drawnChoice, text } from "../model.ts";
import {
  asNumber,
  asString,
  consigneeLines,
  conveyanceLines,
  field,
  formatKg,
  joined,
  lineField,
  lineIndexes,
  lineNumberField,
  linePackagesCell,
  partyLines,
  placeAndDateLines,
  preferentialTerritory,
  type ShipmentData,
  sumLines,
  textField,
} from "./common.ts";

export const EUR1_DECLARATION = "I, the undersigned, declare that the goods described above " +
  "meet the conditions required for the issue of this certificate.";

export const EUR1_FOOTNOTES = "(1) If goods are not packed, indicate number of articles or " +
  'state "in bulk" as appropriate. (2) Complete only where the regulations of the exporting ' +
  "country or territory require.";

export function eur1MovementCertificateTemplate(data: ShipmentData): DocumentSpec {
  const number = asString(data.origin_data?.certificate_number);
  const origin = preferentialTerritory(data.route?.origin_country);
  const destination = preferentialTerritory(data.route?.destination_country);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          number: "1",
          label: "Exporter (Name, full address, country)",
          lines: partyLines(data, "exporter", { taxIds: ["eori"] }),
        },
        {
          number: "2",
          label: "Certificate used in preferential trade between",
          lines: [
            text(origin || "...................."),
            text("and"),
            text(destination || "...................."),
            text("(Insert appropriate countries, groups of countries or territories)"),
            textField(data, "origin_data.agreement_name"),
          ],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "3",
          label: "Consignee (Name, full address, country) (Optional)",
          lines: consigneeLines(data),
          span: 2,
        },
        {
          number: "4",
          label:
            "Country, group of countries or territory in which the products are considered as " +
            "originating",
          lines: [field("route.origin_country", origin)],
        },
        {
          number: "5",
          label: "Country, group of countries or territory of destination",
          lines: [field("route.destination_country", destination)],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "6",
          label: "Transport details (Optional)",
          lines: conveyanceLines(data, { ports: true }),
        },
        {
          number: "7",
          label: "Remarks",
          lines: [textField(data, "origin_data.remarks", true)],
        },
      ],
    },
    goodsTable(data),
    {
      kind: "boxes",
      boxes: [
        {
          number: "11",
          label: "CUSTOMS ENDORSEMENT",
          lines: [
            text("Declaration certified"),
            text("Export document (2)"),
            text("Form .................... No. ...................."),
            text("Customs office ...................."),
            text("Issuing country or territory ...................."),
            text("Date ...................."),
            text("(Signature)                                   Stamp"),
          ],
          minLines: 12,
        },
        {
          number: "12",
          label: "DECLARATION BY THE EXPORTER",
          lines: [
            text(EUR1_DECLARATION),
            text("Place and date"),
            ...placeAndDateLines(data),
            text("(Signature)"),
            textField(data, "declaration.signatory_name"),
          ],
          minLines: 12,
        },
      ],
    },
    { kind: "paragraph", text: EUR1_FOOTNOTES, style: "note" },
    { kind: "paragraph", text: "Reverse of the certificate (for customs)", style: "heading" },
    {
      kind: "boxes",
      boxes: [
        {
          number: "13",
          label: "REQUEST FOR VERIFICATION, to",
          lines: [
            text(
              "Verification of the authenticity and accuracy of this certificate is requested.",
            ),
            text("(Place and date)"),
            text("(Signature)                                   Stamp"),
          ],
          minLines: 8,
        },
        {
          number: "14",
          label: "RESULT OF VERIFICATION",
          lines: [
            text("Verification carried out shows that this certificate (1)"),
            drawnChoice("", [
              {
                value: "accurate",
                label: "was issued by the customs office indicated and that the information " +
                  "contained therein is accurate.",
              },
              {
                value: "not-accurate",
                label: "does not meet the requirements as to authenticity and accuracy (see " +
                  "remarks appended).",
              },
            ]),
            text("(Place and date)"),
            text("(Signature)                                   Stamp"),
            text("(1) Insert X in the appropriate box."),
          ],
          minLines: 8,
        },
      ],
    },
  ];

  return {
    type: "EUR1_MOVEMENT_CERTIFICATE",
    title: "MOVEMENT CERTIFICATE",
    subtitle: number ? `EUR.1 No ${number}` : "EUR.1 No",
    references: [
      { label: "EUR.1 No", content: textField(data, "origin_data.certificate_number") },
    ],
    blocks,
  };
}

/**
 * Boxes 8 to 10 as one table: item number, marks and numbers, number and kind of packages,
 * description of goods; gross mass; invoices. Marks and the invoice are printed on the first
 * line; the total gross mass follows the last line.
 */
function goodsTable(data: ShipmentData): Block {
  const rows: Content[][] = lineIndexes(data).map((i) => [
    text(String(i + 1)),
    i === 0 ? textField(data, "packing.shipping_marks", true) : text(""),
    linePackagesCell(data, i),
    lineField(data, i, "description", true),
    lineNumberField(data, i, "gross_kg", formatKg),
    i === 0 ? invoiceCell(data) : text(""),
  ]);
  const total = asNumber(data.weights?.gross_kg) ?? sumLines(data, "gross_kg");
  return {
    kind: "table",
    title:
      "8 Item number; Marks and numbers; Number and kind of packages (1); Description of goods",
    columns: [
      { header: "8 Item number", width: 7, align: "right" },
      { header: "Marks and numbers", width: 16 },
      { header: "Number and kind of packages (1)", width: 14 },
      { header: "Description of goods", width: 35 },
      {
        header: "9 Gross mass (kg) or other measure (litres, cu. m., etc.)",
        width: 14,
        align: "right",
      },
      { header: "10 Invoices (Optional)", width: 14 },
    ],
    rows,
    totals: [
      text(""),
      text(""),
      text(""),
      text("Total gross mass (kg)", true),
      text(total === undefined ? "" : formatKg(total), true),
      text(""),
    ],
  };
}

/** "INV-2026-0042 of 2026-11-28", or the missing invoice field. */
function invoiceCell(data: ShipmentData): Content {
  return joined(
    data,
    ["invoice.number", "invoice.date"],
    ([number, date]) => `${number} of ${date}`,
  );
}
