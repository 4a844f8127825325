/**
 * The validation hash (DESIGN.md): SHA-256 hex of the RFC 8785 canonical JSON of
 * `{gate, ruleset_version, shipment, validated_at}`, recomputable by anyone holding the four
 * values, for example from the stored validation record.
 */
import { type HashInput, validationHash } from "../../shared/validation/hash.ts";
import { assert, equal, expectJson, match } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";

/** SHA-256 hex, computed here with Web Crypto rather than through the service's helpers. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function input(): HashInput {
  return {
    gate: "trade-document-validator",
    ruleset_version: "2026.11.1",
    shipment: {
      route: { origin_country: "DE", destination_country: "US" },
      goods: {
        total_value: 1250.5,
        line_items: [{ quantity: 100, hs_code: "0901.21" }],
        currency: "EUR",
      },
      exporter: { name: 'Müller & Söhne "Kaffee"\n' },
    },
    validated_at: "2026-11-21T09:30:00.123Z",
  };
}

/** input() in RFC 8785 form, written by hand: keys sorted, no whitespace, minimal escapes. */
const INPUT_CANONICAL = String.raw`{"gate":"trade-document-validator",` +
  String.raw`"ruleset_version":"2026.11.1",` +
  String.raw`"shipment":{"exporter":{"name":"Müller & Söhne \"Kaffee\"\n"},` +
  String.raw`"goods":{"currency":"EUR","line_items":[{"hs_code":"0901.21","quantity":100}],` +
  String.raw`"total_value":1250.5},"route":{"destination_country":"US","origin_country":"DE"}},` +
  String.raw`"validated_at":"2026-11-21T09:30:00.123Z"}`;

const HEX64 = /^[0-9a-f]{64}$/;

Deno.test("validation hash", async (t) => {
  await t.step("is 64 lowercase hex characters and deterministic", async () => {
    const a = await validationHash(input());
    const b = await validationHash(input());
    match(a, HEX64);
    equal(a, b);
  });

  await t.step("equals SHA-256 of the RFC 8785 canonical JSON, computed by hand", async () => {
    equal(await validationHash(input()), await sha256(INPUT_CANONICAL));
  });

  await t.step(
    "sorts keys by UTF-16 code units and writes numbers as ECMAScript does (RFC 8785)",
    async () => {
      const value: HashInput = {
        validated_at: "2026-01-02T03:04:05.006Z",
        shipment: {
          "\uFB01": 1,
          "\u{1F600}": 2,
          "é": 3,
          z: 4,
          aa: 5,
          a: 6,
          Z: 7,
          numbers: [1e21, 1e-7, -0, 0.1 + 0.2, 100.0, -1.5e-10, 2 ** 53],
          text: "tab\there\u0001 \u2028 /",
        },
        ruleset_version: "1",
        gate: "g",
      };
      const canonical = String.raw`{"gate":"g","ruleset_version":"1","shipment":{` +
        String.raw`"Z":7,"a":6,"aa":5,` +
        String.raw`"numbers":[1e+21,1e-7,0,0.30000000000000004,100,-1.5e-10,9007199254740992],` +
        String.raw`"text":"tab\there\u0001 ` + "\u2028" + String.raw` /",` +
        String.raw`"z":4,"é":3,"` + "\u{1F600}" + String.raw`":2,"` + "\uFB01" +
        String.raw`":1},"validated_at":"2026-01-02T03:04:05.006Z"}`;
      equal(await validationHash(value), await sha256(canonical));
    },
  );

  await t.step("does not depend on key order in the shipment", async () => {
    const reordered: HashInput = {
      validated_at: "2026-11-21T09:30:00.123Z",
      shipment: {
        exporter: { name: 'Müller & Söhne "Kaffee"\n' },
        goods: {
          currency: "EUR",
          line_items: [{ hs_code: "0901.21", quantity: 100 }],
          total_value: 1250.5,
        },
        route: { destination_country: "US", origin_country: "DE" },
      },
      ruleset_version: "2026.11.1",
      gate: "trade-document-validator",
    };
    equal(await validationHash(reordered), await validationHash(input()));
  });

  await t.step("does not depend on how a number was spelt in the submitted JSON", async () => {
    const a = JSON.parse('{"total_value": 1250.50, "quantity": 1.0e2}');
    const b = JSON.parse('{"quantity": 100, "total_value": 1250.5}');
    const at = { gate: "g", ruleset_version: "1", validated_at: input().validated_at };
    equal(
      await validationHash({ ...at, shipment: a }),
      await validationHash({ ...at, shipment: b }),
    );
  });

  const base = await validationHash(input());
  const changes: [string, (h: HashInput) => void][] = [
    ["gate", (h) => (h.gate = "us-customs-entry")],
    ["ruleset_version", (h) => (h.ruleset_version = "2026.11.2")],
    ["validated_at by one millisecond", (h) => (h.validated_at = "2026-11-21T09:30:00.124Z")],
    ["a nested shipment value", (h) => {
      ((h.shipment.goods as { line_items: { quantity: number }[] }).line_items[0]!).quantity = 101;
    }],
    ['a number\'s type (100 to "100")', (h) => {
      ((h.shipment.goods as { line_items: { quantity: unknown }[] }).line_items[0]!).quantity =
        "100";
    }],
    ["the order of array elements", (h) => {
      (h.shipment.goods as { line_items: unknown[] }).line_items.push({ hs_code: "0901.11" });
      (h.shipment.goods as { line_items: unknown[] }).line_items.reverse();
    }],
    ["an added field", (h) => (h.shipment.notes = "")],
  ];
  for (const [what, change] of changes) {
    await t.step(`changes when ${what} changes`, async () => {
      const changed = input();
      change(changed);
      const hash = await validationHash(changed);
      match(hash, HEX64);
      assert(hash !== base, `changing ${what} left the hash unchanged`);
    });
  }
});

serviceTest("validation hash of a stored validation record", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");

  const shipment = {
    exporter: { name: "Hamburg Kaffee GmbH", country: "DE" },
    importer: { name: "Boston Roasters Inc", country: "US" },
    route: {
      origin_country: "DE",
      destination_country: "US",
      port_of_loading: "DEHAM",
      port_of_discharge: "USBOS",
    },
    goods: {
      currency: "EUR",
      total_value: 1250,
      line_items: [
        { description: "Röstkaffee ☕", hs_code: "0901.21", quantity: 100, unit_price: 12.5 },
      ],
    },
    // Extra data the schema does not know: the hash commits to it all the same. Numbers and
    // keys that a jsonb round trip could spell differently.
    notes: { z: 1, "é": "ü", "\u{1F600}": [1e21, 1e-7, 0.1 + 0.2, 2 ** 64] },
  };

  await t.step(
    "a passing answer's hash is recomputable from the stored record",
    async () => {
      const answer = await expectJson<{ passed: boolean; validation_hash: string }>(
        await svc.call(team, "validate-shipment", { body: { shipment } }),
        200,
      );
      equal(answer.passed, true, JSON.stringify(answer));
      const [record] = await svc.db.query<{
        gate: string;
        ruleset_version: string;
        shipment_data: Record<string, unknown>;
        validated_at: Date;
        validation_hash: string;
        micros: string;
      }>(
        `select gate, ruleset_version, shipment_data, validated_at, validation_hash,
                to_char(validated_at at time zone 'UTC', 'US') as micros
           from validation_records where validation_hash = $1`,
        [answer.validation_hash],
      );
      assert(record, "no record has the answer's hash");
      equal(record.validation_hash, answer.validation_hash);
      assert(record.validated_at instanceof Date, `validated_at is ${typeof record.validated_at}`);
      const validatedAt = record.validated_at.toISOString();
      match(validatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      // The service hashes a JS ISO string (milliseconds); timestamptz keeps microseconds: the
      // stored value must be exactly that millisecond, so reading it back renders the same text.
      match(record.micros, /^\d{3}000$/, `stored microseconds ${record.micros}`);

      const recomputed = await validationHash({
        gate: record.gate,
        ruleset_version: record.ruleset_version,
        shipment: record.shipment_data,
        validated_at: validatedAt,
      });
      equal(recomputed, answer.validation_hash);

      // And the public verification shows the same timestamp.
      const verified = await expectJson<{ timestamp: string }>(
        await svc.fetch(`/functions/v1/verify-hash?hash=${answer.validation_hash}`),
        200,
      );
      equal(verified.timestamp, validatedAt);
    },
  );

  await t.step("the stored shipment is the submitted one", async () => {
    const answer = await expectJson<{ validation_record_id: string; validation_hash: string }>(
      await svc.call(team, "validate-shipment", { body: { shipment } }),
      200,
    );
    const [record] = await svc.db.query<{ shipment_data: unknown; gate: string }>(
      "select shipment_data, gate from validation_records where id = $1",
      [answer.validation_record_id],
    );
    equal(JSON.stringify(sortKeys(record?.shipment_data)), JSON.stringify(sortKeys(shipment)));
    equal(record?.gate, "trade-document-validator");
  });

  await t.step("two validations of the same shipment at different times differ", async () => {
    const hashes = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const answer = await expectJson<{ validation_hash: string }>(
        await svc.call(team, "validate-shipment", { body: { shipment } }),
        200,
      );
      hashes.add(answer.validation_hash);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    equal(hashes.size, 2);
  });
});

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map((
        [k, v],
      ) => [k, sortKeys(v)]),
    );
  }
  return value;
}
