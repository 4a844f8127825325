import type { Config } from "../platform/config.ts";
import type { PlatformDeps } from "../platform/deps.ts";
import { BuiltInRulesProvider } from "./builtin_provider.ts";
import { HttpRulesProvider } from "./http_provider.ts";
import type { ReferenceData } from "./reference.ts";
import { type ReferenceDeps, referenceDeps } from "./reference_deps.ts";
import type { RulesProvider } from "./types.ts";

export { type ReferenceDeps, referenceDeps };

export interface Rules {
  provider: RulesProvider;
  name: "builtin" | "http";
}

/** What validate-shipment adds to the platform: the reference data and the rules. */
export interface ValidationDeps extends ReferenceDeps {
  rules: Rules;
}

/** The built-in rules over the reference data, or RULES_PROVIDER_URL's. */
export function rulesFor(config: Config, reference: ReferenceData): Rules {
  const { rulesProviderUrl, rulesProviderApiKey } = config;
  return rulesProviderUrl
    ? { provider: new HttpRulesProvider(rulesProviderUrl, rulesProviderApiKey), name: "http" }
    : { provider: new BuiltInRulesProvider(reference), name: "builtin" };
}

export function validationDeps(platform: PlatformDeps): ValidationDeps {
  const deps = referenceDeps(platform);
  return { ...deps, rules: rulesFor(deps.config, deps.reference) };
}
