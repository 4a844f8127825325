/**
 * STATEMENT ON ORIGIN. It has no form of its own: the text goes on the invoice or another
 * document identifying the goods; standalone, it is this heading, the invoice reference, the
 * goods and the text. The wording depends on the agreement (origin_data.agreement_name):
 *
 * - EU-UK Trade and Cooperation Agreement, Annex 7 (the default, and the model of the newer EU
 *   agreements): optional period, Exporter Reference No (REX number of an EU exporter or GB
 *   EORI number), "the Union" or "the United Kingdom", place and date, name of the exporter;
 *   footnotes are not printed; no signature is required.
 * - Pan-Euro-Mediterranean rules (Switzerland, Norway, Iceland, Liechtenstein, Türkiye, EEA):
 *   the origin declaration with the approved exporter's authorisation number, signed.
 * - The EU's GSP (Reg. (EU) 2015/2447 Annex 22-07): REX number, origin criterion.
 */
import { PAN_EURO_PARTNERS } from "../../../reference/country_groups.ts";
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asString,
  consigneeLines,
  countryName,
  dateField,
  field,
  isEuMember,
  lineField,
  lineIndexes,
  lineItems,
  lineOriginField,
  partyLines,
  placeAndDateLines,
  quantityCell,
  readString,
  type ShipmentData,
  textField,
} from "./common.ts";

export type OriginWording = "TCA" | "PEM" | "GSP" | "FTA";

/** Text of the statement on origin, EU-UK TCA Annex 7 (the parts around the inserted values). */
export const TCA_STATEMENT = {
  exporter: "The exporter of the products covered by this document (Exporter Reference No ",
  declares: ") declares that, except where otherwise clearly indicated, these products are of ",
  origin: " preferential origin.",
};

/**
 * The origin declaration of the Pan-Euro-Mediterranean rules (invoice declaration). The
 * bracketed authorisation words are for approved exporters; without an authorisation number
 * the rules let them be omitted (footnote 1 of the text), so they are (`PEM_NO_AUTHORISATION`).
 */
export const PEM_DECLARATION = {
  exporter:
    "The exporter of the products covered by this document (customs or competent governmental " +
    "authorisation No ",
  declares: ") declares that, except where otherwise clearly indicated, these products are of ",
  origin: " preferential origin.",
};
export const PEM_NO_AUTHORISATION = {
  exporter: "The exporter of the products covered by this document",
  declares: " declares that, except where otherwise clearly indicated, these products are of ",
  origin: " preferential origin.",
};
/** Where an approved exporter's authorisation number is kept (a tax id of the exporter). */
const PEM_AUTHORISATION_PATH = "exporter.tax_ids.approved_exporter";

/** The statement on origin of the EU's Generalised System of Preferences (Annex 22-07). */
export const GSP_STATEMENT = {
  exporter: "The exporter ",
  declares:
    " (Number of Registered Exporter) of the products covered by this document declares that, " +
    "except where otherwise clearly indicated, these products are of ",
  origin: " preferential origin according to rules of origin of the Generalised System of " +
    "Preferences of the European Union and that the origin criterion met is ",
};

const AGREEMENT_NAMES: Record<OriginWording, string> = {
  TCA: "EU-UK Trade and Cooperation Agreement, Annex 7",
  PEM: "Pan-Euro-Mediterranean rules of origin: origin declaration",
  GSP: "Generalised System of Preferences of the European Union, Reg. (EU) 2015/2447 Annex 22-07",
  FTA: "",
};

/** Which text applies: by the agreement's name, else by the route (PEM partners, else TCA). */
export function originWording(data: ShipmentData): OriginWording {
  const name = asString(data.origin_data?.agreement_name);
  if (/\bGSP\b|generali[sz]ed (system|scheme)/i.test(name)) return "GSP";
  if (
    /pan[- ]?euro|\bPEM\b|regional convention|euro[- ]?med|\bEEA\b|\bEFTA\b|switzerland|swiss|norway|iceland|liechtenstein|turkey|türkiye/i
      .test(name)
  ) return "PEM";
  if (/\bUK\b|united kingdom|great britain|trade and cooperation|\bTCA\b/i.test(name)) {
    return "TCA";
  }
  if (name) return "FTA";
  const destination = asString(data.route?.destination_country).toUpperCase();
  return PAN_EURO_PARTNERS.has(destination) ? "PEM" : "TCA";
}

/** The exporting country: the exporter's country, else the route's origin. */
function exportingCountry(data: ShipmentData): string {
  return (asString(data.exporter?.country) || asString(data.route?.origin_country))
    .toUpperCase();
}

/** How the origin is written: TCA "the Union"/"the United Kingdom", PEM/GSP "EU" or the country. */
export function originText(data: ShipmentData, wording: OriginWording): string {
  const country = asString(data.route?.origin_country).toUpperCase() ||
    exportingCountry(data);
  if (!country) return "";
  const eu = isEuMember(country);
  switch (wording) {
    case "TCA":
      if (eu) return "the Union";
      if (country === "GB" || country === "UK") return "the United Kingdom";
      return countryName(country);
    case "PEM":
      return eu ? "EU" : countryName(country);
    case "GSP":
      return countryName(country);
    case "FTA":
      return eu ? "the European Union" : countryName(country);
  }
}

/** The exporter reference: GB EORI for a UK exporter, else the REX number (or EORI). */
function referencePath(
  data: ShipmentData,
  wording: OriginWording,
): "exporter.tax_ids.eori" | "exporter.tax_ids.rex" | undefined {
  if (wording === "PEM") return undefined;
  const country = exportingCountry(data);
  if (wording !== "GSP" && (country === "GB" || country === "UK")) {
    return "exporter.tax_ids.eori";
  }
  if (wording === "GSP") return "exporter.tax_ids.rex";
  return asString(data.exporter?.tax_ids?.rex) || !asString(data.exporter?.tax_ids?.eori)
    ? "exporter.tax_ids.rex"
    : "exporter.tax_ids.eori";
}

export function statementOnOriginTemplate(data: ShipmentData): DocumentSpec {
  const wording = originWording(data);
  const items = lineItems(data);
  const criteria = [
    ...new Set(items.map((li) => asString(li.origin_criterion)).filter(Boolean)),
  ];
  const showCriterion = wording === "GSP" || criteria.length > 0;

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Exporter",
          lines: partyLines(data, "exporter", { taxIds: ["rex", "eori"] }),
        },
        { label: "Consignee", lines: consigneeLines(data) },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Preferential agreement",
          lines: [
            textField(data, "origin_data.agreement_name"),
            ...(AGREEMENT_NAMES[wording] ? [text(`Text: ${AGREEMENT_NAMES[wording]}`)] : []),
          ],
          span: 2,
        },
        {
          label: "Country of destination",
          lines: [field(
            "route.destination_country",
            countryName(data.route?.destination_country).toUpperCase(),
          )],
        },
      ],
    },
    {
      kind: "table",
      title: "Products covered by this document",
      columns: [
        { header: "No.", width: 5, align: "right" },
        { header: "Description of the products", width: showCriterion ? 48 : 58 },
        { header: "HS code", width: 12 },
        { header: "Quantity", width: 13, align: "right" },
        { header: "Country of origin", width: 12 },
        ...(showCriterion
          ? [{ header: "Origin criterion", width: 10, align: "center" as const }]
          : []),
      ],
      rows: lineIndexes(data).map((i) => [
        text(String(i + 1)),
        lineField(data, i, "description", true),
        lineField(data, i, "hs_code"),
        quantityCell(data, i),
        lineOriginField(data, i),
        ...(showCriterion ? [lineField(data, i, "origin_criterion")] : []),
      ]),
    },
    {
      kind: "boxes",
      boxes: [{
        label: "Statement on origin",
        lines: statementLines(data, wording, criteria),
        minLines: 8,
      }],
    },
  ];

  return {
    type: "STATEMENT_ON_ORIGIN",
    title: "STATEMENT ON ORIGIN",
    subtitle: asString(data.origin_data?.agreement_name) || AGREEMENT_NAMES[wording] ||
      undefined,
    references: [
      { label: "Invoice No.", content: textField(data, "invoice.number") },
      { label: "Invoice date", content: dateField(data, "invoice.date") },
    ],
    blocks,
  };
}

function statementLines(
  data: ShipmentData,
  wording: OriginWording,
  criteria: string[],
): Content[] {
  const lines: Content[] = [];
  const refPath = referencePath(data, wording);
  const ref = refPath ? readString(data, refPath) : "";
  const origin = originText(data, wording);
  const from = asString(data.origin_data?.period_from);
  const to = asString(data.origin_data?.period_to);
  if ((wording === "TCA" || wording === "FTA") && (from || to)) {
    lines.push(text(`(Period: from ${from || "..."} to ${to || "..."})`));
  }

  const authorisation = wording === "PEM" ? readString(data, PEM_AUTHORISATION_PATH) : "";
  const parts = wording === "PEM"
    ? authorisation ? PEM_DECLARATION : PEM_NO_AUTHORISATION
    : wording === "GSP"
    ? GSP_STATEMENT
    : TCA_STATEMENT;
  const criterion = criteria.length ? criteria.join(", ") : "...";
  const reference = wording === "PEM" ? authorisation : ref || "...";
  lines.push(text(
    parts.exporter + reference + parts.declares + (origin || "...") + parts.origin +
      (wording === "GSP" ? `${criterion}.` : ""),
  ));
  if (refPath && !ref) lines.push(text("Exporter Reference No:"), field(refPath, ""));
  if (!origin) lines.push(text("Preferential origin:"), field("route.origin_country", ""));

  lines.push(text(""), ...placeAndDateLines(data), text("(Place and date)"));
  if (wording === "PEM") {
    lines.push(
      text(""),
      text(""),
      textField(data, "declaration.signatory_name"),
      text(
        "(Signature of the exporter; in addition the name of the person signing the " +
          "declaration has to be indicated in clear script)",
      ),
    );
  } else {
    lines.push(text(""), text(asString(data.exporter?.name)), text("(Name of the exporter)"));
  }
  return lines;
}
