import { assert, assertEquals } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { searchHsCodes } from "../../shared/hs/search.ts";

/**
 * A word search ranks only the rows of the families that can reach the page (fewer than `limit`
 * families come before them), and reads the keys that tell families apart only for those: a
 * page must still be the start of any longer page, with the same total. Searches of common words,
 * whose candidates are many families that often score alike.
 */
serviceTest("hs search: a page is the start of a longer page, with the same total", async (t) => {
  const db = await testDb();
  const searches = [
    { q: "plastic toys", country: "US" },
    { q: "steel", country: "US" },
    { q: "cotton shirts", country: "US" },
    { q: "leather sofa", country: "US" },
    { q: "steel", country: null },
    { q: "frozen pizza", country: null },
  ];
  for (const search of searches) {
    await t.step(`${search.q} (${search.country ?? "HS"})`, async () => {
      const long = await searchHsCodes(db, { ...search, limit: 60 });
      assert(long.total >= long.results.length && long.results.length > 10, `${long.total}`);
      for (const limit of [1, 3, 10]) {
        const page = await searchHsCodes(db, { ...search, limit });
        assertEquals(page, { results: long.results.slice(0, limit), total: long.total });
      }
    });
  }

  await t.step("a code's stated text is its text without its negated phrases", async () => {
    const [row] = await db.query<{ differ: number; changed: number }>(
      `select ((select count(*) from hs_codes
                 where stated_text is distinct from hs_without_negations(description))
               + (select count(*) from tariff_lines
                   where stated_text is distinct from hs_without_negations(description)))::int
                as differ,
              (select count(*) from hs_codes where stated_text <> description)::int as changed`,
    );
    assertEquals(row?.differ, 0);
    assert((row?.changed ?? 0) > 100, `${row?.changed} texts changed`);
  });
});
