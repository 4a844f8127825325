/**
 * The flatten provider: turns a generated (possibly filled-in) PDF into an archival PDF/A-2b
 * whose form values are static page content. The built-in one works offline
 * (shared/documents/flatten/builtin_provider.ts); the HTTP one sends the file to a Gotenberg-compatible
 * service at FLATTEN_SERVICE_URL (shared/documents/flatten/http_provider.ts).
 */

export interface FlattenInput {
  /** The PDF to flatten. */
  pdf: Uint8Array;
  /**
   * The document's title: the PDF/A metadata's dc:title and the Info dictionary's /Title
   * (default: the source's own /Title).
   */
  title?: string;
  /** Printed on every page when given. */
  hashStamp?: string;
  /** The caller's label for the document (kept in the metadata). */
  docType?: string;
}

export interface FlattenProvider {
  readonly name: "builtin" | "http";
  /** The PDF/A-2b file; throws FlattenFailure when the provider cannot produce one. */
  flatten(input: FlattenInput, options?: { signal?: AbortSignal }): Promise<Uint8Array>;
}

/** The provider could not flatten the file (unreadable PDF, outside service down or wrong). */
export class FlattenFailure extends Error {
  override name = "FlattenFailure";
}
