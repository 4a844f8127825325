import type { MiddlewareHandler } from "hono";

const CORS_ALLOW_HEADERS = "authorization,apikey,content-type,x-client-info,x-team-id";
const CORS_ALLOW_METHODS = "GET,POST,PATCH,PUT,DELETE,OPTIONS";

/** Security headers every answer carries (Hono's secureHeaders defaults, resources shareable). */
const SECURITY_HEADERS: [string, string][] = [
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "cross-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
  ["Access-Control-Expose-Headers", "X-Request-Id,Retry-After"],
];

const VALID_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * Request id, CORS and security headers in one middleware. They are added to the handler's
 * answer once it is made (a header the handler set itself stays as it is). Set before the
 * handler with `c.header`, they went into a Headers that the Response constructor then copied
 * whole, checking every name and value again: 13 µs against 3 µs an answer (deno bench).
 * Answers CORS preflights itself.
 */
export function standardHeaders(
  allowedOrigins: string[],
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  const anyOrigin = allowedOrigins.includes("*");
  const allowed = new Set(allowedOrigins);
  const allowOrigin = (origin: string | undefined): string | undefined =>
    anyOrigin ? "*" : origin && allowed.has(origin) ? origin : undefined;

  /** Adds the standard headers `headers` does not have yet. */
  const apply = (headers: Headers, id: string, origin: string | undefined) => {
    const add = (name: string, value: string) => {
      if (!headers.has(name)) headers.append(name, value);
    };
    add("X-Request-Id", id);
    for (const [name, value] of SECURITY_HEADERS) add(name, value);
    if (origin) {
      add("Access-Control-Allow-Origin", origin);
      // Vary lists every header the answer depends on: Origin joins what the handler named.
      const vary = headers.get("Vary");
      if (!anyOrigin && !vary?.split(",").some((v) => v.trim().toLowerCase() === "origin")) {
        headers.set("Vary", vary ? `${vary}, Origin` : "Origin");
      }
    }
  };

  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", id);
    const origin = allowOrigin(c.req.header("origin"));

    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      const headers = new Headers({
        "Access-Control-Allow-Methods": CORS_ALLOW_METHODS,
        "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
        "Access-Control-Max-Age": "86400",
      });
      apply(headers, id, origin);
      return new Response(null, { status: 204, headers });
    }

    await next();
    try {
      apply(c.res.headers, id, origin);
    } catch {
      // Immutable headers (a Response passed through as is): a copy takes them.
      c.res = new Response(c.res.body, c.res);
      apply(c.res.headers, id, origin);
    }
  };
}
