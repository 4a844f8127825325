/**
 * The standard headers middleware (shared/platform/http/headers.ts) on a real Hono app: it adds
 * the request id, security and CORS headers to whatever answer the handler made (also thrown
 * errors' and immutable ones), and a header the handler set itself keeps the handler's value.
 */
import { Hono } from "hono";
import { standardHeaders } from "../../shared/platform/http/headers.ts";
import { assert, equal } from "../support/assert.ts";

function app(origins: string[]) {
  const hono = new Hono<{ Variables: { requestId: string } }>();
  hono.use("*", standardHeaders(origins));
  hono.get("/json", (c) => c.json({ ok: true }));
  hono.get("/own", (c) => {
    c.header("X-Frame-Options", "DENY");
    c.header("Vary", "Accept");
    return c.text("own");
  });
  // Response.redirect's headers are immutable.
  hono.get("/immutable", () => Response.redirect("https://example.org/", 302));
  hono.get("/throws", () => {
    throw new Error("boom");
  });
  hono.onError(() => new Response("failed", { status: 500 }));
  return hono;
}

Deno.test("every answer gets the standard headers once, after the handler", async (t) => {
  const hono = app(["https://app.example"]);
  const get = (path: string, headers: Record<string, string> = {}) =>
    hono.request(path, { headers: { origin: "https://app.example", ...headers } });

  for (const path of ["/json", "/immutable", "/throws"]) {
    await t.step(path, async () => {
      const res = await get(path);
      await res.body?.cancel();
      assert(/^[\w-]{36}$/.test(res.headers.get("x-request-id") ?? ""), path);
      equal(res.headers.get("x-content-type-options"), "nosniff");
      equal(res.headers.get("strict-transport-security"), "max-age=15552000; includeSubDomains");
      equal(res.headers.get("access-control-allow-origin"), "https://app.example");
      equal(res.headers.get("vary"), "Origin");
    });
  }

  await t.step("the immutable answer keeps its status and Location", async () => {
    const res = await get("/immutable");
    equal(res.status, 302);
    equal(res.headers.get("location"), "https://example.org/");
  });

  await t.step("a header the handler set keeps its value; Vary gains Origin", async () => {
    const res = await get("/own");
    equal(await res.text(), "own");
    equal(res.headers.get("x-frame-options"), "DENY");
    // Vary is a list: the answer depends on the origin too (its Access-Control-Allow-Origin).
    equal(res.headers.get("vary"), "Accept, Origin");
    equal(res.headers.get("referrer-policy"), "no-referrer");
  });

  await t.step(
    "an origin not allowed gets no CORS header, and the request id is echoed",
    async () => {
      const res = await get("/json", { origin: "https://other.example", "x-request-id": "abc-1" });
      await res.body?.cancel();
      equal(res.headers.get("access-control-allow-origin"), null);
      equal(res.headers.get("x-request-id"), "abc-1");
    },
  );
});
