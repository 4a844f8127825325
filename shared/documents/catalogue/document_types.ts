export const DOCUMENT_TYPES = [
  "COMMERCIAL_INVOICE",
  "PACKING_LIST",
  "BILL_OF_LADING",
  "CERTIFICATE_OF_ORIGIN",
  "PROFORMA_INVOICE",
  "DANGEROUS_GOODS_DECLARATION",
  "AIR_WAYBILL",
  "SHIPPERS_LETTER_OF_INSTRUCTION",
  "VGM_DECLARATION",
  "INSURANCE_CERTIFICATE",
  "EUR1_MOVEMENT_CERTIFICATE",
  "USMCA_CERTIFICATE_OF_ORIGIN",
  "STATEMENT_ON_ORIGIN",
  "PHYTOSANITARY_CERTIFICATE",
  "HEALTH_VETERINARY_CERTIFICATE",
  "CERTIFICATE_OF_ANALYSIS",
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === "string" && (DOCUMENT_TYPES as readonly string[]).includes(value);
}
