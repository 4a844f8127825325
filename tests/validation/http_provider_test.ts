/**
 * The outside rules provider (PROVIDER_RULES_URL): a real HTTP server on loopback stands in for
 * it, and validate-shipment goes through the HttpRulesProvider adapter.
 */
import { ServiceError } from "../../shared/platform/errors/service_error.ts";
import { validationHash } from "../../shared/validation/hash.ts";
import { HttpRulesProvider } from "../../shared/validation/http_provider.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";
import { assertOnlyOwnScript } from "../support/verify_page.ts";

type Json = Record<string, unknown>;

interface Received {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

const GOOD = coffeeShipment();

const PASSING_LAYERS = [
  {
    name: "Schema Validation",
    status: "passed",
    results: [{ rule: "schema_valid", status: "passed", message: "ok" }],
  },
  {
    name: "Business Rules",
    status: "passed",
    results: [
      { rule: "hs_code_exists", status: "passed", message: "HS code found" },
      { rule: "port_code_valid", status: "warning", message: "check the port" },
    ],
  },
];

const FAILING_LAYERS = [
  PASSING_LAYERS[0],
  {
    name: "Business Rules",
    status: "failed",
    results: [{ rule: "hs_code_exists", status: "failed", message: "no such HS code" }],
  },
];

function answer(layers: unknown, extra: Json = {}): Json {
  return {
    run_id: "prov-run-0001",
    status: "validated",
    ruleset_version: "ext-7.3",
    layers,
    ...extra,
  };
}

/** A rules provider on loopback whose behaviour each step sets. */
function fakeProvider() {
  const received: Received[] = [];
  let respond: (req: Request) => Response | Promise<Response> = () =>
    Response.json(answer(PASSING_LAYERS));
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (req) => {
      const text = await req.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text
      }
      received.push({
        method: req.method,
        path: new URL(req.url).pathname,
        authorization: req.headers.get("authorization"),
        contentType: req.headers.get("content-type"),
        body,
      });
      return await respond(req);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    received,
    set(fn: typeof respond) {
      respond = fn;
      received.length = 0;
    },
    close: () => server.shutdown(),
  };
}

/** A loopback port nothing listens on. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    assert(error instanceof ServiceError, `expected a ServiceError, got ${error}`);
    return error;
  }
  throw new Error("expected the call to fail");
}

serviceTest("outside rules provider over HTTP", async (t) => {
  const provider = fakeProvider();
  try {
    const svc = await testService({
      env: { PROVIDER_RULES_URL: provider.url, PROVIDER_RULES_API_KEY: "k" },
    });
    const team = await svc.newTeam("starter");
    const records = async () => {
      const [row] = await svc.db.query<{ n: number }>(
        "select count(*)::int as n from validation_records where team_id = $1",
        [team.teamId],
      );
      return row!.n;
    };

    await t.step(
      "POSTs {gate, shipment} to /validate with the Bearer key, as JSON",
      async () => {
        provider.set(() => Response.json(answer(PASSING_LAYERS)));
        await expectJson(
          await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
          200,
        );
        equal(provider.received.length, 1);
        const [req] = provider.received;
        equal(req!.method, "POST");
        equal(req!.path, "/validate");
        equal(req!.authorization, "Bearer k");
        match(String(req!.contentType), /^application\/json/);
        assertEquals(req!.body, { gate: "trade-document-validator", shipment: GOOD });
      },
    );

    await t.step("sends the gate_slug the caller named", async () => {
      provider.set(() => Response.json(answer(PASSING_LAYERS)));
      await expectJson(
        await svc.call(team, "validate-shipment", {
          body: { shipment: GOOD, gate_slug: "partner-gate-42" },
        }),
        200,
      );
      equal((provider.received[0]!.body as Json).gate, "partner-gate-42");
    });

    await t.step(
      "its answer flows through, and a pass gets a hash and a record",
      async () => {
        provider.set(() => Response.json(answer(PASSING_LAYERS, { run_id: "prov-run-pass" })));
        const before = await records();
        const body = await expectJson<Json>(
          await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
          200,
        );
        equal(body.run_id, "prov-run-pass");
        equal(body.status, "validated");
        equal(body.passed, true);
        equal(body.error, null);
        assertEquals(body.layers, PASSING_LAYERS);
        match(String(body.validation_hash), /^[0-9a-f]{64}$/);
        equal(await records(), before + 1);

        const [record] = await svc.db.query<{
          run_id: string;
          provider: string;
          ruleset_version: string;
          gate: string;
          shipment_data: Json;
          validated_at: Date;
          validation_hash: string;
        }>(
          `select run_id, provider, ruleset_version, gate, shipment_data, validated_at,
                  validation_hash
             from validation_records where id = $1`,
          [body.validation_record_id],
        );
        equal(record?.run_id, "prov-run-pass");
        equal(record?.provider, "http");
        equal(record?.ruleset_version, "ext-7.3");
        equal(record?.validation_hash, body.validation_hash);
        // The hash commits to the provider's ruleset version.
        equal(
          await validationHash({
            gate: record!.gate,
            ruleset_version: record!.ruleset_version,
            shipment: record!.shipment_data,
            validated_at: record!.validated_at.toISOString(),
          }),
          body.validation_hash,
        );
      },
    );

    await t.step("a provider's run status other than validated is passed on", async () => {
      provider.set(() => Response.json(answer(PASSING_LAYERS, { status: "completed" })));
      const body = await expectJson<Json>(
        await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
        200,
      );
      equal(body.status, "completed");
      equal(body.passed, true);
    });

    await t.step("a failed layer is a failed validation without a hash", async () => {
      provider.set(() => Response.json(answer(FAILING_LAYERS)));
      const body = await expectJson<Json>(
        await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
        200,
      );
      equal(body.passed, false);
      equal(body.validation_hash, null);
      match(String((body.error as Json).message), /hs_code_exists/);
    });

    await t.step("a provider 404 is an unknown gate: 400 SVC_VAL_009", async () => {
      provider.set(() => Response.json({ error: "no such gate" }, { status: 404 }));
      const before = await records();
      await expectError(
        await svc.call(team, "validate-shipment", {
          body: { shipment: GOOD, gate_slug: "nope" },
        }),
        400,
        "SVC_VAL_009",
      );
      equal(await records(), before);
    });

    await t.step(
      "a provider 500 is 502 SVC_VAL_010 naming the status, and changes nothing",
      async () => {
        provider.set(() => new Response("boom", { status: 500 }));
        const created = await expectJson(
          await svc.call(team, "create-shipment", { body: { shipment_data: GOOD } }),
          201,
        );
        const id = String(created.shipment_id);
        const before = await records();
        const error = await expectError(
          await svc.call(team, "validate-shipment", { body: { shipment: GOOD, shipment_id: id } }),
          502,
          "SVC_VAL_010",
        );
        match(error.message, /500/);
        equal(error.message.includes("boom"), false, "the provider's body is not passed on");
        equal(await records(), before);
        const got = await expectJson(
          await svc.call(team, "get-shipment", { query: { id } }),
          200,
        );
        equal(got.status, "created");
        equal(got.current_validation_record_id, null);
      },
    );

    await t.step("a transient provider 503 is tried again", async () => {
      let calls = 0;
      provider.set(() =>
        ++calls === 1
          ? new Response("busy", { status: 503 })
          : Response.json(answer(PASSING_LAYERS))
      );
      const body = await expectJson<Json>(
        await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
        200,
      );
      equal(body.passed, true);
      equal(calls, 2);
    });

    for (
      const [label, respond] of [
        ["a body that is not JSON", () => new Response("<html>oops</html>", { status: 200 })],
        ["an empty body", () => new Response(null, { status: 200 })],
        ["JSON of the wrong shape", () => Response.json({ run_id: 1, layers: "all good" })],
        ["no layers", () => Response.json(answer([]))],
        [
          "a layer status that is neither passed nor failed",
          () => Response.json(answer([{ name: "X", status: "maybe", results: [] }])),
        ],
        [
          "a result without a rule",
          () =>
            Response.json(answer([{
              name: "X",
              status: "passed",
              results: [{ status: "passed", message: "ok" }],
            }])),
        ],
        ["a JSON array", () => Response.json([answer(PASSING_LAYERS)])],
      ] as const
    ) {
      await t.step(`a provider answer with ${label} is 502 SVC_VAL_010`, async () => {
        provider.set(respond);
        const before = await records();
        await expectError(
          await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
          502,
          "SVC_VAL_010",
        );
        equal(await records(), before);
      });
    }

    await t.step(
      "a provider that hangs past the timeout is SVC_VAL_010, without waiting for it",
      async () => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        provider.set(async () => {
          await released;
          return Response.json(answer(PASSING_LAYERS));
        });
        const client = new HttpRulesProvider(provider.url, "k", 300);
        const started = performance.now();
        const error = await rejection(client.validate({ gate: "g", shipment: GOOD }));
        const elapsed = performance.now() - started;
        release();
        equal(error.code, "SVC_VAL_010");
        equal(error.status, 502);
        match(error.message, /0\.3 s/);
        assert(elapsed >= 250, `gave up after ${elapsed} ms, before the timeout`);
        assert(elapsed < 3000, `took ${elapsed} ms with a 300 ms timeout`);
      },
    );

    await t.step(
      "the adapter joins the base URL and /validate with or without a slash",
      async () => {
        provider.set(() => Response.json(answer(PASSING_LAYERS)));
        await new HttpRulesProvider(`${provider.url}/`, "k").validate({ gate: "g", shipment: {} });
        equal(provider.received[0]!.path, "/validate");
        provider.set(() => Response.json(answer(PASSING_LAYERS)));
        await new HttpRulesProvider(`${provider.url}/rules/v2`, "k").validate({
          gate: "g",
          shipment: {},
        });
        equal(provider.received[0]!.path, "/rules/v2/validate");
      },
    );

    await t.step("without an API key the adapter sends no Authorization header", async () => {
      provider.set(() => Response.json(answer(PASSING_LAYERS)));
      const run = await new HttpRulesProvider(provider.url, undefined).validate({
        gate: "g",
        shipment: {},
      });
      equal(provider.received[0]!.authorization, null);
      equal(run.run_id, "prov-run-0001");
      equal(run.ruleset_version, "ext-7.3");
    });

    await t.step("a provider that cannot be reached is 502 SVC_VAL_010", async () => {
      const down = await testService({
        env: {
          PROVIDER_RULES_URL: `http://127.0.0.1:${closedPort()}`,
          PROVIDER_RULES_API_KEY: "k",
        },
      });
      const downTeam = await down.newTeam("starter");
      await expectError(
        await down.call(downTeam, "validate-shipment", { body: { shipment: GOOD } }),
        502,
        "SVC_VAL_010",
      );
      const error = await rejection(
        new HttpRulesProvider(`http://127.0.0.1:${closedPort()}`, "k", 2000).validate({
          gate: "g",
          shipment: {},
        }),
      );
      equal(error.code, "SVC_VAL_010");
    });

    await t.step(
      "markup in a provider's layer names is escaped on the public verification page",
      async () => {
        provider.set(() =>
          Response.json(answer([{
            name: '<script>alert("layer")</script>',
            status: "passed",
            results: [{ rule: "<b>r</b>", status: "passed", message: "<img src=x>" }],
          }]))
        );
        const body = await expectJson<Json>(
          await svc.call(team, "validate-shipment", { body: { shipment: GOOD } }),
          200,
        );
        const res = await svc.fetch(`/functions/v1/verify-hash/${body.validation_hash}`, {
          headers: { accept: "text/html" },
        });
        equal(res.status, 200);
        const html = await res.text();
        assertOnlyOwnScript(html);
        assert(html.includes("&#60;script&#62;"), "the layer name is shown escaped");
      },
    );
  } finally {
    await provider.close();
  }
});
