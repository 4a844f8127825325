import type { RenderContext } from "../pdf/model.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentData } from "../../shipments/types.ts";

/** Turns shipment data into a PDF of one document type (in process, or on worker threads). */
export interface DocumentRenderer {
  render(
    docType: DocumentType,
    data: ShipmentData,
    ctx: RenderContext,
  ): Promise<Uint8Array>;
  close?(): void;
}
