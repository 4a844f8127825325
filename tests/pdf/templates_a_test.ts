/**
 * Templates of the commercial invoice, packing list, bill of lading, certificate of origin,
 * proforma invoice, dangerous goods declaration, air waybill and shipper's letter of instruction:
 * titles, parties, the field requirements as form fields (also from an empty draft), mandated
 * wording verbatim, long line tables, schema-valid field paths, and the shared helpers.
 */
import type { DocumentType } from "../../shared/documents/catalogue/document_types.ts";
import { FIELD_REQUIREMENTS } from "../../shared/documents/catalogue/field_requirements.ts";
import { toDataPath, toFieldPath } from "../../shared/documents/catalogue/paths.ts";
import type { DocumentSpec } from "../../shared/documents/pdf/model.ts";
import {
  airWaybillTemplate,
  chargeableWeight,
} from "../../shared/documents/pdf/templates/air_waybill.ts";
import { billOfLadingTemplate } from "../../shared/documents/pdf/templates/bill_of_lading.ts";
import { certificateOfOriginTemplate } from "../../shared/documents/pdf/templates/certificate_of_origin.ts";
import { commercialInvoiceTemplate } from "../../shared/documents/pdf/templates/commercial_invoice.ts";
import {
  consigneePrefix,
  countryName,
  dgDescription,
  dgFirstOrder,
  eeiLegend,
  formatAmount,
  formatDate,
  formatUnitPrice,
  incotermText,
  minorUnits,
  partyLines,
} from "../../shared/documents/pdf/templates/common.ts";
import { dangerousGoodsDeclarationTemplate } from "../../shared/documents/pdf/templates/dangerous_goods_declaration.ts";
import { packingListTemplate } from "../../shared/documents/pdf/templates/packing_list.ts";
import { proformaInvoiceTemplate } from "../../shared/documents/pdf/templates/proforma_invoice.ts";
import { shippersLetterOfInstructionTemplate } from "../../shared/documents/pdf/templates/shippers_letter_of_instruction.ts";
import { hazardousShipment, sampleShipment } from "../fixtures/sample_shipment.ts";
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
  sample: () => Data;
  /** Distinctive mandated or characteristic wording, printed verbatim. */
  wording: string[];
}

const sample = () => sampleShipment(10) as unknown as Data;

const CASES: Case[] = [
  {
    type: "COMMERCIAL_INVOICE",
    template: commercialInvoiceTemplate,
    title: "COMMERCIAL INVOICE",
    sample,
    wording: ["true and correct", "CIF New York (Incoterms® 2020)"],
  },
  {
    type: "PACKING_LIST",
    template: packingListTemplate,
    title: "PACKING LIST",
    sample,
    wording: ["Total gross weight (kg)", "Total number of packages"],
  },
  {
    type: "BILL_OF_LADING",
    template: billOfLadingTemplate,
    title: "BILL OF LADING",
    sample,
    wording: ["SHIPPER'S LOAD, STOW AND COUNT", "as agent for the carrier", "ORIGINAL"],
  },
  {
    type: "CERTIFICATE_OF_ORIGIN",
    template: certificateOfOriginTemplate,
    title: "CERTIFICATE OF ORIGIN",
    sample,
    wording: [
      "The undersigned authority certifies that the goods described above originate in the " +
      "country shown in box 3",
      "EUROPEAN UNION",
    ],
  },
  {
    type: "PROFORMA_INVOICE",
    template: proformaInvoiceTemplate,
    title: "PROFORMA INVOICE",
    sample,
    wording: ["Valid until", "Estimated shipment date", "true and correct"],
  },
  {
    type: "DANGEROUS_GOODS_DECLARATION",
    template: dangerousGoodsDeclarationTemplate,
    title: "MULTIMODAL DANGEROUS GOODS FORM",
    sample: () => hazardousShipment() as unknown as Data,
    wording: [
      "UN1263, PAINT, 3, PG II, (23°C c.c.)",
      "I hereby declare that the contents of this consignment are fully and accurately " +
      "described below by the Proper Shipping Name, and are classified, packaged, marked and " +
      "labelled/placarded and are in all respects in proper condition for transport according " +
      "to the applicable international and national governmental regulations.",
      "I hereby declare that the goods described above have been packed/loaded into the " +
      "container/vehicle identified above in accordance with the applicable provisions.",
      "24-hour emergency contact",
    ],
  },
  {
    type: "AIR_WAYBILL",
    template: airWaybillTemplate,
    title: "Air Waybill",
    sample,
    wording: [
      "Not Negotiable",
      "Issued by",
      "Shipper certifies that the particulars on the face hereof are correct",
      "Chargeable weight",
    ],
  },
  {
    type: "SHIPPERS_LETTER_OF_INSTRUCTION",
    template: shippersLetterOfInstructionTemplate,
    title: "SHIPPER'S LETTER OF INSTRUCTION",
    sample,
    wording: ["AES X20261204123456", "Schedule B", "ECCN", "Routed export transaction"],
  },
];

function requiredPaths(type: DocumentType): string[] {
  return FIELD_REQUIREMENTS[type].required.map((f) => f.dataPath);
}

function requirementPaths(type: DocumentType): string[] {
  const { required, recommended } = FIELD_REQUIREMENTS[type];
  return [...required, ...recommended].map((f) => f.dataPath);
}

function assertSchemaPaths(spec: DocumentSpec, label: string) {
  for (const path of fieldPaths(spec)) {
    assert(schemaHasPath(path), `${label}: ${path} is not a TradeShipment path`);
    equal(toDataPath(toFieldPath(path)), path, `${label}: ${path} does not map both ways`);
  }
}

for (const c of CASES) {
  Deno.test(`${c.type}: title, type and the exporter`, () => {
    const spec = c.template(c.sample());
    equal(spec.type, c.type);
    equal(spec.title, c.title);
    const name = sampleShipment(1).exporter.name;
    assert(contents(spec).some((x) => x.value.includes(name)), "the exporter's name is printed");
  });

  Deno.test(`${c.type}: every required and recommended field is a form field`, () => {
    const spec = c.template(c.sample());
    const paths = fieldPaths(spec);
    for (const path of requirementPaths(c.type)) assert(paths.has(path), `${c.type}: ${path}`);
  });

  Deno.test(`${c.type}: mandated wording verbatim`, () => {
    const printed = allText(c.template(c.sample()));
    for (const phrase of c.wording) assert(printed.includes(phrase), `${c.type}: "${phrase}"`);
  });

  Deno.test(`${c.type}: an empty draft renders with every required field empty`, () => {
    const spec = c.template({});
    equal(spec.title, c.title === "BILL OF LADING" ? "BILL OF LADING" : c.title);
    const byPath = new Map(fields(spec).map((f) => [f.path, f.value]));
    for (const path of requirementPaths(c.type)) {
      assert(byPath.has(path), `${c.type}: ${path} missing from the draft`);
      equal(byPath.get(path), "", `${c.type}: ${path} should be empty`);
    }
    for (const path of requiredPaths(c.type)) assert(byPath.has(path));
    assert(!allText(spec).includes("0.00"), `${c.type}: no computed zero totals`);
    // No line items yet: one blank line to fill in.
    equal(byPath.get("goods.line_items.0.description"), "", `${c.type}: a blank line`);
    assertSchemaPaths(spec, `${c.type} draft`);
  });

  Deno.test(`${c.type}: odd shapes do not throw`, () => {
    const odd: Data[] = [
      { goods: { line_items: [null, "x", 3, {}] } },
      { goods: null, route: "sea", exporter: [], packing: { packages: [null, { number: 1 }] } },
      { goods: { line_items: [{ is_hazardous: true }, { compliance_flags: ["dgd"] }] } },
      { awb_data: { routing: [{ to: "JFK" }], other_charges: [{ code: "AWC", amount: 25 }] } },
    ];
    for (const data of odd) {
      const spec = c.template(data);
      assert(spec.blocks.length > 0);
      assertSchemaPaths(spec, `${c.type} odd`);
    }
  });

  Deno.test(`${c.type}: 200 line items give 200 table rows`, () => {
    const data = sampleShipment(200) as unknown as Data;
    const spec = c.template(data);
    assert(
      tables(spec).some((t) => t.rows.length === 200),
      `${c.type}: row counts ${tables(spec).map((t) => t.rows.length)}`,
    );
    for (const t of tables(spec)) {
      for (const row of t.rows) equal(row.length, t.columns.length);
      if (t.totals) equal(t.totals.length, t.columns.length);
    }
    const paths = fieldPaths(spec);
    assert(
      [...paths].some((p) => p.startsWith("goods.line_items.199.")),
      "the last line has fields",
    );
  });

  Deno.test(`${c.type}: field paths are TradeShipment data paths`, () => {
    assertSchemaPaths(c.template(c.sample()), c.type);
    assertSchemaPaths(c.template(sampleShipment(200) as unknown as Data), `${c.type} 200`);
    assertSchemaPaths(c.template(hazardousShipment() as unknown as Data), `${c.type} DG`);
  });
}

Deno.test("commercial invoice: line amounts, total and charges in the currency's minor units", () => {
  const data = sampleShipment(2) as unknown as Data;
  const spec = commercialInvoiceTemplate(data);
  const [table] = tables(spec);
  assert(table);
  // Line 1: 10 kg coffee at 14.50; line 2: 17 spindles at 6,250.00.
  equal(table.rows[0]![7]!.value, "145.00");
  equal(table.rows[1]![7]!.value, "106,250.00");
  equal(table.totals![7]!.value, "106,395.00");
  const printed = allText(spec);
  assert(printed.includes("106,395.00"));

  const yen = { ...data, goods: { ...(data.goods as Data), currency: "JPY" } };
  const jpy = tables(commercialInvoiceTemplate(yen))[0]!;
  equal(jpy.rows[0]![7]!.value, "145");
  equal(jpy.rows[0]![6]!.value, "14.5");
});

Deno.test("commercial invoice: consignee 'same as buyer' unless one is given", () => {
  const data = sampleShipment(1) as unknown as Data;
  assert(allText(commercialInvoiceTemplate(data)).includes("SAME AS BUYER"));
  const withConsignee = { ...data, consignee: { name: "Windy City Warehousing", country: "US" } };
  const paths = fieldPaths(commercialInvoiceTemplate(withConsignee));
  assert(paths.has("consignee.name"));
  assert(paths.has("importer.name"));
});

Deno.test("packing list: no prices", () => {
  const spec = packingListTemplate(sampleShipment(3) as unknown as Data);
  const paths = [...fieldPaths(spec)];
  assert(!paths.some((p) => /unit_price|total_value|charges\./.test(p)), paths.join(", "));
  const headers = tables(spec).flatMap((t) => t.columns.map((c) => c.header)).join(" ");
  assert(!/price|amount|value/i.test(headers), headers);
});

Deno.test("packing list: a packages table when packages are listed", () => {
  const data = sampleShipment(2) as unknown as Data;
  (data.packing as Data).packages = [
    { number: "1", type: "pallet", gross_kg: 410.5, net_kg: 380, length_cm: 120, width_cm: 80 },
    { number: "2", type: "pallet", gross_kg: 300, net_kg: 280 },
  ];
  const spec = packingListTemplate(data);
  const packages = tables(spec).find((t) => t.title === "Packages");
  assert(packages);
  equal(packages.rows.length, 2);
  equal(packages.totals![6]!.value, "710.50");
  assert(fieldPaths(spec).has("packing.packages.1.height_cm"));
});

Deno.test("bill of lading: original or copy, notify party, DG lines first", () => {
  const data = hazardousShipment() as unknown as Data;
  const original = billOfLadingTemplate(data);
  equal(original.subtitle, "ORIGINAL");
  const copy = billOfLadingTemplate({ ...data, bl_data: { bl_type: "COPY" } });
  equal(copy.subtitle, "COPY – NON NEGOTIABLE");
  equal(billOfLadingTemplate({}).subtitle, "COPY – NON NEGOTIABLE");
  assert(allText(original).includes("Midwest Customs Brokers LLC"));
  const goods = tables(original)[0]!;
  equal(goods.rows[0]![2]!.value, "UN1263, PAINT, 3, PG II, (23°C c.c.)");
  assert(allText(original).includes("3 (THREE)"));
  // US exports carry the AES legend.
  const us = {
    ...data,
    route: { ...(data.route as Data), origin_country: "US", destination_country: "DE" },
  };
  assert(allText(billOfLadingTemplate(us)).includes("AES X20261204123456"));
  assert(!allText(original).includes("AES X"));
});

Deno.test("dangerous goods declaration: DG first, boxes 1-22, non-DG after", () => {
  const data = hazardousShipment() as unknown as Data;
  const items = (data.goods as Data).line_items as Data[];
  // Move the DG line last: it still comes first on the form.
  (data.goods as Data).line_items = [items[1], items[2], items[0]];
  const spec = dangerousGoodsDeclarationTemplate(data);
  const goods = tables(spec)[0]!;
  equal(goods.rows[0]![0]!.value, "3");
  equal(goods.rows[0]![2]!.value, "UN1263, PAINT, 3, PG II, (23°C c.c.)");
  equal(goods.rows.length, 3);
  const numbers = new Set(
    spec.blocks.flatMap((b) => b.kind === "boxes" ? b.boxes.map((x) => x.number) : []),
  );
  const labels = allText(spec);
  for (const n of ["1", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17"]) {
    assert(numbers.has(n), `box ${n}`);
  }
  for (const n of ["18", "19", "20", "21", "22"]) assert(numbers.has(n), `box ${n}`);
  for (const ref of ["2 Transport document No.", "4 Shipper's reference", "5 Freight"]) {
    assert(labels.includes(ref), ref);
  }
  assert(labels.includes("CHEMTREC +1 703 527 3887 (24h)"));
  // Box 19: cargo gross + tare.
  const gross = (data.weights as Data).gross_kg as number;
  const expected = (gross + 3900).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  assert(labels.includes(expected), expected);
});

Deno.test("dangerous goods declaration: a DG line without a proper shipping name is fillable", () => {
  const spec = dangerousGoodsDeclarationTemplate({
    goods: { line_items: [{ is_hazardous: true, un_number: "1263", hazard_class: "3" }] },
  });
  const field = fields(spec).find((f) => f.path === "goods.line_items.0.proper_shipping_name");
  assert(field);
  equal(field.value, "");
});

Deno.test("air waybill: chargeable weight is the greater of gross and volume weight", () => {
  // 12.4 m³ × 166.67 = 2,066.67 kg → 2,067.0 kg, more than the 1,500 kg gross weight.
  const data = sampleShipment(10) as unknown as Data;
  data.weights = { gross_kg: 1500, net_kg: 1400, volume_m3: 12.4 };
  equal(chargeableWeight(data), 2067);
  const rating = tables(airWaybillTemplate(data))[0]!;
  equal(rating.rows.length, 1);
  equal(rating.rows[0]![1]!.value, "1,500.00");
  equal(rating.rows[0]![5]!.value, "2,067.00");
  // 2,067 kg × 3.85 = 7,957.95
  equal(rating.rows[0]![7]!.value, "7,957.95");
  // The sample: gross 2,102.43 kg beats 2,066.67 kg of volume weight → 2,102.5 kg.
  equal(chargeableWeight(sampleShipment(10)), 2102.5);
  equal(chargeableWeight({ weights: { gross_kg: 100.2, volume_m3: 0.3 } }), 100.5);
  equal(chargeableWeight({ weights: { gross_kg: 10 }, packing: { packages: [] } }), 10);
  equal(
    chargeableWeight({
      weights: { gross_kg: 10 },
      packing: { packages: [{ length_cm: 100, width_cm: 60, height_cm: 50 }] },
    }),
    50,
  );
  equal(chargeableWeight({}), undefined);
  const empty = tables(airWaybillTemplate({}))[0]!;
  equal(empty.rows[0]![5]!.kind, "field");
});

Deno.test("air waybill: routing defaults to the direct flight, DG note", () => {
  const text = allText(airWaybillTemplate(hazardousShipment() as unknown as Data));
  assert(text.includes("DANGEROUS GOODS AS PER ATTACHED SHIPPER'S DECLARATION"));
  assert(text.includes("020-12345675"));
  assert(text.includes("Lufthansa Cargo AG"));
  const boxes = airWaybillTemplate(sampleShipment(1) as unknown as Data).blocks.flatMap((b) =>
    b.kind === "boxes" ? b.boxes : []
  );
  equal(boxes.find((b) => b.label === "By first carrier")?.lines[0]?.value, "LH");
  equal(boxes.find((b) => b.label === "To")?.lines[0]?.value, "ORD");
});

Deno.test("shipper's letter of instruction: ITN or exemption legend, non-USD note", () => {
  const data = sampleShipment(2) as unknown as Data;
  const exempt = { ...data, sli_data: { eei_exemption: "30.37(a)" } };
  assert(allText(shippersLetterOfInstructionTemplate(exempt)).includes("NOEEI § 30.37(a)"));
  const none = fieldPaths(shippersLetterOfInstructionTemplate({}));
  assert(none.has("sli_data.itn") && none.has("sli_data.eei_exemption"));
  assert(allText(shippersLetterOfInstructionTemplate(data)).includes("Values are stated in EUR"));
});

Deno.test("certificate of origin: box 3 and boxes 1-8", () => {
  const spec = certificateOfOriginTemplate(sampleShipment(2) as unknown as Data);
  const box3 = fields(spec).find((f) => f.path === "route.origin_country");
  equal(box3?.value, "EUROPEAN UNION (GERMANY)");
  const text = allText(spec);
  for (const label of ["Consignor", "Consignee", "Country of origin", "Transport details"]) {
    assert(text.includes(label), label);
  }
  assert(text.includes("6 Item No.") && text.includes("7 Quantity") && text.includes("8 "));
  assert(text.includes("CO-HH-2026-118"));
});

Deno.test("common: minor units and amounts", () => {
  equal(minorUnits("EUR"), 2);
  equal(minorUnits("JPY"), 0);
  equal(minorUnits("KWD"), 3);
  equal(formatAmount(1234567.891, "EUR"), "1,234,567.89");
  equal(formatAmount(1234.5, "JPY"), "1,235");
  equal(formatAmount(1.2345, "KWD"), "1.235");
  equal(formatAmount(0.005, "USD"), "0.01");
  equal(formatUnitPrice(0.125, "EUR"), "0.125");
  equal(formatUnitPrice(14.5, "EUR"), "14.50");
  equal(formatDate("2026-11-28T10:00:00Z"), "2026-11-28");
  equal(countryName("DE"), "Germany");
});

Deno.test("common: the IMDG 5.4.1.4 description", () => {
  equal(
    dgDescription({
      un_number: "UN1263",
      proper_shipping_name: "PAINT",
      hazard_class: "3",
      packing_group: "II",
      flashpoint_c: 23,
    }),
    "UN1263, PAINT, 3, PG II, (23°C c.c.)",
  );
  equal(
    dgDescription({
      un_number: "1098",
      proper_shipping_name: "ALLYL ALCOHOL",
      hazard_class: "6.1",
      subsidiary_hazard: "3",
      packing_group: "I",
      flashpoint_c: 21,
    }),
    "UN1098, ALLYL ALCOHOL, 6.1 (3), PG I, (21°C c.c.)",
  );
  equal(
    dgDescription({
      un_number: "UN1993",
      proper_shipping_name: "FLAMMABLE LIQUID, N.O.S.",
      technical_name: "ethanol, toluene",
      hazard_class: "3",
      packing_group: "III",
      marine_pollutant: true,
      flashpoint_c: 75,
      limited_quantity: true,
    }),
    "UN1993, FLAMMABLE LIQUID, N.O.S. (ethanol, toluene), 3, PG III, MARINE POLLUTANT, " +
      "LIMITED QUANTITY",
  );
  equal(
    dgDescription({
      un_number: "UN0012",
      proper_shipping_name: "CARTRIDGES",
      hazard_class: "1.4S",
    }),
    "UN0012, CARTRIDGES, 1.4S",
  );
});

Deno.test("common: consignee rule, DG order, Incoterm, AES legend, party lines", () => {
  equal(consigneePrefix({}), "importer");
  equal(consigneePrefix({ consignee: { name: " " } }), "importer");
  equal(consigneePrefix({ consignee: { name: "X" } }), "consignee");
  assertEquals(
    dgFirstOrder({
      goods: { line_items: [{}, { is_hazardous: true }, { compliance_flags: ["dgd"] }] },
    }),
    [1, 2, 0],
  );
  equal(incotermText(sampleShipment(1)), "CIF New York (Incoterms® 2020)");
  equal(incotermText({}), "");
  equal(eeiLegend({ sli_data: { itn: "X20260101987654" } }), "AES X20260101987654");
  equal(eeiLegend({ sli_data: { eei_exemption: "NOEEI § 30.37(a)" } }), "NOEEI § 30.37(a)");
  equal(eeiLegend({ sli_data: { eei_exemption: "§ 30.36" } }), "NOEEI § 30.36");
  equal(eeiLegend({}), "");
  const lines = partyLines(sampleShipment(1), "importer", { taxIds: ["ein"] });
  assertEquals(lines.map((l) => l.value), [
    "Chicago Tools Inc.",
    "2100 West Fulton Street",
    "Chicago, IL 60612",
    "UNITED STATES",
    "EIN: 36-1234567",
  ]);
  const empty = partyLines({}, "exporter");
  assertEquals(empty.map((l) => l.kind === "field" ? l.path : l.value), [
    "exporter.name",
    "exporter.address",
    "exporter.city",
    "exporter.country",
  ]);
});

Deno.test("shipper's letter of instruction: related party, routed export, hazardous and freight are boxes to tick", () => {
  const data = sampleShipment() as unknown as Record<string, Record<string, unknown>>;
  const text = allText(shippersLetterOfInstructionTemplate(data));
  assert(text.includes("[ ] Related\n[X] Non-related"), text);
  assert(text.includes("[ ] Yes\n[X] No"), "routed export: no; hazardous materials: no");
  const open = structuredClone(data);
  open.sli_data = { ...open.sli_data, related_party: true };
  delete open.sli_data.routed_export;
  delete open.sli_data.freight_payment;
  const spec = shippersLetterOfInstructionTemplate(open);
  const choices = fields(spec).filter((f) => f.options).map((f) => [f.path, f.value]);
  assertEquals(choices, [
    ["sli_data.related_party", "Yes"],
    ["sli_data.routed_export", ""],
    ["sli_data.freight_payment", ""],
  ]);
  assert(allText(spec).includes("[X] Related\n[ ] Non-related"));
  assert(allText(spec).includes("[ ] Prepaid\n[ ] Collect"));
});
