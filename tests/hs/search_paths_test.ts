import { assertEquals } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { searchHsCodes, searchHsCodesByCounting } from "../../shared/hs/search.ts";
import { labelledQueries } from "./query_set.ts";

/**
 * A word search finds the codes that cover the most concepts by index scans (all concepts, all but
 * one, all but two…); counting every candidate's concepts row by row must give the same page. The
 * searches: every labelled word query of the tuning part (with and without country=US), and
 * some whose best codes cover only part of what is typed.
 */
serviceTest("hs search: the index scans answer what counting concepts answers", async (t) => {
  const db = await testDb();
  const labelled = (await labelledQueries())
    .filter((q) => !q.heldOut && q.kind !== "code")
    .map((q) => ({ q: q.q, country: q.country }));
  const partial = [
    { q: "toilet paper in rolls", country: null },
    { q: "red wine over 1.05 per liter organic", country: "US" },
    { q: "green tea in packages not exceeding 3 kg", country: null },
    { q: "coffee xylophone", country: null },
    { q: "coffee tea cocoa sugar vanilla cinnamon", country: "US" },
    { q: "not coffee", country: null },
    // HS codes alone cover every concept (search.ts NATIONAL_ANSWER)
    { q: "cultured pearl necklaces", country: "US" },
    { q: "leather backpacks", country: "US" },
  ];
  for (const [label, queries] of [["labelled", labelled], ["partial", partial]] as const) {
    await t.step(`${label}: ${queries.length} searches, the same pages`, async () => {
      const differ: string[] = [];
      for (const query of queries) {
        const input = { ...query, limit: 10 };
        const [fast, counted] = [
          await searchHsCodes(db, input),
          await searchHsCodesByCounting(db, input),
        ];
        if (JSON.stringify(fast) !== JSON.stringify(counted)) differ.push(query.q);
      }
      assertEquals(differ, []);
    });
  }

  await t.step("a code's prefixes are lexemes of what it is matched by", async () => {
    const [row] = await db.query<{ hs: boolean; line: boolean }>(
      `select (select search_match @@ 'hs09 & hs0901 & hs090121'::tsquery
                 from hs_codes where code = '090121') as hs,
              (select search_match @@ 'hs0901 & hs090121 & coffe'::tsquery
                 from tariff_lines where country = 'US' and code = '0901210015') as line`,
    );
    assertEquals(row, { hs: true, line: true });
  });
});
