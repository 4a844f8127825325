/**
 * USMCA / CUSMA / T-MEC CERTIFICATION OF ORIGIN: no prescribed form; the nine minimum data
 * elements of USMCA Annex 5-A, numbered as there: 1 certifier role; 2 certifier; 3 exporter;
 * 4 producer; 5 importer; 6 description and 6-digit HS classification (and the invoice number
 * for a single shipment); 7 origin criterion; 8 blanket period; 9 authorized signature and date
 * with the certification text, verbatim.
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asString,
  choice,
  contactLines,
  copyText,
  countryField,
  dateField,
  field,
  formatDate,
  hs6,
  lineField,
  lineIndexes,
  lineItems,
  linePath,
  partyLines,
  type PartyRole,
  readString,
  type ShipmentData,
  textField,
} from "./common.ts";

export const USMCA_CERTIFICATION = "I certify that the goods described in this document " +
  "qualify as originating and the information contained in this document is true and " +
  "accurate. I assume responsibility for proving such representations and agree to maintain " +
  "and present upon request or to make available during a verification visit, documentation " +
  "necessary to support this certification.";

export const USMCA_ORIGIN_CRITERIA = "Origin criteria (element 7): A – wholly obtained or " +
  "produced entirely in the territory of one or more of the Parties; B – produced entirely in " +
  "the territory of one or more of the Parties using non-originating materials, satisfying the " +
  "product-specific rule of origin of Annex 4-B; C – produced entirely in the territory of one " +
  "or more of the Parties exclusively from originating materials; D – produced in the territory " +
  "of one or more of the Parties and meeting the requirements of Article 4.2(d).";

export const USMCA_PRODUCER_HINT = 'If several producers: "Various" or a list; if the ' +
  'producer\'s identity is confidential: "Available upon request by the importing authorities".';

const ROLES = ["importer", "exporter", "producer"] as const;
type Role = (typeof ROLES)[number];

function certifierRole(data: ShipmentData): Role | undefined {
  const role = asString(data.certifier?.role).toLowerCase();
  return (ROLES as readonly string[]).includes(role) ? role as Role : undefined;
}

export function usmcaCertificateOfOriginTemplate(data: ShipmentData): DocumentSpec {
  const role = certifierRole(data);
  const rawRole = asString(data.certifier?.role);
  const from = formatDate(data.origin_data?.period_from);
  const to = formatDate(data.origin_data?.period_to);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          number: "1",
          label: "Certifier",
          lines: [
            choice(
              "certifier.role",
              role ?? rawRole,
              ROLES.map((r) => ({ value: r, label: capitalize(r) })),
            ),
          ],
          span: 2,
        },
        {
          number: "8",
          label: "Blanket period (if applicable; not longer than 12 months)",
          lines: from && to ? [text(`From ${from} to ${to}`)] : [
            text("From"),
            dateField(data, "origin_data.period_from"),
            text("To"),
            dateField(data, "origin_data.period_to"),
          ],
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "2",
          label: "Certifier name, title, address, telephone number and e-mail address",
          lines: certifierLines(data, role),
        },
        {
          number: "3",
          label: "Exporter name, address, telephone number and e-mail address (if different from " +
            "the certifier)",
          lines: partyLines(data, "exporter", { contact: true }),
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          number: "4",
          label: "Producer name, address, telephone number and e-mail address",
          lines: producerLines(data),
        },
        {
          number: "5",
          label: "Importer name, address, telephone number and e-mail address (if known)",
          lines: partyLines(data, "importer", { contact: true }),
        },
      ],
    },
    {
      kind: "table",
      title: "6 Description and HS tariff classification of the good(s)  |  7 Origin criterion",
      columns: [
        { header: "No.", width: 5, align: "right" },
        { header: "6 Description of good(s)", width: 63 },
        { header: "6 HS tariff classification (6-digit)", width: 18 },
        { header: "7 Origin criterion", width: 14, align: "center" },
      ],
      rows: lineIndexes(data).map((i) => [
        text(String(i + 1)),
        lineField(data, i, "description", true),
        field(linePath(i, "hs_code"), hs6(lineItems(data)[i]?.hs_code)),
        field(linePath(i, "origin_criterion"), asString(lineItems(data)[i]?.origin_criterion)),
      ]),
    },
    { kind: "paragraph", text: USMCA_ORIGIN_CRITERIA, style: "note" },
    { kind: "paragraph", text: "9 Authorized signature and date", style: "heading" },
    { kind: "paragraph", text: USMCA_CERTIFICATION, style: "declaration" },
    {
      kind: "signature",
      caption: "Authorized signature of the certifier",
      name: textField(data, "certifier.name"),
      title: textField(data, "certifier.title"),
      place: textField(data, "declaration.place"),
      date: dateField(data, "declaration.date"),
    },
  ];

  return {
    type: "USMCA_CERTIFICATE_OF_ORIGIN",
    title: "USMCA / CUSMA / T-MEC CERTIFICATION OF ORIGIN",
    subtitle: "Minimum data elements – USMCA Article 5.2 and Annex 5-A",
    references: [
      { label: "Invoice No. (single shipment)", content: textField(data, "invoice.number") },
    ],
    blocks,
  };
}

/**
 * Element 2: the certifier's name (in the signature block), title, address, telephone and
 * e-mail. Where the certifier's own address or contacts are missing and the certifier is the
 * exporter, importer or producer, that party's are printed (with their own paths).
 */
function certifierLines(data: ShipmentData, role: Role | undefined): Content[] {
  const own = asString(data.certifier?.address);
  const fallback = role && !own && readString(data, `${role}.address`) ? role : undefined;
  const prefix = fallback ?? "certifier";
  const lines: Content[] = [
    text(asString(data.certifier?.name)),
    text(asString(data.certifier?.title)),
    ...partyLines(data, prefix).slice(1).map((c) => fallback ? copyText(c) : c),
  ];
  const phone = asString(data.certifier?.contact_phone);
  const email = asString(data.certifier?.contact_email);
  const phonePrefix = phone || !fallback || !readString(data, `${fallback}.contact_phone`)
    ? "certifier"
    : fallback;
  const emailPrefix = email || !fallback || !readString(data, `${fallback}.contact_email`)
    ? "certifier"
    : fallback;
  lines.push(contactField(data, phonePrefix, "contact_phone", "Tel."));
  lines.push(contactField(data, emailPrefix, "contact_email", "E-mail"));
  return lines.filter((c) => c.kind === "field" || c.value !== "");
}

function contactField(
  data: ShipmentData,
  prefix: PartyRole,
  key: "contact_phone" | "contact_email",
  label: string,
): Content {
  const value = readString(data, `${prefix}.${key}`);
  return value ? text(`${label}: ${value}`) : field(`${prefix}.${key}`, "");
}

/** Element 4: the producer, or the empty name field with the permitted alternatives. */
function producerLines(data: ShipmentData): Content[] {
  const name = asString(data.producer?.name);
  if (!name) return [field("producer.name", ""), text(USMCA_PRODUCER_HINT)];
  const lines: Content[] = [textField(data, "producer.name")];
  if (/^(various|available upon request)/i.test(name)) return lines;
  const address = asString(data.producer?.address);
  if (address) lines.push(textField(data, "producer.address", true));
  if (asString(data.producer?.country)) {
    lines.push(countryField(data, "producer.country", true));
  }
  lines.push(...contactLines(data, "producer"));
  return lines;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
