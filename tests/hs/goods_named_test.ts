import { assert, assertEquals } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { searchHsCodes } from "../../shared/hs/search.ts";
import { lastWord } from "../../shared/hs/head.ts";

/**
 * The goods a code's text names, apart from the words that only qualify other goods in it
 * (migration 20261202003000): of families that score alike, those that name the goods typed as
 * goods come first.
 */
serviceTest("hs search: the goods a code's text names", async (t) => {
  const db = await testDb();

  await t.step("a text's goods: each phrase's last word, not after a preposition", async () => {
    const texts = [
      "Smoking pipes (including pipe bowls) and cigar or cigarette holders, and parts thereof",
      "Cigars, cheroots and cigarillos; containing tobacco",
      "Machines for packaging pipe tobacco; machines for wrapping candy",
      "Parts of printer units of subheading 8443.32.10",
      "Twine, cordage or rope; knotted netting, made up fishing nets and other made up nets",
      "Other",
      "Sugars and sugar confectionery",
    ];
    const rows = await db.query<{ goods: string | null }>(
      `select hs_goods_words(t) as goods from unnest($1::text[]) with ordinality as u(t, i)
        order by i`,
      [texts],
    );
    assertEquals(rows.map((r) => r.goods), [
      // "cigar" qualifies "holders": a singular word alone before "or" and a longer phrase
      "pipes bowls holders parts",
      "cigars cheroots cigarillos",
      "machines machines",
      "parts",
      "twine cordage rope netting nets nets",
      "",
      "sugars confectionery",
    ]);
  });

  await t.step("a family that names the goods typed comes before one they qualify", async () => {
    // 9614 "… cigar or cigarette holders" scored as 2402.10 "Cigars, cheroots and cigarillos"
    const cigars = await searchHsCodes(db, { q: "premium cigars", country: "US", limit: 5 });
    assertEquals(cigars.results[0]?.code.slice(0, 7), "2402.10");
    // 8422.40.11 "Machines for packaging pipe tobacco": tobacco is what they pack
    const tobacco = await searchHsCodes(db, { q: "pipe tobacco", country: "US", limit: 5 });
    assert(
      tobacco.results.slice(0, 3).some((r) => r.code === "2403.19.20.20"),
      tobacco.results.map((r) => r.code).join(" "),
    );
  });
});

Deno.test("lastWord: the goods a wording names", () => {
  assertEquals(lastWord("fishing nets"), "nets");
  assertEquals(lastWord(" cigars "), "cigars");
  assertEquals(lastWord("tobacco"), "tobacco");
});
