/**
 * Supabase Storage's REST API on loopback, over an in-memory bucket map: the calls
 * @supabase/storage-js 2.119 (what supabase-js wraps) makes (read from storage-js's StorageFileApi): upload
 * `POST /storage/v1/object/<bucket>/<path>` with `x-upsert`, download
 * `GET /storage/v1/object/<bucket>/<path>`, and `POST /storage/v1/object/sign/<bucket>/<path>`
 * answering `{signedURL}` relative to /storage/v1, then `GET` of that signed URL without a key.
 * Errors come back the way Supabase Storage sends them: a JSON body `{statusCode, error,
 * message}`, for a missing object with HTTP 400 and statusCode "404" (the legacy answer) or
 * HTTP 404 with code NoSuchKey (newer servers).
 */
interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  apikey: string | null;
  upsert: string | null;
  contentType: string | null;
}

type Failure = { status: number; body: Record<string, string> };

/** A few Supabase Storage endpoints over one in-memory bucket map. */
export class FakeStorageServer {
  readonly objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  readonly seen: Seen[] = [];
  readonly tokens = new Map<string, { key: string; expiresIn: number }>();
  /** Set to make every upload fail this way. */
  uploadFailure: Failure | null = null;
  /** How a missing object is answered: the legacy 400 or a plain 404. */
  missingStyle: "legacy-400" | "404" = "legacy-400";
  readonly #server: Deno.HttpServer<Deno.NetAddr>;

  /** `serviceKey`: the key every call but a signed download must carry. */
  constructor(private readonly serviceKey: string) {
    this.#server = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      (request) => this.#handle(request),
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.#server.addr.port}`;
  }

  close(): Promise<void> {
    return this.#server.shutdown();
  }

  async #handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = decodeURIComponent(url.pathname);
    this.seen.push({
      method: request.method,
      path,
      authorization: request.headers.get("authorization"),
      apikey: request.headers.get("apikey"),
      upsert: request.headers.get("x-upsert"),
      contentType: request.headers.get("content-type"),
    });

    // A signed URL is the one request that carries no key: the token is the credential.
    const signed = path.match(/^\/storage\/v1\/object\/sign\/(.+)$/);
    if (request.method === "GET" && signed) {
      const grant = this.tokens.get(url.searchParams.get("token") ?? "");
      if (!grant || grant.key !== signed[1]) {
        return storageError(400, {
          statusCode: "400",
          error: "InvalidJWT",
          message: "invalid signature",
        });
      }
      return this.#object(grant.key);
    }

    if (
      request.headers.get("authorization") !== `Bearer ${this.serviceKey}` ||
      request.headers.get("apikey") !== this.serviceKey
    ) {
      return storageError(400, {
        statusCode: "403",
        error: "Unauthorized",
        message: "invalid key",
      });
    }

    if (request.method === "POST" && signed) {
      const body = await request.json() as { expiresIn?: number };
      const key = signed[1]!;
      if (!this.objects.has(key)) return this.#missing();
      const token = `tok-${crypto.randomUUID()}`;
      this.tokens.set(token, { key, expiresIn: Number(body.expiresIn) });
      return Response.json({ signedURL: `/object/sign/${key}?token=${token}` });
    }

    const object = path.match(/^\/storage\/v1\/object\/(?:authenticated\/)?(.+)$/);
    if (!object) {
      return storageError(400, { statusCode: "404", error: "not_found", message: "no route" });
    }
    const key = object[1]!;
    if (request.method === "POST" || request.method === "PUT") {
      if (this.uploadFailure) {
        await request.body?.cancel();
        return storageError(this.uploadFailure.status, this.uploadFailure.body);
      }
      const upsert = request.method === "PUT" || request.headers.get("x-upsert") === "true";
      if (this.objects.has(key) && !upsert) {
        await request.body?.cancel();
        return storageError(400, {
          statusCode: "409",
          error: "Duplicate",
          message: "The resource already exists",
        });
      }
      this.objects.set(key, {
        bytes: new Uint8Array(await request.arrayBuffer()),
        contentType: request.headers.get("content-type") ?? "application/octet-stream",
      });
      return Response.json({ Id: crypto.randomUUID(), Key: key });
    }
    if (request.method === "GET") return this.#object(key);
    return storageError(405, { statusCode: "405", error: "method", message: "method not allowed" });
  }

  #object(key: string): Response {
    const found = this.objects.get(key);
    if (!found) return this.#missing();
    return new Response(found.bytes.slice(), { headers: { "content-type": found.contentType } });
  }

  #missing(): Response {
    return this.missingStyle === "legacy-400"
      ? storageError(400, { statusCode: "404", error: "not_found", message: "Object not found" })
      : storageError(404, {
        statusCode: "404",
        code: "NoSuchKey",
        error: "not_found",
        message: "Object not found",
      });
  }
}

export function storageError(status: number, body: Record<string, string>): Response {
  return Response.json(body, { status });
}
