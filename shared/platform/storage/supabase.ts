import { StorageClient } from "@supabase/storage-js";
import { assertSafePath, type Storage } from "./storage.ts";

/** Supabase Storage, with the service role key (the bucket stays private; links are signed). */
export class SupabaseStorage implements Storage {
  readonly kind = "supabase";
  readonly #storage: StorageClient;

  /**
   * Storage's own client (the one supabase-js wraps), with the headers supabase-js sends: the
   * whole Supabase client would bring auth, realtime and PostgREST (6 MB) to every function
   * that stores a file.
   */
  constructor(url: string, serviceRoleKey: string, private readonly bucket: string) {
    this.#storage = new StorageClient(new URL("storage/v1", withSlash(url)).href, {
      apikey: serviceRoleKey,
      Authorization: `Bearer ${serviceRoleKey}`,
    });
  }

  async put(path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafePath(path);
    const { error } = await this.#storage.from(this.bucket).upload(path, bytes, {
      contentType,
      upsert: true,
    });
    if (error) throw new Error(`storage upload failed: ${error.message}`);
  }

  async get(path: string): Promise<Uint8Array | null> {
    assertSafePath(path);
    const { data, error } = await this.#storage.from(this.bucket).download(path);
    if (error) {
      if (isMissingObject(error)) return null;
      throw new Error(`storage download failed: ${error.message}`);
    }
    return new Uint8Array(await data.arrayBuffer());
  }

  async signedUrl(path: string, expiresInSeconds: number): Promise<string> {
    assertSafePath(path);
    const { data, error } = await this.#storage.from(this.bucket).createSignedUrl(
      path,
      expiresInSeconds,
    );
    if (error || !data) throw new Error(`storage signing failed: ${error?.message}`);
    return data.signedUrl;
  }
}

/**
 * Only a missing object is "no file". A missing bucket or tenant is a configuration error and
 * must not pass for missing documents.
 */
function isMissingObject(error: { message: string }): boolean {
  const message = error.message.toLowerCase();
  if (/bucket|tenant/.test(message)) return false;
  const status = (error as { status?: number }).status;
  return /object not found|nosuchkey|not_found/.test(message) || status === 404 ||
    (status === 400 && /not found/.test(message));
}

function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
