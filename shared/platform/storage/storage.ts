/** Where generated and uploaded files live. Paths are `<team>/<…>/<name>`, never user text. */
export interface Storage {
  readonly kind: "local" | "supabase";
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(path: string): Promise<Uint8Array | null>;
  /** A URL anyone holding it can download from until it expires. */
  signedUrl(path: string, expiresInSeconds: number): Promise<string>;
}

const SAFE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Paths are built by the service, but checked anyway: no `..`, no absolute paths. */
export function assertSafePath(path: string): void {
  if (!SAFE_PATH.test(path) || path.split("/").some((p) => p === "." || p === "..")) {
    throw new Error(`unsafe storage path: ${path}`);
  }
}
