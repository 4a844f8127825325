/**
 * The node:http server the gateway runs on (shared/platform/http/node_serve.ts), over real loopback
 * sockets: requests and answers pass whole (headers, cookies, streamed bodies, HEAD), the body
 * is read only as the handler asks, and an answer given before the body ended closes the socket.
 */
import { serveWithNode } from "../../shared/platform/http/node_serve.ts";
import { assert, equal } from "../support/assert.ts";

const LOOPBACK = { port: 0, hostname: "127.0.0.1" };

Deno.test("requests and answers pass through node:http whole", async () => {
  const server = await serveWithNode(LOOPBACK, async (request, remoteAddr) => {
    const headers = new Headers({ "x-method": request.method, "x-remote": remoteAddr });
    headers.append("set-cookie", "a=1");
    headers.append("set-cookie", "b=2");
    headers.set("x-seen", request.headers.get("x-test") ?? "");
    if (request.method === "POST") {
      // Streamed back in three chunks, without a Content-Length.
      const text = await request.text();
      const body = ReadableStream.from([text, "|", new URL(request.url).search]).pipeThrough(
        new TextEncoderStream(),
      );
      return new Response(body, { status: 201, headers });
    }
    return new Response("hello", { status: 200, headers });
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  try {
    const post = await fetch(`${url}/echo?q=1`, {
      method: "POST",
      headers: { "x-test": "yes" },
      body: "x".repeat(300_000),
    });
    equal(post.status, 201);
    equal(await post.text(), `${"x".repeat(300_000)}|?q=1`);
    equal(post.headers.get("x-seen"), "yes");
    equal(post.headers.get("x-remote"), "127.0.0.1");
    equal(post.headers.getSetCookie().join(" "), "a=1 b=2");

    const head = await fetch(url, { method: "HEAD" });
    equal(head.status, 200);
    equal(head.headers.get("x-method"), "HEAD");
    equal(await head.text(), "");
  } finally {
    await server.shutdown();
  }
});

Deno.test("a body is read only as the handler asks, and an early answer closes the socket", async () => {
  let received = 0;
  const server = await serveWithNode({ ...LOOPBACK, highWaterMark: 64 * 1024 }, async (request) => {
    const reader = request.body!.getReader();
    const first = await reader.read();
    received += first.value?.byteLength ?? 0;
    // Time for a sender that ignores backpressure to push more than the stream holds.
    await new Promise((r) => setTimeout(r, 300));
    await reader.cancel();
    return new Response("enough", { status: 413 });
  });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  try {
    const head = "POST /up HTTP/1.1\r\nhost: x\r\ncontent-length: 50000000\r\n\r\n";
    await conn.write(new TextEncoder().encode(head));
    // Write without waiting for the answer: the server must neither hold all of it nor hang.
    const writing = (async () => {
      const chunk = new Uint8Array(256 * 1024);
      for (let i = 0; i < 40; i++) await conn.write(chunk);
    })().catch(() => {});
    let text = "";
    const buf = new Uint8Array(16 * 1024);
    const started = performance.now();
    let closed = false;
    while (performance.now() - started < 10_000) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) {
        closed = true;
        break;
      }
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    await writing;
    assert(text.startsWith("HTTP/1.1 413"), text.slice(0, 100));
    assert(/\r\nconnection: close\r\n/i.test(text), text.slice(0, 300));
    assert(closed, "the server closed the connection");
    assert(received <= 256 * 1024, `the handler got ${received} bytes at its first read`);
  } finally {
    conn.close();
    await server.shutdown();
  }
});

Deno.test("a taken port is Deno.errors.AddrInUse", async () => {
  const server = await serveWithNode(LOOPBACK, () => new Response("ok"));
  try {
    let error: unknown;
    try {
      await serveWithNode({ ...LOOPBACK, port: server.addr.port }, () => new Response("no"));
    } catch (e) {
      error = e;
    }
    assert(error instanceof Deno.errors.AddrInUse, String(error));
  } finally {
    await server.shutdown();
  }
});

Deno.test("shutdown lets a request in flight finish", async () => {
  const { promise: arrived, resolve } = Promise.withResolvers<void>();
  const server = await serveWithNode(LOOPBACK, async () => {
    resolve();
    await new Promise((r) => setTimeout(r, 300));
    return new Response("finished");
  });
  const answer = fetch(`http://127.0.0.1:${server.addr.port}/`);
  await arrived;
  await server.shutdown();
  const res = await answer;
  equal(await res.text(), "finished");
});

Deno.test("a whole answer goes with its Content-Length, a streamed one chunked", async () => {
  const server = await serveWithNode(LOOPBACK, (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/whole") return Response.json({ é: "x".repeat(100) });
    if (path === "/empty") return new Response("");
    return new Response(ReadableStream.from(["a", "b", "c"]).pipeThrough(new TextEncoderStream()));
  });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  try {
    // Three requests on one keep-alive connection: each answer's framing must end where the
    // next begins.
    const ask = "GET /whole HTTP/1.1\r\nhost: x\r\n\r\n" +
      "GET /empty HTTP/1.1\r\nhost: x\r\n\r\n" +
      "GET /streamed HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n";
    await conn.write(new TextEncoder().encode(ask));
    const bytes = new Uint8Array(await new Response(conn.readable).arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    equal(answers.length, 3, text);
    const [whole = "", empty = "", streamed = ""] = answers;
    const body = JSON.stringify({ é: "x".repeat(100) });
    const length = new TextEncoder().encode(body).length;
    assert(whole.toLowerCase().includes(`content-length: ${length}\r\n`), whole);
    assert(!whole.toLowerCase().includes("transfer-encoding"), whole);
    assert(whole.endsWith(`\r\n\r\n${body}`), whole);
    assert(empty.toLowerCase().includes("content-length: 0\r\n"), empty);
    assert(streamed.toLowerCase().includes("transfer-encoding: chunked"), streamed);
    assert(streamed.endsWith("\r\n\r\n1\r\na\r\n1\r\nb\r\n1\r\nc\r\n0\r\n\r\n"), streamed);
  } finally {
    await server.shutdown();
  }
});

Deno.test("shutdown ends although clients left before their answers were written", async () => {
  const { promise: asked, resolve: ask } = Promise.withResolvers<void>();
  const server = await serveWithNode(LOOPBACK, async (request) => {
    ask();
    await new Promise((r) => setTimeout(r, 200));
    const path = new URL(request.url).pathname;
    // One answer in one piece, one streamed (two chunks), as the gateway sends both.
    return new Response(
      path === "/stream"
        ? ReadableStream.from(["late ", "answer"]).pipeThrough(new TextEncoderStream())
        : "late answer",
    );
  });
  for (const path of ["/", "/stream", "/", "/stream"]) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    await conn.write(new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
    await asked;
    conn.close();
  }
  // Every handler has answered into a closed socket by now.
  await new Promise((r) => setTimeout(r, 400));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<string>((r) => timer = setTimeout(() => r("stuck"), 5_000));
  const result = await Promise.race([server.shutdown().then(() => "ended"), stuck]);
  clearTimeout(timer);
  equal(result, "ended");
});
