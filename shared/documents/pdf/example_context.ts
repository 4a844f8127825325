import type { RenderContext } from "./model.ts";

/**
 * The render context of the previews and the benchmarks: one example shipment and document, with
 * the validation hash given (a bench gives each render its own, so that no QR code is a cache hit).
 */
export function exampleRenderContext(validationHash: string, finalDoc = false): RenderContext {
  return {
    shipmentId: "7d7c3a4e-2f1b-4c8e-9a6d-5b4e3c2d1a0f",
    shipmentRef: "PO-2026-0042",
    validationHash,
    verifyUrl: `https://docs.example.com/functions/v1/verify-hash/${validationHash}`,
    finalDoc,
    createdAt: new Date("2026-11-28T09:00:00Z"),
    documentId: "6a1f2e3d-4c5b-4a69-8877-665544332211",
  };
}
