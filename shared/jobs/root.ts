import { type ExtractionWorkerDeps, extractionWorkerDeps } from "../extraction/root.ts";
import type { PlatformDeps } from "../platform/deps.ts";
import { type DocumentSigner, withSigner } from "../signing/signer.ts";
import type { StorageDeps } from "../storage/create.ts";

/** What renders documents: where files go and who signs them. */
export interface RenderDeps extends StorageDeps {
  /** Signs final documents; null when no certificate is configured. */
  signer: DocumentSigner | null;
}

/** What drains every queue (the `worker` function): rendering, extraction, webhooks. */
export interface QueueDeps extends RenderDeps, ExtractionWorkerDeps {}

export function queueDeps(platform: PlatformDeps): QueueDeps {
  return withSigner(extractionWorkerDeps(platform));
}
