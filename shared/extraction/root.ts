import type { PlatformDeps } from "../platform/deps.ts";
import { type StorageDeps, storageDeps } from "../platform/storage/create.ts";
import { Signal } from "../platform/util/signal.ts";
import { type ReferenceDeps, referenceDeps } from "../validation/reference_deps.ts";
import { type ExtractionProviderSpec, extractionProviderSpec } from "./jobs/providers.ts";

/** What /api/v1/extract adds: where uploads go, and the signal that wakes the extractors. */
export interface ExtractionRouteDeps extends StorageDeps {
  extractionQueued: Signal;
}

/** What an extraction worker needs: where uploads are, the provider to build, reference data. */
export interface ExtractionWorkerDeps extends StorageDeps, ReferenceDeps {
  /** The built-in extractor, or an outside model (EXTRACTION_API_URL). */
  extraction: ExtractionProviderSpec;
}

export function extractionRouteDeps(platform: PlatformDeps): ExtractionRouteDeps {
  return { ...storageDeps(platform), extractionQueued: new Signal() };
}

export function extractionWorkerDeps(platform: PlatformDeps): ExtractionWorkerDeps {
  return {
    ...storageDeps(platform),
    ...referenceDeps(platform),
    extraction: extractionProviderSpec(platform.config),
  };
}
