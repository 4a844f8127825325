import {
  auditVocabulary,
  britishSpellings,
  excludes,
  goodsName,
  goodsNames,
  goodsWords,
  readNomenclature,
  type Row,
} from "../../scripts/hs_synonyms.ts";
import { readReferenceCsv } from "../../shared/reference/files.ts";
import { assertEquals } from "../support/assert.ts";

/**
 * The everyday vocabulary's data-quality rules (data/reference/README.md, "Audit rules"), checked
 * on the built table itself, every row: a mapping a rule would change is a defect of the data.
 */
const nomenclature = readNomenclature(
  "code,level,parent,description,section\n" +
    readReferenceCsv("hs_codes.csv.gz").map((r) =>
      [r.code, r.level, r.parent, `"${r.description!.replaceAll('"', '""')}"`, r.section].join(",")
    ).join("\n"),
);
const rows: Row[] = readReferenceCsv("hs_synonyms.csv.gz").map((r) => ({
  term: r.term!,
  codes: r.codes ? r.codes.split(" ") : [],
  means: r.means!,
  source: r.source!,
}));

Deno.test("the audit reads exclusions as the nomenclature writes them", () => {
  const at = (code: string) => nomenclature.get(code)!;
  assertEquals(
    [
      excludes(at("851714"), "smartphone"), // "other than smartphones"
      excludes(at("851713"), "smartphone"),
      excludes(at("090111"), "roasted coffee"), // "Coffee; not roasted, not decaffeinated"
      excludes(at("090111"), "coffee"),
      excludes(at("100630"), "polished rice"), // "whether or not polished": no exclusion
      excludes(at("852792"), "clock radio"), // "not combined with … but combined with a clock"
    ],
    [true, false, true, false, false, false],
  );
  const audit = auditVocabulary([
    { term: "smartphone", codes: ["851714"], means: "", source: "test" },
    { term: "centrifugal pump", codes: ["841381"], means: "", source: "test" },
  ], nomenclature);
  assertEquals(audit.changes.map((c) => [c.rule, c.from, c.to]), [
    [1, "851714", ["851713"]],
    [2, "841381", ["841370"]],
  ]);
});

Deno.test("rule 3: a textile term takes the siblings of its goods in the other materials", () => {
  const audit = auditVocabulary([
    { term: "sweater", codes: ["611020", "611030"], means: "", source: "test" },
    { term: "bath towel", codes: ["630260"], means: "", source: "test" },
  ], nomenclature);
  // 6110.20 of cotton, 6110.30 of man-made fibres: the same jerseys of wool (6110.11), of
  // cashmere (6110.12), of other fine animal hair (6110.19); not the residual "of textile
  // materials (other than …)", 6110.90. 6302.60 (toilet linen of terry, of cotton) has no
  // sibling of the same goods.
  assertEquals(audit.changes.map((c) => [c.rule, c.term, c.to]), [
    [3, "sweater", ["611011", "611012", "611019"]],
  ]);
  // The build applies it: nothing is left for it to add.
  assertEquals(auditVocabulary(rows, nomenclature).changes.filter((c) => c.rule === 3), []);
});

Deno.test("rule 1: no vocabulary term maps to a code whose text excludes it", () => {
  const violations = rows.flatMap((row) =>
    row.codes.filter((code) => {
      const entry = nomenclature.get(code);
      return entry !== undefined && excludes(entry, row.term);
    }).map((code) => `${row.term} → ${code}`)
  );
  assertEquals(violations, []);
});

Deno.test("rule 2: residual codes whose siblings name the term (reported)", () => {
  const audit = auditVocabulary(rows, nomenclature);
  const candidates = audit.changes.filter((c) => c.rule === 2);
  if (candidates.length > 0) {
    console.log(`rule 2 candidates (${candidates.length}):`);
    for (const c of candidates) console.log(`  ${c.term}: ${c.from} → ${c.to.join(" ")}`);
  }
  // The build applies both rules: a rule 1 change left in the table is a defect.
  assertEquals(audit.changes.filter((c) => c.rule === 1).map((c) => c.term), []);
});

Deno.test("a noun the nomenclature puts only before another noun keeps WordNet's reading", () => {
  // 8605: "luggage vans" are railway coaches; "luggage" itself names no goods there.
  assertEquals(
    goodsWords("railway or tramway coaches; passenger coaches, luggage vans, post office coaches"),
    ["railway", "coaches", "coaches", "vans", "coaches"],
  );
  assertEquals(goodsWords("wrist-watches, pocket-watches"), ["watches", "watches"]);
  const codes = (term: string) => rows.find((r) => r.term === term)?.codes ?? null;
  assertEquals(codes("luggage")?.every((c) => c.startsWith("4202")), true);
  // Nouns WordNet also reads as adjectives qualify goods in queries too: left to the words.
  assertEquals([codes("submersible"), codes("wireless")], [null, null]);
});

Deno.test("a WordNet term the nomenclature names as goods, in either number, is no row", () => {
  // 0704.20 writes "brussel sprouts", 9402's "barbers' chairs", 2807 "sulphuric acid".
  const names = goodsNames("Vegetables, brassica; brussel sprouts, fresh or chilled");
  assertEquals(names.includes("brussel sprout"), true);
  // a qualified kind is no goods name: "sport equipment" in "water-sport equipment"
  const sport = goodsNames(
    "Articles and equipment for general physical exercise; water-sport equipment",
  );
  assertEquals([sport.includes("sport equipment"), sport.includes("article and equipment")], [
    false,
    true,
  ]);
  const british = britishSpellings(Deno.readTextFileSync(
    new URL("../../data/hs/curated.tsv", import.meta.url),
  ));
  assertEquals(goodsName("sulfuric acid", british), "sulphuric acid");
  assertEquals(goodsName("brussels sprouts", british), "brussel sprout");
  const named = new Set([...nomenclature.values()].flatMap((e) => goodsNames(e.text)));
  const left = rows.filter((r) =>
    r.source.startsWith("wordnet") && named.has(goodsName(r.term, british))
  )
    .map((r) => r.term);
  assertEquals(left, []);
});
