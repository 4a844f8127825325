import { assert, assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";
import { search, type SearchPage } from "./support.ts";

serviceTest("hs-codes/search", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const ok = async (query: Record<string, string>) =>
    await expectJson<SearchPage>(await search(svc, team, query), 200);

  await t.step(
    "answers {results: [{code, description, country, chapter, duty_rate}], total}",
    async () => {
      const page = await ok({ q: "roasted coffee" });
      assertEquals(Object.keys(page).sort(), ["results", "total"]);
      const hit = page.results.find((r) => r.code === "0901.21");
      assertEquals(hit, {
        code: "0901.21",
        description: "Coffee; roasted, not decaffeinated",
        country: null,
        chapter: "09",
        duty_rate: null,
      });
    },
  );

  // --- code prefixes ---------------------------------------------------------------------

  for (const q of ["0901", "09.01", " 0901 "]) {
    await t.step(`the prefix "${q}" lists 0901 and its subheadings in code order`, async () => {
      const page = await ok({ q });
      assertEquals(page.results.map((r) => r.code), [
        "0901",
        "0901.11",
        "0901.12",
        "0901.21",
        "0901.22",
        "0901.90",
      ]);
      equal(page.total, 6);
    });
  }

  for (const q of ["0901.21", "090121", "0901 21"]) {
    await t.step(`the prefix "${q}" finds 0901.21 alone`, async () => {
      const page = await ok({ q });
      assertEquals(page.results.map((r) => r.code), ["0901.21"]);
      equal(page.total, 1);
    });
  }

  await t.step(
    "a chapter prefix pages in code order and counts every code of the chapter",
    async () => {
      const page = await ok({ q: "84", limit: "100" });
      const [{ n }] = await svc.db.query<{ n: number }>(
        "select count(*)::int as n from hs_codes where code like '84%'",
      ) as [{ n: number }];
      equal(page.total, n);
      equal(page.results.length, 100);
      equal(page.results[0]!.code, "84");
      const digits = page.results.map((r) => r.code.replaceAll(".", ""));
      assertEquals(digits, [...digits].sort());
      assert(page.results.every((r) => r.code.startsWith("84") && r.chapter === "84"));
    },
  );

  await t.step("a prefix nothing starts with answers an empty page", async () => {
    assertEquals(await ok({ q: "0000" }), { results: [], total: 0 });
    assertEquals(await ok({ q: "847130010012" }), { results: [], total: 0 });
  });

  for (const q of ["HS 0901.21", "hs0901.21", "HS Code: 0901 21", "0901-21", "HSN 090121"]) {
    await t.step(`a code as paperwork writes it, "${q}", finds 0901.21`, async () => {
      assertEquals((await ok({ q })).results.map((r) => r.code), ["0901.21"]);
    });
  }

  await t.step("a national line's digits without its country find the HS code above", async () => {
    for (const q of ["0901 21 00", "HTS 0901.21.0015", "0901.21.00.99"]) {
      assertEquals((await ok({ q })).results.map((r) => r.code), ["0901.21"], q);
    }
  });

  await t.step("with country=US a 10-digit code as written finds that line", async () => {
    for (const q of ["HTS 0901.21.0015", "0901 21 00 15", "htsus 0901210015"]) {
      const page = await ok({ q, country: "US" });
      assertEquals(page.results.map((r) => [r.code, r.duty_rate]), [["0901.21.00.15", "Free"]], q);
    }
  });

  // --- national lines ----------------------------------------------------------------------

  await t.step("with country=US a prefix also lists the US lines, with duty rates", async () => {
    const page = await ok({ q: "8471 30", country: "US" });
    assertEquals(page.results, [
      {
        code: "8471.30",
        description: page.results[0]!.description,
        country: null,
        chapter: "84",
        duty_rate: null,
      },
      {
        code: "8471.30.01.00",
        description: "Portable automatic data processing machines, weighing not more than 10 kg, " +
          "consisting of at least a central processing unit, a keyboard and a display",
        country: "US",
        chapter: "84",
        duty_rate: "Free",
      },
    ]);
    equal(page.total, 2);
  });

  await t.step("0101.30.00.00 (asses) carries its 6.8% duty", async () => {
    const page = await ok({ q: "0101.30", country: "us" });
    const line = page.results.find((r) => r.code === "0101.30.00.00");
    assertEquals(line, {
      code: "0101.30.00.00",
      description: "Asses",
      country: "US",
      chapter: "01",
      duty_rate: "6.8%",
    });
  });

  await t.step("with country=US words find US lines too, with duty rates", async () => {
    const page = await ok({ q: "portable computer", country: "US" });
    const line = page.results.find((r) => r.code === "8471.30.01.00");
    equal(line?.duty_rate, "Free");
    equal(line?.country, "US");
    const asses = await ok({ q: "asses", country: "US" });
    // The US line "Asses" with its rate first; its HS subheading 0101.30 "Asses; live" follows
    // once the first three places have gone to lines one declares (declarableFirst).
    assertEquals([asses.results[0]?.code, asses.results[0]?.duty_rate], ["0101.30.00.00", "6.8%"]);
    const subheading = asses.results.findIndex((r) => r.code === "0101.30");
    assert(subheading >= 3 && asses.results[subheading]?.duty_rate === null, `${subheading}`);
    assert(asses.results.slice(0, 3).every((r) => r.country === "US"));
  });

  await t.step(
    "a 10-digit line inherits the rate of its 8-digit line (6109.10.00.12: 16.5%)",
    async () => {
      const page = await ok({ q: "6109.10.00.12", country: "US" });
      assertEquals(page.results.map((r) => [r.code, r.duty_rate, r.description]), [
        ["6109.10.00.12", "16.5%", "Of cotton > Men's or boys' > Other T-shirts > Men's (338)"],
      ]);
    },
  );

  await t.step("a national line also matches through its HS subheading's words", async () => {
    // 6109.10.00.40 reads "Women's (339)" under "Of cotton"; the T-shirts are in HS 6109.10.
    const page = await ok({ q: "women's cotton t-shirts", country: "US" });
    assert(page.results.some((r) => r.code === "6109.10.00.40"), JSON.stringify(page.results));
  });

  await t.step(
    "lines whose own text has none of the words are answers through their subheading's",
    async () => {
      // Under HS 2208.60 "Vodka" the US lines say only "In containers each holding not over 4
      // liters > Valued not over $2.05/liter": they come first, in their subheading's family.
      const page = await ok({ q: "vodka", country: "US" });
      assertEquals(page.results.slice(0, 4).map((r) => r.code).sort(), [
        "2208.60",
        "2208.60.10.00",
        "2208.60.20.00",
        "2208.60.50.00",
      ]);
      assert(page.results.slice(0, 3).every((r) => r.country === "US" && r.duty_rate !== null));
    },
  );

  await t.step("without country, or for a country without a tariff, only HS codes", async () => {
    const queries: Record<string, string>[] = [{ q: "8471 30" }, { q: "8471 30", country: "DE" }];
    for (const query of queries) {
      const page = await ok(query);
      assertEquals(page.results.map((r) => [r.code, r.country, r.duty_rate]), [
        ["8471.30", null, null],
      ]);
    }
    const words = await ok({ q: "portable computer", country: "de" });
    assert(words.results.length > 0);
    assert(words.results.every((r) => r.country === null && r.duty_rate === null));
  });

  await t.step("word searches leave out chapter 99 (temporary duties, not goods)", async () => {
    const page = await ok({ q: "China", country: "US", limit: "100" });
    assert(page.results.every((r) => !r.code.startsWith("99")), JSON.stringify(page.results));
    const prefix = await ok({ q: "9903.01", country: "US", limit: "5" });
    assert(prefix.total > 0 && prefix.results.every((r) => r.code.startsWith("9903.01")));
  });

  // The goods typed decide the heading, a material before them only its subheadings (head.ts):
  // leather has headings of its own (4114, 4205), toys do not come in plastics' 3922.
  for (
    const [q, country, heading] of [
      ["leather sofa", "", "9401"],
      ["leather sofa", "US", "9401"],
      ["plastic toys", "", "9503"],
    ] as const
  ) {
    await t.step(
      `"${q}"${country ? ` (${country})` : ""} answers heading ${heading} first`,
      async () => {
        const page = await ok(country ? { q, country, limit: "3" } : { q, limit: "3" });
        assert(
          page.results[0]?.code.startsWith(heading),
          JSON.stringify(page.results.map((r) => r.code)),
        );
      },
    );
  }

  // --- limit and total -----------------------------------------------------------------------

  await t.step("limit defaults to 20; total counts every match", async () => {
    const page = await ok({ q: "machines" });
    equal(page.results.length, 20);
    assert(page.total > 20, `total ${page.total}`);
    const five = await ok({ q: "machines", limit: "5" });
    equal(five.results.length, 5);
    equal(five.total, page.total);
    assertEquals(five.results, page.results.slice(0, 5));
  });

  await t.step("limit may be 100, and 1", async () => {
    const page = await ok({ q: "machines", limit: "100" });
    equal(page.results.length, 100);
    equal((await ok({ q: "machines", limit: "1" })).results.length, 1);
  });

  for (const limit of ["0", "101", "-1", "1.5", "abc", "", "1e1", "99999999999"]) {
    await t.step(`limit=${JSON.stringify(limit)} answers 400 SVC_HS_002`, async () => {
      await expectError(await search(svc, team, { q: "rice", limit }), 400, "SVC_HS_002");
    });
  }

  // --- q and country -------------------------------------------------------------------------

  for (
    const [label, query] of [
      ["missing", {}],
      ["empty", { q: "" }],
      ["blank", { q: "   " }],
      ["201 characters", { q: "a".repeat(201) }],
      ["10,000 characters", { q: "coffee ".repeat(1500) }],
    ] as const
  ) {
    await t.step(`q ${label} answers 400 SVC_HS_001`, async () => {
      await expectError(await search(svc, team, query), 400, "SVC_HS_001");
    });
  }

  await t.step("q of 200 characters is accepted", async () => {
    await ok({ q: "coffee ".repeat(30).slice(0, 200) });
  });

  await t.step("q of stop words only answers an empty page", async () => {
    assertEquals(await ok({ q: "of the and" }), { results: [], total: 0 });
  });

  for (const country of ["USA", "U", "1A", "", "UK", "XZ"]) {
    await t.step(`country=${JSON.stringify(country)} answers 400 SVC_HS_003`, async () => {
      await expectError(await search(svc, team, { q: "rice", country }), 400, "SVC_HS_003");
    });
  }

  // --- hostile input -------------------------------------------------------------------------

  for (
    const q of [
      "'; drop table hs_codes; --",
      "coffee'); select pg_sleep(5); --",
      "&|!():*",
      "a & b | !c <-> d:* (e",
      "\\",
      '"unterminated',
      "-coffee",
      "or or or",
      "咖啡 ☕ café Kaffee ß",
      "\u0000 coffee",
      "\u200b\ufeff",
      "x".repeat(200),
      "0901 coffee",
      "1".repeat(200),
      "..",
    ]
  ) {
    await t.step(`hostile q ${JSON.stringify(q.slice(0, 40))} never gives a 5xx`, async () => {
      const res = await search(svc, team, { q, country: "US" });
      const text = await res.text();
      assert(res.status < 500, `HTTP ${res.status}: ${text}`);
    });
  }

  for (const raw of ["q=%ED%A0%80", "q=%", "q=%zz", "q=%C3", "q=a&q=b", "q[]=x"]) {
    await t.step(`a raw query string ${raw} never gives a 5xx`, async () => {
      const res = await svc.fetch(`/api/v1/hs-codes/search?${raw}`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      });
      const text = await res.text();
      assert(res.status < 500, `HTTP ${res.status}: ${text}`);
    });
  }

  await t.step("the tables are still there", async () => {
    const [{ n }] = await svc.db.query<{ n: number }>(
      "select count(*)::int as n from hs_codes",
    ) as [{ n: number }];
    equal(n, 6936);
  });

  await t.step(
    "a curated term typed around a qualifier is read as the term (h16us8 splitTerm)",
    async () => {
      const solar = await ok({ q: "solar garden lights", country: "US" });
      assertEquals(solar.results[0]?.code.slice(0, 7), "9405.41");
      const floor = await ok({ q: "engineered oak flooring", country: "US" });
      assertEquals(floor.results[0]?.code.slice(0, 7), "4418.75");
    },
  );

  // --- authentication --------------------------------------------------------------------------

  await t.step("answers 401 SVC_AUTH_001 without credentials or with an unknown key", async () => {
    await expectError(
      await svc.fetch("/api/v1/hs-codes/search?q=rice"),
      401,
      "SVC_AUTH_001",
    );
    await expectError(
      await svc.fetch("/api/v1/hs-codes/search?q=rice", {
        headers: { authorization: `Bearer tdk_${"A".repeat(43)}` },
      }),
      401,
      "SVC_AUTH_001",
    );
  });

  await t.step("is documented in /openapi.json", async () => {
    const doc = await expectJson<{ paths: Record<string, Record<string, unknown>> }>(
      await svc.fetch("/openapi.json"),
      200,
    );
    assert(doc.paths["/api/v1/hs-codes/search"]?.get);
    assert(doc.paths["/api/v1/hs-codes/{code}"]?.get);
  });
});
