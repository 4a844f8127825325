import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serveOnLoopback, serviceTest, type TestService, testService } from "../support/service.ts";
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";
import { assertOnlyOwnScript } from "../support/verify_page.ts";

type Json = Record<string, unknown>;
type Team = Awaited<ReturnType<TestService["newTeam"]>>;

const VERIFIED_FIELDS = [
  "documents_generated",
  "message",
  "route",
  "rules_summary",
  "timestamp",
  "validation_hash",
  "verified",
];

const GOOD = coffeeShipment();

const BAD = {
  ...GOOD,
  goods: { ...GOOD.goods, total_value: 1 },
};

const XSS_EXPORTER = "<script>alert(1)</script>";
const XSS_IMPORTER = 'Evil Importer <img src=x onerror="alert(2)">';

/** Parties with markup in their names, and a total value that would stand out on the page. */
const HOSTILE = {
  exporter: {
    name: XSS_EXPORTER,
    country: "DE",
    address: "Geheimstraße 7",
    tax_ids: { eori: "DE999888777666555" },
  },
  importer: { name: XSS_IMPORTER, country: "JP" },
  route: { origin_country: "DE", destination_country: "JP", port_of_loading: "DEHAM" },
  goods: {
    currency: "EUR",
    total_value: 98765.43,
    line_items: [
      {
        description: "Secret widget </script><script>alert(3)</script>",
        hs_code: "8471.30",
        quantity: 1,
        unit_price: 98765.43,
      },
    ],
  },
};

/** What must never appear on the public page or in its JSON. */
const PRIVATE = [
  XSS_EXPORTER,
  "alert(",
  "Evil Importer",
  "Geheimstraße",
  "DE999888777666555",
  "98765",
  "Secret widget",
  "Hamburg Kaffee",
  "Boston Roasters",
];

async function validate(svc: TestService, team: Team, shipment: Json): Promise<Json> {
  return await expectJson(
    await svc.call(team, "validate-shipment", { body: { shipment } }),
    200,
  );
}

async function passingHash(svc: TestService, team: Team, shipment: Json = GOOD): Promise<string> {
  const answer = await validate(svc, team, shipment);
  equal(answer.passed, true, JSON.stringify(answer.layers));
  return String(answer.validation_hash);
}

const html = { headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" } };

function randomHash(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
}

function assertNoPrivateData(text: string, where: string) {
  for (const secret of PRIVATE) {
    equal(text.includes(secret), false, `${where} shows ${JSON.stringify(secret)}`);
  }
}

serviceTest("verify-hash", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");
  const hash = await passingHash(svc, team);
  const [record] = await svc.db.query<{ validated_at: Date }>(
    "select validated_at from validation_records where validation_hash = $1",
    [hash],
  );

  for (
    const [label, path] of [
      ["?hash=", `/functions/v1/verify-hash?hash=${hash}`],
      ["/<hash> (the QR code's form)", `/functions/v1/verify-hash/${hash}`],
    ] as const
  ) {
    await t.step(`answers a passing validation's hash at ${label} with 200 JSON`, async () => {
      const res = await svc.fetch(path);
      match(String(res.headers.get("content-type")), /^application\/json/);
      const body = await expectJson(res, 200);
      assertEquals(Object.keys(body).sort(), VERIFIED_FIELDS);
      assertEquals({ ...body, message: "x" }, {
        verified: true,
        validation_hash: hash,
        timestamp: record!.validated_at.toISOString(),
        rules_summary: {
          layers: [
            { name: "Schema Validation", status: "passed" },
            { name: "Business Rules", status: "passed" },
            { name: "Compliance", status: "passed" },
          ],
        },
        documents_generated: [],
        route: { origin_country: "DE", destination_country: "US" },
        message: "x",
      });
      equal(typeof body.message, "string");
      assert(String(body.message).length > 0, "empty message");
    });
  }

  await t.step("needs no credentials and ignores any that are sent", async () => {
    await expectJson(
      await svc.fetch(`/functions/v1/verify-hash/${hash}`, {
        headers: { authorization: "Bearer not-a-key", apikey: "wrong" },
      }),
      200,
    );
  });

  await t.step("answers over real HTTP on loopback", async () => {
    const server = serveOnLoopback(svc.gateway);
    try {
      const res = await fetch(`${server.url}/functions/v1/verify-hash/${hash}`);
      const body = await expectJson(res, 200);
      equal(body.verified, true);
    } finally {
      await server.close();
    }
  });

  await t.step("accepts the hash in capitals and with surrounding spaces", async () => {
    for (
      const path of [
        `/functions/v1/verify-hash?hash=${hash.toUpperCase()}`,
        `/functions/v1/verify-hash/${hash.toUpperCase()}`,
        `/functions/v1/verify-hash?hash=%20${hash}%20`,
      ]
    ) {
      const body = await expectJson(await svc.fetch(path), 200);
      equal(body.verified, true);
      equal(String(body.validation_hash).toLowerCase(), hash);
    }
  });

  await t.step("lists the document types generated with the hash", async () => {
    const h = await passingHash(svc, team);
    const created = await expectJson(
      await svc.call(team, "create-shipment", { body: { shipment_data: GOOD } }),
      201,
    );
    const generate = async (types: string[], withHash: string) => {
      const [row] = await svc.db.query<{ outcome: string }>(
        "select * from record_generation($1,$2,$3,$4,$5::text::jsonb,null,null,'t')",
        [team.teamId, created.shipment_id, types, withHash, JSON.stringify(GOOD)],
      );
      equal(row?.outcome, "ok");
    };
    await generate(["PACKING_LIST", "COMMERCIAL_INVOICE"], h);
    await generate(["COMMERCIAL_INVOICE", "BILL_OF_LADING"], h);
    await generate(["CERTIFICATE_OF_ORIGIN"], randomHash());

    const body = await expectJson(
      await svc.fetch(`/functions/v1/verify-hash?hash=${h}`),
      200,
    );
    assertEquals(body.documents_generated, [
      "BILL_OF_LADING",
      "COMMERCIAL_INVOICE",
      "PACKING_LIST",
    ]);

    const page = await (await svc.fetch(`/functions/v1/verify-hash/${h}`, html)).text();
    assert(page.includes("Commercial invoice"), "the page lists the documents");
    assert(page.includes("Bill of lading"), "the page lists the documents");
    equal(page.includes("Certificate of origin"), false);
  });

  await t.step("lists only the document types the validating team generated", async () => {
    const h = await passingHash(svc, team);
    const other = await svc.newTeam("starter");
    const theirs = await expectJson(
      await svc.call(other, "create-shipment", { body: { shipment_data: GOOD } }),
      201,
    );
    // Another team's history carrying this hash (generate-documents refuses it now; an older
    // version wrote such rows) must not show on the validating team's public page.
    const [row] = await svc.db.query<{ outcome: string }>(
      "select * from record_generation($1,$2,$3,$4,$5::text::jsonb,null,null,'t')",
      [other.teamId, theirs.shipment_id, ["DANGEROUS_GOODS_DECLARATION"], h, JSON.stringify(GOOD)],
    );
    equal(row?.outcome, "ok");
    const body = await expectJson(await svc.fetch(`/functions/v1/verify-hash/${h}`), 200);
    assertEquals(body.documents_generated, []);
    const page = await (await svc.fetch(`/functions/v1/verify-hash/${h}`, html)).text();
    equal(page.includes("Dangerous goods"), false, "the page lists another team's document");
  });

  await t.step("answers an unknown hash with 404 {verified: false, message}", async () => {
    for (const path of [`?hash=${randomHash()}`, `/${randomHash()}`]) {
      const body = await expectJson(await svc.fetch(`/functions/v1/verify-hash${path}`), 404);
      assertEquals(Object.keys(body).sort(), ["message", "verified"]);
      equal(body.verified, false);
      equal(typeof body.message, "string");
    }
  });

  for (
    const [label, value] of [
      ["too short", "abc123"],
      ["63 hex characters", "a".repeat(63)],
      ["65 hex characters", "a".repeat(65)],
      ["64 characters that are not hex", "g".repeat(64)],
      ["a sha256: prefix", `sha256:${"a".repeat(64)}`],
      ["a space inside", `${"a".repeat(32)} ${"a".repeat(31)}`],
    ] as const
  ) {
    await t.step(`answers 400 SVC_VAL_011 for a hash ${label}`, async () => {
      await expectError(
        await svc.fetch(`/functions/v1/verify-hash?hash=${encodeURIComponent(value)}`),
        400,
        "SVC_VAL_011",
      );
      await expectError(
        await svc.fetch(`/functions/v1/verify-hash/${encodeURIComponent(value)}`),
        400,
        "SVC_VAL_011",
      );
    });
  }

  await t.step("answers 400 SVC_VAL_001 when the hash is missing", async () => {
    for (
      const path of [
        "/functions/v1/verify-hash",
        "/functions/v1/verify-hash?hash=",
        "/functions/v1/verify-hash?hash=%20%20",
        "/functions/v1/verify-hash?other=1",
      ]
    ) {
      await expectError(await svc.fetch(path), 400, "SVC_VAL_001");
    }
  });

  await t.step("a failed validation's record is not verifiable", async () => {
    const answer = await validate(svc, team, BAD);
    equal(answer.passed, false);
    equal(answer.validation_hash, null);
    // Even a failed record that carried a hash (imported, or written by an older version)
    // must not verify.
    const forged = randomHash();
    await svc.db.query("update validation_records set validation_hash = $1 where id = $2", [
      forged,
      answer.validation_record_id,
    ]);
    const body = await expectJson(await svc.fetch(`/functions/v1/verify-hash/${forged}`), 404);
    equal(body.verified, false);
  });

  await t.step("a browser gets a readable, mobile-friendly page saying Verified", async () => {
    const res = await svc.fetch(`/functions/v1/verify-hash/${hash}`, html);
    equal(res.status, 200);
    match(String(res.headers.get("content-type")), /^text\/html/);
    const page = await res.text();
    match(page, /^<!doctype html>/i);
    assert(page.includes(">Verified<"), "the page says Verified");
    equal(page.includes("Not verified"), false);
    assert(page.includes("Germany"), "the page names the origin country");
    assert(page.includes("United States of America"), "the page names the destination country");
    assert(page.includes(hash), "the page shows the hash");
    match(page, /<meta name="viewport" content="width=device-width[^"]*"/);
    for (const layer of ["Schema Validation", "Business Rules", "Compliance"]) {
      assert(page.includes(layer), `the page lists ${layer}`);
    }
    assertOnlyOwnScript(page);
  });

  await t.step("a browser gets a 404 page saying Not verified for an unknown hash", async () => {
    const res = await svc.fetch(`/functions/v1/verify-hash?hash=${randomHash()}`, html);
    equal(res.status, 404);
    match(String(res.headers.get("content-type")), /^text\/html/);
    const page = await res.text();
    assert(page.includes("Not verified"), "the page says Not verified");
    match(page, /<meta name="viewport"/);
  });

  await t.step(
    "shows no names or values of the parties, in JSON or HTML, and runs no markup",
    async () => {
      const h = await passingHash(svc, team, HOSTILE);
      const json = await (await svc.fetch(`/functions/v1/verify-hash/${h}`)).text();
      assertNoPrivateData(json, "the JSON");
      const parsed = JSON.parse(json);
      equal(parsed.verified, true);
      assertEquals(parsed.route, { origin_country: "DE", destination_country: "JP" });

      const page = await (await svc.fetch(`/functions/v1/verify-hash/${h}`, html)).text();
      assertNoPrivateData(page, "the page");
      assertOnlyOwnScript(page);
      equal(page.includes("&#60;script"), false, "the exporter's name is shown, even escaped");
      assert(page.includes("Japan"), "the page names the destination country");
    },
  );

  await t.step(
    "shows none of the rule messages, even when they quote the shipment",
    async () => {
      // A record whose layers quote party names in their messages, as an outside provider's
      // might: only layer names and statuses are public.
      const h = randomHash();
      const layers = [{
        name: "Business Rules",
        status: "passed",
        results: [{
          rule: "party_screening",
          status: "warning",
          message: `exporter.name ${XSS_EXPORTER} resembles a listed party (total 98765.43 EUR)`,
        }],
      }];
      await svc.db.query(
        `insert into validation_records (team_id, gate, ruleset_version, passed, validation_hash,
           layers, origin_country, destination_country, validated_at, shipment_data)
         values ($1, 'trade-document-validator', '2026.11.1', true, $2, $3::text::jsonb,
                 'DE', 'US', now(), $4::text::jsonb)`,
        [team.teamId, h, JSON.stringify(layers), JSON.stringify(HOSTILE)],
      );
      const json = await (await svc.fetch(`/functions/v1/verify-hash/${h}`)).text();
      assertNoPrivateData(json, "the JSON");
      assertEquals(JSON.parse(json).rules_summary, {
        layers: [{ name: "Business Rules", status: "passed" }],
      });
      const page = await (await svc.fetch(`/functions/v1/verify-hash/${h}`, html)).text();
      assertNoPrivateData(page, "the page");
      assertOnlyOwnScript(page);
    },
  );

  await t.step("a malformed hash carrying markup comes back escaped", async () => {
    const markup = "<img src=x onerror=alert(1)>";
    for (
      const path of [
        `/functions/v1/verify-hash/${encodeURIComponent(markup)}`,
        `/functions/v1/verify-hash?hash=${encodeURIComponent(markup)}`,
        `/functions/v1/verify-hash?hash=${encodeURIComponent("<script>alert(1)</script>")}`,
      ]
    ) {
      const res = await svc.fetch(path, html);
      equal(res.status, 400);
      const page = await res.text();
      equal(page.toLowerCase().includes("<img"), false, `unescaped markup for ${path}`);
      assertOnlyOwnScript(page);
      assert(page.includes("Not verified"), "the page says Not verified");
      assert(page.includes("&#60;"), "the markup is shown escaped");

      const json = await svc.fetch(path);
      const error = await expectError(json, 400, "SVC_VAL_011");
      equal(error.message.includes("<"), false);
    }
  });

  await t.step("a missing hash asked for by a browser is still 400 SVC_VAL_001", async () => {
    await expectError(
      await svc.fetch("/functions/v1/verify-hash?hash=", html),
      400,
      "SVC_VAL_001",
    );
  });
});

serviceTest("verify-hash rate limit", async (t) => {
  const svc = await testService({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "2" } });
  const url = `http://service.test/functions/v1/verify-hash/${randomHash()}`;
  const from = (remoteAddr: string) => svc.gateway.fetch(new Request(url), { remoteAddr });

  await t.step(
    "answers the third call a minute from one address with 429 SVC_RATE_LIMIT and Retry-After",
    async () => {
      await expectJson(await from("198.51.100.7"), 404);
      await expectJson(await from("198.51.100.7"), 404);
      const limited = await from("198.51.100.7");
      const retryAfter = limited.headers.get("retry-after");
      await expectError(limited, 429, "SVC_RATE_LIMIT");
      match(String(retryAfter), /^\d+$/);
      const seconds = Number(retryAfter);
      assert(seconds >= 1 && seconds <= 60, `Retry-After ${seconds}`);
    },
  );

  await t.step("another address is still answered", async () => {
    await expectJson(await from("198.51.100.8"), 404);
  });
});
