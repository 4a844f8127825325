import { assert, assertEquals } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { searchHsCodes } from "../../shared/hs/search.ts";

/**
 * The goods a national line names are weaker evidence for its HS subheading (migration
 * 20261130001000): its head phrase, when that names goods rather than a kind or a condition.
 */
serviceTest("hs search: the goods national lines name", async (t) => {
  const db = await testDb();

  await t.step("a line's goods: its head phrase, before a preposition", async () => {
    const texts = [
      "Ladders",
      "Dining tables",
      "Smoke detectors, battery powered",
      "Hangers and supports for pipes and tubes",
      "Other",
      "Of cotton",
      "Containing 23 percent or more by weight of wool",
      "Valued over $20 each",
      "Described in additional U.S. note 3",
      "1",
    ];
    const rows = await db.query<{ goods: string | null }>(
      `select hs_line_goods(t) as goods from unnest($1::text[]) with ordinality as u(t, i)
        order by i`,
      [texts],
    );
    assertEquals(rows.map((r) => r.goods), [
      "ladders",
      "dining tables",
      "smoke detectors",
      "hangers and supports",
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  await t.step("without a country, an HS subheading is found by its lines' goods", async () => {
    // 7616.99 is "Aluminium; articles n.e.c. in heading 7616"; its US line 7616.99.51.30 "Ladders"
    const ladder = await searchHsCodes(db, { q: "aluminium ladder", country: null, limit: 5 });
    assertEquals(ladder.results[0]?.code, "7616.99");
    // 9403.60 "Furniture; wooden, other than …", line "Dining tables"; not 6302 table linen
    const table = await searchHsCodes(db, { q: "wooden table", country: null, limit: 5 });
    assert(table.results.slice(0, 3).every((r) => r.code.startsWith("9403")));
  });

  await t.step("the goods a line names are its last word, for the head rule", async () => {
    // 4107.x lines "Glove and garment" (leather): they have "glove", but name leather
    const gloves = await searchHsCodes(db, { q: "leather gloves", country: null, limit: 5 });
    assertEquals(gloves.results[0]?.code.slice(0, 4), "4203");
    const leather = await searchHsCodes(db, { q: "glove leather", country: null, limit: 5 });
    assertEquals(leather.results[0]?.code.slice(0, 4), "4107");
  });

  await t.step("below a code whose own text has the words", async () => {
    // 4421.10 "Wood; clothes hangers" by its own text; 7616.99 by its line "Hangers and supports"
    const page = await searchHsCodes(db, { q: "hangers", country: null, limit: 20 });
    const codes = page.results.map((r) => r.code);
    assert(codes.includes("7616.99"), codes.join(" "));
    assert(codes.indexOf("4421.10") < codes.indexOf("7616.99"), codes.join(" "));
  });

  await t.step("with a country, the lines themselves answer, not their subheading", async () => {
    const page = await searchHsCodes(db, { q: "aluminum ladders", country: "US", limit: 10 });
    const codes = page.results.map((r) => r.code);
    assertEquals(codes[0], "7616.99.51.30");
    assert(!codes.includes("7616.99"), codes.join(" "));
  });
});
