/**
 * The two storage back ends.
 *
 * SupabaseStorage against a real HTTP server on loopback that speaks the Supabase Storage REST
 * calls @supabase/storage-js 2.119 (what supabase-js wraps) makes for it (read from storage-js's StorageFileApi):
 * upload `POST /storage/v1/object/<bucket>/<path>` with `x-upsert`, download
 * `GET /storage/v1/object/<bucket>/<path>`, and `POST /storage/v1/object/sign/<bucket>/<path>`
 * answering `{signedURL}` relative to /storage/v1. Errors come back the way Supabase Storage
 * sends them: a JSON body `{statusCode, error, message}`, for a missing object with HTTP 400 and
 * statusCode "404" (the legacy answer) or HTTP 404 with code NoSuchKey (newer servers).
 *
 * LocalStorage: unsafe paths refused, signed URLs verified (fresh, expired, forged, another
 * bucket or path).
 */
import { LocalStorage } from "../../shared/platform/storage/local.ts";
import { SupabaseStorage } from "../../shared/platform/storage/supabase.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { FakeStorageServer, storageError } from "../support/storage_server.ts";

const SERVICE_KEY = "service-key";
const BUCKET = "documents";
const PDF = new TextEncoder().encode("%PDF-1.7\n% \u00e4\u00f6\u00fc binary \u0000\u00ff\n%%EOF\n");

/** A fake server and a SupabaseStorage pointed at it, closed after the test. */
async function withSupabase(
  fn: (server: FakeStorageServer, storage: SupabaseStorage) => Promise<void>,
): Promise<void> {
  const server = new FakeStorageServer(SERVICE_KEY);
  try {
    await fn(server, new SupabaseStorage(server.url, SERVICE_KEY, BUCKET));
  } finally {
    await server.close();
  }
}

async function rejects(fn: () => Promise<unknown>, pattern: RegExp): Promise<void> {
  let caught: unknown;
  try {
    await fn();
  } catch (e) {
    caught = e;
  }
  assert(caught instanceof Error, `expected an error matching ${pattern}`);
  assert(pattern.test(caught.message), `error "${caught.message}" matches ${pattern}`);
}

Deno.test("supabase storage: put then get returns the same bytes, with the service key", async () => {
  await withSupabase(async (server, storage) => {
    const path = "team-1/shipment-7/COMMERCIAL_INVOICE.pdf";
    await storage.put(path, PDF, "application/pdf");
    const stored = server.objects.get(`${BUCKET}/${path}`);
    assert(stored, "the server holds the object under <bucket>/<path>");
    assertEquals(stored.bytes, PDF);
    equal(stored.contentType, "application/pdf");

    const back = await storage.get(path);
    assert(back, "get finds the object");
    assertEquals(back, PDF);

    // Uploading again replaces the object (upsert), not a 409.
    const second = new TextEncoder().encode("%PDF-1.7 second version");
    await storage.put(path, second, "application/pdf");
    assertEquals(await storage.get(path), second);

    const upload = server.seen.find((s) => s.method === "POST");
    assert(upload, "the upload is a POST");
    equal(upload.path, `/storage/v1/object/${BUCKET}/${path}`);
    equal(upload.upsert, "true");
    equal(upload.contentType, "application/pdf");
    const download = server.seen.find((s) => s.method === "GET");
    equal(download?.path, `/storage/v1/object/${BUCKET}/${path}`);
    equal(server.seen.length, 4);
    for (const s of server.seen) {
      equal(s.authorization, `Bearer ${SERVICE_KEY}`, `${s.method} ${s.path} sends the Bearer key`);
      equal(s.apikey, SERVICE_KEY, `${s.method} ${s.path} sends the apikey header`);
    }
  });
});

Deno.test("supabase storage: get of a missing object is null (legacy 400 and plain 404)", async () => {
  await withSupabase(async (server, storage) => {
    await storage.put("team-1/present.pdf", PDF, "application/pdf");
    for (const style of ["legacy-400", "404"] as const) {
      server.missingStyle = style;
      equal(await storage.get("team-1/missing.pdf"), null, `missing object (${style})`);
      assertEquals(await storage.get("team-1/present.pdf"), PDF, `present object (${style})`);
    }
  });
});

Deno.test("supabase storage: a server error on download throws", async () => {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () =>
      storageError(500, { statusCode: "500", error: "internal", message: "database unavailable" }),
  );
  try {
    const storage = new SupabaseStorage(
      `http://127.0.0.1:${server.addr.port}`,
      SERVICE_KEY,
      BUCKET,
    );
    await rejects(() => storage.get("team-1/x.pdf"), /storage download failed/);
  } finally {
    await server.shutdown();
  }
});

Deno.test("supabase storage: a missing bucket or tenant throws instead of passing for no file", async () => {
  for (const message of ["Bucket not found", "Tenant not found"]) {
    const server = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      () => storageError(400, { statusCode: "404", error: "not_found", message }),
    );
    try {
      const storage = new SupabaseStorage(
        `http://127.0.0.1:${server.addr.port}`,
        SERVICE_KEY,
        BUCKET,
      );
      await rejects(() => storage.get("team-1/x.pdf"), /storage download failed/);
    } finally {
      await server.shutdown();
    }
  }
});

Deno.test("supabase storage: signedUrl is an absolute URL with the server's token", async () => {
  await withSupabase(async (server, storage) => {
    const path = "team-1/shipment-7/PACKING_LIST.pdf";
    await storage.put(path, PDF, "application/pdf");
    const signed = await storage.signedUrl(path, 600);
    const url = new URL(signed);
    equal(url.origin, server.url, "absolute, on the storage host");
    equal(url.pathname, `/storage/v1/object/sign/${BUCKET}/${path}`);
    const [token, grant] = [...server.tokens.entries()][0]!;
    equal(url.searchParams.get("token"), token, "the token the server issued");
    assert(signed.includes(token));
    equal(grant.expiresIn, 600, "the expiry reaches the server");

    const sign = server.seen.find((s) => s.path.startsWith("/storage/v1/object/sign/"));
    equal(sign?.method, "POST");
    equal(sign?.authorization, `Bearer ${SERVICE_KEY}`);
    equal(sign?.apikey, SERVICE_KEY);

    // Anyone holding the URL downloads the file with it, no key needed.
    const response = await fetch(signed);
    equal(response.status, 200);
    assertEquals(new Uint8Array(await response.arrayBuffer()), PDF);

    // Signing a missing object fails.
    await rejects(() => storage.signedUrl("team-1/missing.pdf", 60), /storage signing failed/);
  });
});

Deno.test("supabase storage: an upload the server refuses throws", async () => {
  await withSupabase(async (server, storage) => {
    server.uploadFailure = {
      status: 500,
      body: { statusCode: "500", error: "internal", message: "disk full" },
    };
    await rejects(
      () => storage.put("team-1/a.pdf", PDF, "application/pdf"),
      /storage upload failed: disk full/,
    );
    equal(server.objects.size, 0);
  });
  // A 500 without a JSON body (a proxy in front of Storage) throws as well.
  const bare = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (request) => {
      await request.body?.cancel();
      return new Response("Internal Server Error", { status: 500 });
    },
  );
  try {
    const storage = new SupabaseStorage(`http://127.0.0.1:${bare.addr.port}`, SERVICE_KEY, BUCKET);
    await rejects(() => storage.put("team-1/a.pdf", PDF, "application/pdf"), /upload failed/);
  } finally {
    await bare.shutdown();
  }
});

Deno.test("supabase storage: unsafe paths are refused before any request", async () => {
  await withSupabase(async (server, storage) => {
    for (const path of ["../etc/passwd", "team-1/../team-2/a.pdf", "/abs/a.pdf"]) {
      await rejects(() => storage.put(path, PDF, "application/pdf"), /unsafe storage path/);
      await rejects(() => storage.get(path), /unsafe storage path/);
      await rejects(() => storage.signedUrl(path, 60), /unsafe storage path/);
    }
    equal(server.seen.length, 0);
  });
});

// ---- LocalStorage ----

const BASE = "http://service.test";

function localStorage(root: string, bucket = BUCKET, secret = "signing-secret"): LocalStorage {
  return new LocalStorage(root, bucket, BASE, secret);
}

/** The bucket, path and token of a local signed URL. */
function parseSigned(signed: string): { bucket: string; path: string; token: string } {
  const url = new URL(signed);
  const m = url.pathname.match(/^\/storage\/v1\/object\/sign\/([^/]+)\/(.+)$/);
  assert(m, `signed URL shape: ${signed}`);
  return { bucket: m[1]!, path: m[2]!, token: url.searchParams.get("token") ?? "" };
}

Deno.test("local storage: put, get, missing is null, files stay under root/bucket", async () => {
  const root = await Deno.makeTempDir({ prefix: "local-storage-test-" });
  try {
    const storage = localStorage(root);
    await storage.put("team-1/s/a.pdf", PDF);
    assertEquals(await storage.get("team-1/s/a.pdf"), PDF);
    assertEquals(await Deno.readFile(`${root}/${BUCKET}/team-1/s/a.pdf`), PDF);
    equal(await storage.get("team-1/s/missing.pdf"), null);
    const left = [...Deno.readDirSync(`${root}/${BUCKET}/team-1/s`)].map((e) => e.name);
    assertEquals(left, ["a.pdf"], "no temporary file is left behind");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("local storage: paths with .. or absolute paths are refused", async () => {
  const root = await Deno.makeTempDir({ prefix: "local-storage-test-" });
  try {
    const storage = localStorage(`${root}/store`);
    const unsafe = [
      "../outside.pdf",
      "team-1/../../outside.pdf",
      "team-1/./a.pdf",
      "/tmp/outside.pdf",
      "/etc/passwd",
      "team-1//a.pdf",
      "",
    ];
    for (const path of unsafe) {
      await rejects(() => storage.put(path, PDF), /unsafe storage path/);
      await rejects(() => storage.get(path), /unsafe storage path/);
      await rejects(() => storage.signedUrl(path, 60), /unsafe storage path/);
    }
    assertEquals([...Deno.readDirSync(root)].map((e) => e.name), [], "nothing was written");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("local storage: verify accepts a fresh signature, refuses expired, forged, elsewhere", async () => {
  const root = await Deno.makeTempDir({ prefix: "local-storage-test-" });
  try {
    const storage = localStorage(root);
    const path = "team-1/shipment-7/BILL_OF_LADING.pdf";
    const signed = await storage.signedUrl(path, 300);
    assert(signed.startsWith(`${BASE}/storage/v1/object/sign/${BUCKET}/${path}?token=`), signed);
    const { bucket, path: signedPath, token } = parseSigned(signed);
    equal(bucket, BUCKET);
    equal(signedPath, path);

    equal(await storage.verify(BUCKET, path, token), true, "fresh signature");
    const expires = Number(token.split(".")[0]);
    const now = Date.now();
    assert(expires * 1000 > now + 290_000 && expires * 1000 <= now + 301_000, "expires in 300 s");
    equal(await storage.verify(BUCKET, path, token, expires * 1000), true, "at the expiry");
    equal(await storage.verify(BUCKET, path, token, expires * 1000 + 1000), false, "expired");

    const expired = parseSigned(await storage.signedUrl(path, -10)).token;
    equal(await storage.verify(BUCKET, path, expired), false, "issued already expired");

    equal(await storage.verify("other-bucket", path, token), false, "another bucket");
    equal(
      await storage.verify(BUCKET, "team-1/shipment-7/PACKING_LIST.pdf", token),
      false,
      "another path",
    );
    equal(await storage.verify(BUCKET, "team-2/shipment-7/BILL_OF_LADING.pdf", token), false);
    equal(await storage.verify(BUCKET, `../${path}`, token), false, "unsafe path");

    // The expiry is signed: moving it later breaks the signature.
    const [, mac] = token.split(".");
    equal(await storage.verify(BUCKET, path, `${expires + 3600}.${mac}`), false, "later expiry");
    const flipped = mac!.slice(0, 10) + (mac![10] === "A" ? "B" : "A") + mac!.slice(11);
    equal(await storage.verify(BUCKET, path, `${expires}.${flipped}`), false, "altered MAC");
    equal(await storage.verify(BUCKET, path, ""), false, "no token");
    equal(await storage.verify(BUCKET, path, "garbage"), false, "malformed token");

    // The same bucket name with another secret does not accept the token.
    const other = localStorage(root, BUCKET, "another-secret");
    equal(await other.verify(BUCKET, path, token), false, "another signing secret");
    // Another bucket's storage does not accept it for its own bucket either.
    const elsewhere = localStorage(root, "uploads");
    equal(await elsewhere.verify("uploads", path, token), false, "signed for another bucket");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
