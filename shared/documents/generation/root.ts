import type { PlatformDeps } from "../../platform/deps.ts";
import { Signal } from "../../platform/util/signal.ts";
import { type ReferenceDeps, referenceDeps } from "../../validation/root.ts";

/**
 * What generate-documents adds: the reference data its pre-checks read, and the signal that
 * wakes whoever renders (the gateway's workers, or a drain in this isolate on the edge).
 */
export interface GenerationDeps extends ReferenceDeps {
  documentsQueued: Signal;
}

export function generationDeps(platform: PlatformDeps): GenerationDeps {
  return { ...referenceDeps(platform), documentsQueued: new Signal() };
}
