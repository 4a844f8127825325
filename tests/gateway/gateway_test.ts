import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import {
  serveOnLoopback,
  serviceTest,
  TEST_KEYS,
  type TestService,
  testService,
  type TestTeam,
} from "../support/service.ts";

const SAMPLE = {
  exporter: { name: "Gdansk Amber Sp. z o.o.", country: "PL" },
  importer: { name: "Seattle Gifts LLC", country: "US" },
};

type Json = Record<string, unknown>;

function functionHeaders(team: TestTeam, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${team.apiKey}`, apikey: TEST_KEYS.anonKey, ...extra };
}

function listCreated(svc: TestService, team: TestTeam): Promise<Response> {
  return svc.call(team, "get-shipment", { query: { status: "created" } });
}

serviceTest("gateway", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");

  await t.step("GET /health answers 200 {status: ok}", async () => {
    const body = await expectJson(await svc.fetch("/health"), 200);
    equal(body.status, "ok");
  });

  await t.step("GET /openapi.json is OpenAPI 3.1.0 and documents every route", async () => {
    const res = await svc.fetch("/openapi.json");
    match(String(res.headers.get("content-type")), /^application\/json/);
    const doc = await expectJson<{
      openapi: string;
      info: Json;
      paths: Record<string, Record<string, Json>>;
      components: { securitySchemes: Record<string, Json> };
    }>(res, 200);
    equal(doc.openapi, "3.1.0");
    equal(typeof doc.info.title, "string");
    const operations: [string, string][] = [
      ["/functions/v1/create-shipment", "post"],
      ["/functions/v1/get-shipment", "get"],
      ["/functions/v1/save-draft", "post"],
      ["/functions/v1/promote-draft", "post"],
      ["/api/v1/admin/teams", "post"],
      ["/api/v1/admin/teams/{id}", "get"],
      ["/api/v1/admin/teams/{id}", "patch"],
      ["/api/v1/admin/teams/{id}/api-keys", "post"],
      ["/api/v1/admin/api-keys/{id}", "delete"],
    ];
    for (const [path, method] of operations) {
      assert(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} is not documented`);
    }
    const schemes = doc.components.securitySchemes;
    equal(schemes.bearer?.type, "http");
    equal(schemes.bearer?.scheme, "bearer");
    equal(schemes.apikey?.type, "apiKey");
    equal(schemes.apikey?.in, "header");
    equal(schemes.apikey?.name, "apikey");
    assertEquals(doc.paths["/functions/v1/create-shipment"]!.post!.security, [
      { bearer: [], apikey: [] },
    ]);
    assertEquals(doc.paths["/api/v1/admin/teams"]!.post!.security, [{ bearer: [] }]);
    const created = doc.paths["/functions/v1/create-shipment"]!.post!.responses as Json;
    for (const status of ["201", "400", "401", "413", "415"]) {
      assert(created[status], `create-shipment does not document ${status}`);
    }
  });

  await t.step("GET /docs is HTML that loads only local assets", async () => {
    const res = await svc.fetch("/docs");
    equal(res.status, 200);
    match(String(res.headers.get("content-type")), /^text\/html/);
    const html = await res.text();
    const refs = [...html.matchAll(/<(script|link)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)]
      .map((m) => m[2]!);
    assert(refs.length >= 2, `expected scripts and styles in the page, found ${refs}`);
    for (const ref of refs) {
      assert(ref.startsWith("/") && !ref.startsWith("//"), `${ref} is not a local asset`);
    }
    equal(/<(script|link)\b[^>]*(https?:)?\/\/[^"'\s>]/i.test(html), false, "a remote asset");
    for (const ref of refs) {
      const asset = await svc.fetch(ref);
      equal(asset.status, 200, `${ref} answers ${asset.status}`);
      await asset.body?.cancel();
    }
  });

  await t.step("GET /docs/assets/swagger-ui-bundle.js answers JavaScript", async () => {
    const res = await svc.fetch("/docs/assets/swagger-ui-bundle.js");
    equal(res.status, 200);
    match(String(res.headers.get("content-type")), /^(text|application)\/javascript/);
    const js = await res.text();
    assert(js.length > 100_000, `the bundle is only ${js.length} bytes`);
    assert(js.includes("SwaggerUIBundle"), "not the Swagger UI bundle");
  });

  await t.step("an unknown docs asset answers 404 SVC_REQ_004", async () => {
    for (const path of ["/docs/assets/nope.js", "/docs/assets/..%2F..%2Fdeno.json"]) {
      await expectError(await svc.fetch(path), 404, "SVC_REQ_004");
    }
  });

  await t.step("an unknown route answers 404 {error: {code: SVC_REQ_004}}", async () => {
    for (
      const path of [
        "/nope",
        "/functions/v1/nope",
        "/functions/v1/",
        "/api/v1/nope",
        "/functions/v1/create-shipment/extra",
      ]
    ) {
      const res = await svc.fetch(path, { headers: functionHeaders(team) });
      const error = await expectError(res, 404, "SVC_REQ_004");
      assertEquals(Object.keys(error).sort(), ["code", "message"]);
    }
  });

  await t.step("every response carries X-Request-Id", async () => {
    const responses = [
      await svc.fetch("/health"),
      await svc.fetch("/openapi.json"),
      await svc.fetch("/docs"),
      await svc.fetch("/nope"),
      await svc.fetch("/api/v1/nope"),
      await listCreated(svc, team),
      await svc.call(team, "create-shipment", { body: { shipment_data: SAMPLE } }),
      await svc.call(team, "get-shipment"),
      await svc.call(team, "get-shipment", { query: { id: crypto.randomUUID() } }),
      await svc.fetch("/functions/v1/get-shipment?status=created"),
      await svc.admin("/teams", { body: { name: "", tier: "free" } }),
      await svc.fetch("/functions/v1/create-shipment", {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      }),
    ];
    const ids = new Set<string>();
    for (const res of responses) {
      const id = res.headers.get("x-request-id");
      assert(id, `HTTP ${res.status} ${res.url} has no X-Request-Id`);
      ids.add(id);
      await res.body?.cancel();
    }
    equal(ids.size, responses.length, "request ids are not unique");
  });

  await t.step("an incoming valid X-Request-Id is echoed", async () => {
    const requestId = `client-${crypto.randomUUID()}`;
    for (
      const res of [
        await svc.fetch("/health", { headers: { "x-request-id": requestId } }),
        await svc.fetch("/functions/v1/get-shipment?status=created", {
          headers: functionHeaders(team, { "x-request-id": requestId }),
        }),
        await svc.fetch("/functions/v1/get-shipment", {
          headers: functionHeaders(team, { "x-request-id": requestId }),
        }),
      ]
    ) {
      equal(res.headers.get("x-request-id"), requestId);
      await res.body?.cancel();
    }
  });

  await t.step("an incoming X-Request-Id that is not a plain token is replaced", async () => {
    const res = await svc.fetch("/health", {
      headers: { "x-request-id": "bad id\twith spaces" },
    });
    const id = res.headers.get("x-request-id");
    assert(id && id !== "bad id\twith spaces", `got ${id}`);
    await res.body?.cancel();
  });

  await t.step("answers a CORS preflight on create-shipment with 204", async () => {
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, apikey, content-type",
      },
    });
    equal(res.status, 204);
    equal(await res.text(), "");
    equal(res.headers.get("access-control-allow-origin"), "*");
    const allowed = String(res.headers.get("access-control-allow-headers")).toLowerCase()
      .split(",").map((h) => h.trim());
    for (const header of ["authorization", "apikey", "content-type", "x-client-info"]) {
      assert(allowed.includes(header), `${header} is not allowed: ${allowed}`);
    }
    const methods = String(res.headers.get("access-control-allow-methods")).split(",");
    assert(methods.includes("POST"), `POST is not allowed: ${methods}`);
  });

  await t.step("answers CORS preflights on the other functions and the API", async () => {
    for (
      const path of [
        "/functions/v1/get-shipment",
        "/functions/v1/save-draft",
        "/functions/v1/promote-draft",
        "/api/v1/admin/teams",
      ]
    ) {
      const res = await svc.fetch(path, {
        method: "OPTIONS",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      equal(res.status, 204, path);
      equal(res.headers.get("access-control-allow-origin"), "*", path);
      await res.body?.cancel();
    }
  });

  await t.step("a cross-origin request gets Access-Control-Allow-Origin", async () => {
    const res = await svc.fetch("/functions/v1/get-shipment?status=created", {
      headers: functionHeaders(team, { origin: "https://app.example" }),
    });
    equal(res.status, 200);
    equal(res.headers.get("access-control-allow-origin"), "*");
    const exposed = String(res.headers.get("access-control-expose-headers")).toLowerCase();
    assert(exposed.includes("x-request-id"), `X-Request-Id is not exposed: ${exposed}`);
    await res.body?.cancel();
  });

  await t.step("error bodies carry no internals", async () => {
    const res = await svc.call(team, "get-shipment", { query: { id: "' or 1=1 --" } });
    const text = await res.text();
    equal(res.status, 404);
    for (const leak of ["stack", "    at ", "select ", "postgres", "pglite", ".ts:"]) {
      equal(text.toLowerCase().includes(leak), false, `the body mentions ${leak}: ${text}`);
    }
  });

  await t.step("a request over real HTTP on loopback creates and reads a shipment", async () => {
    const server = serveOnLoopback(svc.gateway);
    try {
      match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const createdRes = await fetch(`${server.url}/functions/v1/create-shipment`, {
        method: "POST",
        headers: functionHeaders(team, { "content-type": "application/json" }),
        body: JSON.stringify({ shipment_data: SAMPLE, shipment_ref: "LOOPBACK-1" }),
      });
      assert(createdRes.headers.get("x-request-id"), "no X-Request-Id over HTTP");
      const created = await expectJson(createdRes, 201);
      equal(created.shipment_ref, "LOOPBACK-1");

      const got = await expectJson(
        await fetch(`${server.url}/functions/v1/get-shipment?id=${created.shipment_id}`, {
          headers: functionHeaders(team),
        }),
        200,
      );
      equal(got.id, created.shipment_id);
      assertEquals(got.shipment_data, SAMPLE);
      equal(got.shipment_ref, "LOOPBACK-1");

      const health = await expectJson(await fetch(`${server.url}/health`), 200);
      equal(health.status, "ok");
      await expectError(
        await fetch(`${server.url}/functions/v1/get-shipment?status=created`),
        401,
        "SVC_AUTH_002",
      );
    } finally {
      await server.close();
    }
  });
});

serviceTest("gateway rate limit", async (t) => {
  const svc = await testService({ env: { RATE_LIMIT_PER_MINUTE: "3" } });
  const team = await svc.newTeam("starter");
  const other = await svc.newTeam("starter");

  await t.step(
    "answers 429 SVC_RATE_LIMIT with Retry-After on the 4th call of one key",
    async () => {
      for (let i = 0; i < 3; i++) await expectJson(await listCreated(svc, team), 200);
      const res = await listCreated(svc, team);
      const retryAfter = res.headers.get("retry-after");
      assert(res.headers.get("x-request-id"), "the 429 has no X-Request-Id");
      await expectError(res, 429, "SVC_RATE_LIMIT");
      match(String(retryAfter), /^\d+$/);
      const seconds = Number(retryAfter);
      assert(seconds >= 1 && seconds <= 20, `Retry-After ${seconds}`);

      // Refused calls change nothing: a limited create stores no shipment.
      const create = await svc.call(team, "create-shipment", { body: { shipment_data: SAMPLE } });
      await expectError(create, 429, "SVC_RATE_LIMIT");
      const [row] = await svc.db.query<{ n: number }>(
        "select count(*)::int as n from shipments where team_id = $1",
        [team.teamId],
      );
      equal(row?.n, 0);
    },
  );

  await t.step("another team's key still passes", async () => {
    await expectJson(await listCreated(svc, other), 200);
  });

  await t.step("another key of the same team still passes", async () => {
    const issued = await expectJson(
      await svc.admin(`/teams/${team.teamId}/api-keys`, { method: "POST" }),
      201,
    );
    await expectJson(
      await listCreated(svc, { teamId: team.teamId, apiKey: String(issued.api_key) }),
      200,
    );
  });
});
