import type { Concept } from "./vocabulary.ts";
import { searchWords } from "./words.ts";

/**
 * The head noun of a product phrase: in English the goods are named last, their qualifiers before
 * them ("plastic bucket", "leather sofa", "aluminium ladder"), and phrases after a preposition or
 * a comma qualify them too ("charger for car", "green tea in packages", "coffee, not roasted").
 * The answer's heading has to name the head; a qualifier only chooses among its subheadings. Left
 * to count concepts alone, a qualifier with a heading of its own (leather: 4114, aluminium: 2818)
 * wins as often as the goods.
 */

/** Words after which the goods have been named: what follows qualifies them. */
const PREPOSITIONS = new Set([
  "for",
  "of",
  "with",
  "in",
  "from",
  "to",
  "on",
  "by",
  "at",
  "as",
  "into",
  "containing",
  "made",
  "like",
]);
/** A grade of purity or quality ("food grade", "pharmaceutical grade"): no goods. */
const GRADE = /^grades?$/;
/** Two goods named together ("salt and pepper"): no single head. */
const CONJUNCTIONS = new Set(["and", "or", "&", "plus"]);
/** Words that name no goods. */
const FILLERS = new Set(["a", "an", "the", "some", "new", "used"]);

/**
 * Words that qualify goods rather than name them: the materials the nomenclature sorts goods by,
 * and adjectives of state, power and use. A word of form or packing (FORMS) typed last after one
 * of these is the goods ("glass jars", "plastic bottles": the containers themselves).
 */
const QUALIFIERS = new Set([
  "plastic",
  "plastics",
  "rubber",
  "leather",
  "wood",
  "wooden",
  "bamboo",
  "paper",
  "cardboard",
  "cotton",
  "wool",
  "woollen",
  "woolen",
  "silk",
  "linen",
  "nylon",
  "polyester",
  "acrylic",
  "silicone",
  "synthetic",
  "glass",
  "ceramic",
  "porcelain",
  "stoneware",
  "earthenware",
  "stone",
  "marble",
  "concrete",
  "metal",
  "metallic",
  "iron",
  "steel",
  "stainless",
  "copper",
  "brass",
  "bronze",
  "aluminium",
  "aluminum",
  "zinc",
  "tin",
  "lead",
  "nickel",
  "titanium",
  "gold",
  "golden",
  "silver",
  "platinum",
  "electric",
  "electrical",
  "electronic",
  "digital",
  "cordless",
  "wireless",
  "portable",
  "disposable",
  "rechargeable",
  "liquid",
  "powder",
  "powdered",
  "frozen",
  "fresh",
  "chilled",
  "raw",
  "organic",
  "woven",
  "knitted",
]);

/**
 * Words that count or group goods rather than name them: "screwdriver set", "chess set",
 * "first aid kit", "battery pack". The goods are the words before; the HS names such sets by
 * their contents ("Tools … put up in sets for retail sale", "Manicure or pedicure sets"), and a
 * set of other goods ("Amplifier sets", "Telephone sets") is no answer.
 */
const GROUPS = new Set(["set", "sets", "kit", "kits", "pack", "packs", "pair", "pairs"]);

/**
 * Words of form, packing or presentation, in the tariff's own wording for how goods are put up
 * ("in tablets", "in blocks, slabs or bars", "bottles, flasks, jars", "sacks and bags", "boxes,
 * cases, crates", "in bulk"), and the parts of a plant its produce is traded in ("tobacco leaves",
 * "popcorn kernels"). Typed last with no qualifier, such a word says how the goods named before it
 * come ("tequila bottles", "paracetamol tablets", "cinnamon sticks"): those are the head. ("powder"
 * is a QUALIFIER already: "garlic powder".) Only a concept that is the word alone: a phrase of the
 * vocabulary that ends with one ("plastic bags") names goods.
 */
const FORMS = new Set(
  [
    ...["bag", "bottle", "jar", "can", "tin", "box", "carton", "drum", "sack", "packet", "pouch"],
    ...["pail", "bucket", "tub", "jug", "case", "crate", "capsule", "tablet", "pill", "sachet"],
    ...["flake", "cube", "bar", "stick", "slice", "piece", "block", "slab", "roll", "sheet"],
    ...["granule", "pellet", "pod", "package", "container", "wrapper", "kernel"],
  ].flatMap((w) => [w, /(?:x|ch|sh|s)$/.test(w) ? `${w}es` : `${w}s`]).concat([
    "leaf",
    "leaves",
    "bulk",
  ]),
);

/** A plural noun: "-s", not "-ss", "-us" or "-is" ("glass", "asparagus", "tennis"). */
const PLURAL = /[^siu]s$/;

/** A past participle of a process ("canned", "dried", "roasted"), not a noun in -ed ("bed", "seed"). */
const PARTICIPLE = /^[a-z]{3,}(?<!e)ed$/;

function qualifies(words: string): boolean {
  return words.split(" ").every((w) => QUALIFIERS.has(w) || GROUPS.has(w) || PARTICIPLE.test(w));
}

/**
 * The goods named last, and whether another concept qualifies them: the last concept wholly
 * before the first preposition or clause break that is no qualifier, no word of a set or pack
 * (GROUPS), not excluded, not a number and not a filler. None when two goods are joined by "and".
 */
function goodsNamed(
  text: string,
  concepts: readonly Concept[],
): { goods: number | null; before: number | null; qualified: boolean } {
  const words = searchWords(text);
  let cut = searchWords(text.split(/[,;]/)[0] ?? "").length;
  for (let i = 1; i < cut; i++) {
    if (PREPOSITIONS.has(words[i]!.word)) {
      cut = i;
      break;
    }
    // a grade typed after the goods qualifies them, like a phrase after a preposition: "baking
    // soda food grade", "citric acid technical grade"
    if (i >= 2 && GRADE.test(words[i]!.word)) {
      cut = i - 1;
      break;
    }
  }
  if (words.slice(0, cut).some((w) => CONJUNCTIONS.has(w.word))) {
    return { goods: null, before: null, qualified: false };
  }
  let goods: number | null = null;
  let before: number | null = null;
  let qualified = false;
  let end = 0;
  for (let i = 0; i < concepts.length; i++) {
    const c = concepts[i]!;
    end += c.words.split(" ").length;
    const usable = !c.negated && !/\d/.test(c.words) && !FILLERS.has(c.words) &&
      !PREPOSITIONS.has(c.words);
    if (end > cut) {
      qualified ||= usable;
      continue;
    }
    if (!usable) continue;
    if (qualifies(read(c))) qualified = true;
    else [before, goods] = [goods, i];
  }
  return { goods, before, qualified };
}

/**
 * The index in `concepts` (as readConcepts gives them for `text`, in the order typed) of the head
 * noun: in an English noun compound the last noun is the goods and the nouns before qualify it
 * ("pipe tobacco", "horse saddle", "coffee table"), whether or not a material or a phrase after a
 * preposition says so too (goodsNamed). Unless no qualifier is typed and the last noun is a word of
 * form or packing (FORMS): then the goods are the noun before it, and none when there is none.
 * None either after a plural noun: a qualifying noun is singular.
 */
export function headConcept(text: string, concepts: readonly Concept[]): number | null {
  return headOf(concepts, goodsNamed(text, concepts));
}

function headOf(
  concepts: readonly Concept[],
  { goods, before, qualified }: ReturnType<typeof goodsNamed>,
): number | null {
  if (goods === null) return goods;
  if (qualified) return afterPlural(concepts, goods, before) ? before : goods;
  if (FORMS.has(read(concepts[goods]!))) return before;
  // A noun qualifying another is singular ("horse saddle", not "horses saddle"): after a plural
  // the words are goods listed ("potatoes tomatoes") or the goods and then their use ("brake
  // pads car"), not one compound.
  return before !== null && PLURAL.test(read(concepts[before]!)) ? null : goods;
}

/**
 * Whether the goods named last are a word typed after a plural noun, itself singular: a noun
 * qualifying another is singular, so the phrase ended with the plural and the word after it
 * qualifies the goods, as importers write them ("cotton pillowcases plain", "marble blocks sawn",
 * "polyester yoga pants knit"). Not after a word of who wears the goods ("mens", "kids"), which
 * qualifies them in the plural.
 */
function afterPlural(
  concepts: readonly Concept[],
  goods: number,
  before: number | null,
): before is number {
  if (before === null || before !== goods - 1) return false;
  const plural = read(concepts[before]!);
  return PLURAL.test(plural) && !WEARERS.has(plural) && !PLURAL.test(read(concepts[goods]!));
}

/** Who goods are for, typed before them in the plural: qualifiers, not goods. */
const WEARERS = new Set([
  ...["mens", "womens", "ladies", "boys", "girls", "kids", "childrens", "babies", "infants"],
  ...["toddlers", "juniors", "adults", "unisex"],
]);

/**
 * Patterns for where the nomenclature has the head only in another noun, its "-ing" form: the
 * stemmer reads "sinking", "drilling", "coatings", "dressings" as sink, drill, coat, dress, so
 * "kitchen sink" met "boring or sinking machinery" (8430) and "drills" "drilling platforms"
 * (8905). \`ing\` finds the "-ing" form of the head word, \`typed\` the word itself (singular or
 * plural); a family whose text has the first and not the second does not name the goods typed.
 * Null when the head is a phrase, short, or typed in "-ing" itself.
 */
export function headInIng(c: Concept | undefined): { ing: string; typed: string } | null {
  const word = c && read(c);
  if (!word || !/^[a-z]{3,}$/.test(word) || /ings?$/.test(word)) return null;
  const base = singular(word);
  const stems = [...new Set([base, base.replace(/e$/, "")])].join("|");
  return { ing: `\\m(${stems})[a-z]?ings?\\M`, typed: `\\m${numbers(base)}\\M` };
}

function singular(word: string): string {
  return word.replace(/ies$/, "y").replace(/(?<=(?:x|ch|sh|ss))es$/, "")
    .replace(/(?<=[^su])s$/, "");
}

/** A singular word, or its plural, as a regular expression: "tiles?", "batter(y|ies)". */
function numbers(base: string): string {
  return /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}(y|ies)` : `${base}(s|es)?`;
}

/** A concept's words as the search reads them: a typo as its correction ("botle" → bottles). */
function read(c: Concept): string {
  return c.spelling ?? c.words;
}

/**
 * The index in `concepts` of the goods named last (goodsNamed), qualified or not: of codes that
 * score alike for different words ("wine corks": sparkling wine, corks), English names the goods
 * last, and the others qualify them.
 */
export function lastGoods(text: string, concepts: readonly Concept[]): number | null {
  return goodsNamed(text, concepts).goods;
}

/**
 * The head (headConcept) and, when there is none, the goods named last (lastGoods), from one
 * reading of the text: what a search ranks by. And `form`, the word of form or packing typed
 * after the head ("rolls" of "paper towel rolls", "bottles" of "tequila bottles"): how the goods
 * are presented, which the tariff names in some lines of other goods ("In strips or rolls") and
 * rarely in theirs, so that a search does not require it.
 */
export function goodsTyped(
  text: string,
  concepts: readonly Concept[],
): { head: number | null; last: number | null; form: number | null } {
  const named = goodsNamed(text, concepts);
  const head = headOf(concepts, named);
  const form = head !== null && head === named.before && named.goods !== null &&
      !named.qualified && FORMS.has(concepts[named.goods]!.words)
    ? named.goods
    : null;
  return { head, last: head === null ? named.goods : null, form };
}

/**
 * The goods a wording of a concept names: its last word ("fishing nets": nets), as a code's text
 * names its goods (the goods column, migration 20261202003000), where "fishing" only qualifies.
 */
export function lastWord(words: string): string {
  const parts = words.trim().split(/\s+/);
  return parts[parts.length - 1] ?? "";
}
