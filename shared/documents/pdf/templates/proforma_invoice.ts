/**
 * PROFORMA INVOICE (19 CFR 141.85): the commercial invoice's contents issued before shipment,
 * with the proforma number and date, its validity and the estimated shipment date; signed by
 * the seller.
 */
import type { DocumentSpec } from "../model.ts";
import { invoiceSpec } from "./commercial_invoice.ts";
import type { ShipmentData } from "./common.ts";

export function proformaInvoiceTemplate(data: ShipmentData): DocumentSpec {
  return invoiceSpec(data, "proforma");
}
