/**
 * Serves a fetch handler through `node:http` instead of Deno.serve. Deno.serve (2.9) keeps the
 * socket of a request whose body it did not read to its end open for seconds after the answer,
 * even one sent with `Connection: close`: 100 slow senders cut off with 408 still held 100
 * sockets 8 s and more later. node:http closes such a socket as soon as the answer is out.
 *
 * The request body is handed on as a stream that reads from the socket only when the handler
 * asks (backpressure), so memory follows the bytes read, never the declared Content-Length; the
 * handler's own running count and read deadline (body.ts) decide when to stop. An answer sent
 * before the body was read to its end closes the connection: draining what a slow or oversized
 * sender still has to send would let it hold the socket.
 *
 * An answer whose body comes whole (one chunk, as every answer built in memory does) is sent with
 * its Content-Length in one write; a streamed one in chunked encoding, its first chunk held until
 * the second arrives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** How long an idle keep-alive connection is kept open. */
const KEEP_ALIVE_MS = 120_000;

export type FetchHandler = (request: Request, remoteAddr: string) => Promise<Response> | Response;

export interface NodeServer {
  addr: { hostname: string; port: number };
  /** Stops listening, lets the requests in flight finish, then closes every connection. */
  shutdown(): Promise<void>;
}

export interface NodeServeOptions {
  port: number;
  hostname: string;
  /** Bytes the request stream holds before it stops reading from the socket. */
  highWaterMark?: number;
}

/** Listens on `hostname:port`; rejects when the address cannot be taken (Deno.errors.AddrInUse). */
export function serveWithNode(
  options: NodeServeOptions,
  handler: FetchHandler,
): Promise<NodeServer> {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = createServer((incoming, outgoing) => {
    inFlight++;
    void answer(incoming, outgoing, handler, options.highWaterMark ?? 64 * 1024).finally(() => {
      if (--inFlight === 0) drained?.();
    });
  });
  // node:http ends a keep-alive connection after 5 s idle by default, and a client reusing it
  // at that moment sees "fetch failed" (seen under load with clients polling every second).
  // Deno.serve keeps idle connections until the client closes them; this stays close to that.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new Deno.errors.AddrInUse(`${options.hostname}:${options.port} is in use`)
          : error,
      );
    });
    server.listen(options.port, options.hostname, () => {
      const address = server.address() as AddressInfo;
      resolve({
        addr: { hostname: address.address, port: address.port },
        async shutdown() {
          const closed = new Promise<void>((done) => server.close(() => done()));
          server.closeIdleConnections();
          if (inFlight > 0) await new Promise<void>((done) => drained = done);
          server.closeAllConnections();
          await closed;
        },
      });
    });
  });
}

async function answer(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  handler: FetchHandler,
  highWaterMark: number,
): Promise<void> {
  const socket = incoming.socket as Socket;
  let response: Response;
  try {
    const request = toRequest(incoming, highWaterMark);
    response = request
      ? await handler(request, socket.remoteAddress ?? "")
      : new Response("Bad Request", { status: 400 });
  } catch (error) {
    // The handler answers its own errors; this is a bug, logged like Deno.serve would.
    console.error(error);
    response = new Response("Internal Server Error", { status: 500 });
  }
  try {
    await send(response, incoming, outgoing);
  } catch {
    // The client went away mid-answer.
    socket.destroy();
    return;
  }
  if (!incoming.complete) closeAfterAnswer(incoming, socket);
}

/** How long a client has to read the answer and close its side before its socket is ended. */
const LINGER_MS = 5_000;

function closeAfterAnswer(incoming: IncomingMessage, socket: Socket): void {
  incoming.resume();
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  Deno.unrefTimer(timer);
  socket.once("close", () => clearTimeout(timer));
}

function toRequest(incoming: IncomingMessage, highWaterMark: number): Request | undefined {
  const method = incoming.method ?? "GET";
  let url: URL;
  try {
    const target = incoming.url ?? "/";
    url = target.startsWith("/")
      ? new URL(target, `http://${incoming.headers.host || "localhost"}`)
      : new URL(target);
  } catch {
    try {
      // A Host header that is no host: the path still names the route.
      url = new URL(incoming.url ?? "/", "http://localhost");
    } catch {
      return undefined;
    }
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(
    url,
    (hasBody
      ? { method, body: bodyStream(incoming, highWaterMark), duplex: "half" }
      : { method }) as RequestInit,
  );
  // Appended to the request's own list: a Headers object passed in the init is iterated
  // (sorted) and every name and value checked again, which made building the request about
  // seven times as costly (26 µs against 4 µs a request, deno bench).
  const headers = request.headers;
  const raw = incoming.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch { /* a header value fetch refuses; node:http let it through */ }
  }
  return request;
}

/** The request body, read from the socket only as fast as the handler takes it. */
function bodyStream(incoming: IncomingMessage, highWaterMark: number): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Uint8Array) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      };
      const onEnd = () => {
        stop();
        controller.close();
      };
      const onError = (error: unknown) => {
        stop();
        controller.error(error);
      };
      const onAborted = () => onError(new Error("the client closed the connection"));
      stop = () => {
        incoming.off("data", onData);
        incoming.off("end", onEnd);
        incoming.off("error", onError);
        incoming.off("aborted", onAborted);
        incoming.pause();
      };
      incoming.on("data", onData);
      incoming.on("end", onEnd);
      incoming.on("error", onError);
      incoming.on("aborted", onAborted);
    },
    pull() {
      incoming.resume();
    },
    // The handler gave up on the body (too large, too slow): what still arrives is dropped
    // unread (bytes left unread in the socket would turn its close into a reset that can
    // lose the answer), and the answer closes the connection (see `answer`).
    cancel() {
      stop();
      incoming.resume();
    },
  }, { highWaterMark, size: (chunk) => chunk.byteLength });
}

async function send(
  response: Response,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // An answer before the whole body arrived ends the connection; say so.
  if (!incoming.complete) headers["connection"] = "close";
  if (!response.body || incoming.method === "HEAD") {
    await response.body?.cancel();
    outgoing.writeHead(response.status, response.statusText || undefined, headers);
    await endAnswer(outgoing);
    return;
  }
  const reader = response.body.getReader();
  try {
    const first = await reader.read();
    const second = first.done ? first : await reader.read();
    if (second.done) {
      // The whole body (every answer built in memory comes in one chunk): sent with its
      // Content-Length in one write, without chunked encoding's framing and extra writes.
      const body = first.value ?? new Uint8Array();
      headers["content-length"] = String(body.byteLength);
      outgoing.writeHead(response.status, response.statusText || undefined, headers);
      await endAnswer(outgoing, body);
      return;
    }
    outgoing.writeHead(response.status, response.statusText || undefined, headers);
    await write(outgoing, first.value!);
    await write(outgoing, second.value);
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      await write(outgoing, value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  await endAnswer(outgoing);
}

/**
 * Ends the answer; resolves once it is out or its connection is gone. A client may leave while
 * the handler works: the answer's 'close' has then been emitted before anything listened, and
 * neither 'finish' nor 'close' comes again, so waiting for them would hold the request in flight
 * for ever, and the server's shutdown with it (seen: SIGTERM after a load run hung for minutes).
 */
function endAnswer(outgoing: ServerResponse, body?: Uint8Array): Promise<void> {
  if (connectionGone(outgoing)) {
    outgoing.destroy();
    return Promise.resolve();
  }
  return new Promise<void>((done) => {
    outgoing.once("close", done);
    outgoing.end(body, done);
  });
}

/** Whether the answer can no longer be sent (its socket closed, or the answer destroyed). */
function connectionGone(outgoing: ServerResponse): boolean {
  return outgoing.destroyed || outgoing.socket?.destroyed === true;
}

/** Writes a chunk of a streamed answer, waiting while the socket's buffer is full. */
async function write(outgoing: ServerResponse, chunk: Uint8Array): Promise<void> {
  if (outgoing.write(chunk)) return;
  // 'close' may have come already (see endAnswer): then no 'drain' or 'close' will.
  if (connectionGone(outgoing)) throw new Error("the client closed the connection");
  await new Promise<void>((drain, fail) => {
    outgoing.once("drain", drain);
    outgoing.once("close", () => fail(new Error("closed")));
  });
}
