import type { OcrLoader } from "../builtin_provider.ts";

/**
 * OCR for a process that runs it (the gateway, `deno task worker`, their threads): Tesseract,
 * loaded at the first file that needs it. The edge runtime passes null instead and never has
 * this module in its graph.
 */
export const loadOcr: OcrLoader = () => import("./index.ts");
