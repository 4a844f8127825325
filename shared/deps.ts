import type { Config } from "./platform/config.ts";
import type { Db } from "./platform/db/db.ts";
import type { ExtractionRouteDeps, ExtractionWorkerDeps } from "./extraction/root.ts";
import { extractionProviderSpec } from "./extraction/jobs/providers.ts";
import { type FlattenDeps, flattenerFor } from "./documents/flatten/root.ts";
import { type FormsDeps, formThreadsFor } from "./documents/forms/root.ts";
import type { GenerationDeps } from "./documents/generation/root.ts";
import type { Logger } from "./platform/http/log.ts";
import { buildPlatformDeps } from "./platform/deps.ts";
import { DocumentSigner } from "./documents/signing/signer.ts";
import { createStorage } from "./platform/storage/create.ts";
import { Signal } from "./platform/util/signal.ts";
import { ReferenceData } from "./validation/reference.ts";
import { rulesFor, type ValidationDeps } from "./validation/root.ts";

/**
 * Everything every feature needs, for a process that serves them all: the local gateway, the
 * Deno Deploy app, a standalone worker and the tests. An edge function never imports this
 * module: it builds the platform and its own feature's parts only (`shared/*\/root.ts`).
 */
export interface ServiceDeps
  extends
    ValidationDeps,
    GenerationDeps,
    FlattenDeps,
    FormsDeps,
    ExtractionRouteDeps,
    ExtractionWorkerDeps {}

export function buildDeps(config: Config, db: Db, log?: Logger): ServiceDeps {
  const reference = new ReferenceData(db);
  return {
    ...buildPlatformDeps(config, db, log),
    reference,
    rules: rulesFor(config, reference),
    storage: createStorage(config),
    signer: DocumentSigner.fromConfig(config),
    flatten: flattenerFor(config),
    forms: formThreadsFor(config),
    extraction: extractionProviderSpec(config),
    documentsQueued: new Signal(),
    extractionQueued: new Signal(),
  };
}
