import { assertSafePath, type Storage } from "./storage.ts";

/**
 * Supabase Storage, with the service role key (the bucket stays private; links are signed).
 *
 * Three REST calls over fetch, the ones @supabase/storage-js 2.119's StorageFileApi makes
 * (upload with `x-upsert`, download, sign): the client itself with iceberg-js and tslib is
 * 1.3 MB of `deno info`, which the extraction worker cannot spare under Supabase's 20 MB.
 */
export class SupabaseStorage implements Storage {
  readonly kind = "supabase";
  readonly #base: string;
  readonly #headers: Record<string, string>;

  constructor(url: string, serviceRoleKey: string, private readonly bucket: string) {
    this.#base = new URL("storage/v1", withSlash(url)).href;
    this.#headers = { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` };
  }

  async put(path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafePath(path);
    const error = await this.#call("POST", `object/${this.bucket}/${path}`, {
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { "content-type": contentType, "cache-control": "max-age=3600", "x-upsert": "true" },
    });
    if (error) throw new Error(`storage upload failed: ${error.message}`);
  }

  async get(path: string): Promise<Uint8Array | null> {
    assertSafePath(path);
    const response = await this.#fetch("GET", `object/${this.bucket}/${path}`, {});
    if (!response.ok) {
      const error = await storageError(response);
      if (isMissingObject(error)) return null;
      throw new Error(`storage download failed: ${error.message}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  async signedUrl(path: string, expiresInSeconds: number): Promise<string> {
    assertSafePath(path);
    const response = await this.#fetch("POST", `object/sign/${this.bucket}/${path}`, {
      body: JSON.stringify({ expiresIn: expiresInSeconds }),
      headers: { "content-type": "application/json" },
    });
    if (!response.ok) {
      throw new Error(`storage signing failed: ${(await storageError(response)).message}`);
    }
    const data = await response.json().catch(() => null) as { signedURL?: unknown } | null;
    if (typeof data?.signedURL !== "string") {
      throw new Error("storage signing failed: the answer holds no signedURL");
    }
    return encodeURI(`${this.#base}${data.signedURL}`);
  }

  /** A call whose answer body is not needed: the error, or null on success. */
  async #call(method: string, path: string, init: RequestInit): Promise<StorageError | null> {
    const response = await this.#fetch(method, path, init);
    if (response.ok) {
      await response.body?.cancel();
      return null;
    }
    return await storageError(response);
  }

  #fetch(method: string, path: string, init: RequestInit): Promise<Response> {
    return fetch(`${this.#base}/${path}`, {
      ...init,
      method,
      headers: { ...this.#headers, ...(init.headers as Record<string, string> | undefined) },
    });
  }
}

interface StorageError {
  message: string;
  status: number;
}

/** Storage answers errors as JSON `{statusCode, error, message}`; a proxy may send plain text. */
async function storageError(response: Response): Promise<StorageError> {
  const text = await response.text().catch(() => "");
  let message = text.trim() || response.statusText || `HTTP ${response.status}`;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const found = body.message ?? body.error;
    if (typeof found === "string" && found) message = found;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return { message, status: response.status };
}

/**
 * Only a missing object is "no file". A missing bucket or tenant is a configuration error and
 * must not pass for missing documents.
 */
function isMissingObject(error: StorageError): boolean {
  const message = error.message.toLowerCase();
  if (/bucket|tenant/.test(message)) return false;
  const status = error.status;
  return /object not found|nosuchkey|not_found/.test(message) || status === 404 ||
    (status === 400 && /not found/.test(message));
}

function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
