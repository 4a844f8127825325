import type { Config } from "../../platform/config.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import type { FlattenProvider } from "./provider.ts";
import { type DocumentSigner, withSigner } from "../signing/signer.ts";
import { type StorageDeps, storageDeps } from "../../platform/storage/create.ts";
import { BuiltInFlattener } from "./builtin_provider.ts";
import { HttpFlattener } from "./http_provider.ts";

/** What flatten-document adds: the flattener, where files go, and who signs them. */
export interface FlattenDeps extends StorageDeps {
  /** The built-in PDF/A-2b flattener, or FLATTEN_SERVICE_URL. */
  flatten: FlattenProvider;
  /** Signs flattened documents; null when no certificate is configured. */
  signer: DocumentSigner | null;
}

export function flattenerFor(config: Config): FlattenProvider {
  return config.flattenServiceUrl
    ? new HttpFlattener(config.flattenServiceUrl, config.flattenServiceApiKey)
    : new BuiltInFlattener();
}

export function flattenDeps(platform: PlatformDeps): FlattenDeps {
  return { ...withSigner(storageDeps(platform)), flatten: flattenerFor(platform.config) };
}
