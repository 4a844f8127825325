/**
 * Shipment data for the benches, from the test fixture (tests/fixtures/sample_shipment.ts):
 * n line items, a dangerous goods line where the document needs one, and the destination a
 * document's pre-checks ask for.
 */
import type { DocumentType } from "../../shared/documents/catalogue/document_types.ts";
import { hazardousShipment, sampleShipment } from "../../tests/fixtures/sample_shipment.ts";

export type ShipmentData = Record<string, unknown>;

/** The fixture's sample shipment with n line items. */
export function shipmentData(lineItems: number): ShipmentData {
  return sampleShipment(lineItems) as unknown as ShipmentData;
}

/**
 * The sample shipment with n line items whose first line is hazardousShipment()'s dangerous
 * goods line (paint, UN1263, class 3), with the total recomputed as the fixture does.
 */
export function hazardousData(lineItems: number): ShipmentData {
  const shipment = sampleShipment(lineItems);
  shipment.goods.line_items[0] = hazardousShipment().goods.line_items[0]!;
  shipment.goods.total_value = Math.round(
    shipment.goods.line_items.reduce((s, li) => s + li.quantity * li.unit_price, 0) * 100,
  ) / 100;
  return shipment as unknown as ShipmentData;
}

/** To Switzerland (destination and importer), as the EUR.1 and the statement on origin need. */
export function toSwitzerland(data: ShipmentData): ShipmentData {
  const route = data.route as Record<string, unknown>;
  const importer = data.importer as Record<string, unknown>;
  return {
    ...data,
    route: { ...route, destination_country: "CH" },
    importer: { ...importer, country: "CH" },
  };
}

/** Types that need a Swiss (EU or pan-Euro partner) destination. */
export const SWISS_TYPES: readonly DocumentType[] = [
  "EUR1_MOVEMENT_CERTIFICATE",
  "STATEMENT_ON_ORIGIN",
];

/**
 * The data one document is rendered from: hazardous for the dangerous goods declaration, to CH
 * for the EUR.1 and the statement on origin (as scripts/render_previews.ts does), the plain
 * sample shipment (to the US) otherwise.
 */
export function documentData(type: DocumentType, lineItems: number): ShipmentData {
  if (type === "DANGEROUS_GOODS_DECLARATION") return hazardousData(lineItems);
  if (SWISS_TYPES.includes(type)) return toSwitzerland(shipmentData(lineItems));
  return shipmentData(lineItems);
}
