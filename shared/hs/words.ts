/**
 * The words of an HS search text, in the order typed, each marked when the user excludes it:
 * "coffee, not decaffeinated", "t-shirts other than cotton", "shoes excluding sports",
 * "steel without coating". A negation runs from its word to the next `,` or `;` ("not roasted
 * or decaffeinated" excludes both); "whether or not" is no negation. "non" is joined to the word
 * after it, so that "non alcoholic" is searched as the nomenclature writes it, "non-alcoholic".
 * A participle with "un" ("unsweetened") is searched as typed and excludes the participle.
 *
 * What the words mean (the nomenclature's terms, everyday names, typos) is vocabulary.ts's job.
 */

export interface SearchWord {
  /** Lower case, NFKC, curly apostrophes straightened. */
  word: string;
  /** True when the user excludes it ("not X", "other than X", "excluding X"). */
  negated: boolean;
}

/** At most this many words are searched; further words are ignored. */
export const MAX_WORDS = 16;

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
/** Words that open a negation; "other than" is read as its two words. */
const NEGATORS = new Set(["not", "no", "without", "excluding", "except", "excl", "nor"]);
/**
 * "un" before a participle negates it: "unsweetened" is "not sweetened", "unroasted" "not
 * roasted", "unsalted" "not salted". The nomenclature writes most of these as a negation ("Cocoa
 * powder, not containing added sugar or other sweetening matter", "Coffee; not roasted"), a few
 * as the word itself ("unbleached", "undenatured"): both are read.
 */
const UN_PARTICIPLE = /^un([a-z]{3,}(?:ed|en))$/;

/** The words of a search text, without repeats, negations marked. */
export function searchWords(q: string): SearchWord[] {
  const out: SearchWord[] = [];
  const seen = new Set<string>();
  const push = (word: string, negated: boolean) => {
    const key = `${negated ? "-" : "+"}${word}`;
    if (seen.has(key) || out.length >= MAX_WORDS) return;
    seen.add(key);
    out.push({ word, negated });
  };
  for (const clause of q.normalize("NFKC").toLowerCase().split(/[,;]/)) {
    const words = (clause.match(WORD) ?? []).map((w) => w.replaceAll("’", "'"));
    let negated = false;
    for (let i = 0; i < words.length && out.length < MAX_WORDS; i++) {
      let word = words[i]!;
      const next = words[i + 1];
      if (word === "other" && next === "than") {
        negated = true;
        i++;
        continue;
      }
      if (NEGATORS.has(word)) {
        // "whether or not roasted" names both kinds: no negation.
        negated = !(word === "not" && words[i - 1] === "or" && words[i - 2] === "whether");
        continue;
      }
      if (word === "non" && next !== undefined) {
        word = `non-${next}`;
        i++;
      }
      push(word, negated);
      const participle = negated ? null : negatedParticiple(word);
      if (participle) push(participle, true);
    }
  }
  return out;
}

/** The participle an "un-" word negates ("unsweetened": "sweetened"), or null. */
export function negatedParticiple(word: string): string | null {
  return UN_PARTICIPLE.exec(word)?.[1] ?? null;
}
