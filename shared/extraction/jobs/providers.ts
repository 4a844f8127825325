/**
 * Which extraction provider a process uses, as plain data: a thread is started with it and
 * builds the provider itself (factory.ts). Kept free of the providers' own imports, so the
 * service's dependencies can hold it without loading PDF, spreadsheet and OCR code.
 */
import type { Config } from "../../platform/config.ts";

export type ExtractionProviderSpec =
  | { kind: "builtin" }
  | { kind: "http"; url: string; apiKey: string | undefined; model: string; timeoutMs: number };

/** An outside model when EXTRACTION_API_URL is set; the built-in extractor otherwise. */
export function extractionProviderSpec(config: Config): ExtractionProviderSpec {
  return config.extractionApiUrl
    ? {
      kind: "http",
      url: config.extractionApiUrl,
      apiKey: config.extractionApiKey,
      model: config.extractionModel,
      timeoutMs: config.extractionApiTimeoutSeconds * 1000,
    }
    : { kind: "builtin" };
}
