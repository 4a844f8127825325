import type { PlatformDeps } from "../platform/deps.ts";
import { ReferenceData } from "./reference.ts";

/**
 * The reference data (HS codes, UN/LOCODEs, code lists), cached per process. Apart from the
 * rules (root.ts) so that the extraction worker, which needs the data but no rules, loads none
 * of the rules providers.
 */
export interface ReferenceDeps extends PlatformDeps {
  reference: ReferenceData;
}

export function referenceDeps(platform: PlatformDeps): ReferenceDeps {
  return { ...platform, reference: new ReferenceData(platform.db) };
}
