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

/**
 * The known spellings, ready to be compared: grouped by first letter (a slip in the first
 * letter is rare, and each group is a small part of the whole), each word's letters as numbers
 * and what inserting or deleting each of them costs.
 */
export interface SpellingIndex {
  byFirst: Map<string, Prepared[]>;
  /** For each first letter, the spellings of the other letters (tried when its group has none). */
  others: Map<string, Prepared[]>;
}

interface Prepared extends Spelling {
  letters: Uint8Array;
  indels: Float64Array;
  /** How often each letter occurs (a to z as 1 to 26): see SLIP_FLOOR. */
  counts: Uint8Array;
}

/** The index of a list of known spellings (plain lower-case words). */
export function spellingIndex(spellings: readonly Spelling[]): SpellingIndex {
  const byFirst = new Map<string, Prepared[]>();
  const spelt = new Set(spellings.map((s) => s.word));
  for (const s of spellings) {
    if (!/^[a-z]+$/.test(s.word) || s.word.length >= MAX_LETTERS) continue;
    const group = byFirst.get(s.word[0]!) ?? [];
    // A plural the nomenclature writes, compared as its singular too when no text spells that:
    // a singular typed cost the plural's "s" a letter more than the slip ("cauliflour" is
    // "cauliflowers", 0704.10, whose singular no description writes).
    for (const form of formsOf(s.word)) {
      if (form !== s.word && spelt.has(form)) continue;
      group.push({ ...s, letters: letters(form), indels: indels(form), counts: counts(form) });
    }
    byFirst.set(s.word[0]!, group);
  }
  const all = [...byFirst.values()].flat();
  const others = new Map(
    [...byFirst.keys()].map((first) => [first, all.filter((s) => s.word[0] !== first)] as const),
  );
  return { byFirst, others };
}

/**
 * The lexeme of the known spelling nearest to a word (see the module comment), or null. The
 * spellings with the same first letter are tried first, the others only when none is near.
 */
export function correction(typed: string, index: SpellingIndex): string | null {
  return nearestSpelling(typed, index)?.lexeme ?? null;
}

/** The known spelling nearest to a word (correction), with its lexeme, or null. */
export function nearestSpelling(typed: string, index: SpellingIndex): Spelling | null {
  if (typed.length >= MAX_LETTERS) return null;
  const same = index.byFirst.get(typed[0]!) ?? [];
  const others = index.others.get(typed[0]!) ?? [...index.byFirst.values()].flat();
  const best = (spellings: readonly Prepared[]) => {
    const [word, singular] = formsOf(typed).map((form) => nearest(form, spellings));
    return singular && (!word || singular.cost < word.cost) ? singular : word ?? null;
  };
  const found = best(same) ?? best(others);
  return found && { word: found.word, lexeme: found.lexeme, codes: found.codes };
}

/**
 * Every known spelling at the least distance from a word (of the word, or of its singular when
 * it is a plural, as nearestSpelling compares them), most codes first: the slips of "pepers" are
 * as near to "peppers" as to "papers". The words around it choose among them (vocabulary.ts).
 */
export function nearestSpellings(typed: string, index: SpellingIndex): Spelling[] {
  const first = nearestSpelling(typed, index);
  if (first === null) return [];
  const same = index.byFirst.get(typed[0]!) ?? [];
  const pool = same.some((s) => s.word === first.word)
    ? same
    : index.others.get(typed[0]!) ?? [...index.byFirst.values()].flat();
  const forms = formsOf(typed).map(readTyped);
  const budget = maxEdits(typed);
  const cost = (s: Prepared, limit: number) =>
    Math.min(...forms.map((form) => distanceWithin(form, s, limit, budget)));
  const least = cost(pool.find((s) => s.word === first.word)!, Infinity);
  const near = pool.filter((s) => s.word === first.word || cost(s, least) === least)
    .sort((a, b) =>
      Number(b.word === first.word) - Number(a.word === first.word) || b.codes - a.codes
    );
  // (a plural is in the pool twice, as written and as its singular)
  return [...new Map(near.map((s) => [s.word, s] as const)).values()]
    .map((s) => ({ word: s.word, lexeme: s.lexeme, codes: s.codes }));
}

/**
 * A typed word as it is compared: itself and, a plural, its singular too. The everyday terms are
 * spelt singular, as WordNet writes them ("sandal"), and their plural's "s" cost a whole letter
 * more than the slip ("sandels" was "sander", 1 letter off, not "sandal", a vowel and an "s").
 */
function formsOf(typed: string): string[] {
  return /[^s]s$/.test(typed) && typed.length > MIN_LETTERS ? [typed, typed.slice(0, -1)] : [typed];
}

interface Typed {
  letters: Uint8Array;
  indels: Float64Array;
  counts: Uint8Array;
}

function readTyped(word: string): Typed {
  return { letters: letters(word), indels: indels(word), counts: counts(word) };
}

/**
 * The distance from a typed word to a spelling, Infinity where it is surely more than `limit`
 * (lengths over two budgets apart, or a letter floor beyond the limit) without the table.
 */
function distanceWithin(typed: Typed, s: Prepared, limit: number, budget: number): number {
  if (Math.abs(s.letters.length - typed.letters.length) > 2 * budget) return Infinity;
  if (letterFloor(typed.counts, s.counts) > limit) return Infinity;
  return typoDistance(typed.letters, typed.indels, s.letters, s.indels, limit);
}

function nearest(
  typed: string,
  spellings: readonly Prepared[],
): (Prepared & { cost: number }) | null {
  const budget = maxEdits(typed);
  const read = readTyped(typed);
  let best: (Prepared & { cost: number }) | null = null;
  for (const s of spellings) {
    const cost = distanceWithin(read, s, best?.cost ?? budget, budget);
    if (cost > budget) continue;
    if (
      !best || cost < best.cost ||
      (cost === best.cost &&
        (s.codes > best.codes || (s.codes === best.codes && s.word < best.word)))
    ) {
      best = { ...s, cost };
    }
  }
  return best;
}

/** Longer words are never corrected (nor compared). */
const MAX_LETTERS = 40;
const VOWELS = "aeiouy";
/** Letters that spell the same sound in English words often enough to be typed for each other. */
const SOUNDS = ["sz", "ck", "cs", "kq", "iy"];
/** What a slip costs; a different letter costs 1. */
const SLIP = { doubled: 0.5, vowel: 0.5, sound: 0.5, swap: 0.75, vowelDropped: 0.75 };

/** Substitution costs, 27 × 27 (letters a to z as 1 to 26). */
const SUBSTITUTION = (() => {
  const table = new Float64Array(27 * 27).fill(1);
  const n = (c: string) => c.charCodeAt(0) - 96;
  for (let i = 0; i < 27; i++) table[i * 27 + i] = 0;
  for (const x of VOWELS) for (const y of VOWELS) if (x !== y) table[n(x) * 27 + n(y)] = SLIP.vowel;
  for (const [x, y] of SOUNDS.map((p) => [...p] as [string, string])) {
    table[n(x) * 27 + n(y)] = SLIP.sound;
    table[n(y) * 27 + n(x)] = SLIP.sound;
  }
  return table;
})();

/**
 * The least cost of any edit (a slip: SLIP's cheapest). Each insertion, deletion or substitution
 * changes one letter's count by at most one each way and a swap none, so SLIP_FLOOR times the
 * larger of the letters the typed word has too many of and too few of is no more than the
 * distance: a candidate whose floor is beyond the best distance so far is skipped without the
 * distance table (nine in ten of them), with the same answer.
 */
const SLIP_FLOOR = Math.min(1, ...Object.values(SLIP));

function letterFloor(a: Uint8Array, b: Uint8Array): number {
  let surplus = 0;
  let lack = 0;
  for (let i = 1; i < 27; i++) {
    const d = a[i]! - b[i]!;
    if (d > 0) surplus += d;
    else lack -= d;
  }
  return SLIP_FLOOR * Math.max(surplus, lack);
}

function counts(word: string): Uint8Array {
  const out = new Uint8Array(27);
  for (let i = 0; i < word.length; i++) out[word.charCodeAt(i) - 96]!++;
  return out;
}

function letters(word: string): Uint8Array {
  return Uint8Array.from(word, (c) => c.charCodeAt(0) - 96);
}

/** Inserting or deleting each letter: a slip when it doubles a neighbour or is a vowel. */
function indels(word: string): Float64Array {
  return Float64Array.from(
    word,
    (c, i) =>
      c === word[i - 1] || c === word[i + 1]
        ? SLIP.doubled
        : VOWELS.includes(c)
        ? SLIP.vowelDropped
        : 1,
  );
}

/** Three rows of the distance table, reused: a search compares many known spellings. */
const ROWS = [
  new Float64Array(MAX_LETTERS + 1),
  new Float64Array(MAX_LETTERS + 1),
  new Float64Array(MAX_LETTERS + 1),
] as const;

/**
 * Weighted optimal string alignment distance from `a` (typed) to `b` (a known spelling), given
 * as letters with their insertion/deletion costs: insertions, deletions, substitutions and
 * swaps of two neighbours, slips cheaper (see SLIP). Returns a value above `limit` as soon as
 * every alignment costs more.
 */
export function typoDistance(
  a: Uint8Array,
  aIndels: Float64Array,
  b: Uint8Array,
  bIndels: Float64Array,
  limit = Infinity,
): number {
  const cols = b.length + 1;
  let [before, prev, row] = ROWS;
  prev[0] = 0;
  for (let j = 1; j < cols; j++) prev[j] = prev[j - 1]! + bIndels[j - 1]!;
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1]!;
    const deleting = aIndels[i - 1]!;
    row[0] = prev[0]! + deleting;
    let least = row[0]!;
    for (let j = 1; j < cols; j++) {
      const bj = b[j - 1]!;
      let v = Math.min(
        prev[j]! + deleting,
        row[j - 1]! + bIndels[j - 1]!,
        prev[j - 1]! + SUBSTITUTION[ai * 27 + bj]!,
      );
      if (i > 1 && j > 1 && ai === b[j - 2] && a[i - 2] === bj && ai !== bj) {
        v = Math.min(v, before[j - 2]! + SLIP.swap);
      }
      row[j] = v;
      if (v < least) least = v;
    }
    if (least > limit) return least;
    [before, prev, row] = [prev, row, before];
  }
  return prev[cols - 1]!;
}

/** The distance between two words (typoDistance of their letters). */
export function wordDistance(typed: string, known: string): number {
  return typoDistance(letters(typed), indels(typed), letters(known), indels(known));
}
