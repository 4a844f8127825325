/**
 * Templates of the VGM declaration, insurance certificate, EUR.1, USMCA certification, statement
 * on origin, phytosanitary certificate, veterinary health certificate and certificate of
 * analysis: titles, parties, the field requirements as form fields (also from an empty draft),
 * mandated wording verbatim, schema-valid and unique field paths, and what each document
 * computes or chooses (sum insured, VGM method, origin wording, …).
 */
import type { DocumentType } from "../../shared/documents/catalogue/document_types.ts";
import { FIELD_REQUIREMENTS } from "../../shared/documents/catalogue/field_requirements.ts";
import {
  type ShipmentData,
  toDataPath,
  toFieldPath,
} from "../../shared/documents/catalogue/paths.ts";
import type { Box, DocumentSpec } from "../../shared/documents/pdf/model.ts";
import {
  certificateOfAnalysisTemplate,
  COA_STATEMENT,
} from "../../shared/documents/pdf/templates/certificate_of_analysis.ts";
import {
  conveyanceLines,
  hs6,
  placeAndDateLines,
  preferentialTerritory,
} from "../../shared/documents/pdf/templates/common.ts";
import {
  EUR1_DECLARATION,
  eur1MovementCertificateTemplate,
} from "../../shared/documents/pdf/templates/eur1_movement_certificate.ts";
import {
  healthVeterinaryCertificateTemplate,
  VET_CERTIFICATION,
} from "../../shared/documents/pdf/templates/health_veterinary_certificate.ts";
import {
  computeSumInsured,
  insuranceCertificateTemplate,
} from "../../shared/documents/pdf/templates/insurance_certificate.ts";
import {
  PHYTO_CERTIFICATION,
  phytosanitaryCertificateTemplate,
} from "../../shared/documents/pdf/templates/phytosanitary_certificate.ts";
import {
  originWording,
  statementOnOriginTemplate,
} from "../../shared/documents/pdf/templates/statement_on_origin.ts";
import {
  USMCA_CERTIFICATION,
  usmcaCertificateOfOriginTemplate,
} from "../../shared/documents/pdf/templates/usmca_certificate_of_origin.ts";
import {
  VGM_METHOD_1,
  VGM_METHOD_2,
  vgmDeclarationTemplate,
} from "../../shared/documents/pdf/templates/vgm_declaration.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import {
  allText,
  contents,
  fieldPaths,
  fields,
  schemaHasPath,
  tables,
} from "./template_support.ts";

type Template = (data: Record<string, unknown>) => DocumentSpec;
type Data = Record<string, unknown>;

interface Case {
  type: DocumentType;
  template: Template;
  title: string;
  /** A name that must be printed: the exporter's, for the CoA the laboratory's. */
  party: string;
  /** Mandated or characteristic wording, printed verbatim. */
  wording: string[];
  /** Whether the document lists the line items (a blank line in an empty draft). */
  lines: boolean;
}

const sample = () => sampleShipment(10) as unknown as Data;
const EXPORTER = "Hamburg Maschinenbau GmbH";

const CASES: Case[] = [
  {
    type: "VGM_DECLARATION",
    template: vgmDeclarationTemplate,
    title: "VERIFIED GROSS MASS (VGM) DECLARATION",
    party: EXPORTER,
    wording: [
      "is the verified gross mass",
      "[X] " + VGM_METHOD_2,
      "[ ] " + VGM_METHOD_1,
      "ANNA SCHRÖDER",
      "duly authorized by the shipper",
    ],
    lines: false,
  },
  {
    type: "INSURANCE_CERTIFICATE",
    template: insuranceCertificateTemplate,
    title: "CERTIFICATE OF INSURANCE",
    party: EXPORTER,
    wording: [
      "Institute Cargo Clauses (A)",
      "Claims payable at",
      "110 % of the CIF value",
      "Sailing on or about",
    ],
    lines: true,
  },
  {
    type: "EUR1_MOVEMENT_CERTIFICATE",
    template: eur1MovementCertificateTemplate,
    title: "MOVEMENT CERTIFICATE",
    party: EXPORTER,
    wording: [
      "I, the undersigned, declare that the goods described above meet the conditions required " +
      "for the issue of this certificate.",
      "EUR.1 No CO-HH-2026-118",
      "Certificate used in preferential trade between",
      "Declaration certified",
    ],
    lines: true,
  },
  {
    type: "USMCA_CERTIFICATE_OF_ORIGIN",
    template: usmcaCertificateOfOriginTemplate,
    title: "USMCA / CUSMA / T-MEC CERTIFICATION OF ORIGIN",
    party: EXPORTER,
    wording: [
      "I certify that the goods described in this document qualify as originating and the " +
      "information contained in this document is true and accurate. I assume responsibility " +
      "for proving such representations and agree to maintain and present upon request or to " +
      "make available during a verification visit, documentation necessary to support this " +
      "certification.",
      "[ ] Importer\n[X] Exporter\n[ ] Producer",
      "From 2026-01-01 to 2026-12-31",
    ],
    lines: true,
  },
  {
    type: "STATEMENT_ON_ORIGIN",
    template: statementOnOriginTemplate,
    title: "STATEMENT ON ORIGIN",
    party: EXPORTER,
    wording: [
      "The exporter of the products covered by this document (Exporter Reference No " +
      "DEREX12345678) declares that, except where otherwise clearly indicated, these products " +
      "are of the European Union preferential origin.",
      "(Period: from 2026-01-01 to 2026-12-31)",
      "(Place and date)",
      "(Name of the exporter)",
    ],
    lines: true,
  },
  {
    type: "PHYTOSANITARY_CERTIFICATE",
    template: phytosanitaryCertificateTemplate,
    title: "PHYTOSANITARY CERTIFICATE",
    party: EXPORTER,
    wording: [
      "This is to certify that the plants, plant products or other regulated articles " +
      "described herein have been inspected and/or tested according to appropriate official " +
      "procedures and are considered to be free from the quarantine pests specified by the " +
      "importing contracting party and to conform with the current phytosanitary requirements " +
      "of the importing contracting party, including those for regulated non-quarantine pests.",
      "Plant Protection Organization of",
      "TO: Plant Protection Organization(s) of",
      "I. Description of Consignment",
      "II. Additional Declaration",
      "III. Disinfestation and/or Disinfection Treatment",
      "Chemical (active ingredient)",
    ],
    lines: true,
  },
  {
    type: "HEALTH_VETERINARY_CERTIFICATE",
    template: healthVeterinaryCertificateTemplate,
    title: "HEALTH CERTIFICATE",
    party: EXPORTER,
    wording: [
      "I, the undersigned official veterinarian, hereby certify that:",
      "Part I: Description of consignment",
      "Part II: Certification",
      "DR. KLAUS MEYER",
      "[ ] Ambient\n[X] Chilled\n[ ] Frozen",
    ],
    lines: true,
  },
  {
    type: "CERTIFICATE_OF_ANALYSIS",
    template: certificateOfAnalysisTemplate,
    title: "CERTIFICATE OF ANALYSIS",
    party: "Eurofins Food Testing Hamburg",
    wording: [
      "Result and unit",
      "[X] The batch complies with the specification (ISO 6673:2003).\n" +
      "[ ] The batch does not comply with the specification (ISO 6673:2003).",
      "CoA No. COA-2026-3391",
      COA_STATEMENT,
    ],
    lines: false,
  },
];

function requiredPaths(type: DocumentType): string[] {
  return FIELD_REQUIREMENTS[type].required.map((f) => f.dataPath);
}

function requirementPaths(type: DocumentType): string[] {
  const { required, recommended } = FIELD_REQUIREMENTS[type];
  return [...required, ...recommended].map((f) => f.dataPath);
}

/** Field paths are schema paths, map both ways, and each names one form field only. */
function assertFieldPaths(spec: DocumentSpec, label: string) {
  const seen = new Set<string>();
  for (const { path } of fields(spec)) {
    assert(schemaHasPath(path), `${label}: ${path} is not a TradeShipment path`);
    equal(toDataPath(toFieldPath(path)), path, `${label}: ${path} does not map both ways`);
    assert(!seen.has(path), `${label}: ${path} is a field twice`);
    seen.add(path);
  }
}

function boxes(spec: DocumentSpec): Box[] {
  return spec.blocks.flatMap((b) => b.kind === "boxes" ? b.boxes : []);
}

function fieldValue(spec: DocumentSpec, path: string): string | undefined {
  return fields(spec).find((f) => f.path === path)?.value;
}

for (const c of CASES) {
  Deno.test(`${c.type}: title, type and the ${c.lines ? "exporter" : "issuer"}`, () => {
    const spec = c.template(sample());
    equal(spec.type, c.type);
    equal(spec.title, c.title);
    assert(contents(spec).some((x) => x.value.includes(c.party)), `${c.party} is printed`);
  });

  Deno.test(`${c.type}: every required and recommended field is a form field`, () => {
    const paths = fieldPaths(c.template(sample()));
    for (const path of requirementPaths(c.type)) assert(paths.has(path), `${c.type}: ${path}`);
  });

  Deno.test(`${c.type}: mandated wording verbatim`, () => {
    const printed = allText(c.template(sample()));
    for (const phrase of c.wording) assert(printed.includes(phrase), `${c.type}: "${phrase}"`);
  });

  Deno.test(`${c.type}: an empty draft renders with every required field empty`, () => {
    const spec = c.template({});
    equal(spec.type, c.type);
    equal(spec.title, c.title);
    const byPath = new Map(fields(spec).map((f) => [f.path, f.value]));
    for (const path of requirementPaths(c.type)) {
      assert(byPath.has(path), `${c.type}: ${path} missing from the draft`);
      equal(byPath.get(path), "", `${c.type}: ${path} should be empty`);
    }
    for (const path of requiredPaths(c.type)) assert(byPath.has(path));
    for (const f of fields(spec)) equal(f.value, "", `${c.type}: ${f.path} from nothing`);
    assert(!/\b0\.00\b|NaN|undefined|\[object/.test(allText(spec)), `${c.type}: no made-up values`);
    if (c.lines) {
      equal(byPath.get("goods.line_items.0.description"), "", `${c.type}: a blank line`);
    }
    assertFieldPaths(spec, `${c.type} draft`);
  });

  Deno.test(`${c.type}: odd shapes do not throw`, () => {
    const odd: Data[] = [
      { goods: { line_items: [null, "x", 3, {}] } },
      { goods: null, route: "sea", exporter: [], packing: { packages: [null, { number: 1 }] } },
      { vgm_data: { weighing_method: 2, verified_gross_mass_kg: "n/a" }, certifier: "x" },
      { analysis_data: { results: [null, "x", { parameter: 5 }] }, insurance_data: [] },
      { goods: { total_value: "12,000", currency: 7 }, origin_data: { agreement_name: 3 } },
      { veterinary_data: { transport_conditions: "FROZEN" }, phytosanitary_data: { treatment: 1 } },
    ];
    for (const data of odd) {
      const spec = c.template(data);
      assert(spec.blocks.length > 0);
      assert(!/NaN|undefined|\[object/.test(allText(spec)), `${c.type}: ${allText(spec)}`);
      assertFieldPaths(spec, `${c.type} odd`);
    }
  });

  Deno.test(`${c.type}: field paths are TradeShipment data paths, each once`, () => {
    assertFieldPaths(c.template(sample()), c.type);
    assertFieldPaths(c.template(sampleShipment(200) as unknown as Data), `${c.type} 200`);
    for (const t of tables(c.template(sample()))) {
      for (const row of t.rows) equal(row.length, t.columns.length);
      if (t.totals) equal(t.totals.length, t.columns.length);
    }
  });

  if (c.lines) {
    Deno.test(`${c.type}: 200 line items give 200 table rows`, () => {
      const spec = c.template(sampleShipment(200) as unknown as Data);
      assert(tables(spec).some((t) => t.rows.length === 200));
      assert([...fieldPaths(spec)].some((p) => p.startsWith("goods.line_items.199.")));
    });
  }
}

Deno.test("VGM: method 1 names the station, method 2 adds cargo and tare", () => {
  const data = sample();
  const m2 = vgmDeclarationTemplate(data);
  equal(fieldValue(m2, "vgm_data.weighing_method"), "METHOD_2");
  equal(fieldValue(m2, "vgm_data.method2_reference"), "DE-VGM-M2-0417");
  const vgm = (data.vgm_data as Data).verified_gross_mass_kg as number;
  const printed = vgm.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  equal(fieldValue(m2, "vgm_data.verified_gross_mass_kg"), printed);
  // The method 2 sum is the cargo's gross mass plus the tare, the same figure as the VGM here.
  assert(boxes(m2).some((b) => b.label.startsWith("Sum") && b.lines[0]?.value === printed));
  equal(fieldValue(m2, "container.tare_kg"), "3,900.00");

  const m1 = vgmDeclarationTemplate({
    ...data,
    vgm_data: { ...(data.vgm_data as Data), weighing_method: "METHOD_1" },
  });
  equal(fieldValue(m1, "vgm_data.weighing_method"), "METHOD_1");
  assert(allText(m1).includes("[X] " + VGM_METHOD_1));
  assert(allText(m1).includes("[ ] " + VGM_METHOD_2));
  assert(!fieldPaths(m1).has("container.tare_kg"), "no method 2 breakdown");
  equal(fieldValue(m1, "vgm_data.weighing_station"), "HHLA Container Terminal Burchardkai");

  // The authorised person is printed in capitals.
  const lower = vgmDeclarationTemplate({ vgm_data: { authorised_person: "Anna Schröder" } });
  equal(fieldValue(lower, "vgm_data.authorised_person"), "ANNA SCHRÖDER");
  assert(allText(vgmDeclarationTemplate({})).includes("[ ] " + VGM_METHOD_1));
});

Deno.test("insurance: the sum insured is 110 % of the CIF value unless stated", () => {
  const data = sampleShipment(2) as unknown as Data;
  // 10 kg coffee at 14.50 + 17 spindles at 6,250.00 = 106,395.00; 110 % = 117,034.50.
  assertEquals(computeSumInsured(data), {
    basis: 106395,
    percentage: 110,
    amount: 117034.5,
    basisTerm: "CIF",
  });
  const printed = allText(insuranceCertificateTemplate(data));
  assert(printed.includes("EUR 117,034.50"), printed);
  assert(printed.includes("110 % of the CIF value EUR 106,395.00"));

  // Freight and insurance charges are part of the CIF value; another percentage; CIP by air.
  const cip = {
    ...data,
    charges: { freight: 1605, insurance: 0 },
    terms: { incoterm: "CIP" as const, incoterm_place: "Chicago" },
    insurance_data: { insured_percentage: 120 },
  };
  assertEquals(computeSumInsured(cip), {
    basis: 108000,
    percentage: 120,
    amount: 129600,
    basisTerm: "CIP",
  });
  assert(
    allText(insuranceCertificateTemplate(cip)).includes("120 % of the CIP value EUR 108,000.00"),
  );

  // An explicit sum insured wins; without a total value the field is left to fill.
  const explicit = insuranceCertificateTemplate({
    ...data,
    insurance_data: { insured_value: 150000 },
  });
  equal(fieldValue(explicit, "insurance_data.insured_value"), "150,000.00");
  const jpy = computeSumInsured({ goods: { currency: "JPY", total_value: 1001 } });
  equal(jpy?.amount, 1101);
  equal(computeSumInsured({}), undefined);
  equal(fieldValue(insuranceCertificateTemplate({}), "insurance_data.insured_value"), "");
});

Deno.test("insurance: conveyance and voyage by sea and by air", () => {
  const data = sample();
  const sea = allText(insuranceCertificateTemplate(data));
  assert(sea.includes("MSC Gülsün") && sea.includes("Voyage FW245A"));
  assert(sea.includes("From DEHAM to USNYC") && sea.includes("thence to Chicago, IL"));
  const air = insuranceCertificateTemplate({
    ...data,
    route: { ...(data.route as Data), transport_mode: "air" },
  });
  const text = allText(air);
  assert(text.includes("From HAM to ORD") && text.includes("LH430"), text);
  assert(text.includes("Flight date"));
});

Deno.test("insurance: the Institute Cargo Clauses and the war and strikes clauses are boxes to tick", () => {
  const data = sample();
  const coverage = (type: unknown, war?: boolean) => {
    const insurance = { ...(data.insurance_data as Data), coverage_type: type, war_clauses: war };
    // Free text as a form or an old record may hold it, not only the schema's values.
    return insuranceCertificateTemplate({ ...data, insurance_data: insurance } as ShipmentData);
  };
  for (const type of ["ICC (B)", "Institute Cargo Clauses (B)", "ICC_B", "icc b"]) {
    const spec = coverage(type);
    equal(fieldValue(spec, "insurance_data.coverage_type"), "ICC_B", type);
    assert(
      allText(spec).includes("[ ] Institute Cargo Clauses (A)\n[X] Institute Cargo Clauses (B)"),
    );
  }
  // Other wording is printed as it is, without boxes.
  const allRisks = coverage("All risks, warehouse to warehouse");
  assert(allText(allRisks).includes("All risks, warehouse to warehouse"));
  assert(!allText(allRisks).includes("[ ] Institute Cargo Clauses (A)"));
  const text = allText(coverage("ICC_A", true));
  assert(text.includes("[X] Institute War Clauses (Cargo)"), text);
  assert(text.includes("[ ] Institute Strikes Clauses (Cargo)"), text);
  const unset = fields(coverage(undefined)).filter((f) => f.checkBox).map((f) => [f.path, f.value]);
  assertEquals(unset, [["insurance_data.war_clauses", ""], ["insurance_data.strikes_clauses", ""]]);
});

Deno.test("EUR.1: boxes 1 to 14 as numbered on the form, box 11 left to customs", () => {
  const spec = eur1MovementCertificateTemplate(sample());
  const numbers = boxes(spec).map((b) => b.number);
  for (const n of ["1", "2", "3", "4", "5", "6", "7", "11", "12", "13", "14"]) {
    assert(numbers.includes(n), `box ${n}`);
  }
  const headers = tables(spec)[0]!.columns.map((c) => c.header);
  assert(headers[0]!.startsWith("8 Item number"));
  assert(headers.some((h) => h.startsWith("9 Gross mass (kg) or other measure")));
  assert(headers.some((h) => h.startsWith("10 Invoices")));
  const box = (n: string) => boxes(spec).find((b) => b.number === n)!;
  equal(box("1").label, "Exporter (Name, full address, country)");
  equal(box("4").lines[0]!.value, "EUROPEAN UNION");
  equal(box("5").lines[0]!.value, "UNITED STATES");
  assert(box("11").lines.every((l) => l.kind === "text"), "customs fills box 11");
  equal(box("12").lines[0]!.value, EUR1_DECLARATION);
  assert(box("12").lines.some((l) => l.value === "Hamburg, 2026-11-28"));
  equal(fieldValue(spec, "origin_data.certificate_number"), "CO-HH-2026-118");
  equal(fieldValue(spec, "goods.line_items.0.gross_kg"), "11.00");
  equal(
    fieldValue(spec, "packing.shipping_marks"),
    "CHICAGO TOOLS / PO-77812 / MADE IN GERMANY / 1-4",
  );
  const table = tables(spec)[0]!;
  equal(table.rows[0]![5]!.value, "INV-2026-0042 of 2026-11-28");
  equal(table.rows[1]![5]!.value, "");
  equal(table.totals![4]!.value, "2,102.43");
});

Deno.test("USMCA: the nine data elements, certifier fallbacks, HS to 6 digits", () => {
  const spec = usmcaCertificateOfOriginTemplate(sample());
  const labels = boxes(spec).map((b) => `${b.number ?? ""} ${b.label}`);
  for (const n of ["1", "2", "3", "4", "5", "8"]) {
    assert(labels.some((l) => l.startsWith(`${n} `)), `element ${n}`);
  }
  const headers = tables(spec)[0]!.columns.map((c) => c.header).join(" | ");
  assert(headers.includes("6 Description") && headers.includes("7 Origin criterion"));
  assert(allText(spec).includes("9 Authorized signature and date"));
  const certification = spec.blocks.findIndex((b) =>
    b.kind === "paragraph" && b.text === USMCA_CERTIFICATION
  );
  equal(spec.blocks[certification + 1]?.kind, "signature", "signed under the certification");
  equal(fieldValue(spec, "certifier.role"), "exporter");
  // The certifier (the exporter's export manager) has no address of their own: the exporter's.
  const certifier = boxes(spec).find((b) => b.number === "2")!;
  assert(certifier.lines.some((l) => l.kind === "text" && l.value === "Grosse Elbstrasse 145"));
  assert(certifier.lines.some((l) => l.value === "Tel.: +49 40 1234 5678"));
  assert(certifier.lines.some((l) => l.value === "E-mail: export@hamburg-maschinenbau.example"));
  equal(fieldValue(spec, "goods.line_items.0.hs_code"), "0901.21");
  equal(fieldValue(spec, "goods.line_items.0.origin_criterion"), "");
  equal(hs6("8471.30.01.00"), "8471.30");
  equal(hs6("090121"), "0901.21");
  equal(hs6("0901"), "0901");

  const draft = usmcaCertificateOfOriginTemplate({});
  const paths = fieldPaths(draft);
  for (const p of ["certifier.address", "certifier.contact_phone", "certifier.contact_email"]) {
    assert(paths.has(p), p);
  }
  assert(allText(draft).includes("Available upon request by the importing authorities"));
});

Deno.test("statement on origin: the wording follows the agreement", () => {
  const data = sample();
  equal(originWording(data), "FTA");
  const tca = {
    ...data,
    origin_data: { agreement_name: "EU-UK Trade and Cooperation Agreement" },
  };
  equal(originWording(tca), "TCA");
  const tcaText = allText(statementOnOriginTemplate(tca));
  assert(
    tcaText.includes(
      "The exporter of the products covered by this document (Exporter Reference No " +
        "DEREX12345678) declares that, except where otherwise clearly indicated, these " +
        "products are of the Union preferential origin.",
    ),
    tcaText,
  );
  assert(!tcaText.includes("(Period:"), "no period without one");
  assert(tcaText.includes("Hamburg, 2026-11-28") && tcaText.includes("(Name of the exporter)"));

  // A UK exporter: GB EORI and "the United Kingdom".
  const uk = {
    ...tca,
    exporter: { name: "Leeds Looms Ltd", country: "GB", tax_ids: { eori: "GB123456789000" } },
    route: { ...(data.route as Data), origin_country: "GB", destination_country: "DE" },
  };
  assert(
    allText(statementOnOriginTemplate(uk)).includes(
      "(Exporter Reference No GB123456789000) declares that, except where otherwise clearly " +
        "indicated, these products are of the United Kingdom preferential origin.",
    ),
  );

  // No agreement named, destination Switzerland: the PEM origin declaration, signed; without an
  // approved exporter's authorisation the bracketed words are left out, not printed as "No ...".
  const pem = {
    ...data,
    origin_data: {},
    route: { ...(data.route as Data), destination_country: "CH" },
  };
  equal(originWording(pem), "PEM");
  const pemText = allText(statementOnOriginTemplate(pem));
  assert(
    pemText.includes(
      "The exporter of the products covered by this document declares that, except where " +
        "otherwise clearly indicated, these products are of EU preferential origin.",
    ),
    pemText,
  );
  assert(!pemText.includes("..."), pemText);
  assert(pemText.includes("(Signature of the exporter"));
  const approved = {
    ...pem,
    exporter: {
      ...(data.exporter as Data),
      tax_ids: { approved_exporter: "DE/1234/AE" },
    },
  };
  assert(
    allText(statementOnOriginTemplate(approved)).includes(
      "(customs or competent governmental authorisation No DE/1234/AE) declares that",
    ),
  );

  const gsp = {
    ...data,
    exporter: { name: "Chennai Textiles Pvt Ltd", country: "IN", tax_ids: { rex: "INREX1234" } },
    route: { ...(data.route as Data), origin_country: "IN", destination_country: "DE" },
    origin_data: { agreement_name: "EU GSP" },
  };
  equal(originWording(gsp), "GSP");
  assert(
    allText(statementOnOriginTemplate(gsp)).includes(
      "The exporter INREX1234 (Number of Registered Exporter) of the products covered by this " +
        "document declares that, except where otherwise clearly indicated, these products are " +
        "of India preferential origin according to rules of origin of the Generalised System " +
        "of Preferences of the European Union and that the origin criterion met is ...",
    ),
  );

  // A missing reference is a field to fill in, named after the REX path.
  const noRef = statementOnOriginTemplate({ ...tca, exporter: { name: "X", country: "DE" } });
  equal(fieldValue(noRef, "exporter.tax_ids.rex"), "");
  assert(allText(noRef).includes("(Exporter Reference No ...)"));
});

Deno.test("phytosanitary: organizations, treatment, officer", () => {
  const spec = phytosanitaryCertificateTemplate(sample());
  equal(spec.subtitle, "No. DE-PC-2026-11835");
  equal(fieldValue(spec, "route.origin_country"), "GERMANY");
  equal(fieldValue(spec, "route.destination_country"), "UNITED STATES");
  equal(fieldValue(spec, "phytosanitary_data.treatment.method"), "Heat treatment (HT)");
  equal(fieldValue(spec, "phytosanitary_data.treatment.duration_temperature"), "30 min at 56 °C");
  equal(fieldValue(spec, "phytosanitary_data.treatment.chemical"), "");
  equal(fieldValue(spec, "goods.line_items.0.botanical_name"), "");
  const signature = spec.blocks.find((b) => b.kind === "signature");
  assert(signature?.kind === "signature" && signature.stamp);
  equal(signature.name?.value, "Dr. Petra Lange");
  assert(PHYTO_CERTIFICATION.endsWith("including those for regulated non-quarantine pests."));
});

Deno.test("veterinary: Part I boxes, establishment, Part II and the veterinarian", () => {
  const spec = healthVeterinaryCertificateTemplate(sample());
  const numbers = new Set(boxes(spec).map((b) => b.number));
  for (
    const n of [
      "I.1",
      "I.2",
      "I.2a",
      "I.3",
      "I.4",
      "I.5",
      "I.6",
      "I.7",
      "I.8",
      "I.9",
      "I.10",
      "I.11",
      "I.12",
      "I.13",
      "I.14",
      "I.15",
      "I.16",
      "I.17",
      "I.18",
      "I.19",
      "I.20",
      "I.24",
      "I.25",
      "I.26",
    ]
  ) assert(numbers.has(n), n);
  const table = tables(spec)[0]!;
  equal(table.title, "I.27 Description of consignment");
  equal(table.rows[0]![3]!.value, "DE HH 10045 EG");
  equal(fieldValue(spec, "veterinary_data.establishment_number"), "DE HH 10045 EG");
  const blocks = spec.blocks;
  const part2 = blocks.findIndex((b) => b.kind === "paragraph" && b.text === VET_CERTIFICATION);
  const attestation = blocks.findIndex((b) =>
    b.kind === "boxes" && b.boxes.some((x) => x.number === "II.1")
  );
  assert(part2 > 0 && attestation === part2 + 1, "the attestation follows the certification");
  const signature = blocks.find((b) => b.kind === "signature");
  assert(signature?.kind === "signature" && signature.stamp);
  equal(signature.name?.value, "DR. KLAUS MEYER");
  equal(signature.date?.value, "2026-12-01");
  assert(allText(spec).includes("22 kg; 188 pcs; 45 btl"), "I.25 totals per unit");
  // Without a consignee the importer is I.5 and I.6 repeats it as text (one field per path).
  const i6 = boxes(spec).find((b) => b.number === "I.6")!;
  assert(i6.lines.every((l) => l.kind === "text"));
  equal(
    healthVeterinaryCertificateTemplate({ route: { destination_country: "FR" } }).subtitle,
    "for entry into the Union – Implementing Regulation (EU) 2020/2235",
  );
});

Deno.test("certificate of analysis: results, conclusion and signature", () => {
  const spec = certificateOfAnalysisTemplate(sample());
  const table = tables(spec)[0]!;
  assertEquals(table.columns.map((c) => c.header), [
    "Parameter (test)",
    "Specification (acceptance criteria)",
    "Result and unit",
    "Method",
  ]);
  equal(table.rows.length, 3);
  assertEquals(table.rows[2]!.map((c) => c.value), [
    "Ochratoxin A",
    "≤ 5 µg/kg",
    "< 0.5 µg/kg",
    "EN 14132",
  ]);
  equal(fieldValue(spec, "analysis_data.overall_result"), "COMPLIES");
  const signature = spec.blocks.find((b) => b.kind === "signature");
  assert(signature?.kind === "signature");
  equal(signature.name?.value, "Dr. Maria Papadopoulou");
  equal(signature.title?.value, "Head of Laboratory");
  const fails = certificateOfAnalysisTemplate({
    analysis_data: { overall_result: "DOES_NOT_COMPLY" },
  });
  assert(allText(fails).includes("[ ] The batch complies with the specification."));
  assert(allText(fails).includes("[X] The batch does not comply with the specification."));
  // An empty draft has three blank result rows to fill in.
  const draft = tables(certificateOfAnalysisTemplate({}))[0]!;
  equal(draft.rows.length, 3);
  assert(fieldPaths(certificateOfAnalysisTemplate({})).has("analysis_data.results.2.method"));
});

Deno.test("common: choices, conveyance, place and date, preferential territory", () => {
  assertEquals(conveyanceLines(sample(), { ports: true }).map((c) => c.value), [
    "By sea",
    "Vessel MSC Gülsün",
    "Voyage FW245A",
    "From DEHAM to USNYC",
  ]);
  assertEquals(conveyanceLines({}).map((c) => [c.kind, c.value]), [
    ["field", ""],
    ["field", ""],
    ["field", ""],
  ]);
  assertEquals(placeAndDateLines({ declaration: { place: "Hamburg" } }).map((c) => c.value), [
    "Hamburg",
    "",
  ]);
  equal(preferentialTerritory("FR"), "EUROPEAN UNION");
  equal(preferentialTerritory("CH"), "SWITZERLAND");
  equal(preferentialTerritory(""), "");
});
