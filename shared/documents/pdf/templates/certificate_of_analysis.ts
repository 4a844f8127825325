/**
 * CERTIFICATE OF ANALYSIS (no legal form; the WHO model certificate of analysis, TRS 902
 * Annex 10 / TRS 1010 Annex 4, with the report contents of ISO/IEC 17025 §7.8): the laboratory
 * and its accreditation, the CoA number, the product, batch, manufacturer, manufacture and
 * expiry dates, sampling and analysis dates, the test standard; the results (parameter |
 * specification | result and unit | method); the overall conclusion; the authorised signature.
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asString,
  choice,
  countryField,
  dateField,
  field,
  readObjects,
  readString,
  type ShipmentData,
  textField,
} from "./common.ts";

export const COA_STATEMENT = "The results relate only to the batch and the samples tested. " +
  "This certificate shall not be reproduced except in full without the written approval of " +
  "the laboratory.";

const A = "analysis_data";

type ResultKey = "parameter" | "specification" | "result" | "unit" | "method";

export function certificateOfAnalysisTemplate(data: ShipmentData): DocumentSpec {
  const number = readString(data, `${A}.certificate_number`);
  const overall = readString(data, `${A}.overall_result`).toUpperCase().replace(/[\s-]+/g, "_");
  const complies = overall === "COMPLIES" ? 0 : overall === "DOES_NOT_COMPLY" ? 1 : undefined;
  const standard = readString(data, `${A}.test_standard`);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Laboratory",
          lines: [
            textField(data, `${A}.laboratory_name`),
            textField(data, `${A}.laboratory_address`, true),
            text("Accreditation (ISO/IEC 17025) No."),
            textField(data, `${A}.accreditation_number`),
          ],
        },
        { label: "Manufacturer", lines: manufacturerLines(data) },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Product name", lines: [textField(data, `${A}.product_name`)], span: 2 },
        { label: "Batch / lot number", lines: [textField(data, `${A}.batch_number`)] },
        { label: "Test standard / specification", lines: [textField(data, `${A}.test_standard`)] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Date of manufacture", lines: [dateField(data, `${A}.manufacture_date`)] },
        { label: "Expiry / retest date", lines: [dateField(data, `${A}.expiry_date`)] },
        { label: "Date of sampling", lines: [dateField(data, `${A}.sampling_date`)] },
        { label: "Date of analysis", lines: [dateField(data, `${A}.analysis_date`)] },
      ],
    },
    resultsTable(data),
    {
      kind: "boxes",
      boxes: [{
        label: "Conclusion",
        lines: [
          choice(
            `${A}.overall_result`,
            complies === undefined ? readString(data, `${A}.overall_result`) : overall,
            [["COMPLIES", "complies"], ["DOES_NOT_COMPLY", "does not comply"]].map((
              [value, verb],
            ) => ({
              value: value!,
              label: `The batch ${verb} with the specification${standard ? ` (${standard})` : ""}.`,
            })),
          ),
        ],
      }],
    },
    { kind: "paragraph", text: COA_STATEMENT, style: "note" },
    {
      kind: "signature",
      caption: "Authorised signature (head of laboratory or quality assurance)",
      name: textField(data, `${A}.authorised_by_name`),
      title: textField(data, `${A}.authorised_by_title`),
      date: text(readString(data, `${A}.analysis_date`)),
    },
  ];

  return {
    type: "CERTIFICATE_OF_ANALYSIS",
    title: "CERTIFICATE OF ANALYSIS",
    subtitle: number ? `CoA No. ${number}` : undefined,
    references: [
      { label: "CoA No.", content: textField(data, `${A}.certificate_number`) },
      ...(asString(data.invoice?.number)
        ? [{ label: "Invoice No.", content: text(asString(data.invoice?.number)) }]
        : []),
    ],
    blocks,
  };
}

/** The producer (manufacturer), and the supplier when the exporter is another company. */
function manufacturerLines(data: ShipmentData): Content[] {
  const lines: Content[] = [
    textField(data, "producer.name"),
    textField(data, "producer.address", true),
    countryField(data, "producer.country", true),
  ];
  const exporter = asString(data.exporter?.name);
  if (exporter && exporter !== asString(data.producer?.name)) {
    lines.push(text(`Supplier: ${exporter}`));
  }
  return lines;
}

/** The results table; three rows of blank fields when there are no results yet. */
function resultsTable(data: ShipmentData): Block {
  const results = readObjects(data, `${A}.results`);
  const count = results.length || 3;
  const rows: Content[][] = Array.from({ length: count }, (_, i) => {
    const r = results[i] ?? {};
    const path = (key: ResultKey) => `${A}.results.${i}.${key}` as const;
    const result = asString(r.result);
    const unit = asString(r.unit);
    return [
      field(path("parameter"), asString(r.parameter)),
      field(path("specification"), asString(r.specification)),
      result && unit ? text(`${result} ${unit}`) : field(path("result"), result),
      field(path("method"), asString(r.method)),
    ];
  });
  return {
    kind: "table",
    title: "Results of analysis",
    columns: [
      { header: "Parameter (test)", width: 28 },
      { header: "Specification (acceptance criteria)", width: 26 },
      { header: "Result and unit", width: 20 },
      { header: "Method", width: 26 },
    ],
    rows,
  };
}
