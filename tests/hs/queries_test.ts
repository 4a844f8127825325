import { assert, equal } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { isHeldOut, isTop3Hit, KINDS, labelledQueries, scoreByKind } from "./query_set.ts";

/**
 * The labelled queries of the HS search bench (tests/fixtures/hs_queries/queries.tsv): enough of
 * every kind, every accepted code real, and the held-out split fixed.
 */
serviceTest("the labelled HS queries are sound", async (t) => {
  const queries = await labelledQueries();

  await t.step("at least 300 queries, every kind present, no query twice", () => {
    assert(queries.length >= 300, `${queries.length} queries`);
    for (const kind of KINDS) {
      assert(queries.filter((q) => q.kind === kind).length >= 40, kind);
    }
    const keys = queries.map((q) => `${q.country ?? ""}|${q.q.toLowerCase()}`);
    equal(new Set(keys).size, keys.length);
  });

  await t.step("every accepted code is in the nomenclature or the country's tariff", async () => {
    const db = await testDb();
    const missing: string[] = [];
    for (const query of queries) {
      for (const code of query.accepted) {
        const national = query.country !== null && code.length > 6;
        const [row] = national
          ? await db.query(
            "select 1 from tariff_lines where country = $1 and code = $2",
            [query.country, code],
          )
          : await db.query("select 1 from hs_codes where code = $1", [code]);
        if (!row) missing.push(`${query.q}: ${code}`);
      }
    }
    equal(missing.join("; "), "");
  });

  await t.step("a US line query accepts only national lines", () => {
    for (const q of queries.filter((q) => q.kind === "us_line")) {
      equal(q.country, "US", q.q);
      assert(q.accepted.every((code) => code.length >= 8), q.q);
    }
  });

  await t.step("about a third is held out, by a stable hash of the line", () => {
    const held = queries.filter((q) => q.heldOut).length;
    assert(held > queries.length * 0.25 && held < queries.length * 0.42, `${held} held out`);
    equal(isHeldOut("everyday\t\tsneakers\t640411"), isHeldOut("everyday\t\tsneakers\t640411"));
  });

  await t.step("scoring: a hit is an accepted code among the first three", () => {
    const query = queries.find((q) => q.q === "laptop" && q.country === null)!;
    equal(isTop3Hit(query, ["8471.41", "8471.30", "8471"]), true);
    equal(isTop3Hit(query, ["8471.41", "8471.49", "8471", "8471.30"]), false);
    const scores = scoreByKind([{ query, hit: true }, { query, hit: false }]);
    equal(scores.find((s) => s.kind === "overall")?.rate, 0.5);
  });
});
