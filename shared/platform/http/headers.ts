import type { Context, MiddlewareHandler } from "hono";

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
 * Request id, CORS and security headers in one middleware. Hono's three separate ones each
 * copy the response's headers again; this sets fixed headers once, before the handler, so the
 * handler's response is built with them, and answers CORS preflights itself.
 */
export function standardHeaders(
  allowedOrigins: string[],
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  const anyOrigin = allowedOrigins.includes("*");
  const allowed = new Set(allowedOrigins);
  const allowOrigin = (origin: string | undefined): string | undefined =>
    anyOrigin ? "*" : origin && allowed.has(origin) ? origin : undefined;

  const apply = (c: Context, id: string, origin: string | undefined, headers?: Headers) => {
    const set = headers
      ? (k: string, v: string) => headers.set(k, v)
      : (k: string, v: string) => c.header(k, v);
    set("X-Request-Id", id);
    for (const [name, value] of SECURITY_HEADERS) set(name, value);
    if (origin) {
      set("Access-Control-Allow-Origin", origin);
      if (!anyOrigin) set("Vary", "Origin");
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
      apply(c, id, origin, headers);
      return new Response(null, { status: 204, headers });
    }

    apply(c, id, origin);
    await next();
    // Error answers are built as fresh Responses; give them the same headers.
    if (!c.res.headers.has("X-Request-Id")) apply(c, id, origin, c.res.headers);
  };
}
