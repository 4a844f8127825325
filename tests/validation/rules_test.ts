/**
 * The built-in rules engine, rule by rule: a shipment that passes each rule and one that fails
 * it, against the reference data loaded in the test database (HS 2022, the US tariff,
 * UN/LOCODE 2023-2, countries, currencies).
 */
import type { Queryable } from "../../shared/platform/db/db.ts";
import { BuiltInRulesProvider } from "../../shared/validation/builtin_provider.ts";
import { ReferenceData } from "../../shared/validation/reference.ts";
import type { ProviderRun, RuleResult } from "../../shared/validation/types.ts";
import { assert, assertEquals, equal, match } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { coffeeShipment } from "../fixtures/coffee_shipment.ts";

type Json = Record<string, unknown>;

/** A shipment every rule of the default gate passes: coffee from Hamburg to Boston. */
function good(): Json {
  return coffeeShipment();
}

/** `good()` with changes: `route`, `goods`, `exporter`, `importer` are merged one level deep. */
function shipment(changes: {
  exporter?: Json;
  importer?: Json;
  route?: Json;
  goods?: Json;
  items?: Json[];
  extra?: Json;
}): Json {
  const base = good();
  const merge = (key: string, patch: Json | undefined) => {
    if (patch) base[key] = { ...(base[key] as Json), ...patch };
  };
  merge("exporter", changes.exporter);
  merge("importer", changes.importer);
  merge("route", changes.route);
  merge("goods", changes.goods);
  if (changes.items) (base.goods as Json).line_items = changes.items;
  return { ...base, ...changes.extra };
}

function item(changes: Json = {}): Json {
  return {
    description: "Roasted coffee beans",
    hs_code: "0901.21",
    quantity: 100,
    unit_price: 12.5,
    ...changes,
  };
}

function resultsOf(run: ProviderRun, rule: string): RuleResult[] {
  return run.layers.flatMap((l) => l.results.filter((r) => r.rule === rule));
}

function layerOf(run: ProviderRun, name: string) {
  const layer = run.layers.find((l) => l.name === name);
  assert(layer, `no layer ${name} in ${JSON.stringify(run.layers.map((l) => l.name))}`);
  return layer;
}

/** [status, path] of each result of a rule, for compact comparisons. */
function outcomes(run: ProviderRun, rule: string): [string, string | undefined][] {
  return resultsOf(run, rule).map((r) => [r.status, r.path]);
}

function expectPassed(run: ProviderRun, rule: string) {
  const results = resultsOf(run, rule);
  assertEquals(
    results.map((r) => r.status),
    ["passed"],
    `${rule}: ${JSON.stringify(results)}`,
  );
  equal(typeof results[0]!.message, "string");
  assert(results[0]!.message.length > 0, `${rule} passed without a message`);
}

function allPassed(run: ProviderRun): boolean {
  return run.layers.every((l) => l.status === "passed");
}

serviceTest("built-in rules engine", async (t) => {
  const db = await testDb();
  const provider = new BuiltInRulesProvider(new ReferenceData(db));
  const run = (data: Json, gate = "trade-document-validator") =>
    provider.validate({ gate, shipment: data });

  await t.step("a complete, correct shipment passes every rule in three layers", async () => {
    const result = await run(good());
    assertEquals(result.layers.map((l) => l.name), [
      "Schema Validation",
      "Business Rules",
      "Compliance",
    ]);
    equal(result.status, "validated");
    match(result.ruleset_version, /^\d{4}\.\d+\.\d+$/);
    match(result.run_id, /^[0-9a-f-]{36}$/);
    for (const layer of result.layers) {
      equal(layer.status, "passed", JSON.stringify(layer));
      for (const r of layer.results) {
        equal(r.status, "passed", JSON.stringify(r));
        assertEquals(Object.keys(r).sort(), ["message", "rule", "status"]);
      }
    }
    assertEquals(
      result.layers.map((l) => l.results.map((r) => r.rule)),
      [
        ["schema_valid"],
        [
          "hs_code_exists",
          "port_code_valid",
          "country_code_valid",
          "currency_code_valid",
          "line_item_totals",
          "quantities_positive",
          "hazardous_items_complete",
        ],
        ["embargo_screening", "export_control_screening"],
      ],
    );
  });

  // schema_valid -------------------------------------------------------------------------------

  await t.step("schema_valid passes a TradeShipment", async () => {
    expectPassed(await run(good()), "schema_valid");
  });

  await t.step("schema_valid reports each schema problem as a result with its path", async () => {
    const data = shipment({
      importer: { name: undefined },
      exporter: { country: "de" },
      items: [item({ quantity: 0, unit_price: 0 })],
      goods: { total_value: 0 },
    });
    delete (data.importer as Json).name;
    const result = await run(data);
    const schema = layerOf(result, "Schema Validation");
    equal(schema.status, "failed");
    const byPath = new Map(resultsOf(result, "schema_valid").map((r) => [r.path, r]));
    assertEquals(
      [...byPath.keys()].sort(),
      ["exporter.country", "goods.line_items.0.quantity", "importer.name"],
    );
    for (const [path, r] of byPath) {
      equal(r.status, "failed");
      assert(r.message.startsWith(`${path} `), `message names its path: ${r.message}`);
    }
    match(byPath.get("importer.name")!.message, /required/);
    match(byPath.get("exporter.country")!.message, /ISO 3166-1 alpha-2/);
    match(byPath.get("goods.line_items.0.quantity")!.message, /greater than zero/);
    equal(allPassed(result), false);
  });

  await t.step("schema_valid refuses a shipment that is no TradeShipment at all", async () => {
    const result = await run({ hello: "world" });
    equal(layerOf(result, "Schema Validation").status, "failed");
    const paths = resultsOf(result, "schema_valid").map((r) => r.path);
    for (const p of ["exporter", "importer", "route", "goods"]) {
      assert(paths.includes(p), `no result for ${p}: ${JSON.stringify(paths)}`);
    }
  });

  // hs_code_exists -----------------------------------------------------------------------------

  for (const code of ["0901.21", "090121", "0901 21", "0901"]) {
    await t.step(`hs_code_exists passes ${JSON.stringify(code)}`, async () => {
      const result = await run(shipment({ items: [item({ hs_code: code })] }));
      expectPassed(result, "hs_code_exists");
      equal(allPassed(result), true, JSON.stringify(result.layers));
    });
  }

  await t.step("hs_code_exists fails a code not in HS 2022, naming the line's path", async () => {
    const result = await run(
      shipment({
        items: [item(), item({ hs_code: "9999.99" })],
        goods: { total_value: 2500 },
      }),
    );
    assertEquals(outcomes(result, "hs_code_exists"), [["failed", "goods.line_items.1.hs_code"]]);
    match(resultsOf(result, "hs_code_exists")[0]!.message, /9999\.99.*not in the HS 2022/);
    equal(layerOf(result, "Business Rules").status, "failed");
    equal(layerOf(result, "Schema Validation").status, "passed");
  });

  for (const code of ["09A1.21", "090", "0901-21", ""]) {
    await t.step(`hs_code_exists fails the malformed code ${JSON.stringify(code)}`, async () => {
      const result = await run(shipment({ items: [item({ hs_code: code })] }));
      assertEquals(outcomes(result, "hs_code_exists"), [["failed", "goods.line_items.0.hs_code"]]);
      match(resultsOf(result, "hs_code_exists")[0]!.message, /not an HS code/);
    });
  }

  await t.step("hs_code_exists fails a line item without hs_code", async () => {
    const result = await run(shipment({ items: [item({ hs_code: undefined })] }));
    assertEquals(outcomes(result, "hs_code_exists"), [["failed", "goods.line_items.0.hs_code"]]);
  });

  await t.step("hs_code_exists passes a 10-digit HTSUS line bound for the US", async () => {
    const result = await run(
      shipment({
        items: [item({ hs_code: "8471300100", description: "Laptop computers" })],
      }),
    );
    expectPassed(result, "hs_code_exists");
    equal(allPassed(result), true);
  });

  await t.step(
    "hs_code_exists only warns for a 10-digit line missing from the US tariff under an " +
      "existing subheading",
    async () => {
      const result = await run(
        shipment({ items: [item({ hs_code: "8471.30.99.99", description: "Laptops" })] }),
      );
      assertEquals(outcomes(result, "hs_code_exists"), [["warning", "goods.line_items.0.hs_code"]]);
      match(resultsOf(result, "hs_code_exists")[0]!.message, /8471309999.*HTSUS/);
      equal(layerOf(result, "Business Rules").status, "passed");
      equal(allPassed(result), true);
    },
  );

  await t.step("hs_code_exists does not hold a non-US shipment to the US tariff", async () => {
    const result = await run(
      shipment({
        route: { destination_country: "JP", port_of_discharge: "JPTYO" },
        importer: { country: "JP" },
        items: [item({ hs_code: "8471309999" })],
      }),
    );
    expectPassed(result, "hs_code_exists");
  });

  // port_code_valid ----------------------------------------------------------------------------

  for (const port of ["DEHAM", "DE HAM", "deham"]) {
    await t.step(`port_code_valid passes ${JSON.stringify(port)}`, async () => {
      const result = await run(shipment({ route: { port_of_loading: port } }));
      expectPassed(result, "port_code_valid");
      match(resultsOf(result, "port_code_valid")[0]!.message, /2 port codes/);
    });
  }

  await t.step("port_code_valid fails a code that is not in UN/LOCODE", async () => {
    const result = await run(shipment({ route: { port_of_discharge: "XXZZZ" } }));
    assertEquals(outcomes(result, "port_code_valid"), [["failed", "route.port_of_discharge"]]);
    match(resultsOf(result, "port_code_valid")[0]!.message, /XXZZZ.*no such UN\/LOCODE/);
    equal(layerOf(result, "Business Rules").status, "failed");
  });

  await t.step("port_code_valid fails a port that is not a UN/LOCODE at all", async () => {
    const result = await run(shipment({ route: { port_of_loading: "Hamburg" } }));
    assertEquals(outcomes(result, "port_code_valid"), [["failed", "route.port_of_loading"]]);
  });

  await t.step(
    "port_code_valid only warns for CNSHA (an airport in UN/LOCODE 2023-2); the layer stays passed",
    async () => {
      const result = await run(shipment({
        exporter: { name: "Shanghai Export Co", country: "CN" },
        route: { origin_country: "CN", port_of_loading: "CNSHA" },
      }));
      assertEquals(outcomes(result, "port_code_valid"), [["warning", "route.port_of_loading"]]);
      match(resultsOf(result, "port_code_valid")[0]!.message, /CNSHA.*airport/);
      equal(layerOf(result, "Business Rules").status, "passed");
      equal(allPassed(result), true);
    },
  );

  await t.step("port_code_valid passes the Shanghai seaports CNSGH and CNSHG", async () => {
    for (const port of ["CNSGH", "CNSHG"]) {
      const result = await run(shipment({
        exporter: { country: "CN" },
        route: { origin_country: "CN", port_of_loading: port },
      }));
      expectPassed(result, "port_code_valid");
    }
  });

  await t.step("port_code_valid warns for a place with no port or airport function", async () => {
    // DE222 (Brandscheid/Westerwald) is a road terminal only: function --3-----.
    const result = await run(shipment({ route: { port_of_loading: "DE222" } }));
    assertEquals(outcomes(result, "port_code_valid"), [["warning", "route.port_of_loading"]]);
    match(resultsOf(result, "port_code_valid")[0]!.message, /no port or airport function/);
    equal(layerOf(result, "Business Rules").status, "passed");
  });

  // country_code_valid -------------------------------------------------------------------------

  await t.step("country_code_valid passes ISO 3166-1 codes", async () => {
    const result = await run(shipment({ items: [item({ origin_country: "BR" })] }));
    expectPassed(result, "country_code_valid");
  });

  await t.step("country_code_valid fails XX, naming each path", async () => {
    const result = await run(shipment({
      exporter: { country: "XX" },
      route: { destination_country: "XX" },
      items: [item({ origin_country: "XX" })],
    }));
    assertEquals(
      outcomes(result, "country_code_valid").sort(),
      [
        ["failed", "exporter.country"],
        ["failed", "goods.line_items.0.origin_country"],
        ["failed", "route.destination_country"],
      ],
    );
    for (const r of resultsOf(result, "country_code_valid")) match(r.message, /"XX"/);
    equal(layerOf(result, "Business Rules").status, "failed");
  });

  // currency_code_valid ------------------------------------------------------------------------

  await t.step("currency_code_valid passes EUR", async () => {
    expectPassed(await run(good()), "currency_code_valid");
  });

  await t.step("currency_code_valid fails ABC", async () => {
    const result = await run(shipment({ goods: { currency: "ABC" } }));
    assertEquals(outcomes(result, "currency_code_valid"), [["failed", "goods.currency"]]);
    match(resultsOf(result, "currency_code_valid")[0]!.message, /"ABC".*ISO 4217/);
  });

  await t.step("currency_code_valid warns for a JPY unit price with many decimals", async () => {
    const result = await run(shipment({
      goods: { currency: "JPY", total_value: 12345.6789 },
      items: [item({ quantity: 1, unit_price: 12345.6789 })],
    }));
    assertEquals(
      outcomes(result, "currency_code_valid"),
      [["warning", "goods.line_items.0.unit_price"]],
    );
    match(resultsOf(result, "currency_code_valid")[0]!.message, /JPY/);
    equal(layerOf(result, "Business Rules").status, "passed");
    equal(allPassed(result), true);
  });

  await t.step("currency_code_valid accepts whole yen and cents in EUR", async () => {
    const yen = await run(shipment({
      goods: { currency: "JPY", total_value: 150000 },
      items: [item({ quantity: 10, unit_price: 15000 })],
    }));
    expectPassed(yen, "currency_code_valid");
    const euro = await run(shipment({
      goods: { total_value: 1299 },
      items: [item({ quantity: 100, unit_price: 12.99 })],
    }));
    expectPassed(euro, "currency_code_valid");
  });

  // line_item_totals ---------------------------------------------------------------------------

  await t.step("line_item_totals passes an exact total", async () => {
    const result = await run(shipment({
      goods: { total_value: 2137.25 },
      items: [item(), item({ quantity: 35, unit_price: 25.35 })],
    }));
    expectPassed(result, "line_item_totals");
    match(resultsOf(result, "line_item_totals")[0]!.message, /2137\.25/);
  });

  await t.step("line_item_totals tolerates rounding to the currency's minor unit", async () => {
    // 3 × 3.333 = 9.999, declared 10.00.
    const result = await run(shipment({
      goods: { total_value: 10 },
      items: [item({ quantity: 3, unit_price: 3.333 })],
    }));
    expectPassed(result, "line_item_totals");
  });

  await t.step("line_item_totals fails a difference beyond rounding", async () => {
    const result = await run(shipment({
      goods: { total_value: 10.02 },
      items: [item({ quantity: 3, unit_price: 3.333 })],
    }));
    assertEquals(outcomes(result, "line_item_totals"), [["failed", "goods.total_value"]]);
  });

  await t.step("line_item_totals passes a total that includes freight and insurance", async () => {
    const result = await run(shipment({
      goods: { total_value: 1375 },
      extra: { charges: { freight: 100, insurance: 25 } },
    }));
    expectPassed(result, "line_item_totals");
    match(resultsOf(result, "line_item_totals")[0]!.message, /1250\.00.*125\.00/);
  });

  await t.step("line_item_totals fails a mismatch, with both numbers in the message", async () => {
    const result = await run(shipment({ goods: { total_value: 1300 } }));
    assertEquals(outcomes(result, "line_item_totals"), [["failed", "goods.total_value"]]);
    const message = resultsOf(result, "line_item_totals")[0]!.message;
    match(message, /1300\.00/);
    match(message, /1250\.00/);
    equal(layerOf(result, "Business Rules").status, "failed");
  });

  await t.step("line_item_totals fails a mismatch with charges, naming both sums", async () => {
    const result = await run(shipment({
      goods: { total_value: 1400 },
      extra: { charges: { freight: 100, insurance: 25 } },
    }));
    const message = resultsOf(result, "line_item_totals")[0]!.message;
    equal(resultsOf(result, "line_item_totals")[0]!.status, "failed");
    match(message, /1400\.00/);
    match(message, /1250\.00/);
    match(message, /1375\.00/);
  });

  await t.step("line_item_totals fails a shipment without a total", async () => {
    const data = shipment({});
    delete (data.goods as Json).total_value;
    const result = await run(data);
    // total_value is optional in the schema: only the business rule catches it.
    expectPassed(result, "schema_valid");
    assertEquals(outcomes(result, "line_item_totals"), [["failed", "goods.total_value"]]);
    match(resultsOf(result, "line_item_totals")[0]!.message, /missing/);
  });

  // quantities_positive ------------------------------------------------------------------------

  await t.step("quantities_positive passes positive quantities and prices", async () => {
    expectPassed(await run(good()), "quantities_positive");
  });

  await t.step("quantities_positive fails zero or negative quantities and prices", async () => {
    const result = await run(shipment({
      goods: { total_value: 0 },
      items: [item({ quantity: 0 }), item({ quantity: -5 }), item({ unit_price: 0 })],
    }));
    assertEquals(outcomes(result, "quantities_positive"), [
      ["failed", "goods.line_items.0.quantity"],
      ["failed", "goods.line_items.1.quantity"],
      ["failed", "goods.line_items.2.unit_price"],
    ]);
  });

  await t.step("quantities_positive fails a shipment with no line items", async () => {
    const result = await run(shipment({ items: [] }));
    assertEquals(outcomes(result, "quantities_positive"), [["failed", "goods.line_items"]]);
  });

  // hazardous_items_complete -------------------------------------------------------------------

  const hazardousItem = item({
    description: "Paint",
    hs_code: "3208.10",
    un_number: "UN1263",
    hazard_class: "3",
    proper_shipping_name: "PAINT",
  });

  for (
    const [label, flag] of [
      ["is_hazardous", { is_hazardous: true }],
      ['compliance_flags ["dgd"]', { compliance_flags: ["dgd"] }],
      ['compliance_flags ["DGD"]', { compliance_flags: ["DGD"] }],
    ] as const
  ) {
    await t.step(
      `hazardous_items_complete fails a ${label} line without its dangerous goods details`,
      async () => {
        const result = await run(shipment({ items: [item({ hs_code: "3208.10", ...flag })] }));
        assertEquals(outcomes(result, "hazardous_items_complete").sort(), [
          ["failed", "goods.line_items.0.hazard_class"],
          ["failed", "goods.line_items.0.proper_shipping_name"],
          ["failed", "goods.line_items.0.un_number"],
          ["failed", "hazardous_shipment.emergency_contact"],
        ]);
        equal(layerOf(result, "Business Rules").status, "failed");
      },
    );

    await t.step(`hazardous_items_complete passes a complete ${label} line`, async () => {
      const result = await run(shipment({
        items: [{ ...hazardousItem, ...flag }],
        extra: { hazardous_shipment: { emergency_contact: "+49 40 123456 (24h)" } },
      }));
      expectPassed(result, "hazardous_items_complete");
      match(resultsOf(result, "hazardous_items_complete")[0]!.message, /1 dangerous goods line/);
      equal(allPassed(result), true, JSON.stringify(result.layers));
    });
  }

  await t.step(
    "hazardous_items_complete fails complete lines without an emergency contact",
    async () => {
      const result = await run(shipment({ items: [{ ...hazardousItem, is_hazardous: true }] }));
      assertEquals(
        outcomes(result, "hazardous_items_complete"),
        [["failed", "hazardous_shipment.emergency_contact"]],
      );
    },
  );

  await t.step("hazardous_items_complete passes a shipment without dangerous goods", async () => {
    const result = await run(good());
    expectPassed(result, "hazardous_items_complete");
    match(resultsOf(result, "hazardous_items_complete")[0]!.message, /No dangerous goods/);
  });

  // embargo_screening --------------------------------------------------------------------------

  await t.step("embargo_screening passes an ordinary destination", async () => {
    expectPassed(await run(good()), "embargo_screening");
  });

  for (const exporter of ["DE", "US", "CN", "BR"]) {
    await t.step(`embargo_screening fails destination KP for a ${exporter} exporter`, async () => {
      const result = await run(shipment({
        exporter: { country: exporter },
        route: { origin_country: exporter, destination_country: "KP", port_of_discharge: "KPNAM" },
        importer: { country: "KP" },
      }));
      assertEquals(outcomes(result, "embargo_screening"), [[
        "failed",
        "route.destination_country",
      ]]);
      match(resultsOf(result, "embargo_screening")[0]!.message, /KP.*comprehensive embargo/);
      equal(layerOf(result, "Compliance").status, "failed");
    });
  }

  await t.step("embargo_screening fails destination IR for a US exporter", async () => {
    const result = await run(shipment({
      exporter: { country: "US" },
      route: { origin_country: "US", destination_country: "IR", port_of_discharge: "IRBND" },
      importer: { country: "IR" },
    }));
    assertEquals(outcomes(result, "embargo_screening"), [["failed", "route.destination_country"]]);
    equal(layerOf(result, "Compliance").status, "failed");
  });

  await t.step("embargo_screening fails destination IR for goods of US origin", async () => {
    const result = await run(shipment({
      route: { origin_country: "US", destination_country: "IR", port_of_discharge: "IRBND" },
      importer: { country: "IR" },
    }));
    assertEquals(outcomes(result, "embargo_screening"), [["failed", "route.destination_country"]]);
  });

  await t.step(
    "embargo_screening only warns for destination IR for a German exporter",
    async () => {
      const result = await run(shipment({
        route: { destination_country: "IR", port_of_discharge: "IRBND" },
        importer: { country: "IR" },
      }));
      assertEquals(outcomes(result, "embargo_screening"), [[
        "warning",
        "route.destination_country",
      ]]);
      equal(layerOf(result, "Compliance").status, "passed");
      equal(allPassed(result), true);
    },
  );

  await t.step("embargo_screening only warns for destination RU", async () => {
    const result = await run(shipment({
      route: { destination_country: "RU", port_of_discharge: "RULED" },
      importer: { country: "RU" },
    }));
    assertEquals(outcomes(result, "embargo_screening"), [["warning", "route.destination_country"]]);
    match(resultsOf(result, "embargo_screening")[0]!.message, /sanctions restrictions/);
    equal(layerOf(result, "Compliance").status, "passed");
  });

  await t.step("embargo_screening screens importer.country too", async () => {
    const result = await run(shipment({ importer: { country: "KP" } }));
    assertEquals(outcomes(result, "embargo_screening"), [["failed", "importer.country"]]);
  });

  // UN/LOCODE 2023-2 lists no Crimean place with a seaport function (Yalta, Sevastopol: 0-------);
  // the screening looks at the place's subdivision, whatever its function.
  const [crimea] = await db.query<{ locode: string }>(
    `select locode from unlocodes where country = 'UA' and subdivision = '43'
      order by (function like '1%') desc, locode limit 1`,
  );

  await t.step(
    "embargo_screening fails a port of discharge in Crimea for an EU exporter",
    async () => {
      assert(crimea, "no UN/LOCODE in UA subdivision 43 in the reference data");
      const result = await run(shipment({
        route: { destination_country: "UA", port_of_discharge: crimea.locode },
        importer: { country: "UA" },
      }));
      assertEquals(outcomes(result, "embargo_screening"), [["failed", "route.port_of_discharge"]]);
      match(resultsOf(result, "embargo_screening")[0]!.message, /Crimea/);
      equal(layerOf(result, "Compliance").status, "failed");
    },
  );

  await t.step("embargo_screening passes a port of discharge elsewhere in Ukraine", async () => {
    const result = await run(shipment({
      route: { destination_country: "UA", port_of_discharge: "UAODS" },
      importer: { country: "UA" },
    }));
    expectPassed(result, "embargo_screening");
  });

  // export_control_screening -------------------------------------------------------------------

  await t.step("export_control_screening passes ordinary goods and EAR99", async () => {
    expectPassed(await run(good()), "export_control_screening");
    const ear99 = await run(shipment({ items: [item({ eccn: "EAR99" })] }));
    expectPassed(ear99, "export_control_screening");
  });

  await t.step("export_control_screening warns for arms (HS chapter 93)", async () => {
    const result = await run(shipment({
      items: [item({ hs_code: "9301.10", description: "Artillery weapons" })],
    }));
    assertEquals(
      outcomes(result, "export_control_screening"),
      [["warning", "goods.line_items.0.hs_code"]],
    );
    match(resultsOf(result, "export_control_screening")[0]!.message, /chapter 93/);
    equal(layerOf(result, "Compliance").status, "passed");
  });

  await t.step("export_control_screening warns for ECCN 5A002", async () => {
    const result = await run(shipment({
      items: [item({ hs_code: "8471.30", description: "Encrypted laptops", eccn: "5A002" })],
    }));
    assertEquals(outcomes(result, "export_control_screening"), [[
      "warning",
      "goods.line_items.0.eccn",
    ]]);
    match(resultsOf(result, "export_control_screening")[0]!.message, /5A002/);
    equal(layerOf(result, "Compliance").status, "passed");
  });

  // us_entry_lines (the us-customs-entry gate) -------------------------------------------------

  const usEntry = () =>
    shipment({
      goods: { currency: "USD", total_value: 24000 },
      items: [
        item({
          description: "Laptop computers",
          hs_code: "8471.30.01.00",
          quantity: 30,
          unit_price: 800,
          origin_country: "CN",
        }),
      ],
    });

  await t.step("us-customs-entry passes 10-digit HTSUS lines with their origin", async () => {
    const result = await run(usEntry(), "us-customs-entry");
    expectPassed(result, "us_entry_lines");
    equal(allPassed(result), true, JSON.stringify(result.layers));
    assert(
      layerOf(result, "Business Rules").results.some((r) => r.rule === "us_entry_lines"),
      "us_entry_lines runs in the Business Rules layer",
    );
  });

  await t.step("the default gate does not run us_entry_lines", async () => {
    equal(resultsOf(await run(good()), "us_entry_lines").length, 0);
  });

  await t.step("us-customs-entry fails a 6-digit code and a missing origin", async () => {
    const result = await run(good(), "us-customs-entry");
    assertEquals(outcomes(result, "us_entry_lines"), [
      ["failed", "goods.line_items.0.hs_code"],
      ["failed", "goods.line_items.0.origin_country"],
    ]);
    equal(layerOf(result, "Business Rules").status, "failed");
  });

  await t.step("us-customs-entry fails a 10-digit line that is not in the US tariff", async () => {
    const data = usEntry();
    ((data.goods as Json).line_items as Json[])[0]!.hs_code = "8471309999";
    const result = await run(data, "us-customs-entry");
    assertEquals(outcomes(result, "us_entry_lines"), [["failed", "goods.line_items.0.hs_code"]]);
  });

  await t.step("us-customs-entry fails a destination other than the US", async () => {
    const data = usEntry();
    Object.assign(data.route as Json, { destination_country: "JP", port_of_discharge: "JPTYO" });
    const result = await run(data, "us-customs-entry");
    assertEquals(outcomes(result, "us_entry_lines"), [["failed", "route.destination_country"]]);
  });

  // Unknown gates ------------------------------------------------------------------------------

  for (const gate of ["no-such-gate", "", "constructor", "__proto__", "toString"]) {
    await t.step(`an unknown gate ${JSON.stringify(gate)} is SVC_VAL_009`, async () => {
      let error: unknown;
      try {
        await run(good(), gate);
      } catch (e) {
        error = e;
      }
      equal((error as { code?: string })?.code, "SVC_VAL_009", String(error));
    });
  }

  // One query per family -----------------------------------------------------------------------

  await t.step(
    "checks 200 line items with the same number of queries as one (one per family)",
    async () => {
      let queries = 0;
      const counting: Queryable = {
        query: (text, params) => {
          queries++;
          return db.query(text, params);
        },
        exec: (script) => db.exec(script),
        copyCsv: (table, columns, csv) => db.copyCsv(table, columns, csv),
      };
      const counted = new BuiltInRulesProvider(new ReferenceData(counting));
      const codes = ["0901.21", "8471.30", "6109.10", "9403.60", "8528.72", "2204.21", "3004.90"];
      const many = Array.from(
        { length: 200 },
        (_, i) => item({ hs_code: codes[i % codes.length], quantity: i + 1, unit_price: 2 }),
      );
      const manyTotal = many.reduce((s, it) => s + (it.quantity as number) * 2, 0);

      // The first run also loads the code lists, once per process.
      queries = 0;
      const first = await counted.validate({ gate: "trade-document-validator", shipment: good() });
      const cold = queries;
      equal(allPassed(first), true);

      queries = 0;
      await counted.validate({ gate: "trade-document-validator", shipment: good() });
      const one = queries;

      queries = 0;
      const big = await counted.validate({
        gate: "trade-document-validator",
        shipment: shipment({ items: many, goods: { total_value: manyTotal } }),
      });
      const twoHundred = queries;

      equal(allPassed(big), true, JSON.stringify(big.layers));
      match(resultsOf(big, "hs_code_exists")[0]!.message, /All 200 HS codes/);
      equal(twoHundred, one, `1 line item: ${one} queries; 200 line items: ${twoHundred}`);
      assert(one <= 2, `a warm run took ${one} queries`);
      assert(cold <= 5, `a cold run took ${cold} queries`);
    },
  );
});
