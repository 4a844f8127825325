import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";
import { type HsRecord, lookup } from "./support.ts";

const PORTABLE_HS = "Automatic data processing machines; portable, weighing not more than 10kg, " +
  "consisting of at least a central processing unit, a keyboard and a display";
const HEADING_8471 = "Automatic data processing machines and units thereof, magnetic or optical " +
  "readers, machines for transcribing data onto data media in coded form and machines for " +
  "processing such data, not elsewhere specified or included";
const CHAPTER_84 = "Machinery and mechanical appliances, boilers, nuclear reactors; parts thereof";

serviceTest("hs-codes/:code", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const ok = async (code: string, query: Record<string, string> = {}) =>
    await expectJson<HsRecord>(await lookup(svc, team, code, query), 200);

  for (const code of ["847130", "8471.30", "8471 30"]) {
    await t.step(`"${code}" answers 8471.30 with chapter, heading and subheading`, async () => {
      assertEquals(await ok(code), {
        code: "8471.30",
        description: PORTABLE_HS,
        country: null,
        chapter: "84",
        heading: "8471",
        subheading: "8471.30",
        duty_rate: null,
        hierarchy: [
          { level: 2, code: "84", description: CHAPTER_84 },
          { level: 4, code: "8471", description: HEADING_8471 },
          { level: 6, code: "8471.30", description: PORTABLE_HS },
        ],
      });
    });
  }

  await t.step("a chapter has no heading or subheading", async () => {
    const record = await ok("84");
    assertEquals(
      [record.code, record.heading, record.subheading, record.hierarchy.length],
      ["84", null, null, 1],
    );
  });

  await t.step("a heading has no subheading", async () => {
    const record = await ok("0901");
    assertEquals([record.chapter, record.heading, record.subheading], ["09", "0901", null]);
    assertEquals(record.hierarchy.map((h) => h.code), ["09", "0901"]);
  });

  await t.step("an HS code with country=US is still the HS code", async () => {
    const record = await ok("847130", { country: "US" });
    assertEquals([record.code, record.country, record.duty_rate], ["8471.30", null, null]);
  });

  await t.step("a subheading with country=US lists its US lines, with rates", async () => {
    const record = await ok("0901.21", { country: "US" });
    assertEquals(record.hierarchy.map((h) => h.code), ["09", "0901", "0901.21"]);
    const lines = record.national_lines ?? [];
    equal(lines[0]?.code, "0901.21.00");
    equal(lines[0]?.duty_rate, "Free");
    assertEquals(lines.map((l) => l.level), [8, ...Array(lines.length - 1).fill(10)]);
    assert(
      lines.some((l) => l.code === "0901.21.00.15" && /Certified organic/.test(l.description)),
    );
    const laptops = await ok("847130", { country: "US" });
    assertEquals(laptops.national_lines?.map((l) => [l.code, l.duty_rate]), [
      ["8471.30.01.00", "Free"],
    ]);
  });

  await t.step("an 8-digit line lists the 10-digit lines under it", async () => {
    const record = await ok("6109.10.00", { country: "US" });
    const lines = record.national_lines ?? [];
    assert(lines.length > 5 && lines.every((l) => l.level === 10 && l.duty_rate === "16.5%"));
  });

  await t.step("without country, or for another country, no national lines", async () => {
    equal((await ok("0901.21")).national_lines, undefined);
    assertEquals((await ok("0901.21", { country: "DE" })).national_lines, []);
    equal((await ok("0901", { country: "US" })).national_lines, undefined);
  });

  await t.step(
    "8471300100 with country=US: the US line, Free, under 84 → 8471 → 8471.30",
    async () => {
      const record = await ok("8471300100", { country: "US" });
      assertEquals(record, {
        code: "8471.30.01.00",
        description: "Portable automatic data processing machines, weighing not more than 10 kg, " +
          "consisting of at least a central processing unit, a keyboard and a display",
        country: "US",
        chapter: "84",
        heading: "8471",
        subheading: "8471.30",
        duty_rate: "Free",
        hierarchy: [
          { level: 2, code: "84", description: CHAPTER_84 },
          { level: 4, code: "8471", description: HEADING_8471 },
          { level: 6, code: "8471.30", description: PORTABLE_HS },
          { level: 10, code: "8471.30.01.00", description: record.description },
        ],
      });
      assertEquals(await ok("8471.30.01.00", { country: "us" }), record);
    },
  );

  await t.step("a 10-digit line lists the 8-digit line above it", async () => {
    const record = await ok("0901210015", { country: "US" });
    assertEquals(record.hierarchy.map((h) => [h.level, h.code, h.description]), [
      [2, "09", "Coffee, tea, mate and spices"],
      [
        4,
        "0901",
        "Coffee, whether or not roasted or decaffeinated; husks and skins; coffee substitutes " +
        "containing coffee in any proportion",
      ],
      [6, "0901.21", "Coffee; roasted, not decaffeinated"],
      [8, "0901.21.00", "Coffee, roasted > Not decaffeinated"],
      [
        10,
        "0901.21.00.15",
        "In retail containers weighing 2 kg or less > Arabica > Certified organic",
      ],
    ]);
    equal(
      record.description,
      "Coffee, roasted > Not decaffeinated > In retail containers weighing 2 kg or less > " +
        "Arabica > Certified organic",
    );
    equal(record.duty_rate, "Free");
  });

  await t.step("an 8-digit line carries its own rate (0101.30.00.00: 6.8%)", async () => {
    equal((await ok("0101300000", { country: "US" })).duty_rate, "6.8%");
    const wine = await ok("22041000", { country: "US" });
    assertEquals([wine.code, wine.duty_rate, wine.description], [
      "2204.10.00",
      "19.8¢/liter",
      "Sparkling wine",
    ]);
  });

  await t.step("search and lookup describe a national line alike", async () => {
    const page = await expectJson<{ results: { code: string; description: string }[] }>(
      await svc.fetch("/api/v1/hs-codes/search?q=0901.21.00.15&country=US", {
        headers: { authorization: `Bearer ${team.apiKey}` },
      }),
      200,
    );
    equal(page.results[0]?.description, (await ok("0901210015", { country: "US" })).description);
  });

  await t.step("a chapter 98 line (no HS levels) lists only the national lines", async () => {
    const record = await ok("9801.00.10.10", { country: "US" });
    assertEquals(record.hierarchy.map((h) => h.code), ["9801.00.10", "9801.00.10.10"]);
    assertEquals([record.chapter, record.heading, record.subheading], ["98", "9801", "9801.00"]);
  });

  // --- 404 and 400 -----------------------------------------------------------------------------

  const unknown: [string, Record<string, string>][] = [
    ["999999", {}],
    ["0102.99", {}],
    ["9999999999", { country: "US" }],
  ];
  for (const [code, query] of unknown) {
    await t.step(`the well-formed unknown code ${code} answers 404 SVC_HS_004`, async () => {
      await expectError(await lookup(svc, team, code, query), 404, "SVC_HS_004");
    });
  }

  await t.step("an 8- or 10-digit code without country is 404, saying to give one", async () => {
    const error = await expectError(await lookup(svc, team, "8471300100"), 404, "SVC_HS_004");
    match(error.message, /country/);
    await expectError(
      await lookup(svc, team, "8471300100", { country: "DE" }),
      404,
      "SVC_HS_004",
    );
  });

  for (
    const code of [
      "1",
      "847",
      "84713",
      "0901.2",
      "847130010",
      "84713001001",
      "84a1",
      "x".repeat(5000),
    ]
  ) {
    await t.step(
      `the malformed code ${JSON.stringify(code.slice(0, 20))} answers 400 SVC_HS_005`,
      async () => {
        await expectError(await lookup(svc, team, code), 400, "SVC_HS_005");
      },
    );
  }

  await t.step("a malformed country answers 400 SVC_HS_003", async () => {
    await expectError(await lookup(svc, team, "847130", { country: "USA" }), 400, "SVC_HS_003");
  });

  await t.step("answers 401 SVC_AUTH_001 without credentials", async () => {
    await expectError(await svc.fetch("/api/v1/hs-codes/847130"), 401, "SVC_AUTH_001");
  });
});
