import type { Config } from "../config.ts";
import type { PlatformDeps } from "../deps.ts";
import { LocalStorage } from "./local.ts";
import type { Storage } from "./storage.ts";
import { SupabaseStorage } from "./supabase.ts";

/** Supabase Storage when the project's URL is set, otherwise files under DATA_DIR. */
export function createStorage(config: Config): Storage {
  if (config.supabaseUrl) {
    return new SupabaseStorage(config.supabaseUrl, config.serviceRoleKey, config.storageBucket);
  }
  return new LocalStorage(
    `${config.dataDir}/storage`,
    config.storageBucket,
    config.publicBaseUrl,
    config.storageSigningSecret,
  );
}

/** Functions that store or sign links to files. */
export interface StorageDeps extends PlatformDeps {
  storage: Storage;
}

export function storageDeps(platform: PlatformDeps): StorageDeps {
  return { ...platform, storage: createStorage(platform.config) };
}
