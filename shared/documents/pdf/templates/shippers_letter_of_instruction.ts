/**
 * SHIPPER'S LETTER OF INSTRUCTION (US, NCBFAA style; 15 CFR 30.6, 30.7, Apps B-C): the EEI
 * elements the USPPI gives its forwarder: USPPI name, address where the goods start, EIN and
 * contact; related party; export date; booking/transport document reference; ultimate consignee
 * and its type; intermediate consignee; forwarding agent and its EIN; state of origin or FTZ;
 * country of ultimate destination; mode; carrier; ports of export and unlading; routed export
 * transaction; hazardous materials. Commodity lines: D/F, Schedule B No., quantity in Schedule B
 * units, shipping weight (kg), value, ECCN or EAR99, licence or exception. Filing: the EEI filing
 * option with the ITN ("AES X…") or the exemption legend ("NOEEI § …"); freight terms. Signed by
 * a USPPI officer, who authorises the forwarder as agent.
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { drawnChoice, text } from "../model.ts";
import { hasLineAmounts } from "./commercial_invoice.ts";
import {
  asString,
  columnsOf,
  consigneeLines,
  countryField,
  currencyOf,
  dateField,
  eeiLegend,
  field,
  formatAmount,
  formatKg,
  freightChoice,
  hasDangerousGoods,
  incotermLines,
  isAir,
  lineAmount,
  type LineColumn,
  lineField,
  lineIndexes,
  lineNumberField,
  lineRows,
  linesTotal,
  partyLines,
  type ShipmentData,
  sumLines,
  textField,
  transportModeName,
  yesNo,
  yesNoChoice,
} from "./common.ts";

export const SLI_AUTHORIZATION =
  "I authorize the forwarding agent named above to act as forwarding agent for export control " +
  "and customs purposes and, where the EEI filing option above so states, to prepare and file " +
  "the Electronic Export Information in the Automated Export System on my behalf.";

export const SLI_CERTIFICATION =
  "I certify that the statements made and all information contained herein are true and " +
  "correct. I understand that civil and criminal penalties, including forfeiture and sale, may " +
  "be imposed for making false or fraudulent statements herein, failing to provide the requested " +
  "information or for violation of U.S. laws on exportation (13 U.S.C. Sec. 305; 22 U.S.C. " +
  "Sec. 401; 18 U.S.C. Sec. 1001; 50 U.S.C. App. 2410).";

export function shippersLetterOfInstructionTemplate(
  data: ShipmentData,
): DocumentSpec {
  const air = isAir(data);
  const currency = currencyOf(data);
  const legend = eeiLegend(data);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label:
            "U.S. Principal Party in Interest (USPPI): name, address where goods start, contact",
          lines: partyLines(data, "exporter", { contact: true }),
          span: 2,
        },
        { label: "USPPI EIN (IRS) No.", lines: [textField(data, "exporter.tax_ids.ein")] },
        {
          label: "Related party transaction",
          lines: [yesNoChoice(data, "sli_data.related_party", ["Related", "Non-related"])],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Ultimate consignee", lines: consigneeLines(data, { contact: true }), span: 2 },
        {
          label: "Ultimate consignee type",
          lines: [textField(data, "sli_data.ultimate_consignee_type")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Intermediate consignee",
          lines: partyLines(data, "intermediate_consignee"),
          span: 2,
        },
        {
          label: "Forwarding agent: name and address",
          lines: [
            textField(data, "sli_data.forwarding_agent_name"),
            textField(data, "sli_data.forwarding_agent_address", true),
          ],
        },
        {
          label: "Forwarding agent EIN",
          lines: [textField(data, "sli_data.forwarding_agent_ein")],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "State of origin or FTZ No.",
          lines: [textField(data, "sli_data.state_of_origin")],
        },
        {
          label: "Country of ultimate destination",
          lines: [countryField(data, "route.destination_country")],
        },
        { label: "Date of export", lines: [dateField(data, "route.departure_date")] },
        {
          label: "Mode of transport",
          lines: [
            field(
              "route.transport_mode",
              transportModeName(asString(data.route?.transport_mode)),
            ),
          ],
        },
        {
          label: "Exporting carrier",
          lines: [
            air
              ? textField(data, "awb_data.issuing_carrier")
              : textField(data, "route.carrier_name"),
          ],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Port of export",
          lines: [
            textField(data, air ? "route.airport_of_departure" : "route.port_of_loading"),
          ],
        },
        {
          label: "Port of unlading",
          lines: [
            textField(data, air ? "route.airport_of_destination" : "route.port_of_discharge"),
          ],
        },
        {
          label: "Routed export transaction",
          lines: [yesNoChoice(data, "sli_data.routed_export")],
        },
        {
          label: "Hazardous materials",
          lines: [drawnChoice(yesNo(hasDangerousGoods(data)), [
            { value: "Yes", label: "Yes" },
            { value: "No", label: "No" },
          ])],
        },
      ],
    },
    commodityTable(data, currency),
  ];

  if (currency && currency !== "USD") {
    blocks.push({
      kind: "paragraph",
      text: `Values are stated in ${currency}. The EEI reports the value in U.S. dollars ` +
        "(15 CFR 30.6(a)(17)), converted at the exchange rate of the date of export.",
      style: "note",
    });
  }

  blocks.push(
    {
      kind: "boxes",
      boxes: [
        {
          label: "EEI filing (forwarder authorized to file, or USPPI files)",
          lines: [textField(data, "sli_data.eei_filing")],
          span: 2,
        },
        {
          label: "AES ITN or exemption legend (15 CFR 30.7, App. B)",
          lines: legend ? [text(legend, true)] : [
            field("sli_data.itn", ""),
            field("sli_data.eei_exemption", ""),
          ],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Freight",
          lines: [freightChoice(data, "sli_data.freight_payment")],
        },
        { label: "Terms of sale (Incoterms® 2020)", lines: incotermLines(data) },
      ],
    },
    { kind: "paragraph", text: SLI_AUTHORIZATION, style: "declaration" },
    { kind: "paragraph", text: SLI_CERTIFICATION, style: "declaration" },
    {
      kind: "signature",
      caption: "Authorized officer of the USPPI",
      name: textField(data, "declaration.signatory_name"),
      title: textField(data, "declaration.signatory_title"),
      place: textField(data, "declaration.place"),
      date: dateField(data, "declaration.date"),
    },
  );

  return {
    type: "SHIPPERS_LETTER_OF_INSTRUCTION",
    title: "SHIPPER'S LETTER OF INSTRUCTION",
    references: [
      { label: "Shipper's reference", content: textField(data, "invoice.number") },
      { label: "Booking No.", content: textField(data, "route.booking_number") },
      {
        label: air ? "AWB No." : "B/L No.",
        content: textField(data, air ? "awb_data.awb_number" : "bl_data.bl_number"),
      },
    ],
    blocks,
  };
}

/** D/F, Schedule B, description, quantity and unit, kg, value, ECCN, licence. */
function commodityTable(data: ShipmentData, currency: string): Block {
  const cur = currency || "XXX";
  const columns: LineColumn[] = [
    {
      header: "D/F",
      width: 4,
      align: "center",
      cell: (i) => lineField(data, i, "domestic_foreign"),
    },
    { header: "Schedule B No.", width: 11, cell: (i) => lineField(data, i, "schedule_b") },
    {
      header: "Commodity description",
      width: 27,
      cell: (i) => lineField(data, i, "description", true),
    },
    {
      header: "Quantity (Schedule B unit)",
      width: 9,
      align: "right",
      cell: (i) => lineNumberField(data, i, "quantity"),
    },
    { header: "Unit", width: 5, cell: (i) => lineField(data, i, "unit_of_measure") },
    {
      header: "Shipping weight (kg)",
      width: 9,
      align: "right",
      cell: (i) => lineNumberField(data, i, "gross_kg", formatKg),
    },
    {
      header: `Value (${currency || "currency"})`,
      width: 11,
      align: "right",
      cell: (_i, item) => {
        const amount = lineAmount(item);
        return text(amount === undefined ? "" : formatAmount(amount, cur));
      },
    },
    { header: "ECCN / EAR99", width: 8, cell: (i) => lineField(data, i, "eccn") },
    {
      header: "License No. / exception",
      width: 10,
      cell: (i) => lineField(data, i, "export_license"),
    },
  ];
  const weight = sumLines(data, "gross_kg");
  const totals: Content[] = columns.map(() => text(""));
  totals[2] = text("Total", true);
  totals[5] = text(weight === undefined ? "" : formatKg(weight), true);
  totals[6] = text(
    hasLineAmounts(data) ? formatAmount(linesTotal(data, currency), cur) : "",
    true,
  );
  return {
    kind: "table",
    title: "Commodity lines",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, lineIndexes(data)),
    totals,
  };
}
