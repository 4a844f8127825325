import { FOLD_FROM, FOLD_MULTI, foldName } from "../../shared/parties/fold.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, type TestService, testService, type TestTeam } from "../support/service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Json = Record<string, unknown>;
interface Page {
  parties: Json[];
  total: number;
  total_exact: boolean;
}

/** `/api/v1/parties...` with a team's Bearer key. */
function api(
  svc: TestService,
  team: TestTeam,
  path: string,
  init: { method?: string; body?: unknown; raw?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${team.apiKey}` };
  const body = init.raw ?? (init.body === undefined ? null : JSON.stringify(init.body));
  if (body !== null) headers["content-type"] = "application/json";
  return svc.fetch(`/api/v1/parties${path}`, {
    method: init.method ?? (body === null ? "GET" : "POST"),
    headers,
    body,
  });
}

async function create(svc: TestService, team: TestTeam, body: Json): Promise<Json> {
  return await expectJson(await api(svc, team, "", { body }), 201);
}

async function list(svc: TestService, team: TestTeam, query: Record<string, string>) {
  return await expectJson<Page>(await api(svc, team, `?${new URLSearchParams(query)}`), 200);
}

const FULL = {
  name: "Müller Maschinenbau GmbH",
  address: "Industriestraße 12\nHalle 3",
  city: "Stuttgart",
  state: "BW",
  postal_code: "70173",
  country: "de",
  tax_ids: { vat: "DE123456789", eori: "DE1234567890123" },
  contact_email: "export@mueller.example",
  contact_phone: "+49 711 123456",
  contact_name: "Anna Müller",
};

serviceTest("parties", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const other = await svc.newTeam();

  await t.step("the name key folds in SQL exactly as in the service", async () => {
    const text = FOLD_FROM + FOLD_MULTI.map(([f]) => f).join("") + "xyz 123 Δ Ж-ok";
    const [row] = await svc.db.query<{ k: string }>("select party_name_key($1) as k", [text]);
    equal(row!.k, foldName(text));
    equal(foldName("MÜLLER Straße Œuvre"), "muller strasse oeuvre");
  });

  let fullId = "";
  await t.step("POST answers 201 {id, name, country, created_at}", async () => {
    const body = await create(svc, team, FULL);
    assertEquals(Object.keys(body).sort(), ["country", "created_at", "id", "name"]);
    match(String(body.id), UUID);
    equal(body.name, FULL.name);
    equal(body.country, "DE");
    assert(!Number.isNaN(Date.parse(String(body.created_at))));
    fullId = String(body.id);
  });

  await t.step("GET /:id answers the whole party", async () => {
    const party = await expectJson(await api(svc, team, `/${fullId}`), 200);
    assertEquals(party, {
      ...FULL,
      country: "DE",
      id: fullId,
      created_at: party.created_at,
      updated_at: party.updated_at,
    });
  });

  await t.step("POST with only name and country leaves the rest empty", async () => {
    const body = await create(svc, team, { name: "Minimal Ltd", country: "GB" });
    const party = await expectJson(await api(svc, team, `/${body.id}`), 200);
    equal(party.address, null);
    equal(party.contact_email, null);
    assertEquals(party.tax_ids, {});
  });

  for (
    const [label, body] of [
      ["a missing name", { country: "DE" }],
      ["a blank name", { name: "  ", country: "DE" }],
      ["a name over 200 characters", { name: "n".repeat(201), country: "DE" }],
      ["a name with control characters", { name: "Acme\u0007", country: "DE" }],
      ["a missing country", { name: "Acme" }],
      ["a country that does not exist (XX)", { name: "Acme", country: "XX" }],
      ["a country of three letters", { name: "Acme", country: "DEU" }],
      ["a bad e-mail", { name: "Acme", country: "DE", contact_email: "not-an-email" }],
      ["tax_ids that is a list", { name: "Acme", country: "DE", tax_ids: ["DE1"] }],
      ["a tax id kind in capitals", { name: "Acme", country: "DE", tax_ids: { VAT: "DE1" } }],
      ["a tax id that is a number", { name: "Acme", country: "DE", tax_ids: { vat: 123 } }],
      ["a bad phone number", { name: "Acme", country: "DE", contact_phone: "call me" }],
      ["an unknown field", { name: "Acme", country: "DE", website: "https://acme.example" }],
      ["a name that is not text", { name: 42, country: "DE" }],
    ] as const
  ) {
    await t.step(`POST answers 400 SVC_PARTY_001 for ${label}`, async () => {
      const error = await expectError(await api(svc, team, "", { body }), 400, "SVC_PARTY_001");
      assert(error.message.length > 0);
    });
  }

  await t.step("POST names the field in the error", async () => {
    const error = await expectError(
      await api(svc, team, "", { body: { name: "Acme", country: "XX" } }),
      400,
      "SVC_PARTY_001",
    );
    match(error.message, /^country: XX/);
  });

  await t.step("POST answers 400 SVC_REQ_002 for malformed JSON", async () => {
    await expectError(await api(svc, team, "", { raw: '{"name": "Acme", ' }), 400, "SVC_REQ_002");
    await expectError(await api(svc, team, "", { raw: "[1, 2]" }), 400, "SVC_REQ_002");
  });

  await t.step("POST answers 413 SVC_REQ_001 for a body over 1 MiB", async () => {
    const raw = JSON.stringify({ name: "Big", country: "DE", address: "a".repeat(1_100_000) });
    await expectError(await api(svc, team, "", { raw }), 413, "SVC_REQ_001");
  });

  await t.step("POST answers 415 SVC_REQ_003 without a JSON content type", async () => {
    const res = await svc.fetch("/api/v1/parties", {
      method: "POST",
      headers: { authorization: `Bearer ${team.apiKey}`, "content-type": "text/plain" },
      body: JSON.stringify({ name: "Acme", country: "DE" }),
    });
    await expectError(res, 415, "SVC_REQ_003");
  });

  await t.step("every route answers 401 SVC_AUTH_001 without credentials", async () => {
    const id = crypto.randomUUID();
    for (
      const [method, path] of [
        ["POST", ""],
        ["GET", ""],
        ["GET", `/${id}`],
        ["PATCH", `/${id}`],
        ["DELETE", `/${id}`],
      ]
    ) {
      const res = await svc.fetch(`/api/v1/parties${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" || method === "PATCH" ? '{"name": "Acme"}' : null,
      });
      await expectError(res, 401, "SVC_AUTH_001");
    }
    const bad = await svc.fetch("/api/v1/parties", { headers: { authorization: "Bearer nope" } });
    await expectError(bad, 401, "SVC_AUTH_001");
  });

  await t.step("PATCH changes only the fields given and answers the party", async () => {
    const before = await expectJson(await api(svc, team, `/${fullId}`), 200);
    const after = await expectJson(
      await api(svc, team, `/${fullId}`, {
        method: "PATCH",
        body: { city: "Esslingen", contact_phone: null, tax_ids: { vat: "DE999999999" } },
      }),
      200,
    );
    equal(after.city, "Esslingen");
    equal(after.contact_phone, null);
    assertEquals(after.tax_ids, { vat: "DE999999999" });
    equal(after.name, before.name);
    equal(after.address, before.address);
    equal(after.created_at, before.created_at);
    assert(Date.parse(String(after.updated_at)) >= Date.parse(String(before.updated_at)));
    assertEquals(await expectJson(await api(svc, team, `/${fullId}`), 200), after);
  });

  for (
    const [label, body] of [
      ["an empty body", {}],
      ["a null name", { name: null }],
      ["a null country", { country: null }],
      ["an unknown country", { country: "XX" }],
      ["a bad e-mail", { contact_email: "x@" }],
      ["an unknown field", { id: crypto.randomUUID() }],
    ] as const
  ) {
    await t.step(`PATCH answers 400 SVC_PARTY_001 for ${label}`, async () => {
      await expectError(
        await api(svc, team, `/${fullId}`, { method: "PATCH", body }),
        400,
        "SVC_PARTY_001",
      );
    });
  }

  await t.step("PATCH answers 400 SVC_REQ_002 for malformed JSON", async () => {
    await expectError(
      await api(svc, team, `/${fullId}`, { method: "PATCH", raw: "{" }),
      400,
      "SVC_REQ_002",
    );
  });

  await t.step("another team's party is 404 SVC_PARTY_002 for get, patch and delete", async () => {
    await expectError(await api(svc, other, `/${fullId}`), 404, "SVC_PARTY_002");
    await expectError(
      await api(svc, other, `/${fullId}`, { method: "PATCH", body: { city: "Elsewhere" } }),
      404,
      "SVC_PARTY_002",
    );
    await expectError(
      await api(svc, other, `/${fullId}`, { method: "DELETE" }),
      404,
      "SVC_PARTY_002",
    );
    const mine = await expectJson(await api(svc, team, `/${fullId}`), 200);
    equal(mine.city, "Esslingen");
    const theirs = await list(svc, other, {});
    equal(theirs.total, 0);
    assertEquals(theirs.parties, []);
    equal((await list(svc, other, { search: "muller" })).total, 0);
  });

  await t.step("unknown and malformed ids are 404 SVC_PARTY_002", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid", "1"]) {
      await expectError(await api(svc, team, `/${id}`), 404, "SVC_PARTY_002");
      await expectError(
        await api(svc, team, `/${id}`, { method: "PATCH", body: { city: "X" } }),
        404,
        "SVC_PARTY_002",
      );
      await expectError(
        await api(svc, team, `/${id}`, { method: "DELETE" }),
        404,
        "SVC_PARTY_002",
      );
    }
  });

  await t.step("DELETE answers 204, then the party is gone", async () => {
    const body = await create(svc, team, { name: "Short Lived BV", country: "NL" });
    const res = await api(svc, team, `/${body.id}`, { method: "DELETE" });
    equal(res.status, 204);
    equal(await res.text(), "");
    await expectError(await api(svc, team, `/${body.id}`), 404, "SVC_PARTY_002");
    await expectError(
      await api(svc, team, `/${body.id}`, { method: "DELETE" }),
      404,
      "SVC_PARTY_002",
    );
  });
});

serviceTest("parties: list and search", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const names: [string, string][] = [
    ["Müller GmbH", "DE"],
    ["Schmidt & Müller KG", "DE"],
    ["Bergmuller Logistics", "AT"],
    ["MULLERS Trading Ltd", "GB"],
    ["Acme Exports", "US"],
    ["Société Générale Import", "FR"],
    ["Ørsted Shipping A/S", "DK"],
    ["Straße 100% Handel_GmbH", "DE"],
  ];
  for (const [name, country] of names) await create(svc, team, { name, country });
  const namesOf = (page: Page) => page.parties.map((p) => p.name);

  await t.step("without search: every party in name order, with total", async () => {
    const page = await list(svc, team, {});
    equal(page.total, names.length);
    assertEquals(namesOf(page), [
      "Acme Exports",
      "Bergmuller Logistics",
      "Müller GmbH",
      "MULLERS Trading Ltd",
      "Ørsted Shipping A/S",
      "Schmidt & Müller KG",
      "Société Générale Import",
      "Straße 100% Handel_GmbH",
    ]);
    assertEquals(Object.keys(page.parties[0]!).sort(), [
      "address",
      "city",
      "contact_email",
      "contact_name",
      "contact_phone",
      "country",
      "created_at",
      "id",
      "name",
      "postal_code",
      "state",
      "tax_ids",
      "updated_at",
    ]);
  });

  await t.step("search is case- and accent-insensitive and ranked", async () => {
    const expected = [
      // name starts with it
      "Müller GmbH",
      "MULLERS Trading Ltd",
      // a word starts with it
      "Schmidt & Müller KG",
      // contains it
      "Bergmuller Logistics",
    ];
    for (const search of ["muller", "MÜLLER", "Müller", "mUlLeR"]) {
      const page = await list(svc, team, { search });
      assertEquals(namesOf(page), expected, search);
      equal(page.total, 4);
      equal(page.total_exact, true);
    }
  });

  await t.step("search matches accented names from plain queries and back", async () => {
    assertEquals(namesOf(await list(svc, team, { search: "societe generale" })), [
      "Société Générale Import",
    ]);
    assertEquals(namesOf(await list(svc, team, { search: "GENER" })), [
      "Société Générale Import",
    ]);
    assertEquals(namesOf(await list(svc, team, { search: "orsted" })), ["Ørsted Shipping A/S"]);
    assertEquals(namesOf(await list(svc, team, { search: "strasse" })), [
      "Straße 100% Handel_GmbH",
    ]);
  });

  await t.step("several words each match the start of a word", async () => {
    assertEquals(namesOf(await list(svc, team, { search: "mull schm" })), [
      "Schmidt & Müller KG",
    ]);
  });

  await t.step("LIKE wildcards in the search are taken literally", async () => {
    assertEquals(namesOf(await list(svc, team, { search: "100%" })), [
      "Straße 100% Handel_GmbH",
    ]);
    assertEquals(namesOf(await list(svc, team, { search: "el_gm" })), [
      "Straße 100% Handel_GmbH",
    ]);
    assertEquals(namesOf(await list(svc, team, { search: "ll_r" })), []);
    assertEquals(namesOf(await list(svc, team, { search: "%" })), []);
    assertEquals(namesOf(await list(svc, team, { search: "'&:*!" })), []);
  });

  await t.step("short searches match name and word starts only", async () => {
    assertEquals(namesOf(await list(svc, team, { search: "mu" })), [
      "Müller GmbH",
      "MULLERS Trading Ltd",
      "Schmidt & Müller KG",
    ]);
  });

  await t.step("a blank search lists every party", async () => {
    equal((await list(svc, team, { search: "  " })).total, names.length);
  });

  await t.step("country filters, alone and with search", async () => {
    const de = await list(svc, team, { country: "de" });
    equal(de.total, 3);
    assert(de.parties.every((p) => p.country === "DE"));
    assertEquals(namesOf(await list(svc, team, { search: "muller", country: "DE" })), [
      "Müller GmbH",
      "Schmidt & Müller KG",
    ]);
    equal((await list(svc, team, { country: "JP" })).total, 0);
  });

  await t.step("limit and offset page through the list; total counts every match", async () => {
    const first = await list(svc, team, { limit: "3" });
    const second = await list(svc, team, { limit: "3", offset: "3" });
    const last = await list(svc, team, { limit: "3", offset: "6" });
    equal(first.parties.length, 3);
    equal(second.parties.length, 3);
    equal(last.parties.length, 2);
    for (const page of [first, second, last]) equal(page.total, names.length);
    const all = namesOf(await list(svc, team, {}));
    assertEquals([...namesOf(first), ...namesOf(second), ...namesOf(last)], all);
    const past = await list(svc, team, { limit: "3", offset: "50" });
    assertEquals(past.parties, []);
    equal(past.total, names.length);
    const searched = await list(svc, team, { search: "muller", limit: "1", offset: "1" });
    assertEquals(namesOf(searched), ["MULLERS Trading Ltd"]);
    equal(searched.total, 4);
  });

  for (
    const [label, query] of [
      ["limit over 100", { limit: "101" }],
      ["limit 0", { limit: "0" }],
      ["a limit that is not a number", { limit: "ten" }],
      ["a negative offset", { offset: "-1" }],
      ["an unknown country", { country: "XX" }],
      ["a search over 200 characters", { search: "a".repeat(201) }],
      ["a search with a NUL", { search: "a\u0000b" }],
      ["a search with a control character", { search: "a\u0007b" }],
      ["an unknown parameter", { q: "muller" }],
    ] as const
  ) {
    await t.step(`GET answers 400 SVC_PARTY_001 for ${label}`, async () => {
      await expectError(
        await api(svc, team, `?${new URLSearchParams(query)}`),
        400,
        "SVC_PARTY_001",
      );
    });
  }

  await t.step("limit 100 is allowed", async () => {
    equal((await list(svc, team, { limit: "100" })).parties.length, names.length);
  });
});

serviceTest("parties: saved parties in shipments", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const other = await svc.newTeam();
  const exporter = await create(svc, team, {
    name: "Cape Town Wines Pty",
    country: "ZA",
    city: "Cape Town",
    tax_ids: { vat: "ZA4123456789" },
  });
  const importer = await create(svc, team, { name: "Oslo Vinmonopol AS", country: "NO" });
  const foreign = await create(svc, other, { name: "Not Yours Ltd", country: "GB" });

  async function storedData(shipmentId: unknown): Promise<Json> {
    const [row] = await svc.db.query<{ shipment_data: Json }>(
      "select shipment_data from shipments where id = $1",
      [shipmentId],
    );
    return row!.shipment_data;
  }

  await t.step("create-shipment fills in the parties, the shipment's fields win", async () => {
    const created = await expectJson(
      await svc.call(team, "create-shipment", {
        body: {
          shipment_data: {
            exporter: { party_id: exporter.id, city: "Stellenbosch" },
            importer: { party_id: importer.id },
            route: { origin_country: "ZA", destination_country: "NO" },
          },
        },
      }),
      201,
    );
    const data = await storedData(created.shipment_id);
    assertEquals(data.exporter, {
      party_id: exporter.id,
      name: "Cape Town Wines Pty",
      country: "ZA",
      city: "Stellenbosch",
      tax_ids: { vat: "ZA4123456789" },
    });
    assertEquals(data.importer, {
      party_id: importer.id,
      name: "Oslo Vinmonopol AS",
      country: "NO",
    });
    assertEquals(data.route, { origin_country: "ZA", destination_country: "NO" });
  });

  await t.step("save-draft fills in the parties, new and replaced drafts", async () => {
    const saved = await expectJson(
      await svc.call(team, "save-draft", {
        body: { shipment_data: { notify_party: { party_id: importer.id } } },
      }),
      201,
    );
    equal(((await storedData(saved.shipment_id)).notify_party as Json).name, "Oslo Vinmonopol AS");
    await expectJson(
      await svc.call(team, "save-draft", {
        body: {
          shipment_id: saved.shipment_id,
          shipment_data: { consignee: { party_id: exporter.id, name: "Override" } },
        },
      }),
      200,
    );
    const data = await storedData(saved.shipment_id);
    assertEquals(data.consignee, {
      party_id: exporter.id,
      name: "Override",
      country: "ZA",
      city: "Cape Town",
      tax_ids: { vat: "ZA4123456789" },
    });
  });

  for (
    const [label, id] of [
      ["an unknown party_id", crypto.randomUUID()],
      ["another team's party_id", "FOREIGN"],
      ["a malformed party_id", "nope"],
      ["a party_id that is not text", 42],
    ] as const
  ) {
    await t.step(
      `create-shipment and save-draft answer 400 SVC_PARTY_003 for ${label}`,
      async () => {
        const partyId = id === "FOREIGN" ? foreign.id : id;
        const shipment_data = {
          exporter: { party_id: exporter.id },
          importer: { party_id: partyId },
        };
        for (const name of ["create-shipment", "save-draft"]) {
          const error = await expectError(
            await svc.call(team, name, { body: { shipment_data } }),
            400,
            "SVC_PARTY_003",
          );
          equal(error.message, "party not found: importer.party_id");
        }
      },
    );
  }

  await t.step("a deleted party can no longer be referenced", async () => {
    const gone = await create(svc, team, { name: "Gone GmbH", country: "DE" });
    equal((await api(svc, team, `/${gone.id}`, { method: "DELETE" })).status, 204);
    await expectError(
      await svc.call(team, "create-shipment", {
        body: { shipment_data: { exporter: { party_id: gone.id } } },
      }),
      400,
      "SVC_PARTY_003",
    );
  });
});
