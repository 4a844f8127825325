import type { ExtractionWorkerDeps } from "../../extraction/root.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { type DocumentSigner, withSigner } from "../signing/signer.ts";
import { type StorageDeps, storageDeps } from "../../platform/storage/create.ts";

/** What renders documents: where files go and who signs them. */
export interface RenderDeps extends StorageDeps {
  /** Signs final documents; null when no certificate is configured. */
  signer: DocumentSigner | null;
}

/** What the `worker` function and generate-documents' own drain render and deliver with. */
export function renderDeps(platform: PlatformDeps): RenderDeps {
  return withSigner(storageDeps(platform));
}

/** What drains every queue in one process (Deno Deploy): rendering, extraction, webhooks. */
export interface QueueDeps extends RenderDeps, ExtractionWorkerDeps {}
