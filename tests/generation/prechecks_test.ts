import { preCheck, softWarnings } from "../../shared/documents/generation/prechecks.ts";
import type { DocumentType } from "../../shared/documents/catalogue/document_types.ts";
import { hazardousShipment, sampleShipment } from "../fixtures/sample_shipment.ts";
import { assertEquals, equal } from "../support/assert.ts";

const EU = new Set(["DE", "FR", "NL", "IT"]);
const data = (s: unknown) => structuredClone(s) as Record<string, unknown>;
const fieldPaths = (types: DocumentType[], d: Record<string, unknown>) =>
  preCheck(types, d, EU).flatMap((e) => e.errors.map((x) => `${e.docType} ${x.fieldPath}`));

Deno.test("a complete shipment passes the pre-checks of its documents", () => {
  const d = data(sampleShipment(3));
  assertEquals(
    preCheck(
      ["COMMERCIAL_INVOICE", "PACKING_LIST", "BILL_OF_LADING", "CERTIFICATE_OF_ORIGIN"],
      d,
      EU,
    ),
    [],
  );
});

Deno.test("missing required fields block, with camelCase field paths and tabs", () => {
  const d = data(sampleShipment(1)) as {
    exporter: { name?: string };
    goods: { total_value?: number };
  };
  delete d.exporter.name;
  delete d.goods.total_value;
  assertEquals(preCheck(["COMMERCIAL_INVOICE"], d as Record<string, unknown>, EU), [{
    docType: "COMMERCIAL_INVOICE",
    errors: [
      {
        message: "Exporter name is required for this document",
        fieldPath: "exporter.name",
        tab: "parties",
      },
      {
        message: "Total value is required for this document",
        fieldPath: "goods.totalValue",
        tab: "goods",
      },
    ],
  }]);
});

Deno.test("pre-check errors of all requested types are collected together", () => {
  const d = data(sampleShipment(1));
  delete (d.veterinary_data as Record<string, unknown>).establishment_number;
  delete (d.analysis_data as Record<string, unknown>).batch_number;
  delete d.phytosanitary_data;
  assertEquals(
    fieldPaths(
      [
        "HEALTH_VETERINARY_CERTIFICATE",
        "PHYTOSANITARY_CERTIFICATE",
        "CERTIFICATE_OF_ANALYSIS",
        "COMMERCIAL_INVOICE",
      ],
      d,
    ),
    [
      "HEALTH_VETERINARY_CERTIFICATE veterinaryData.establishmentNumber",
      "PHYTOSANITARY_CERTIFICATE phytosanitaryData.issuingAuthority",
      "CERTIFICATE_OF_ANALYSIS analysisData.batchNumber",
    ],
  );
});

Deno.test("the dangerous goods declaration needs a hazardous line, described, and a contact", () => {
  equal(
    fieldPaths(["DANGEROUS_GOODS_DECLARATION"], data(sampleShipment(2)))[0],
    "DANGEROUS_GOODS_DECLARATION goods.lineItems",
  );
  assertEquals(fieldPaths(["DANGEROUS_GOODS_DECLARATION"], data(hazardousShipment())), []);
  const flagged = data(hazardousShipment());
  const items = (flagged.goods as { line_items: Record<string, unknown>[] }).line_items;
  delete items[0]!.un_number;
  delete items[0]!.is_hazardous;
  items[1]!.is_hazardous = true;
  delete (flagged.hazardous_shipment as Record<string, unknown>).emergency_contact;
  assertEquals(fieldPaths(["DANGEROUS_GOODS_DECLARATION"], flagged), [
    "DANGEROUS_GOODS_DECLARATION hazardousShipment.emergencyContact",
    "DANGEROUS_GOODS_DECLARATION goods.lineItems.0.unNumber",
    "DANGEROUS_GOODS_DECLARATION goods.lineItems.1.unNumber",
    "DANGEROUS_GOODS_DECLARATION goods.lineItems.1.hazardClass",
  ]);
});

Deno.test("EUR.1 and statements on origin need an EU or pan-Euro destination and non-US origin", () => {
  const d = data(sampleShipment(1));
  const route = d.route as Record<string, string>;
  for (const type of ["EUR1_MOVEMENT_CERTIFICATE", "STATEMENT_ON_ORIGIN"] as const) {
    route.destination_country = "US";
    assertEquals(fieldPaths([type], d), [`${type} route.destinationCountry`]);
    route.destination_country = "FR";
    assertEquals(fieldPaths([type], d), []);
    route.destination_country = "CH";
    route.origin_country = "US";
    assertEquals(fieldPaths([type], d), [`${type} route.originCountry`]);
    route.origin_country = "DE";
  }
});

Deno.test("USMCA needs a destination in the US, Canada or Mexico", () => {
  const d = data(sampleShipment(1));
  assertEquals(fieldPaths(["USMCA_CERTIFICATE_OF_ORIGIN"], d), []);
  (d.route as Record<string, string>).destination_country = "DE";
  assertEquals(fieldPaths(["USMCA_CERTIFICATE_OF_ORIGIN"], d), [
    "USMCA_CERTIFICATE_OF_ORIGIN route.destinationCountry",
  ]);
});

Deno.test("soft warnings name the missing recommended fields of each type", () => {
  const d = data(sampleShipment(1));
  delete d.bl_data;
  delete (d.awb_data as Record<string, unknown>).agent_name;
  assertEquals(
    softWarnings(["BILL_OF_LADING", "AIR_WAYBILL", "COMMERCIAL_INVOICE"], d).map((w) => [
      w.docType,
      w.warnings.map((x) => x.fieldPath),
    ]),
    [
      ["BILL_OF_LADING", ["blData.freightPayment", "blData.placeOfDelivery"]],
      ["AIR_WAYBILL", ["awbData.agentName"]],
    ],
  );
});
