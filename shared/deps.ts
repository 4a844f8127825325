import { Authenticator } from "./auth/authenticator.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/db.ts";
import { BuiltInFlattener } from "./flatten/builtin_provider.ts";
import { HttpFlattener } from "./flatten/http_provider.ts";
import type { FlattenProvider } from "./providers/flatten.ts";
import {
  type ExtractionProviderSpec,
  extractionProviderSpec,
} from "./extraction/jobs/providers.ts";
import { createLogger, type Logger } from "./http/log.ts";
import { RateLimiter } from "./http/rate_limit.ts";
import { DocumentSigner } from "./signing/signer.ts";
import { UploadSlots } from "./http/upload_slots.ts";
import { TeamRateLimits } from "./http/team_limits.ts";
import { FormThreads } from "./forms/form_threads.ts";
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
  /** Per team, by tier. */
  teamRateLimits: TeamRateLimits;
  /** Failed authentications per client address. */
  authFailureLimiter: RateLimiter;
  log: Logger;
  /** extract-filled-fields' form reads, off the main thread. */
  forms: FormThreads;
  /** Each team's uploads in flight (MAX_UPLOADS_PER_TEAM). */
  uploads: UploadSlots;
  reference: ReferenceData;
  rules: { provider: RulesProvider; name: "builtin" | "http" };
  /** flatten-document's PDF/A-2b flattener: built in, or FLATTEN_SERVICE_URL. */
  flatten: FlattenProvider;
  storage: Storage;
  /** Signs final and flattened documents; null when no certificate is configured. */
  signer: DocumentSigner | null;
  /** Wakes the document workers after new jobs are queued (set by whoever runs them). */
  kickWorkers: () => void;
  /** The extraction provider workers build (built-in, or an outside model). */
  extraction: ExtractionProviderSpec;
  /** Wakes the extraction workers after a job is queued (set by whoever runs them). */
  kickExtraction: () => void;
}

export function buildDeps(config: Config, db: Db, log?: Logger): ServiceDeps {
  const reference = new ReferenceData(db);
  return {
    storage: createStorage(config),
    signer: config.signing
      ? DocumentSigner.fromP12(config.signing.p12Base64, config.signing.password)
      : null,
    kickWorkers: () => {},
    extraction: extractionProviderSpec(config),
    kickExtraction: () => {},
    reference,
    rules: config.rulesProviderUrl
      ? {
        provider: new HttpRulesProvider(config.rulesProviderUrl, config.rulesProviderApiKey),
        name: "http",
      }
      : { provider: new BuiltInRulesProvider(reference), name: "builtin" },
    flatten: config.flattenServiceUrl
      ? new HttpFlattener(config.flattenServiceUrl, config.flattenServiceApiKey)
      : new BuiltInFlattener(),
    config,
    db,
    auth: new Authenticator(config, db),
    rateLimiter: new RateLimiter(config.rateLimitPerMinute, undefined, "credential"),
    publicRateLimiter: new RateLimiter(config.publicRateLimitPerMinute, undefined, "address"),
    teamRateLimits: new TeamRateLimits(db, config.teamRateLimits),
    authFailureLimiter: new RateLimiter(config.authFailuresPerMinute, undefined, "auth-failures"),
    uploads: new UploadSlots(config.maxUploadsPerTeam),
    forms: new FormThreads({
      threads: config.formThreads,
      memoryMb: config.formThreadMemoryMb,
      timeoutMs: config.formReadTimeoutSeconds * 1000,
      maxQueued: 8 * Math.max(1, config.formThreads),
    }),
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
