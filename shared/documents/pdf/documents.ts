/**
 * The 16 documents: each type's template, rendered by the layout engine. Static imports only
 * (Supabase's bundler follows nothing else).
 */
import type { DocumentRenderer } from "../jobs/renderer.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentData } from "../../shipments/types.ts";
import type { DocumentSpec, RenderContext } from "./model.ts";
import { RenderPool } from "./pool.ts";
import { renderPdf } from "./render.ts";
import { commercialInvoiceTemplate } from "./templates/commercial_invoice.ts";
import { packingListTemplate } from "./templates/packing_list.ts";
import { billOfLadingTemplate } from "./templates/bill_of_lading.ts";
import { certificateOfOriginTemplate } from "./templates/certificate_of_origin.ts";
import { proformaInvoiceTemplate } from "./templates/proforma_invoice.ts";
import { dangerousGoodsDeclarationTemplate } from "./templates/dangerous_goods_declaration.ts";
import { airWaybillTemplate } from "./templates/air_waybill.ts";
import { shippersLetterOfInstructionTemplate } from "./templates/shippers_letter_of_instruction.ts";
import { vgmDeclarationTemplate } from "./templates/vgm_declaration.ts";
import { insuranceCertificateTemplate } from "./templates/insurance_certificate.ts";
import { eur1MovementCertificateTemplate } from "./templates/eur1_movement_certificate.ts";
import { usmcaCertificateOfOriginTemplate } from "./templates/usmca_certificate_of_origin.ts";
import { statementOnOriginTemplate } from "./templates/statement_on_origin.ts";
import { phytosanitaryCertificateTemplate } from "./templates/phytosanitary_certificate.ts";
import { healthVeterinaryCertificateTemplate } from "./templates/health_veterinary_certificate.ts";
import { certificateOfAnalysisTemplate } from "./templates/certificate_of_analysis.ts";

export const TEMPLATES: Record<DocumentType, (data: ShipmentData) => DocumentSpec> = {
  COMMERCIAL_INVOICE: commercialInvoiceTemplate,
  PACKING_LIST: packingListTemplate,
  BILL_OF_LADING: billOfLadingTemplate,
  CERTIFICATE_OF_ORIGIN: certificateOfOriginTemplate,
  PROFORMA_INVOICE: proformaInvoiceTemplate,
  DANGEROUS_GOODS_DECLARATION: dangerousGoodsDeclarationTemplate,
  AIR_WAYBILL: airWaybillTemplate,
  SHIPPERS_LETTER_OF_INSTRUCTION: shippersLetterOfInstructionTemplate,
  VGM_DECLARATION: vgmDeclarationTemplate,
  INSURANCE_CERTIFICATE: insuranceCertificateTemplate,
  EUR1_MOVEMENT_CERTIFICATE: eur1MovementCertificateTemplate,
  USMCA_CERTIFICATE_OF_ORIGIN: usmcaCertificateOfOriginTemplate,
  STATEMENT_ON_ORIGIN: statementOnOriginTemplate,
  PHYTOSANITARY_CERTIFICATE: phytosanitaryCertificateTemplate,
  HEALTH_VETERINARY_CERTIFICATE: healthVeterinaryCertificateTemplate,
  CERTIFICATE_OF_ANALYSIS: certificateOfAnalysisTemplate,
};

export function renderDocument(
  docType: DocumentType,
  data: ShipmentData,
  ctx: RenderContext,
): Promise<Uint8Array<ArrayBuffer>> {
  const spec = TEMPLATES[docType](data);
  spec.countries = shipmentCountries(data);
  return renderPdf(spec, ctx);
}

/** The parties' and the route's country codes. */
function shipmentCountries(data: ShipmentData): string[] {
  const values: unknown[] = [
    data.exporter?.country,
    data.importer?.country,
    data.consignee?.country,
    data.route?.origin_country,
    data.route?.destination_country,
  ];
  return values.filter((value): value is string => typeof value === "string");
}

/** Render threads when there are cores to use; on the calling thread otherwise (edge). */
export function createRenderer(threads: number): DocumentRenderer {
  return threads > 0 ? new RenderPool(threads) : { render: renderDocument };
}
