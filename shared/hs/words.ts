/**
 * Turns a search text into "concepts": one per word the user typed, each matched by the word
 * itself (stemmed by PostgreSQL's English configuration) or by the nomenclature's wording of it.
 *
 * The nomenclature names goods in customs language: it has no "laptop" or "mobile phone", only
 * "portable automatic data processing machines" and "telephones for cellular networks". The
 * short list below adds the customs wording for everyday names the nomenclature does not use;
 * every other word is searched as typed. It is deliberately small: ranking comes from the
 * descriptions themselves (see search.ts). docs/api.md ("HS codes") lists it for users.
 */

export interface Concept {
  /** The words as typed (one word, or a phrase of the list below). */
  words: string;
  /** The nomenclature's wording, matched as an alternative, or "" for none. */
  means: string;
}

/** Everyday names → the nomenclature's wording. Keys are lower case and singular. */
export const SYNONYMS: Readonly<Record<string, string>> = {
  "laptop": "portable automatic data processing machines",
  "notebook computer": "portable automatic data processing machines",
  "computer": "automatic data processing machines",
  "pc": "automatic data processing machines",
  "mobile phone": "telephones for cellular networks",
  "cell phone": "telephones for cellular networks",
  "cellphone": "telephones for cellular networks",
  "phone": "telephone",
  "tv": "reception apparatus for television",
  "television set": "reception apparatus for television",
  "solar cell": "photovoltaic cells",
  "solar panel": "photovoltaic cells assembled in modules or made up into panels",
  "solar module": "photovoltaic cells assembled in modules or made up into panels",
  "fridge": "refrigerators",
  "wristwatch": "wrist-watches",
  "shoe": "footwear",
  "beef": "meat of bovine animals",
  "pork": "meat of swine",
  "chicken": "fowls of the species gallus domesticus",
  "car": "motor cars",
  "automobile": "motor cars",
  "e-bike": "cycles with an auxiliary electric motor",
};

/** At most this many concepts are searched; further words are ignored. */
export const MAX_CONCEPTS = 16;

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The concepts of a search text, in the order typed, without repeats. */
export function concepts(q: string): Concept[] {
  const words = (q.normalize("NFKC").toLowerCase().match(WORD) ?? []).map((w) =>
    w.replaceAll("’", "'")
  );
  const out: Concept[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < words.length && out.length < MAX_CONCEPTS; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    const pair = next === undefined ? undefined : `${singular(word)} ${singular(next)}`;
    let concept: Concept;
    if (pair !== undefined && SYNONYMS[pair] !== undefined) {
      concept = { words: `${word} ${next}`, means: SYNONYMS[pair] };
      i++;
    } else {
      concept = { words: word, means: SYNONYMS[singular(word)] ?? "" };
    }
    if (seen.has(concept.words)) continue;
    seen.add(concept.words);
    out.push(concept);
  }
  return out;
}

/** A crude singular for looking words up in the list (the search itself stems properly). */
function singular(word: string): string {
  if (word.length > 3 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 2 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}
