import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "./ssrf.ts";

/**
 * One webhook POST with node:http rather than fetch, for the one thing fetch cannot do: connect
 * to addresses we checked ourselves. fetch resolves the host name on its own, after any check
 * of ours; Deno.createHttpClient can send to a fixed TCP address but then speaks plain HTTP
 * only (no TLS over it). node:http takes a `lookup` function and uses its answer for the
 * socket, while TLS still gets the URL's host name for SNI and certificate checks, and the Host
 * header stays the URL's.
 */

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  /** No answer (status line and headers) within this: the request is dropped. */
  timeoutMs: number;
  /** Resolves the host name (checkedLookup); the system's resolver when absent. */
  lookup?: LookupFunction;
  /** Extra trusted root certificates, PEM (tests' own certificate authority). */
  caCerts?: string[];
}

export interface PostAnswer {
  status: number;
  location: string | null;
}

export class NoAnswerInTime extends Error {
  override readonly name = "TimeoutError";
}

/**
 * POSTs `body` to `url` on a connection of its own (no pooling: every connection is resolved
 * and checked anew) and answers the status and Location once the headers are in. The answer's
 * body is not read.
 */
export function postOnce(url: URL, options: PostOptions): Promise<PostAnswer> {
  const client = url.protocol === "https:" ? https : http;
  const body = new TextEncoder().encode(options.body);
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: "POST",
      agent: false,
      headers: { ...options.headers, "content-length": String(body.byteLength) },
      ...options.lookup ? { lookup: options.lookup } : {},
      ...options.caCerts ? { ca: options.caCerts } : {},
    }, (response) => {
      clearTimeout(timer);
      const location = response.headers.location;
      resolve({ status: response.statusCode ?? 0, location: location ?? null });
      response.destroy();
    });
    const timer = setTimeout(
      () => request.destroy(new NoAnswerInTime(`No answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * The same POST with fetch, for Supabase's edge runtime, whose node:http has no `lookup`
 * option. The caller has resolved and checked every address of the host just before; fetch
 * then resolves the name again on its own, so a name whose DNS answers change within that
 * moment (DNS rebinding) could still reach an address that was not checked. Redirects are not
 * followed (`redirect: "manual"`), and the answer's body is not read.
 */
export async function postOnceByFetch(url: URL, options: PostOptions): Promise<PostAnswer> {
  const client = options.caCerts ? Deno.createHttpClient({ caCerts: options.caCerts }) : undefined;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: options.headers,
      body: options.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(client ? { client } : {}),
    }).catch((error) => {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new NoAnswerInTime(`No answer within ${options.timeoutMs} ms`);
      }
      throw error;
    });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get("location") };
  } finally {
    client?.close();
  }
}
