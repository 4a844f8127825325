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
/** Two goods named together ("salt and pepper"): no single head. */
const CONJUNCTIONS = new Set(["and", "or", "&", "plus"]);
/** Words that name no goods. */
const FILLERS = new Set(["a", "an", "the", "some", "new", "used"]);

/**
 * Words that qualify goods rather than name them: the materials the nomenclature sorts goods by,
 * and adjectives of state, power and use. Everyday speech also puts goods before a word that names
 * their form or packing ("tequila bottles", "paracetamol tablets", "brake pads car"): the last
 * word is the head only when a word before it (or a phrase after a preposition) is one of these.
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
): { goods: number | null; qualified: boolean } {
  const words = searchWords(text);
  let cut = searchWords(text.split(/[,;]/)[0] ?? "").length;
  for (let i = 1; i < cut; i++) {
    if (PREPOSITIONS.has(words[i]!.word)) {
      cut = i;
      break;
    }
  }
  if (words.slice(0, cut).some((w) => CONJUNCTIONS.has(w.word))) {
    return { goods: null, qualified: false };
  }
  let goods: number | null = null;
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
    if (qualifies(c.words)) qualified = true;
    else goods = i;
  }
  return { goods, qualified };
}

/**
 * The index in `concepts` (as readConcepts gives them for `text`, in the order typed) of the head
 * noun (goodsNamed). Null unless some other concept wanted qualifies it (a material or
 * adjective, a set or pack, or a phrase after a preposition): without
 * one, everyday speech may name the goods before their form or packing ("tequila bottles",
 * "paracetamol tablets", "brake pads car").
 */
export function headConcept(text: string, concepts: readonly Concept[]): number | null {
  const { goods, qualified } = goodsNamed(text, concepts);
  return qualified ? goods : null;
}

/**
 * The index in `concepts` of the goods named last (goodsNamed), qualified or not: of codes that
 * score alike for different words ("wine corks": sparkling wine, corks), English names the goods
 * last, and the others qualify them.
 */
export function lastGoods(text: string, concepts: readonly Concept[]): number | null {
  return goodsNamed(text, concepts).goods;
}
