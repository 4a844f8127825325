import { assert, assertEquals, expectJson } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";
import { search, type SearchPage } from "./support.ts";
import { QUANTITIES, unitOf } from "../../shared/hs/measures.ts";

/**
 * How national lines (and HS subheadings) that the concepts score alike are told apart: the
 * threshold typed against the range a code's text states (measures.ts), the words typed in a
 * line's own text before a residual "Other", and a negated phrase's abbreviation left out of the
 * index (migration 20261127001000).
 */
serviceTest("hs-codes/search ranks national lines by thresholds and their own words", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const codes = async (query: Record<string, string>) =>
    (await expectJson<SearchPage>(await search(svc, team, query), 200)).results.map((r) => r.code);
  const before = (list: string[], first: string, second: string) =>
    assert(
      list.includes(first) &&
        (list.indexOf(second) < 0 || list.indexOf(first) < list.indexOf(second)),
      `${first} before ${second}: ${list.join(" ")}`,
    );

  await t.step("a threshold typed picks the line whose range holds it", async () => {
    // 4202.21.60.00 "Valued not over $20 each", 4202.21.90.00 "Valued over $20 each".
    const under = await codes({ q: "leather handbag valued under $20", country: "US" });
    assertEquals(under.slice(0, 2), ["4202.21.60.00", "4202.21.90.00"]);
    const over = await codes({ q: "leather handbag valued over $20", country: "US" });
    assertEquals(over.slice(0, 2), ["4202.21.90.00", "4202.21.60.00"]);
    const notOver = await codes({ q: "leather handbags not over $20 each", country: "US" });
    before(notOver, "4202.21.60.00", "4202.21.90.00");
  });

  await t.step("a quantity typed without a bound picks the range that holds it", async () => {
    // 8711.20.00.60 "Exceeding 90 cc but not exceeding 190 cc", .90 "Exceeding 190 cc …"
    const motorcycles = await codes({ q: "motorcycles 125cc", country: "US" });
    assert(motorcycles.slice(0, 3).includes("8711.20.00.60"), motorcycles.join(" "));
    before(motorcycles, "8711.20.00.60", "8711.20.00.90");
    // "Other" under the tariff's uncoded "Of a capacity exceeding 0.473 liter but not exceeding
    // 1 liter" (its context): 750 ml is in litres there.
    const bottles = await codes({ q: "glass wine bottles 750 ml", country: "US" });
    assert(bottles.slice(0, 3).includes("7010.90.50.19"), bottles.join(" "));
    before(bottles, "7010.90.50.19", "7010.90.50.09");
    // inches against 8712.00.15's centimetres: 24 inches is 61 cm
    const bicycles = await codes({ q: "bicycles 24 inch wheels", country: "US" });
    before(bicycles, "8712.00.15.50", "8712.00.15.20");
  });

  await t.step("a line's bounds are read in their units, and from the texts above it", async () => {
    const bounds = async (code: string) => {
      const [row] = await svc.db.query<{ a: number | null; b: number | null; q: number | null }>(
        `select stated_bounds[1]::float8 as a, stated_bounds[2]::float8 as b,
                stated_bounds[3]::float8 as q
           from tariff_lines where country = 'US' and code = $1`,
        [code],
      );
      return row && [row.a, row.b, row.q];
    };
    // its context: "Of a capacity exceeding 0.473 liter but not exceeding 1 liter" (volume, 3)
    assertEquals(await bounds("7010905019"), [1, 0.473, 3]);
    // the 8-digit line above it: "Valued over $12/pair" (money, 7)
    assertEquals(await bounds("6402999035"), [null, 12, 7]);
    // its own: "With a maximum thickness greater than 1.5 cm but not greater than 7.5 cm"
    assertEquals(await bounds("6802930025"), [0.075, 0.015, 1]);
  });

  await t.step("the database reads a unit as measures.ts does", async () => {
    const spellings = [
      "mm",
      "centimeters",
      "m",
      "km",
      "in",
      "inches",
      "ft",
      "miles",
      "mg",
      "g",
      "kg",
      "kgs",
      "tonnes",
      "lb",
      "ounces",
      "ml",
      "cc",
      "cm3",
      "cl",
      "liter",
      "litres",
      "gallons",
      "m3",
      "w",
      "watts",
      "kva",
      "kw",
      "hp",
      "v",
      "kv",
      "%",
      "percent",
      "cents",
      "usd",
      "pieces",
      "dozen",
    ];
    for (const unit of spellings) {
      const [row] = await svc.db.query<{ f: string[] | null }>(
        "select hs_quantity_unit($1)::text[] as f",
        [unit],
      );
      const f = row!.f;
      const known = unitOf(unit);
      assertEquals(
        f && [Number(f[0]), Number(f[1])],
        known && [known.factor, QUANTITIES[known.quantity]],
        unit,
      );
    }
  });

  await t.step("a bound inside 'other than' is not the code's own", async () => {
    // 0902.10 "...in immediate packings of a content not exceeding 3kg"; 0902.20 is green tea
    // "other than in immediate packings of a content not exceeding 3kg".
    const small = await codes({ q: "green tea in packings not exceeding 3 kg" });
    before(small, "0902.10", "0902.20");
  });

  await t.step("a line naming a word typed comes before a residual 'Other'", async () => {
    // Under 6912.00 (ceramic tableware) "Mugs and other steins" is one of many "Other" lines.
    const mugs = await codes({ q: "ceramic coffee mugs", country: "US" });
    assertEquals(mugs[0], "6912.00.44.00");
    // canned: the tariff's "In airtight containers" (curated vocabulary)
    const milk = await codes({ q: "canned evaporated milk", country: "US" });
    assert(
      milk.slice(0, 3).every((c) =>
        ["0402.91.03.00", "0402.91.10.00", "0402.91.70.00"].includes(c)
      ),
      milk.join(" "),
    );
  });

  await t.step("with a country, HS codes alone are no answer", async () => {
    // Only chapter 34's text has "scented", "soy", "wax" and "candles" together.
    const candles = await codes({ q: "scented soy wax candles", country: "US" });
    assertEquals(candles[0], "3406.00.00.00");
    // only chapter 71 has all three words; 4202.92 has "leather" by its heading's text only
    for (const q of ["cultured pearl necklaces", "leather backpacks"]) {
      const page = await codes({ q, country: "US" });
      assert(page.slice(0, 3).some((c) => c.length === 13), `${q}: ${page.join(" ")}`);
    }
  });

  await t.step("the first three places go to lines one declares", async () => {
    // 8204.11 (non-adjustable) has two lines; its subheading and 8-digit head came 3rd and 4th,
    // and the adjustable wrenches' line (8204.12.00.00) 5th
    const wrench = await codes({ q: "adjustable wrench", country: "US" });
    assert(wrench.slice(0, 3).includes("8204.12.00.00"), wrench.join(" "));
    // 0908.12 (ground) came 3rd, before the line of whole nutmeg
    const nutmeg = await codes({ q: "whole nutmeg", country: "US" });
    assert(nutmeg.slice(0, 3).includes("0908.11.00.00"), nutmeg.join(" "));
    for (const page of [wrench, nutmeg]) {
      assert(page.slice(0, 3).every((c) => c.length === 13), page.join(" "));
      assert(page.includes("8204.11") || page.includes("0908.12"), page.join(" "));
    }
  });

  await t.step("of residual lines, the one under the fewest stated words first", async () => {
    // 2103.90 has many "Other" lines: "Other > Other > Other" (.90.91) is what is left of the
    // sauces, not "Other" under "Mixed condiments …" (.80.00) or "Tomato-based …" (.90.59).
    const sauce = await codes({ q: "hot sauce", country: "US" });
    before(sauce, "2103.90.90.91", "2103.90.80.00");
    before(sauce, "2103.90.90.91", "2103.90.90.59");
  });

  await t.step(
    "of subheadings that score alike, the one with the words as typed first",
    async () => {
      // "shell" and "shelled" have one stem: 0802.11 "almonds ... in shell", 0802.12 "... shelled".
      before(await codes({ q: "almonds in shell" }), "0802.11", "0802.12");
      before(await codes({ q: "shelled almonds" }), "0802.12", "0802.11");
    },
  );

  await t.step(
    "of siblings that score alike, the one asking for fewer properties not typed",
    async () => {
      // 7323.91 "... of cast iron, not enamelled" (its negation is not indexed), 7323.92
      // "... of cast iron, enamelled": enamelled is a property the query does not state.
      before(await codes({ q: "cast iron cooking pot" }), "7323.91", "7323.92");
      // 6110.90 is "of textile materials (other than wool ...)": wool, typed, is not its word.
      const wool = await codes({ q: "boys wool pullovers", country: "US" });
      assert(wool.slice(0, 3).every((c) => c.startsWith("6110.11")), wool.join(" "));
    },
  );

  await t.step("a national line is matched by the goods its heading names", async () => {
    // 4421.10.00.00 "Clothes hangers" under 4421 "Other articles of wood": "wooden" is only in
    // the heading (migration 20261129002000).
    const hangers = await codes({ q: "wooden clothes hangers", country: "US" });
    assert(hangers.slice(0, 3).includes("4421.10.00.00"), hangers.join(" "));
    // Not the heading's kinds: 0304 "Fish fillets …, fresh, chilled or frozen" does not make the
    // frozen haddock lines (0304.72) fresh.
    const haddock = await codes({ q: "fresh haddock fillets", country: "US" });
    assert(haddock.slice(0, 3).includes("0304.44.00.20"), haddock.join(" "));
  });

  await t.step("woven garments are chapter 62, which writes them 'not knitted'", async () => {
    // 6104.42 is women's dresses of cotton knitted; 6204.42 those not knitted or crocheted.
    const dresses = await codes({ q: "women's cotton dresses woven", country: "US" });
    assert(dresses.slice(0, 3).every((c) => c.startsWith("6204.42")), dresses.join(" "));
  });

  await t.step("a fibre name is read as the fibre class the tariff sorts by", async () => {
    // HS chapter 54 note 1: polyester is a synthetic (man-made) fibre, rayon an artificial one.
    const curtains = await codes({ q: "polyester curtains", country: "US" });
    assert(curtains.slice(0, 3).every((c) => c.startsWith("6303.92")), curtains.join(" "));
    const dresses = await codes({ q: "women's rayon dresses", country: "US" });
    assert(dresses.slice(0, 3).every((c) => c.startsWith("6104.44")), dresses.join(" "));
  });

  await t.step("a garment word leaves the material typed to choose (audit rule 3)", async () => {
    // cardigan and sweater name 6110.20 and 6110.30 in the vocabulary, and now 6110.11-19 too.
    const cashmere = await codes({ q: "cashmere cardigan", country: "US" });
    assert(cashmere.slice(0, 3).every((c) => c.startsWith("6110.12")), cashmere.join(" "));
    // not 6110.90 (other materials), whose US lines say "Subject to cotton restraints"
    const cotton = await codes({ q: "cotton sweater", country: "US" });
    assert(cotton.slice(0, 3).every((c) => c.startsWith("6110.20")), cotton.join(" "));
  });

  await t.step("the abbreviation of a negated phrase does not match", async () => {
    // 9405.19 is "for use other than with light-emitting diode (LED) light sources".
    const [row] = await svc.db.query<{ led: boolean }>(
      "select search_weighted @@ to_tsquery('english', 'led') as led from hs_codes where code = '940519'",
    );
    assertEquals(row, { led: false });
    const lights = await codes({ q: "LED ceiling light" });
    assert(lights.includes("9405.11") && !lights.includes("9405.19"), lights.join(" "));
    const home = await codes({ q: "LED ceiling light for home", country: "US" });
    assert(
      home.slice(0, 3).every((c) => c.startsWith("9405.11") && c.endsWith(".10")),
      home.join(" "),
    );
  });

  await t.step("abbreviations are read as the tariff's words (curated vocabulary)", async () => {
    // pvc: "polymers of vinyl chloride" (3917.23 rigid tubes, pipes and hoses of them)
    const pipes = await codes({ q: "pvc pipes" });
    assert(pipes.slice(0, 3).includes("3917.23"), pipes.join(" "));
    // ev: 8703.80 "with only electric motor for propulsion", not the hybrids
    const ev = await codes({ q: "used ev", country: "US" });
    assertEquals(ev[0], "8703.80.00.45");
  });

  await t.step("an 'un-' participle excludes its participle", async () => {
    // 1805: "Cocoa powder, not containing added sugar or other sweetening matter"; 1806.10 has it
    const cocoa = await codes({ q: "unsweetened cocoa powder", country: "US" });
    assertEquals(cocoa[0], "1805.00.00.00");
  });

  await t.step(
    "of families that score alike for different words, the goods named last",
    async () => {
      // 2204.10 "Wine; sparkling" and 4503.10 "Cork; corks and stoppers" each have one word
      const corks = await codes({ q: "wine corks", country: "US" });
      assert(corks[0]!.startsWith("4503."), corks.join(" "));
    },
  );

  await t.step("a quantity and its container say how the goods are packed", async () => {
    // 0811.10.00.20 "In immediate containers each holding not more than 1.2 liters"
    const small = await codes({ q: "frozen strawberries 1 lb bags", country: "US" });
    // (before the lines "more than 1.2 liters > Other"; a line stating a percent bound, "Not
    // more than 25 percent by weight", holds 1 too: units are not compared)
    before(small, "0811.10.00.20", "0811.10.00.85");
    assert(small.slice(0, 3).includes("0811.10.00.20"), small.join(" "));
    const flour = await codes({ q: "wheat flour 25 kg bags", country: "US" });
    assert(flour.slice(0, 3).every((c) => c.startsWith("1101.")), flour.join(" "));
  });

  await t.step("goods whose state is unsaid are fresh", async () => {
    // 0806.10 "Grapes; fresh" before 0806.20 "Grapes; dried", whose raisins' line "Made from
    // seedless grapes" has a word more
    const grapes = await codes({ q: "red seedless table grapes", country: "US" });
    assert(grapes[0]!.startsWith("0806.10."), grapes.join(" "));
    // a state typed is the query's: "potatoes, prepared or preserved …, frozen"
    const fries = await codes({ q: "frozen french fries", country: "US" });
    assert(fries.slice(0, 3).some((c) => c.startsWith("2004.10.")), fries.join(" "));
    // a state named is wanted: canned mandarins are 2008.30, not "citrus fruit …, fresh or dried"
    const canned = await codes({ q: "canned mandarin oranges", country: "US" });
    assert(canned[0]!.startsWith("2008.30."), canned.join(" "));
    // the vocabulary names the goods so prepared: potato chips are 2005.20
    const chips = await codes({ q: "potato chips" });
    assertEquals(chips[0], "2005.20");
  });

  await t.step("roasted nuts are prepared nuts (2008), roasted coffee stays 0901", async () => {
    const nuts = await codes({ q: "roasted pistachios", country: "US" });
    assertEquals(nuts[0], "2008.19.30.20");
    const coffee = await codes({ q: "roasted coffee" });
    assert(coffee.slice(0, 3).includes("0901.21"), coffee.join(" "));
    assert(!coffee.some((c) => c.startsWith("2008")), coffee.join(" "));
  });
});
