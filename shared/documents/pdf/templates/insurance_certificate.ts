/**
 * CERTIFICATE OF INSURANCE, marine cargo under an open policy (ICC Incoterms 2020 CIF/CIP A5;
 * UCP 600 Art. 28; Institute Cargo Clauses 2009): the insurer, the certificate and policy
 * numbers, the assured (endorsable), the sum insured (by default 110 % of the CIF or CIP value),
 * the conveyance, voyage and sailing date, the goods and their marks, the clauses, the
 * deductible, where claims are payable and the claims agent at destination, and the place and
 * date of issue; signed for the insurer, endorsed by the assured.
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  checkBox,
  choice,
  copyText,
  currencyOf,
  dateField,
  field,
  formatAmount,
  formatQuantity,
  incotermLines,
  isAir,
  joined,
  kgField,
  lineField,
  lineIndexes,
  minorUnits,
  packagesLines,
  partyLines,
  quantityCell,
  readString,
  roundTo,
  type ShipmentData,
  textField,
} from "./common.ts";

export const INSURANCE_CERTIFICATION = "This is to certify that insurance has been effected " +
  "under the open policy stated above, on behalf of the assured named below, on the goods and " +
  "for the voyage described in this certificate, subject to the terms, conditions and clauses " +
  "of that policy and of this certificate. This certificate represents and takes the place of " +
  "the policy and conveys all the rights of the original policyholder, for the purpose of " +
  "collecting any loss or claim, as fully as if the property were covered by a special policy " +
  "direct to the holder of this certificate.";

export const INSURANCE_CLAIMS_NOTICE = "In the event of loss or damage which may give rise to " +
  "a claim under this certificate, immediate notice must be given to the claims agent named " +
  "above so that a survey can be held. It is the duty of the assured and their agents to take " +
  "all reasonable measures to avert or minimise a loss and to ensure that all rights against " +
  "carriers, bailees or other third parties are properly preserved and exercised: claim in " +
  "writing against the carrier without delay and do not give clean receipts for goods in " +
  "doubtful condition. Claims are to be supported by this certificate duly endorsed, the " +
  "original bill of lading or other transport document, the invoice, the survey report and " +
  "the correspondence with the carrier.";

/** The default sum insured: 110 % of the CIF or CIP value (Incoterms 2020 A5, UCP 600 Art. 28). */
export const DEFAULT_INSURED_PERCENTAGE = 110;

export interface SumInsured {
  /** The CIF/CIP value the percentage applies to. */
  basis: number;
  percentage: number;
  amount: number;
  /** "CIF" or "CIP". */
  basisTerm: string;
}

/**
 * The sum insured computed from the shipment: the goods' total value plus itemised freight and
 * insurance charges (the CIF or CIP value), times insurance_data.insured_percentage (default
 * 110), rounded to the currency's minor units; undefined without a total value.
 */
export function computeSumInsured(data: ShipmentData): SumInsured | undefined {
  const total = asNumber(data.goods?.total_value);
  if (total === undefined) return undefined;
  const freight = asNumber(data.charges?.freight) ?? 0;
  const premium = asNumber(data.charges?.insurance) ?? 0;
  const pct = asNumber(data.insurance_data?.insured_percentage);
  const percentage = pct !== undefined && pct > 0 ? pct : DEFAULT_INSURED_PERCENTAGE;
  const decimals = minorUnits(currencyOf(data) || "XXX");
  const basis = roundTo(total + freight + premium, decimals);
  const incoterm = asString(data.terms?.incoterm).toUpperCase();
  const basisTerm = incoterm === "CIP" || (incoterm !== "CIF" && isAir(data)) ? "CIP" : "CIF";
  return { basis, percentage, amount: roundTo(basis * percentage / 100, decimals), basisTerm };
}

export function insuranceCertificateTemplate(data: ShipmentData): DocumentSpec {
  const currency = currencyOf(data);
  const insurer = textField(data, "insurance_data.insurance_company");

  const blocks: Block[] = [
    { kind: "paragraph", text: INSURANCE_CERTIFICATION },
    {
      kind: "boxes",
      boxes: [
        { label: "Insurer", lines: [insurer], span: 2 },
        {
          label: "Assured (claims payable to the assured or order)",
          lines: partyLines(data, "exporter"),
          span: 3,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Sum insured", lines: sumInsuredLines(data, currency), span: 2 },
        { label: "Terms of sale", lines: incotermLines(data), span: 2 },
        {
          label: "Commercial invoice",
          lines: [
            textField(data, "invoice.number"),
            dateField(data, "invoice.date"),
          ],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Conveyance", lines: conveyance(data), span: 2 },
        {
          label: isAir(data) ? "Flight date" : "Sailing on or about",
          lines: [dateField(data, "route.departure_date")],
        },
        { label: "Voyage", lines: voyage(data), span: 2 },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Marks and numbers",
          lines: [textField(data, "packing.shipping_marks", true)],
          span: 2,
        },
        { label: "Number and kind of packages", lines: packagesLines(data) },
        { label: "Gross weight, kg", lines: [kgField(data, "weights.gross_kg")] },
      ],
    },
    {
      kind: "table",
      title: "Goods insured",
      columns: [
        { header: "No.", width: 6, align: "right" },
        { header: "Description of goods", width: 74 },
        { header: "Quantity", width: 20, align: "right" },
      ],
      rows: lineIndexes(data).map((i) => [
        text(String(i + 1)),
        lineField(data, i, "description", true),
        quantityCell(data, i),
      ]),
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Conditions of insurance",
          lines: [
            coverage(data),
            checkBox(
              "insurance_data.war_clauses",
              data.insurance_data?.war_clauses,
              "Institute War Clauses (Cargo)",
            ),
            checkBox(
              "insurance_data.strikes_clauses",
              data.insurance_data?.strikes_clauses,
              "Institute Strikes Clauses (Cargo)",
            ),
            textField(data, "insurance_data.additional_clauses", true),
          ],
          span: 3,
        },
        { label: "Deductible", lines: [textField(data, "insurance_data.deductible")], span: 2 },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Claims payable at",
          lines: [
            textField(data, "insurance_data.claims_payable_at"),
            ...(currency ? [text(`in ${currency}`)] : []),
          ],
          span: 2,
        },
        {
          label: "Claims and survey agent at destination",
          lines: [textField(data, "insurance_data.claims_agent", true)],
          span: 3,
        },
      ],
    },
    { kind: "paragraph", text: INSURANCE_CLAIMS_NOTICE, style: "note" },
    {
      kind: "signature",
      caption: "For and on behalf of the insurer (authorised signatory)",
      name: copyText(insurer),
    },
    {
      kind: "signature",
      caption: "Endorsement of the assured",
      name: text(asString(data.exporter?.name)),
    },
  ];

  return {
    type: "INSURANCE_CERTIFICATE",
    title: "CERTIFICATE OF INSURANCE",
    subtitle: "Marine cargo – issued under an open policy – ORIGINAL",
    references: [
      { label: "Certificate No.", content: textField(data, "insurance_data.certificate_number") },
      { label: "Open policy No.", content: textField(data, "insurance_data.policy_number") },
      { label: "Place of issue", content: textField(data, "declaration.place") },
      { label: "Date of issue", content: dateField(data, "insurance_data.issue_date") },
    ],
    blocks,
  };
}

/**
 * The sum insured: insurance_data.insured_value when given; otherwise computed (110 % or the
 * given percentage of the CIF/CIP value) with its basis stated; the empty insured_value field
 * when there is no total value to compute from.
 */
function sumInsuredLines(data: ShipmentData, currency: string): Content[] {
  const cur = currency ? text(currency, true) : field("goods.currency", "");
  const explicit = asNumber(data.insurance_data?.insured_value);
  if (explicit !== undefined) {
    return [cur, field("insurance_data.insured_value", formatAmount(explicit, currency || "XXX"))];
  }
  const sum = computeSumInsured(data);
  if (!sum) return [cur, field("insurance_data.insured_value", "")];
  const code = currency ? `${currency} ` : "";
  return [
    text(`${code}${formatAmount(sum.amount, currency || "XXX")}`, true),
    text(
      `${formatQuantity(sum.percentage)} % of the ${sum.basisTerm} value ` +
        `${code}${formatAmount(sum.basis, currency || "XXX")}`,
    ),
    ...(currency ? [] : [cur]),
  ];
}

/** The Institute Cargo Clauses (2009) a certificate names: (A), (B) or (C). */
export const CARGO_CLAUSES = ["A", "B", "C"] as const;

/**
 * The cover: a box to tick per set of Institute Cargo Clauses, (A), (B) or (C), the one the
 * coverage type names ticked ("ICC_B", "ICC (B)", "Institute Cargo Clauses (B)"); other wording
 * is printed as it is.
 */
function coverage(data: ShipmentData): Content {
  const raw = asString(data.insurance_data?.coverage_type);
  const named = /^\s*(?:ICC|Institute\s+Cargo\s+Clauses)\s*[_(]?\s*([ABC])\s*\)?\s*$/i.exec(raw);
  return choice(
    "insurance_data.coverage_type",
    named ? `ICC_${named[1]!.toUpperCase()}` : raw,
    CARGO_CLAUSES.map((c) => ({ value: `ICC_${c}`, label: `Institute Cargo Clauses (${c})` })),
  );
}

function conveyance(data: ShipmentData): Content[] {
  if (isAir(data)) {
    return [text("By air"), textField(data, "route.flight_number")];
  }
  return [
    textField(data, "route.vessel_name"),
    joined(data, ["route.voyage_number"], ([v]) => `Voyage ${v}`),
  ];
}

function voyage(data: ShipmentData): Content[] {
  const air = isAir(data);
  const fromPath = air ? "route.airport_of_departure" : "route.port_of_loading";
  const toPath = air ? "route.airport_of_destination" : "route.port_of_discharge";
  const from = readString(data, fromPath);
  const to = readString(data, toPath);
  const delivery = asString(data.route?.place_of_delivery);
  const lines: Content[] = from && to
    ? [text(`From ${from} to ${to}`)]
    : [text("From"), field(fromPath, from), text("to"), field(toPath, to)];
  if (delivery) lines.push(text(`thence to ${delivery}`));
  return lines;
}
