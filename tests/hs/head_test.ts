import { assertEquals } from "../support/assert.ts";
import { goodsTyped, headConcept, headInIng, lastGoods } from "../../shared/hs/head.ts";
import type { Concept } from "../../shared/hs/vocabulary.ts";

/** Concepts as readConcepts gives them: one per word, or per phrase when grouped with `+`. */
function concepts(text: string): Concept[] {
  return text.split(/[\s,;]+/).filter((w) => w !== "").map((w) => ({
    words: w.replaceAll("+", " ").replace(/^-/, ""),
    alts: [],
    lexemes: [],
    codes: [],
    weight: 1,
    negated: w.startsWith("-"),
  }));
}

function head(text: string, typed = text): string | null {
  const list = concepts(typed);
  const i = headConcept(text, list);
  return i === null ? null : list[i]!.words;
}

Deno.test("headConcept: a material or adjective before the goods leaves the goods as head", () => {
  assertEquals(head("leather sofa"), "sofa");
  assertEquals(head("aluminium ladder"), "ladder");
  assertEquals(head("canned tuna"), "tuna");
  assertEquals(head("dried egg pasta"), "pasta");
});

Deno.test("headConcept: a qualifier typed after the goods, or after a preposition", () => {
  assertEquals(head("tuna canned"), "tuna");
  assertEquals(head("charger for car"), "charger");
  assertEquals(head("green tea in packages"), "tea");
  assertEquals(head("coffee, roasted"), "coffee");
});

Deno.test("headConcept: in a noun compound the last noun is the goods, qualified or not", () => {
  assertEquals(head("pipe tobacco"), "tobacco");
  assertEquals(head("horse saddle"), "saddle");
  assertEquals(head("coffee table"), "table");
  assertEquals(head("sofa"), "sofa");
  assertEquals(head("cotton"), null);
});

Deno.test("headConcept: after a plural noun the words are no compound: no head", () => {
  assertEquals(head("potatoes tomatoes"), null);
  assertEquals(head("brake pads car", "brake+pads car"), null);
  assertEquals(head("tennis rackets"), "rackets");
  assertEquals(head("grass seed"), "seed");
});

Deno.test("headConcept: with a qualifier, a singular word after a plural noun qualifies it", () => {
  assertEquals(head("cotton pillowcases plain"), "pillowcases");
  assertEquals(head("white marble blocks sawn"), "blocks");
  assertEquals(head("polyester yoga pants knit"), "pants");
  // a plural after a plural, a word of who wears the goods, or a singular noun before: as before
  assertEquals(head("wooden clothes hangers"), "hangers");
  assertEquals(head("plastic kids chair"), "chair");
  assertEquals(head("leather mens wallet"), "wallet");
  assertEquals(head("leather sofa cover"), "cover");
});

Deno.test("headConcept: a last word of form or packing leaves the goods before it as head", () => {
  assertEquals(head("tequila bottles"), "tequila");
  assertEquals(head("paracetamol tablets"), "paracetamol");
  assertEquals(head("cinnamon sticks"), "cinnamon");
  assertEquals(head("sugar cubes"), "sugar");
  assertEquals(head("tobacco leaves"), "tobacco");
  assertEquals(head("popcorn kernels"), "popcorn");
  assertEquals(head("loose black tea bulk"), "tea");
  // a container alone, after a material, or as a phrase of the vocabulary, is the goods
  assertEquals(head("bottles"), null);
  assertEquals(head("glass jars"), "jars");
  assertEquals(head("zip lock plastic bags", "zip lock plastic+bags"), "plastic bags");
});

Deno.test("headConcept: a phrase of the vocabulary is one concept, qualifier or head", () => {
  assertEquals(head("stainless steel sink", "stainless+steel sink"), "sink");
  assertEquals(head("memory foam mattress", "memory+foam mattress"), "mattress");
});

Deno.test("headConcept: no head for goods named together, numbers and excluded words", () => {
  assertEquals(head("salt and pepper"), null);
  assertEquals(head("plastic 20 bottles", "plastic 20 bottles"), "bottles");
  assertEquals(head("plastic chairs not folding", "plastic chairs -folding"), "chairs");
  assertEquals(head("steel"), null);
});

Deno.test("headConcept: a set, kit, pack or pair is not the goods: the words before it are", () => {
  assertEquals(head("screwdriver set"), "screwdriver");
  assertEquals(head("chess set"), "chess");
  assertEquals(head("stainless steel flatware sets"), "flatware");
  assertEquals(head("first aid kit", "first+aid kit"), "first aid");
  assertEquals(head("set"), null);
});

Deno.test("lastGoods: the goods named last, whether or not a qualifier says so", () => {
  const last = (text: string, typed = text) => {
    const list = concepts(typed);
    const i = lastGoods(text, list);
    return i === null ? null : list[i]!.words;
  };
  assertEquals(last("wine corks"), "corks");
  assertEquals(last("pipe tobacco"), "tobacco");
  assertEquals(last("tequila bottles"), "bottles");
  assertEquals(last("leather sofa"), "sofa");
  assertEquals(last("button mushrooms fresh"), "mushrooms");
  assertEquals(last("charger for car"), "charger");
  assertEquals(last("salt and pepper"), null);
  assertEquals(last("cotton"), null);
});

Deno.test("goodsTyped: the head, else the goods named last, as headConcept and lastGoods read them", () => {
  for (const text of ["pipe tobacco", "tequila bottles", "potatoes tomatoes", "brake pads car"]) {
    const list = concepts(text);
    const head = headConcept(text, list);
    const { form: _, ...read } = goodsTyped(text, list);
    assertEquals(read, { head, last: head === null ? lastGoods(text, list) : null });
  }
});

Deno.test("goodsTyped: a word of form or packing after the head is the form", () => {
  const form = (text: string) => goodsTyped(text, concepts(text)).form;
  assertEquals(form("tequila bottles"), 1);
  assertEquals(form("paper+towel rolls"), 1);
  // the containers themselves, after a material; the goods alone
  assertEquals(form("glass jars"), null);
  assertEquals(form("bottles"), null);
  assertEquals(form("pipe tobacco"), null);
});

Deno.test("headConcept: a typo is read as its correction", () => {
  // "botle" read as bottles, a word of packing: the goods are the whiskey before it; "leathr"
  // read as leather, a material: the goods are the sofa after it.
  const typo = (text: string, words: string, spelling: string) =>
    concepts(text).map((c) => c.words === words ? { ...c, spelling, weight: 0.75 } : c);
  const whiskey = typo("whiskey botle", "botle", "bottles");
  assertEquals(whiskey[headConcept("whiskey botle", whiskey)!]!.words, "whiskey");
  assertEquals(head("whiskey botle"), "botle");
  const sofa = typo("sofas leathr", "leathr", "leather");
  assertEquals(sofa[headConcept("sofas leathr", sofa)!]!.words, "sofas");
});

Deno.test('headInIng: the head word\'s "-ing" noun, and the word itself', () => {
  const [sinks] = concepts("sinks");
  const forms = headInIng(sinks)!;
  const test = (pattern: string, text: string) =>
    new RegExp(
      pattern.replaceAll("\\m", "\\b")
        .replaceAll("\\M", "\\b"),
      "i",
    ).test(text);
  assertEquals(
    ["Machinery; boring or sinking", "Sinks and wash basins", "sink"].map((t) => [
      test(forms.ing, t),
      test(forms.typed, t),
    ]),
    [[true, false], [false, true], [false, true]],
  );
  const [bake] = concepts("bake");
  assertEquals(test(headInIng(bake)!.ing, "baking ovens"), true);
  // a phrase, or a head typed in "-ing" itself, has none
  assertEquals(headInIng(concepts("dining+table")[0]), null);
  assertEquals(headInIng(concepts("clothing")[0]), null);
});

Deno.test("headConcept: a grade typed after the goods qualifies them (h16us8)", () => {
  assertEquals(head("baking soda food grade", "baking+soda food+grade"), "baking soda");
  assertEquals(head("baking soda food grade", "baking+soda food grade"), "baking soda");
  assertEquals(head("citric acid technical grade", "citric+acid technical grade"), "citric acid");
  // a grade before the goods is a qualifier as any other
  assertEquals(head("food grade gelatin", "food+grade gelatin"), "gelatin");
});
