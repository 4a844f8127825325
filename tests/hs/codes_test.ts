import { codeParts, codePrefix, displayCode, lookupCode } from "../../shared/hs/codes.ts";
import { nationalDescription } from "../../shared/hs/lines.ts";
import {
  correctable,
  correction,
  maxEdits,
  nearestSpellings,
  spellingIndex,
  wordDistance,
} from "../../shared/hs/typos.ts";
import { MAX_WORDS, searchWords } from "../../shared/hs/words.ts";
import { assertEquals, equal } from "../support/assert.ts";

Deno.test("displayCode() dots every pair after the heading", () => {
  assertEquals(
    ["09", "0901", "090121", "84713001", "8471300100"].map(displayCode),
    ["09", "0901", "0901.21", "8471.30.01", "8471.30.01.00"],
  );
});

Deno.test("lookupCode() takes 2, 4, 6, 8 or 10 digits, with dots and spaces anywhere", () => {
  assertEquals(
    ["0901.21", " 0901 21 ", "8471.30.01.00", "84", "HS 0901.21", "0901-21"].map(lookupCode),
    ["090121", "090121", "8471300100", "84", "090121", "090121"],
  );
  for (const bad of ["", "1", "847", "0901.2", "847130010", "84713001001", "84a1", "-84"]) {
    equal(lookupCode(bad), null, bad);
  }
});

Deno.test("codePrefix() reads codes as paperwork writes them, 2 to 10 digits", () => {
  const cases: [string, string | null][] = [
    ["0901", "0901"],
    ["09.01", "0901"],
    ["8471 30", "847130"],
    ["HS 1234.56", "123456"],
    ["hs1234.56", "123456"],
    ["HTS 8471.30.0100", "8471300100"],
    ["HTSUS: 8471.30.01.00", "8471300100"],
    ["HSN 0901", "0901"],
    ["HS Code: 0901.21", "090121"],
    ["hs code 0901 21 00", "09012100"],
    ["Tariff No. 6109.10.0012", "6109100012"],
    ["1234 56 00", "12345600"],
    ["0901-21-00", "09012100"],
    ["8471.30.01.00 ", "8471300100"],
    ["..", null],
    ["HS", null],
    ["0901 coffee", null],
    ["x", null],
    ["7", null],
    ["12345678901", null],
    ["-84", null],
    ["84-", null],
  ];
  for (const [q, digits] of cases) equal(codePrefix(q), digits, q);
});

Deno.test("codeParts() gives the 2-, 4- and 6-digit prefixes", () => {
  assertEquals(codeParts("8471300100"), {
    chapter: "84",
    heading: "8471",
    subheading: "8471.30",
  });
  assertEquals(codeParts("84"), { chapter: "84", heading: null, subheading: null });
});

Deno.test("searchWords() keeps hyphenated words, drops punctuation and repeats, stops at 16", () => {
  assertEquals(searchWords("cotton T-shirts; cotton & (x) men’s").map((w) => w.word), [
    "cotton",
    "t-shirts",
    "x",
    "men's",
  ]);
  assertEquals(searchWords("'; drop table --"), [
    { word: "drop", negated: false },
    { word: "table", negated: false },
  ]);
  equal(searchWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ")).length, MAX_WORDS);
  assertEquals(searchWords("&|!():* \u0000"), []);
});

Deno.test("searchWords() marks what the user excludes, to the next comma", () => {
  const negated = (q: string) =>
    searchWords(q).filter((w) => w.negated).map((w) => w.word).join(" ");
  const cases: [q: string, excluded: string][] = [
    ["coffee not decaffeinated", "decaffeinated"],
    ["coffee, not roasted or decaffeinated", "roasted or decaffeinated"],
    ["t-shirts other than cotton", "cotton"],
    ["shoes excluding sports, leather", "sports"],
    ["steel without coating", "coating"],
    ["coffee whether or not roasted", ""],
  ];
  for (const [q, excluded] of cases) equal(negated(q), excluded, q);
  assertEquals(searchWords("non alcoholic beer"), [
    { word: "non-alcoholic", negated: false },
    { word: "beer", negated: false },
  ]);
});

Deno.test("searchWords() reads an 'un-' participle as typed and as its participle excluded", () => {
  assertEquals(searchWords("unsweetened cocoa powder"), [
    { word: "unsweetened", negated: false },
    { word: "sweetened", negated: true },
    { word: "cocoa", negated: false },
    { word: "powder", negated: false },
  ]);
  assertEquals(searchWords("unbleached kraft paper")[1], { word: "bleached", negated: true });
  // no participle after "un": nothing excluded
  for (const q of ["united states flag", "unisex t-shirts", "under armour", "uniforms"]) {
    assertEquals(searchWords(q).filter((w) => w.negated), [], q);
  }
  // already excluded: no double negation
  assertEquals(searchWords("butter, not unsalted"), [
    { word: "butter", negated: false },
    { word: "unsalted", negated: true },
  ]);
});

Deno.test("nationalDescription() joins the lines above with their contexts", () => {
  equal(
    nationalDescription([
      { description: null, context: null },
      { description: "Not decaffeinated", context: "Coffee, roasted" },
      { description: "Certified organic:", context: "Arabica" },
    ]),
    "Coffee, roasted > Not decaffeinated > Arabica > Certified organic",
  );
});

Deno.test("wordDistance() counts an edit as one and the usual slips as less", () => {
  const cases: [string, string, number][] = [
    ["coffee", "coffee", 0],
    ["cpffee", "coffee", 1],
    // k→s 1, e→i 0.5 (vowels), g inserted 1
    ["kitten", "sitting", 2.5],
    // a vowel inserted 0.75, two consonants 1 each
    ["", "abc", 2.75],
    // a doubled or undoubled letter
    ["cofee", "coffee", 0.5],
    ["pianno", "piano", 0.5],
    // a vowel for another, a sound spelt otherwise
    ["suger", "sugar", 0.5],
    ["cheeze", "cheese", 0.5],
    ["vodca", "vodka", 0.5],
    // neighbours swapped, a vowel left out
    ["tyers", "tyres", 0.75],
    ["recieve", "receive", 0.75],
    ["toster", "toaster", 0.75],
    // y→i and i→y: two vowel slips
    ["bycicle", "bicycle", 1],
  ];
  for (const [a, b, n] of cases) equal(wordDistance(a, b), n, `${a} ${b}`);
});

Deno.test("correction() takes the nearest known spelling, then the one more codes use", () => {
  const index = spellingIndex([
    { word: "tyres", lexeme: "tyre", codes: 23 },
    { word: "types", lexeme: "type", codes: 40 },
    { word: "sugar", lexeme: "sugar", codes: 140 },
    { word: "super", lexeme: "super", codes: 6 },
    { word: "lemons", lexeme: "lemon", codes: 5 },
    { word: "melons", lexeme: "melon", codes: 9 },
    { word: "knives", lexeme: "knive", codes: 8 },
  ]);
  equal(correction("tyers", index), "tyre");
  equal(correction("suger", index), "sugar");
  equal(correction("lemmons", index), "lemon");
  // a first letter typed wrong is found among the other letters' spellings
  equal(correction("lnives", index), "knive");
  equal(correction("zzzzzz", index), null);
});

Deno.test("correction() compares a plural typed as its singular too", () => {
  // The everyday terms are singular (WordNet): "sandels" is a vowel off "sandal", one letter and
  // its "s" off "sander".
  const index = spellingIndex([
    { word: "sandal", lexeme: "sandal", codes: 1 },
    { word: "sander", lexeme: "sander", codes: 3 },
    { word: "tyres", lexeme: "tyre", codes: 23 },
  ]);
  equal(correction("sandels", index), "sandal");
  equal(correction("sandel", index), "sandal");
  equal(correction("tyers", index), "tyre");
});

Deno.test("nearestSpellings() lists every spelling as near as the correction, it first", () => {
  // "pepers" is a vowel off "papers" and a letter undoubled off "peppers": the words around it
  // choose (vocabulary.ts: "bell pepers" is the term bell pepper).
  const index = spellingIndex([
    { word: "papers", lexeme: "paper", codes: 50 },
    { word: "peppers", lexeme: "pepper", codes: 4 },
    { word: "powers", lexeme: "power", codes: 30 },
  ]);
  equal(correction("pepers", index), "paper");
  assertEquals(nearestSpellings("pepers", index).map((s) => s.word), ["papers", "peppers"]);
  assertEquals(nearestSpellings("zzzzzz", index), []);
});

Deno.test("typos: plain words of four letters or more, one edit up to five, two beyond", () => {
  assertEquals(["tea", "cofee", "t-shirt", "café", "rice"].map(correctable), [
    false,
    true,
    false,
    false,
    true,
  ]);
  assertEquals(["rice", "sugar", "coffee"].map(maxEdits), [1, 1, 2]);
});
