import { Authenticator } from "./auth/authenticator.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/db.ts";
import { createLogger, type Logger } from "./http/log.ts";
import { RateLimiter } from "./http/rate_limit.ts";
import { BuiltInRulesProvider } from "./validation/builtin_provider.ts";
import { HttpRulesProvider } from "./validation/http_provider.ts";
import { ReferenceData } from "./validation/reference.ts";
import type { RulesProvider } from "./validation/types.ts";
import { LocalStorage } from "./storage/local.ts";
import type { Storage } from "./storage/storage.ts";
import { SupabaseStorage } from "./storage/supabase.ts";

/** Everything an app needs, built once per process and passed in (tests build their own). */
export interface ServiceDeps {
  config: Config;
  db: Db;
  auth: Authenticator;
  rateLimiter: RateLimiter;
  /** Per client address, for the public endpoints. */
  publicRateLimiter: RateLimiter;
  log: Logger;
  reference: ReferenceData;
  rules: { provider: RulesProvider; name: "builtin" | "http" };
  storage: Storage;
  /** Wakes the document workers after new jobs are queued (set by whoever runs them). */
  kickWorkers: () => void;
}

export function buildDeps(config: Config, db: Db, log?: Logger): ServiceDeps {
  const reference = new ReferenceData(db);
  return {
    storage: createStorage(config),
    kickWorkers: () => {},
    reference,
    rules: config.rulesProviderUrl
      ? {
        provider: new HttpRulesProvider(config.rulesProviderUrl, config.rulesProviderApiKey),
        name: "http",
      }
      : { provider: new BuiltInRulesProvider(reference), name: "builtin" },
    config,
    db,
    auth: new Authenticator(config, db),
    rateLimiter: new RateLimiter(config.rateLimitPerMinute),
    publicRateLimiter: new RateLimiter(config.publicRateLimitPerMinute),
    log: log ?? createLogger(config.logRequests),
  };
}

function createStorage(config: Config): Storage {
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
