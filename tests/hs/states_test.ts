import { assertEquals } from "../support/assert.ts";
import { testDb } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { STATES, statesNamed } from "../../shared/hs/states.ts";

Deno.test("statesNamed: the states of preparation the words name, as the texts write them", () => {
  assertEquals(statesNamed(["red", "seedless", "table", "grapes"]), []);
  assertEquals(statesNamed(["frozen", "french", "fries"]), ["frozen"]);
  // the trader's words for the tariff's: canned goods are "prepared or preserved"
  assertEquals(statesNamed(["canned", "peaches"]), ["preserved", "prepared"]);
  assertEquals(statesNamed(["dry", "figs"]), ["dried"]);
});

serviceTest(
  "hs_codes.states: the states a code's text states, outside its negations",
  async (t) => {
    const db = await testDb();
    await t.step("the database's list is states.ts's", async () => {
      const [row] = await db.query<{ words: string[] }>("select hs_state_words() as words");
      assertEquals(row!.words, [...STATES]);
    });
    await t.step("read from the text as stored", async () => {
      const rows = await db.query<{ code: string; states: string[]; states_fresh: boolean }>(
        `select code, states, states_fresh from hs_codes
        where code in ('020210', '0203', '030449', '080620', '160100') order by code`,
      );
      assertEquals(rows.map((r) => [r.code, r.states, r.states_fresh]), [
        // "Meat; of bovine animals, carcasses and half-carcasses, frozen"
        ["020210", ["frozen"], false],
        // "Meat of swine; fresh, chilled or frozen"
        ["0203", ["frozen"], true],
        // "Fish fillets; fresh or chilled, other than …": no state but fresh
        ["030449", [], true],
        // "Fruit, edible; grapes, dried"
        ["080620", ["dried"], false],
        // "Meat preparations; sausages …": "preparations" is not the state "prepared"
        ["160100", [], false],
      ]);
    });
    await t.step("not in a negated phrase", async () => {
      const [row] = await db.query<{ states: string[] }>(
        "select hs_stated_states('Fish; not smoked, dried') as states",
      );
      assertEquals(row!.states, ["dried"]);
    });
  },
);
