/// <reference lib="deno.worker" />
/**
 * A render thread of RenderPool: renders one document per message and sends the PDF bytes
 * back (transferred, not copied).
 */
import { renderDocument } from "./documents.ts";
import type { RenderContext } from "./model.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentData } from "../../shipments/types.ts";

self.onmessage = async (
  event: MessageEvent<
    { id: number; docType: DocumentType; data: ShipmentData; ctx: RenderContext }
  >,
) => {
  const { id, docType, data, ctx } = event.data;
  try {
    const pdf = await renderDocument(docType, data, ctx);
    self.postMessage({ id, pdf }, [pdf.buffer]);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
