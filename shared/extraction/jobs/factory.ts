/** The one place extraction providers are built, in a thread or in the calling isolate. */
import type { ExtractionProvider } from "../provider.ts";
import { BuiltInExtractionProvider, type OcrLoader } from "../builtin_provider.ts";
import type { ExtractionLookups } from "../fields/lookups.ts";
import { HttpExtractionProvider } from "../http_provider.ts";
import type { ExtractionProviderSpec } from "./providers.ts";

export function createExtractionProvider(
  spec: ExtractionProviderSpec,
  lookups: ExtractionLookups,
  options: { ocr: OcrLoader | null },
): ExtractionProvider {
  switch (spec.kind) {
    case "builtin":
      return new BuiltInExtractionProvider(lookups, options);
    case "http":
      return new HttpExtractionProvider(spec);
  }
}
