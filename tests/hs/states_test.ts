import { assertEquals } from "../support/assert.ts";
import { statesTyped } from "../../shared/hs/states.ts";

Deno.test("statesTyped: the states of preparation the words name, and those they leave unsaid", () => {
  const all = "dried|frozen|smoked|salted|brine|preserved|prepared|cooked";
  assertEquals(statesTyped(["red", "seedless", "table", "grapes"]), {
    unnamed: `\\m(${all})\\M`,
    named: null,
  });
  assertEquals(statesTyped(["frozen", "french", "fries"]), {
    unnamed: "\\m(dried|smoked|salted|brine|preserved|prepared|cooked)\\M",
    named: "\\m(frozen)\\M",
  });
  // the trader's words for the tariff's: canned goods are "prepared or preserved"
  assertEquals(
    statesTyped(["canned", "peaches"]).named,
    "\\m(preserved|prepared)\\M",
  );
  assertEquals(statesTyped(["dry", "figs"]).named, "\\m(dried)\\M");
});
