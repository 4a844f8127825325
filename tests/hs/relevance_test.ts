import { assert, equal, expectJson } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";
import { search, type SearchPage } from "./support.ts";

/**
 * What a trader types → the HS 2022 subheading(s) a customs broker would pick, read from the
 * nomenclature (data/reference/hs_codes.csv.gz). Where several subheadings are equally right
 * (the query does not say roasted or not, fresh or frozen), any of them counts. Each must be in
 * the first three answers.
 */
const CASES: [query: string, expected: string[]][] = [
  ["roasted coffee", ["0901.21"]],
  ["portable computer", ["8471.30"]],
  ["laptops", ["8471.30"]],
  ["notebook computer", ["8471.30"]],
  ["live horses", ["0101.21", "0101.29"]],
  ["frozen shrimps", ["0306.16", "0306.17"]],
  ["wine sparkling", ["2204.10"]],
  ["cotton t-shirts", ["6109.10"]],
  ["crude petroleum oil", ["2709.00"]],
  ["bicycles", ["8712.00"]],
  ["mobile phones", ["8517.13", "8517.14"]],
  ["telephones for cellular networks", ["8517.14"]],
  ["wooden furniture", ["9403.30", "9403.40", "9403.50", "9403.60"]],
  ["rice", ["1006.10", "1006.20", "1006.30", "1006.40"]],
  ["solar cells", ["8541.42", "8541.43"]],
  ["photovoltaic cells", ["8541.42", "8541.43"]],
  ["lithium-ion accumulators", ["8507.60"]],
  ["frozen beef", ["0202.10", "0202.20", "0202.30"]],
  ["tv", ["8528.71", "8528.72", "8528.73"]],
  ["green tea", ["0902.10", "0902.20"]],
  ["black tea", ["0902.30", "0902.40"]],
  ["cocoa beans", ["1801.00"]],
  ["wheat flour", ["1101.00"]],
  ["bananas", ["0803.90"]],
  ["saffron", ["0910.20"]],
  ["whisky", ["2208.30"]],
  ["cigarettes", ["2402.20"]],
  ["copper wire", ["7408.11", "7408.19", "7408.21", "7408.22", "7408.29"]],
  ["steel screws", ["7318.11", "7318.12", "7318.13", "7318.14", "7318.15"]],
  ["olive oil", ["1509.20", "1509.30", "1509.40", "1509.90"]],
  ["men's cotton trousers", ["6103.42", "6203.42"]],
  ["toothbrushes", ["9603.21"]],
  ["umbrellas", ["6601.10", "6601.91", "6601.99"]],
  ["aluminium foil", ["7607.11", "7607.19", "7607.20"]],
  ["cut flowers roses", ["0603.11"]],
  ["frozen chicken", ["0207.12", "0207.14"]],
  ["natural honey", ["0409.00"]],
  ["portland cement", ["2523.21", "2523.29"]],
  ["worn clothing", ["6309.00"]],
  ["wristwatches", ["9102.11", "9102.12", "9102.19", "9102.21", "9102.29", "9102.91"]],
  ["fresh apples", ["0808.10"]],
  ["orange juice", ["2009.11", "2009.12", "2009.19"]],
  ["tomatoes", ["0702.00"]],
  ["e-bike", ["8711.60"]],
  // WordNet puts hard cider under cider, apple juice, and so under non-alcoholic beverages
  ["hard cider", ["2206.00"]],
  ["trampoline", ["9506.91"]],
  ["engine oil", ["2710.19"]],
];

serviceTest("hs-codes/search finds the right subheading in the first three", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();

  for (const [q, expected] of CASES) {
    await t.step(`"${q}" → ${expected.join(" or ")}`, async () => {
      const page = await expectJson<SearchPage>(await search(svc, team, { q }), 200);
      const top = page.results.slice(0, 3).map((r) => r.code);
      assert(
        top.some((code) => expected.includes(code)),
        `"${q}": expected ${expected.join(" or ")} in the first three, got ` +
          page.results.slice(0, 5).map((r) => `${r.code} ${r.description.slice(0, 50)}`)
            .join(" | "),
      );
    });
  }

  for (
    const [q, expected] of [
      ["cofee", "0901."],
      ["roasted cofee", "0901.21"],
      ["bycicles", "8712.00"],
      ["alluminium foil", "7607."],
      ["frozn shrimps", "0306.1"],
      ["tomatos", "0702.00"],
      ["cigarets", "2402.20"],
      // a typo inside a phrase of the vocabulary is read as the spelling that makes the phrase:
      // car batteries, not batteries of any kind; "pepers" is as near to papers as to peppers
      ["car batery", "8507.10"],
      ["bell pepers", "0709.60"],
    ] as const
  ) {
    await t.step(`the misspelling "${q}" finds ${expected}… in the first three`, async () => {
      const page = await expectJson<SearchPage>(await search(svc, team, { q }), 200);
      const top = page.results.slice(0, 3).map((r) => r.code);
      assert(top.some((code) => code.startsWith(expected)), `${q}: ${top.join(" ")}`);
    });
  }

  await t.step("a word typed right ranks above a correction of another word", async () => {
    // "tomattoes" is read as "tomatoes" (heading 0702), "potatoes" is typed right (heading
    // 0701): both headings name their word first, the exact word ranks first, though named
    // first. ("tomatos" has the stem of "tomatoes": no correction, and the goods named last.)
    const page = await expectJson<SearchPage>(
      await search(svc, team, { q: "potatoes tomattoes" }),
      200,
    );
    const codes = page.results.map((r) => r.code);
    assert(codes.indexOf("0701") >= 0 && codes.indexOf("0702") >= 0, codes.join(" "));
    assert(codes.indexOf("0701") < codes.indexOf("0702"), codes.join(" "));
  });

  await t.step("a known word is never corrected: 'cotton' stays cotton, not 'button'", async () => {
    const page = await expectJson<SearchPage>(await search(svc, team, { q: "cotton" }), 200);
    assert(page.results.every((r) => /cotton/i.test(r.description)), JSON.stringify(page.results));
  });

  for (
    const [q, expected] of [
      ["sneakers", ["6404.11"]],
      ["trainers", ["6404.11"]],
      ["hoodie", ["6110.20", "6110.30"]],
      ["kumquats", ["0805.90"]],
      ["croissants", ["1905.90"]],
      ["saxophone", ["9205.90"]],
      ["jeans", ["6203.42", "6204.62"]],
      ["aluminum foil", ["7607.11", "7607.19", "7607.20"]],
      ["computer mouse", ["8471.60"]],
      // US retail names of data/hs/curated.tsv: WordNet read them as other goods or not at all.
      ["curling iron", ["8516.32"]],
      ["vacuum bottle", ["9617.00"]],
      ["evaporated milk", ["0402.91", "0402.99"]],
      ["herbal tea", ["2106.90", "1211.90"]],
      ["coffee mug", ["6912.00", "6911.10"]],
      ["tea kettle", ["7323.93", "7323.94", "7323.91"]],
      ["sneakres", ["6404.11"]],
      // 6306.22 "Tents; of synthetic fibres" has "camping" through its heading 6306.
      ["camping tent", ["6306.22", "6306.29"]],
      // WordNet hyponyms that took their anchor's generic codes (vegetable oil 1515.90, flour
      // 1101, textile coats 6201, fabrics 5407, non-electric fork-lifts 8427.20): curated.tsv.
      ["canola oil", ["1514.11", "1514.19"]],
      ["soybean meal", ["2304.00"]],
      ["fur coat", ["4303.10"]],
      ["burlap", ["5310.10", "5310.90"]],
      ["electric forklift", ["8427.10"]],
    ] as const
  ) {
    await t.step(`the everyday word "${q}" finds ${expected.join(" or ")}`, async () => {
      const page = await expectJson<SearchPage>(await search(svc, team, { q }), 200);
      const top = page.results.slice(0, 3).map((r) => r.code);
      assert(top.some((code) => (expected as readonly string[]).includes(code)), `${q}: ${top}`);
    });
  }

  for (
    const [q, first, below] of [
      ["coffee not decaffeinated", ["0901.21", "0901.11"], "0901.22"],
      ["roasted coffee, not decaffeinated", ["0901.21"], "0901.22"],
      ["t-shirts other than cotton", ["6109.90"], "6109.10"],
      ["t-shirts, not of cotton", ["6109.90"], "6109.10"],
      ["frozen shrimps, not cold-water", ["0306.17"], "0306.16"],
      ["coffee, not roasted", ["0901.11", "0901.12"], "0901.21"],
    ] as const
  ) {
    await t.step(`"${q}" ranks ${first.join(" or ")} first, ${below} below`, async () => {
      const page = await expectJson<SearchPage>(await search(svc, team, { q }), 200);
      const codes = page.results.map((r) => r.code);
      const top = codes[0] ?? "";
      assert(
        (first as readonly string[]).includes(top) && codes.indexOf(below) !== 0,
        `${q}: ${codes.join(" ")}`,
      );
    });
  }

  await t.step("every code of the everyday vocabulary is an HS code", async () => {
    const [{ n }] = await svc.db.query<{ n: number }>(
      `select count(*)::int as n
         from hs_synonyms s cross join lateral regexp_split_to_table(s.codes, ' ') as code
        where code <> '' and not exists (select 1 from hs_codes h where h.code = code)`,
    ) as [{ n: number }];
    equal(n, 0);
    const [{ terms }] = await svc.db.query<{ terms: number }>(
      "select count(*)::int as terms from hs_synonyms",
    ) as [{ terms: number }];
    assert(terms > 10000, `${terms} terms`);
  });

  await t.step("a change to the vocabulary reaches the search held in the process", async () => {
    const top = async () =>
      (await expectJson<SearchPage>(await search(svc, team, { q: "qxzvwqjk" }), 200))
        .results[0]?.code;
    equal(await top(), undefined);
    await svc.db.query(
      "insert into hs_synonyms (term, codes, means, source) values ('qxzvwqjk', '090121', null, 'test')",
    );
    try {
      // The first search learns the new version, the next reads the vocabulary again.
      await top();
      equal(await top(), "0901.21");
    } finally {
      await svc.db.query("delete from hs_synonyms where term = 'qxzvwqjk'");
    }
    await top();
    equal(await top(), undefined);
  });

  for (
    const [q, country, notFirst] of [
      // roast, a cut of meat (0208, 0210), is a vocabulary noun.
      ["roasted pistachios", "US", ["0208", "0210"]],
      ["roasted macadamia nuts", "", ["0208", "0210"]],
    ] as const
  ) {
    await t.step(`"${q}" is not read as the noun of its "-ed" word (${notFirst})`, async () => {
      const page = await expectJson<SearchPage>(
        await search(svc, team, { q, ...(country ? { country } : {}) }),
        200,
      );
      const top = page.results.slice(0, 3).map((r) => r.code);
      assert(top.length > 0, q);
      assert(!top.some((c) => notFirst.some((p) => c.startsWith(p))), `${q}: ${top.join(" ")}`);
    });
  }

  await t.step('goods typed without "-ing" are not the vocabulary\'s "-ing" noun', async () => {
    // "wall painting" (WordNet: a mural) is 9701.91; "wall paint" is paint (3208 to 3210).
    const top = async (q: string) =>
      (await expectJson<SearchPage>(await search(svc, team, { q }), 200)).results.slice(0, 3)
        .map((r) => r.code);
    const paint = await top("wall paint");
    assert(paint.length > 0 && paint.every((c) => /^32(08|09|10)/.test(c)), paint.join(" "));
    // nor the nomenclature's: "sinking machinery" (8430) is no sink (the kitchen typed wrong)
    const sink = await top("kitchn sink");
    assert(sink.length > 0 && !sink.some((c) => c.startsWith("8430")), sink.join(" "));
    const painting = await top("wall painting");
    assert(painting.includes("9701.91"), painting.join(" "));
    // nor is a typo's correction: "trousrs" is trousers, not WordNet's "trousering" (a fabric)
    const trousers = await top("trousrs");
    assert(trousers.length > 0 && trousers.every((c) => /^6[12]/.test(c)), trousers.join(" "));
  });

  await t.step("a word typed right is not a term of another word with its stem", async () => {
    // The stemmer reads "polish" and "polisher" (WordNet: a polishing machine, 8467.29), "cloths"
    // and "clothes" (garments, 6114, 6211) alike; a term's codes are taken only for its own word
    // or its plural.
    const top = async (q: string) =>
      (await expectJson<SearchPage>(await search(svc, team, { q, country: "US" }), 200)).results
        .slice(0, 3).map((r) => r.code);
    const polish = await top("shoe polish");
    assert(polish.length > 0 && polish.every((c) => c.startsWith("3405")), polish.join(" "));
    const cloths = await top("microfiber cleaning cloths");
    assert(cloths.length > 0 && cloths.every((c) => c.startsWith("6307.10")), cloths.join(" "));
    // a term's plural still takes it, and a noun typed takes its "-ed" term of packing
    const sneakers = await top("sneakers");
    assert(sneakers.some((c) => c.startsWith("6404.11")), sneakers.join(" "));
  });

  await t.step('an "-ed" word the vocabulary has itself keeps its meaning', async () => {
    // The curated "flavored" (US) means "flavoured": 2202.10 is "Waters ... flavoured".
    const page = await expectJson<SearchPage>(
      await search(svc, team, { q: "flavored water" }),
      200,
    );
    const top = page.results.slice(0, 3).map((r) => r.code);
    assert(top.includes("2202.10"), top.join(" "));
  });

  await t.step(
    "a negated word does not match: crude oil is 2709, not 2710 (not crude)",
    async () => {
      const page = await expectJson<SearchPage>(
        await search(svc, team, { q: "crude petroleum oil", limit: "100" }),
        200,
      );
      assert(page.results.every((r) => !r.code.startsWith("2710")), JSON.stringify(page.results));
    },
  );

  await t.step("a head-phrase match ranks above an incidental mention", async () => {
    // 8712.00 names bicycles first; 4011.50 (tyres "of a kind used on bicycles") only mentions them.
    const page = await expectJson<SearchPage>(await search(svc, team, { q: "bicycles" }), 200);
    const codes = page.results.map((r) => r.code);
    assert(codes.indexOf("8712.00") < codes.indexOf("4011.50"), codes.join(" "));
  });

  await t.step("a set is named by its goods, not by other goods sold in sets", async () => {
    // No code has "screwdriver" and "set": 8205.40 (screwdrivers) comes before 8518.50
    // ("Amplifier sets") and the telephone sets, which have only "set" (head.ts, GROUPS).
    const page = await expectJson<SearchPage>(
      await search(svc, team, { q: "screwdriver set" }),
      200,
    );
    const codes = page.results.map((r) => r.code);
    assert(codes.slice(0, 3).includes("8205.40"), codes.join(" "));
  });

  await t.step("words are stemmed: singular and plural find the same codes", async () => {
    const one = await expectJson<SearchPage>(await search(svc, team, { q: "bicycle" }), 200);
    const many = await expectJson<SearchPage>(await search(svc, team, { q: "bicycles" }), 200);
    assert(one.total > 0 && one.total === many.total, `${one.total} vs ${many.total}`);
  });

  await t.step("when no code has every word, codes with most of them are the answer", async () => {
    // No description has "gold" and "jewellery" and "xylophone" together.
    const page = await expectJson<SearchPage>(
      await search(svc, team, { q: "gold jewellery xylophone" }),
      200,
    );
    assert(page.total > 0);
    assert(page.results.some((r) => r.code.startsWith("7113")), JSON.stringify(page.results));
  });
});
