/**
 * Typo tolerance for HS search: a typed word that the search does not know (its English stem is
 * no lexeme of hs_vocabulary, migration 20261125001600: in no description, tariff line or
 * everyday term) is read as the known word nearest to it in spelling: "cofee" → coffee,
 * "choclate" → chocolate, "bycicles" → bicycles, searched by that word's lexeme.
 *
 * Every spelling the search knows (hs_spellings, held in the process by lexicon.ts) is a
 * candidate, not only those near in trigrams: short words share too few trigrams with their
 * correction ("hoddie", "suger") for a trigram index to propose it. The distance counts the
 * slips people make as less than a different letter: a doubled or undoubled letter ("pianno",
 * "shampo"), a vowel for another ("suger", "helmit"), a sound spelt another way ("cheeze",
 * "vodca") and two neighbours swapped ("tyers", "keybaord") cost less than one edit. The choice
 * is the candidate at the least distance, at most 1 for words of up to five letters and 2
 * beyond, then the spelling more codes use, then the alphabet. The correction is searched as its
 * lexeme (stemming a stem again could change it: "coffe" → "coff").
 */

/** Words shorter than this are not corrected: three letters are a different word by one edit. */
const MIN_LETTERS = 4;

/** Which words of a search can be typos worth correcting: plain letters, four or more. */
export function correctable(word: string): boolean {
  return word.length >= MIN_LETTERS && /^[a-z]+$/.test(word);
}

/** The most distance a word of this length may have from its correction. */
export function maxEdits(word: string): number {
  return word.length <= 5 ? 1 : 2;
}

/** The words of a search worth correcting, once each. */
export function typoWords(words: readonly string[]): string[] {
  return [...new Set(words.filter(correctable))];
}

/** A known spelling: the word as written, its lexeme, and how many codes use it. */
export interface Spelling {
  word: string;
  lexeme: string;
  codes: number;
}

/** The lexeme of the known spelling nearest to a word (see the module comment), or null. */
export function correction(typed: string, spellings: readonly Spelling[]): string | null {
  const budget = maxEdits(typed);
  let best: (Spelling & { cost: number }) | null = null;
  for (const s of spellings) {
    if (Math.abs(s.word.length - typed.length) > 2 * budget) continue;
    const cost = typoDistance(typed, s.word, best?.cost ?? budget);
    if (cost > budget) continue;
    if (
      !best || cost < best.cost ||
      (cost === best.cost && (s.codes > best.codes || (s.codes === best.codes && s.word < best.word)))
    ) {
      best = { ...s, cost };
    }
  }
  return best?.lexeme ?? null;
}

const VOWELS = new Set("aeiouy");
/** Letters that spell the same sound in English words often enough to be typed for each other. */
const SOUNDS = new Set(["sz", "zs", "ck", "kc", "cs", "sc", "kq", "qk", "iy", "yi"]);
/** What a slip costs; a different letter costs 1. */
const SLIP = { doubled: 0.5, vowel: 0.5, sound: 0.5, swap: 0.75 };

function substitution(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return SLIP.vowel;
  return SOUNDS.has(a + b) ? SLIP.sound : 1;
}

/** Inserting or deleting `word[i]`: a slip when it doubles a neighbour. */
function indel(word: string, i: number): number {
  const c = word[i];
  return c === word[i - 1] || c === word[i + 1] ? SLIP.doubled : 1;
}

/**
 * Weighted optimal string alignment distance from `a` (typed) to `b` (a known spelling):
 * insertions, deletions, substitutions and swaps of two neighbours, slips cheaper (see SLIP).
 * Returns a value above `limit` as soon as every alignment costs more.
 */
export function typoDistance(a: string, b: string, limit = Infinity): number {
  const cols = b.length + 1;
  let before: number[] = [];
  let prev: number[] = new Array(cols);
  prev[0] = 0;
  for (let j = 1; j < cols; j++) prev[j] = prev[j - 1]! + indel(b, j - 1);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = new Array(cols);
    row[0] = prev[0]! + indel(a, i - 1);
    let least = row[0];
    for (let j = 1; j < cols; j++) {
      let v = Math.min(
        prev[j]! + indel(a, i - 1),
        row[j - 1]! + indel(b, j - 1),
        prev[j - 1]! + substitution(a[i - 1]!, b[j - 1]!),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && a[i - 1] !== a[i - 2]) {
        v = Math.min(v, before[j - 2]! + SLIP.swap);
      }
      row[j] = v;
      if (v < least) least = v;
    }
    if (least > limit) return least;
    before = prev;
    prev = row;
  }
  return prev[cols - 1]!;
}
