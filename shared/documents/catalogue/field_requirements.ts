/**
 * The field requirements of the 16 documents: the single table that
 * document-field-requirements serves, that generate-documents' pre-checks read (required
 * fields block) and that its soft warnings read (recommended fields ask for confirmation).
 */
import { DOCUMENT_TYPES, type DocumentType } from "./document_types.ts";
import { type ShipmentPath, toFieldPath } from "./paths.ts";

export type Tab = "parties" | "route" | "goods" | "logistics" | "compliance";

export interface FieldSpec {
  fieldPath: string;
  dataPath: ShipmentPath;
  label: string;
  tab: Tab;
}

function field(dataPath: ShipmentPath, label: string, tab: Tab): FieldSpec {
  return { fieldPath: toFieldPath(dataPath), dataPath, label, tab };
}

// The fields several documents share, labelled once.
const EXPORTER = field("exporter.name", "Exporter name", "parties");
const SHIPPER = field("exporter.name", "Shipper name", "parties");
const IMPORTER = field("importer.name", "Importer name", "parties");
// The consignee is the ship-to party; it defaults to the importer (DOCUMENTS.md).
const CONSIGNEE = field("importer.name", "Consignee name", "parties");
const ORIGIN = field("route.origin_country", "Country of origin", "route");
const DESTINATION = field("route.destination_country", "Country of destination", "route");
const CURRENCY = field("goods.currency", "Currency", "goods");
const LOADING = field("route.port_of_loading", "Port of loading (UN/LOCODE)", "route");
const DISCHARGE = field("route.port_of_discharge", "Port of discharge (UN/LOCODE)", "route");
const VESSEL = field("route.vessel_name", "Vessel name", "route");
const AGREEMENT = field("origin_data.agreement_name", "Preferential agreement", "compliance");

export interface DocumentRequirements {
  required: FieldSpec[];
  recommended: FieldSpec[];
}

export const FIELD_REQUIREMENTS: Record<DocumentType, DocumentRequirements> = {
  COMMERCIAL_INVOICE: {
    required: [
      EXPORTER,
      IMPORTER,
      ORIGIN,
      DESTINATION,
      CURRENCY,
      field("goods.total_value", "Total value", "goods"),
    ],
    recommended: [LOADING, DISCHARGE, VESSEL],
  },
  PACKING_LIST: {
    required: [
      EXPORTER,
      IMPORTER,
      field("packing.total_packages", "Total number of packages", "logistics"),
    ],
    recommended: [
      field("weights.gross_kg", "Total gross weight (kg)", "logistics"),
      field("weights.net_kg", "Total net weight (kg)", "logistics"),
    ],
  },
  BILL_OF_LADING: {
    required: [SHIPPER, CONSIGNEE, LOADING, DISCHARGE, VESSEL],
    recommended: [
      field("bl_data.freight_payment", "Freight payment (PREPAID or COLLECT)", "logistics"),
      field("bl_data.place_of_delivery", "Place of delivery", "route"),
      field("container.number", "Container number", "logistics"),
      field("container.seal_number", "Seal number", "logistics"),
    ],
  },
  AIR_WAYBILL: {
    required: [
      SHIPPER,
      CONSIGNEE,
      field("route.airport_of_departure", "Airport of departure (IATA)", "route"),
      field("route.airport_of_destination", "Airport of destination (IATA)", "route"),
    ],
    recommended: [
      field("awb_data.issuing_carrier", "Issuing carrier", "logistics"),
      field("awb_data.agent_name", "Issuing carrier's agent", "logistics"),
      field("awb_data.charges_code", "Charges code (PP, CC, …)", "logistics"),
    ],
  },
  CERTIFICATE_OF_ORIGIN: {
    required: [EXPORTER, CONSIGNEE, ORIGIN],
    recommended: [],
  },
  PROFORMA_INVOICE: {
    required: [EXPORTER, IMPORTER, CURRENCY],
    recommended: [],
  },
  INSURANCE_CERTIFICATE: {
    required: [],
    recommended: [
      field("insurance_data.insurance_company", "Insurance company", "compliance"),
      field("insurance_data.policy_number", "Policy number", "compliance"),
      field("insurance_data.coverage_type", "Coverage (Institute Cargo Clauses)", "compliance"),
      field("insurance_data.claims_agent", "Claims agent at destination", "compliance"),
      field("insurance_data.deductible", "Deductible", "compliance"),
    ],
  },
  SHIPPERS_LETTER_OF_INSTRUCTION: {
    required: [field("exporter.name", "Exporter (USPPI) name", "parties")],
    recommended: [
      field("sli_data.forwarding_agent_name", "Forwarding agent", "logistics"),
      field("sli_data.eei_filing", "EEI filing (ITN or exemption)", "compliance"),
      field("sli_data.freight_payment", "Freight (PREPAID or COLLECT)", "logistics"),
      field("sli_data.ultimate_consignee_type", "Ultimate consignee type", "parties"),
    ],
  },
  VGM_DECLARATION: {
    required: [SHIPPER, field("container.number", "Container number", "logistics")],
    recommended: [
      field("vgm_data.weighing_method", "Weighing method (1 or 2)", "logistics"),
      field("vgm_data.weighing_station", "Weighing station", "logistics"),
      field("vgm_data.weighing_date", "Weighing date", "logistics"),
      field("vgm_data.authorised_person", "Authorised person", "logistics"),
      field("route.booking_number", "Booking number", "route"),
    ],
  },
  DANGEROUS_GOODS_DECLARATION: {
    required: [
      field("hazardous_shipment.emergency_contact", "24-hour emergency contact", "compliance"),
    ],
    recommended: [
      field("hazardous_shipment.transport_regulation", "Transport regulation", "compliance"),
      field("hazardous_shipment.handling_instructions", "Handling instructions", "compliance"),
    ],
  },
  HEALTH_VETERINARY_CERTIFICATE: {
    required: [
      field("veterinary_data.competent_authority", "Competent authority", "compliance"),
      field("veterinary_data.establishment_number", "Establishment number", "compliance"),
    ],
    recommended: [
      field("veterinary_data.inspector_name", "Official veterinarian", "compliance"),
      field("veterinary_data.inspection_date", "Inspection date", "compliance"),
      field("veterinary_data.attestation", "Attestation", "compliance"),
    ],
  },
  PHYTOSANITARY_CERTIFICATE: {
    required: [
      field(
        "phytosanitary_data.issuing_authority",
        "Issuing plant protection organization",
        "compliance",
      ),
    ],
    recommended: [
      field("phytosanitary_data.place_of_origin", "Place of origin", "compliance"),
      field("phytosanitary_data.point_of_entry", "Declared point of entry", "compliance"),
      field("phytosanitary_data.treatment.method", "Treatment", "compliance"),
      field("phytosanitary_data.inspector_name", "Authorized officer", "compliance"),
    ],
  },
  CERTIFICATE_OF_ANALYSIS: {
    required: [
      field("analysis_data.batch_number", "Batch number", "compliance"),
      field("analysis_data.test_standard", "Test standard", "compliance"),
    ],
    recommended: [
      field("analysis_data.product_name", "Product name", "goods"),
      field("analysis_data.laboratory_name", "Laboratory", "compliance"),
      field("analysis_data.overall_result", "Overall result", "compliance"),
    ],
  },
  EUR1_MOVEMENT_CERTIFICATE: { required: [], recommended: [AGREEMENT] },
  USMCA_CERTIFICATE_OF_ORIGIN: {
    required: [],
    recommended: [
      field("producer.name", "Producer name", "parties"),
      field("certifier.role", "Certifier (importer, exporter or producer)", "parties"),
    ],
  },
  STATEMENT_ON_ORIGIN: { required: [], recommended: [AGREEMENT] },
};

// Every type has an entry (the Record type checks it at compile time; this at load).
for (const type of DOCUMENT_TYPES) {
  if (!FIELD_REQUIREMENTS[type]) throw new Error(`no field requirements for ${type}`);
}
