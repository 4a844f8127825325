import { parseDecimal } from "../../shared/documents/forms/coerce.ts";
import { mapFields } from "../../shared/documents/forms/map_fields.ts";
import { leafAt } from "../../shared/documents/forms/schema_leaves.ts";
import { FIELD_REQUIREMENTS } from "../../shared/documents/catalogue/field_requirements.ts";
import { toFieldPath } from "../../shared/documents/catalogue/paths.ts";
import { assert, assertEquals, equal, match } from "../support/assert.ts";

function mapOne(field: string, text: string) {
  const { mapped, unmapped } = mapFields(new Map([[field, text]]));
  return { mapped: Object.fromEntries([...mapped].map(([p, m]) => [p, m.value])), unmapped };
}

Deno.test("mapFields() maps camelCase field names to snake_case data paths, indices included", () => {
  const { mapped, unmapped } = mapFields(
    new Map([
      ["goods.lineItems.0.hsCode", "0901.21"],
      ["goods.lineItems.12.description", "  Roasted coffee  "],
      ["exporter.taxIds.eori", "DE123456789012345"],
      ["awbData.otherCharges.1.code", "MYC"],
      ["invoice.number", ""],
      ["route.vesselName", "   "],
    ]),
  );
  assertEquals(Object.fromEntries([...mapped].map(([p, m]) => [p, m.value])), {
    "goods.line_items.0.hs_code": "0901.21",
    "goods.line_items.12.description": "Roasted coffee",
    "exporter.tax_ids.eori": "DE123456789012345",
    "awb_data.other_charges.1.code": "MYC",
  });
  equal(mapped.get("goods.line_items.0.hs_code")!.field, "goods.lineItems.0.hsCode");
  equal(unmapped.size, 0);
});

Deno.test("every field the requirements table names maps back to its own data path", () => {
  for (const { required, recommended } of Object.values(FIELD_REQUIREMENTS)) {
    for (const spec of [...required, ...recommended]) {
      equal(toFieldPath(spec.dataPath), spec.fieldPath);
      assert(leafAt(spec.dataPath).ok, spec.dataPath);
    }
  }
});

Deno.test("mapFields() types values by the shipment schema", () => {
  const cases: [string, string, unknown][] = [
    ["goods.lineItems.0.quantity", "1,250", 1250],
    ["goods.lineItems.0.quantity", "12.5", 12.5],
    ["goods.lineItems.0.unitPrice", "1.250,50", 1250.5],
    ["goods.lineItems.0.unitPrice", "14,5", 14.5],
    ["goods.lineItems.0.unitPrice", " 6 250.00 ", 6250],
    ["goods.lineItems.0.packageCount", "3", 3],
    ["weights.grossKg", "1,234.50", 1234.5],
    ["invoice.date", "2026-11-21", "2026-11-21"],
    ["invoice.date", "21.11.2026", "2026-11-21"],
    ["invoice.date", "2026/11/21", "2026-11-21"],
    ["route.transportMode", "Sea", "sea"],
    ["blData.blType", "telex release", "TELEX_RELEASE"],
    ["vgmData.weighingMethod", "method 2", "METHOD_2"],
    ["goods.lineItems.0.isHazardous", "Yes", true],
    ["sliData.relatedParty", "no", false],
    ["route.originCountry", "de", "DE"],
    ["route.destinationCountry", "Germany", "DE"],
    ["importer.country", "United Kingdom", "GB"],
    ["goods.currency", "eur", "EUR"],
    ["container.number", "mscu1234565", "MSCU1234565"],
    ["route.portOfLoading", "DE HAM", "DE HAM"],
    ["exporter.name", "Ünïcödé Αθήνα", "Ünïcödé Αθήνα"],
    ["packing.shippingMarks", "LINE 1\nLINE 2", "LINE 1\nLINE 2"],
  ];
  for (const [field, text, expected] of cases) {
    const { mapped, unmapped } = mapOne(field, text);
    assertEquals(Object.values(mapped), [expected], `${field} = ${JSON.stringify(text)}`);
    equal(unmapped.size, 0);
  }
});

Deno.test("mapFields() reports what cannot be typed, with the reason, and stores nothing", () => {
  const cases: [string, string, RegExp][] = [
    ["goods.lineItems.0.quantity", "twelve", /expected a number/],
    ["goods.lineItems.0.quantity", "0", /greater than zero/],
    ["goods.lineItems.0.unitPrice", "-5", /./],
    ["goods.lineItems.0.packageCount", "2.5", /integer|int/i],
    ["goods.lineItems.0.hsCode", "coffee", /HS code/],
    ["invoice.date", "11/21/2026", /date/],
    ["invoice.date", "2026-02-30", /date/],
    ["route.transportMode", "submarine", /expected one of sea, air, road, rail, multimodal/],
    ["goods.lineItems.0.isHazardous", "maybe", /yes or no/],
    ["route.originCountry", "Atlantis", /ISO 3166-1/],
    ["exporter.contactEmail", "not an email", /./],
    ["exporter.name", "x".repeat(201), /./],
    ["exporter.name", "bell\u0007", /control characters/],
  ];
  for (const [field, text, reason] of cases) {
    const { mapped, unmapped } = mapOne(field, text);
    assertEquals(mapped, {}, `${field} = ${JSON.stringify(text)}`);
    assertEquals(unmapped.get(field)?.value, text);
    match(unmapped.get(field)!.reason, reason);
  }
});

Deno.test("mapFields() leaves names that are not shipment fields unmapped", () => {
  const names: [string, RegExp][] = [
    ["Text1", /no shipment data field/],
    ["goods.line_items.0.hs_code", /not a field name the service generates/],
    ["goods.lineItems.01.hsCode", /no shipment data field/],
    ["goods.lineItems.1000.hsCode", /beyond the list's maximum of 1000/],
    ["goods.lineItems", /group of shipment fields/],
    ["exporter", /group of shipment fields/],
    ["exporter.taxIds._Proto__", /no shipment data field/],
    ["exporter.nickname", /no shipment data field/],
    ["_service_extra", /not a field name the service generates/],
  ];
  for (const [field, reason] of names) {
    const { mapped, unmapped } = mapOne(field, "value");
    assertEquals(mapped, {}, field);
    match(unmapped.get(field)?.reason ?? "", reason, field);
  }
});

Deno.test("parseDecimal() reads the documents' own number format and refuses the rest", () => {
  assertEquals(
    ["12", "-3.5", ".5", "1,250", "12,345.60", "1.234.567,8", "0,75", "1 000"].map(parseDecimal),
    [12, -3.5, 0.5, 1250, 12345.6, 1234567.8, 0.75, 1000],
  );
  for (const bad of ["", "1e5", "0x10", "12kg", "1,2,3", "Infinity", "--1", "1.2.3"]) {
    equal(parseDecimal(bad), undefined, bad);
  }
});
