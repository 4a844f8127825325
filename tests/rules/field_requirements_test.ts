import { DOCUMENT_TYPES } from "../../shared/documents/catalogue/document_types.ts";
import { FIELD_REQUIREMENTS } from "../../shared/documents/catalogue/field_requirements.ts";
import {
  type ShipmentPath,
  toDataPath,
  toFieldPath,
} from "../../shared/documents/catalogue/paths.ts";
import { schemaHasPath } from "../support/schema_paths.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";

Deno.test("field requirements cover the 16 document types", () => {
  assertEquals(Object.keys(FIELD_REQUIREMENTS).sort(), [...DOCUMENT_TYPES].sort());
});

Deno.test("every field requirement names a path of the TradeShipment schema", () => {
  for (const [type, { required, recommended }] of Object.entries(FIELD_REQUIREMENTS)) {
    for (const spec of [...required, ...recommended]) {
      assert(schemaHasPath(spec.dataPath), `${type}: ${spec.dataPath}`);
      equal(spec.fieldPath, toFieldPath(spec.dataPath));
      equal(toDataPath(spec.fieldPath), spec.dataPath);
    }
  }
});

Deno.test("the spec's soft-warning fields are all recommended fields", () => {
  const warnings: Record<string, ShipmentPath[]> = {
    BILL_OF_LADING: ["bl_data.freight_payment", "bl_data.place_of_delivery"],
    INSURANCE_CERTIFICATE: [
      "insurance_data.insurance_company",
      "insurance_data.policy_number",
      "insurance_data.coverage_type",
      "insurance_data.claims_agent",
    ],
    VGM_DECLARATION: [
      "vgm_data.weighing_method",
      "vgm_data.authorised_person",
      "vgm_data.weighing_station",
    ],
    SHIPPERS_LETTER_OF_INSTRUCTION: ["sli_data.forwarding_agent_name", "sli_data.eei_filing"],
    AIR_WAYBILL: ["awb_data.issuing_carrier", "awb_data.agent_name"],
  };
  for (const [type, paths] of Object.entries(warnings)) {
    const recommended = FIELD_REQUIREMENTS[type as keyof typeof FIELD_REQUIREMENTS].recommended
      .map((f) => f.dataPath);
    for (const path of paths) assert(recommended.includes(path), `${type}: ${path}`);
  }
});

Deno.test("the spec's pre-check fields are required fields", () => {
  const required = (type: keyof typeof FIELD_REQUIREMENTS) =>
    FIELD_REQUIREMENTS[type].required.map((f) => f.dataPath);
  assertEquals(required("HEALTH_VETERINARY_CERTIFICATE"), [
    "veterinary_data.competent_authority",
    "veterinary_data.establishment_number",
  ]);
  assertEquals(required("PHYTOSANITARY_CERTIFICATE"), ["phytosanitary_data.issuing_authority"]);
  assertEquals(required("CERTIFICATE_OF_ANALYSIS"), [
    "analysis_data.batch_number",
    "analysis_data.test_standard",
  ]);
  assertEquals(required("DANGEROUS_GOODS_DECLARATION"), ["hazardous_shipment.emergency_contact"]);
});

Deno.test("camelCase form paths map to snake_case data paths and back", () => {
  equal(toFieldPath("goods.line_items.0.compliance_flags"), "goods.lineItems.0.complianceFlags");
  equal(toDataPath("blData.freightPayment"), "bl_data.freight_payment");
  equal(toFieldPath("weights.gross_kg"), "weights.grossKg");
  equal(toFieldPath("vgm_data.verified_gross_mass_kg"), "vgmData.verifiedGrossMassKg");
});
