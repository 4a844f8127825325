import type { Queryable } from "../platform/db/db.ts";
import { type Entry, type Lexicon, lexiconOf, MAX_STEMS } from "./lexicon.ts";
import { nearestSpelling, nearestSpellings, type Spelling, typoWords } from "./typos.ts";
import { negatedParticiple, type SearchWord, searchWords } from "./words.ts";

/**
 * What a search means, word by word ("concepts"). The nomenclature names goods in customs
 * language: it has no "sneakers" or "laptop", only "sports footwear" and "portable automatic
 * data processing machines". Each word typed (or phrase of up to three words) is matched as
 * typed (stemmed), and in addition:
 *
 * - by the everyday vocabulary, hs_synonyms (data/reference/hs_synonyms.csv.gz, built by
 *   scripts/hs_synonyms.ts from WordNet and a curated list): the HS codes the word stands for,
 *   and the nomenclature's words for it; looked up by the English stems of the term, so
 *   plurals and singulars alike ("sneakers", "sneaker");
 * - when no description and no vocabulary entry knows the word, by its spelling correction
 *   (typos.ts), weighted below a word typed right.
 *
 * This is what the UK Trade Tariff's search does with its synonym lists and search references:
 * the user's words are kept, the trade's words are added, and a curated term can point at the
 * codes directly.
 */
export interface Concept {
  /** The words as typed (one word, or a phrase of the vocabulary). */
  words: string;
  /** The nomenclature's wordings, each matched as an alternative to the words typed. */
  alts: string[];
  /** Lexemes matched as they are: a typo's correction (typos.ts). */
  lexemes: string[];
  /** HS codes (2 to 6 digits) the words stand for: these codes and those under them match. */
  codes: string[];
  /** 1, or CORRECTED_WEIGHT when the word is a typo read as another word. */
  weight: number;
  /** The user excludes it ("not decaffeinated"): it ranks, it does not select. */
  negated: boolean;
  /**
   * The known spelling a typo is read as ("botle" → bottles): the word head.ts reads for its
   * part in the phrase (a word of packing, a material). Absent for words typed right.
   */
  spelling?: string;
}

/** A corrected word counts less than a word typed right, so exact matches rank first. */
export const CORRECTED_WEIGHT = 0.75;
/** Longest vocabulary phrase looked up, in words. */
const MAX_PHRASE = 3;

/** The concepts of a search text, in the order typed. */
export async function readConcepts(db: Queryable, q: string): Promise<Concept[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const { vocabulary, corrected, fixed, unread, compounds, lexicon, between } = await meanings(
    db,
    words,
  );
  const plain = (word: SearchWord) => plainConcept(word, fixed, compounds, lexicon);
  const out: Concept[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = longestPhrase(words, i, vocabulary, corrected);
    const split = phrase === null || phrase.length === 1
      ? splitTerm(words, i, vocabulary, between)
      : null;
    if (split) {
      // the word between first, a qualifier of the term's goods named last ("solar garden
      // lights": garden, then solar lights)
      out.push(plain(words[i + 1]!));
      out.push(termConcept(split.text, split.entry, 1, words[i]!.negated));
      i += 3;
      continue;
    }
    if (phrase) {
      const weight = phrase.corrected ? CORRECTED_WEIGHT : 1;
      out.push(termConcept(phrase.text, phrase.entry, weight, words[i]!.negated));
      i += phrase.length;
      continue;
    }
    const word = words[i++]!;
    if (unread.has(word.word)) continue;
    out.push(plain(word));
  }
  return out;
}

/** A vocabulary term typed as its words (a phrase, or a term read around a qualifier). */
function termConcept(words: string, entry: Entry, weight: number, negated: boolean): Concept {
  return { alts: entry.alts, codes: entry.codes, words, lexemes: [], weight, negated };
}

/**
 * A word read alone: as typed, as a closed compound's two words ("surfboard", "showerhead"), or as
 * its corrections when it is a typo.
 */
function plainConcept(
  { word, negated }: SearchWord,
  fixed: Map<string, Spelling[]>,
  compounds: Map<string, { text: string; entry: Entry | null }>,
  lexicon: Lexicon,
): Concept {
  const split = compounds.get(word);
  if (split !== undefined) {
    const entry = split.entry;
    return {
      words: word,
      alts: [split.text, ...entry?.alts ?? []],
      lexemes: [],
      codes: entry?.codes ?? [],
      weight: 1,
      negated,
    };
  }
  const corrections = fixed.get(word);
  if (corrections === undefined) {
    return { words: word, alts: [], lexemes: [], codes: [], weight: 1, negated };
  }
  // (the terms of the correction's stem in the form typed: "trousrs" is not "trousering")
  const entries = corrections.map((c) => {
    const entry = lexicon.terms.get(c.lexeme);
    return (entry && sameForms(word, entry)) ?? { alts: [], codes: [] };
  });
  return {
    words: word,
    alts: entries.flatMap((e) => e.alts),
    lexemes: corrections.map((c) => c.lexeme),
    codes: entries.flatMap((e) => e.codes),
    weight: CORRECTED_WEIGHT,
    negated,
    ...(corrections.length === 1 && !word.includes("-") ? { spelling: corrections[0]!.word } : {}),
  };
}

/**
 * A two-word term typed with a qualifier between its words ("solar garden lights", "engineered
 * oak flooring"): importers put the material or the place next to the goods, inside the trade's
 * name for them. Read when the term is curated (WordNet's terms carry their anchor's generic codes:
 * "liquid hand soap" is no "liquid soap", 3401.11, soap in bars), the three words are plain words of
 * one polarity, neither two-word run they make is a curated term of its own (a WordNet one gives way:
 * "office swivel chair" is the curated office chair, 9401.31-39, not WordNet's swivel chair,
 * 9401.61-79), and the word between is a word with a stem (no stop word: "oil for lamps" is no "oil lamp").
 */
function splitTerm(
  words: readonly SearchWord[],
  start: number,
  vocabulary: Map<string, Entry>,
  stemmed: ReadonlySet<number>,
): { text: string; entry: Entry } | null {
  const run = words.slice(start, start + 3);
  if (run.length < 3 || run.some((w) => w.negated !== run[0]!.negated)) return null;
  const [a, x, b] = run.map((w) => w.word);
  if (![a, x, b].every((w) => /^[a-z]+$/.test(w!))) return null;
  if (vocabulary.get(`${a} ${x}`)?.curated || vocabulary.get(`${x} ${b}`)?.curated) return null;
  if (!stemmed.has(start)) return null;
  const text = `${a} ${b}`;
  const entry = vocabulary.get(text);
  return entry?.curated ? { text, entry } : null;
}

/** Every run of one to MAX_PHRASE words of the same polarity, as text. */
function phrases(words: readonly SearchWord[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_PHRASE && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (run.some((w) => w.negated !== run[0]!.negated)) break;
      out.push(run.map((w) => w.word).join(" "));
    }
  }
  return out;
}

function longestPhrase(
  words: readonly SearchWord[],
  start: number,
  vocabulary: Map<string, Entry>,
  corrected: Map<string, { text: string; entry: Entry }>,
): { text: string; length: number; entry: Entry; corrected: boolean } | null {
  for (let n = Math.min(MAX_PHRASE, words.length - start); n >= 1; n--) {
    const run = words.slice(start, start + n);
    if (run.some((w) => w.negated !== run[0]!.negated)) continue;
    const text = run.map((w) => w.word).join(" ");
    const entry = vocabulary.get(text);
    if (entry) return { text, length: n, entry, corrected: false };
    const fixed = corrected.get(text);
    if (fixed) return { ...fixed, length: n, corrected: true };
  }
  return null;
}

/**
 * What a search's words mean: the lexicon held in the process (lexicon.ts) gives the everyday
 * terms of the phrases, by the English stems of their words (hs_term_key's key), and the
 * corrections of the words it does not know: of a plain word ("cofee"), or of the parts of a
 * hyphenated one ("t-shrits"). Only the stems of words the lexicon has not seen take a round trip.
 */
async function meanings(db: Queryable, words: readonly SearchWord[]) {
  const lexicon = await lexiconOf(db);
  const parts = new Map(
    words.map((w) => [w.word, typoWords(w.word.split("-"))] as const)
      .filter(([, p]) => p.length > 0),
  );
  const texts = phrases(words);
  const learnt = await learnStems(db, lexicon, [
    ...texts.flatMap(termWords),
    ...[...parts.values()].flat(),
  ]);
  const stem = (w: string) => lexicon.stems.has(w) ? lexicon.stems.get(w) : learnt.get(w);
  // the outer words of three, the one between them a word with a stem (splitTerm)
  const between = new Set<number>();
  const outer: string[] = [];
  for (let i = 0; i + 2 < words.length; i++) {
    if (stem(words[i + 1]!.word) == null) continue;
    between.add(i);
    outer.push(`${words[i]!.word} ${words[i + 2]!.word}`);
  }
  const vocabulary = new Map<string, Entry>();
  for (const text of [...texts, ...outer]) {
    const key = termWords(text).map((w) => stem(w) ?? w).join(" ");
    const entry = lexicon.terms.get(key);
    const same = entry && !participleOfAnotherTerm(text, entry) ? sameForms(text, entry) : null;
    const typed = same && sameWord(text, same, lexicon.words);
    if (typed) vocabulary.set(text, meaningOf(text, typed));
  }
  // A word is a typo when its stem is known nowhere; stop words have no stem and are no typos.
  const unknown = (w: string) => {
    const s = stem(w);
    return s != null && !lexicon.known.has(s);
  };
  const fixed = new Map<string, Spelling[]>();
  // An "un-" participle no text has ("unsweetened") is read by its excluded participle alone
  // (words.ts): corrected, it would be read as that very participle, wanted.
  const unread = new Set(
    [...parts.keys()].filter((w) => negatedParticiple(w) !== null && unknown(w)),
  );
  const compounds = await closedCompounds(
    db,
    lexicon,
    // (a closed compound no spelling has, though a US line may: "surfboard" in 9902.12.24)
    [...parts].filter(([word, list]) =>
      !unread.has(word) && list.length === 1 && list[0] === word && !lexicon.words.has(word) &&
      (unknown(word) || !lexicon.spelt.has(stem(word) ?? word))
    ).map(([word]) => word),
    (split) => {
      const key = termWords(split).map((w) => stem(w) ?? w).join(" ");
      const entry = lexicon.terms.get(key);
      const same = entry && sameForms(split, entry);
      return (same && sameWord(split, same, lexicon.words)) || null;
    },
  );
  for (const [word, list] of parts) {
    if (unread.has(word)) continue;
    const split = compounds.get(word);
    if (split !== undefined) {
      if (split.entry) vocabulary.set(split.text, split.entry);
      continue;
    }
    const corrections = list.filter(unknown)
      .map((w) => correctionOf(lexicon, w))
      .filter((c): c is Spelling => c !== null);
    if (corrections.length > 0) fixed.set(word, corrections);
  }
  return {
    vocabulary,
    corrected: correctedPhrases(texts, vocabulary, fixed, lexicon, stem),
    fixed,
    unread,
    compounds,
    lexicon,
    between,
  };
}

/**
 * The closed compounds among words no spelling has ("surfboard", "showerhead", "sandpaper"): each
 * as its two words ("surf board") with their vocabulary term, when the two words are a term of the
 * vocabulary ("shower head") or the nomenclature writes them together ("surf-boards", 9506.29).
 * English writes many compounds closed that the nomenclature writes open or hyphenated; read as a
 * typo, the compound was the nearest spelling, often another compound ("sandpaper" was sandpiper,
 * a bird, 0106.39). Two known words that are neither are a typo's ("labtop" is no lab top,
 * "pinapple" no pin apple): corrected as before. Remembered in the lexicon like corrections.
 */
async function closedCompounds(
  db: Queryable,
  lexicon: Lexicon,
  words: readonly string[],
  termOf: (split: string) => Entry | null,
): Promise<Map<string, { text: string; entry: Entry | null }>> {
  const out = new Map<string, { text: string; entry: Entry | null }>();
  const ask: [string, string][] = [];
  for (const word of words) {
    const known = lexicon.compounds.get(word);
    const split = known === undefined ? compoundOf(lexicon, word) : known;
    if (split === null) continue;
    const entry = termOf(split);
    if (entry || known !== undefined) out.set(word, { text: split, entry });
    else ask.push([word, split]);
  }
  if (ask.length > 0) {
    const rows = await db.query<{ split: string }>(
      `select s as split from jsonb_array_elements_text($1::text::jsonb) as s
        where exists (select 1 from hs_codes
                       where search_match @@ phraseto_tsquery('english', s))`,
      [JSON.stringify(ask.map(([, split]) => split))],
    );
    const found = new Set(rows.map((r) => r.split));
    for (const [word, split] of ask) {
      const written = found.has(split);
      if (written) out.set(word, { text: split, entry: null });
      if (lexicon.compounds.size < MAX_STEMS) lexicon.compounds.set(word, written ? split : null);
    }
  }
  return out;
}

/**
 * A word as two known spellings run together ("surf board"), or null: each part has three letters
 * or more, the last may be a plural of one; of several splits, the one whose shorter part is
 * longest.
 */
function compoundOf(lexicon: Lexicon, word: string): string | null {
  const part = (w: string) => lexicon.words.has(w);
  let best: { split: string; shorter: number } | null = null;
  for (let i = 3; i <= word.length - 3; i++) {
    const first = word.slice(0, i);
    const last = word.slice(i);
    if (!part(first) || !(part(last) || (/[^s]s$/.test(last) && part(last.slice(0, -1))))) continue;
    const shorter = Math.min(first.length, last.length);
    if (!best || shorter > best.shorter) best = { split: `${first} ${last}`, shorter };
  }
  return best?.split ?? null;
}

/**
 * The vocabulary's phrases typed with one typo in them ("car batery", "can openner", "wooden
 * cuting board"): the typo read as the nearest spelling that makes the phrase a term of the
 * vocabulary, of those at the least distance ("bell pepers" is bell pepper, 0709.60, though
 * "papers", as near, is the spelling more codes use). Read word by word, the phrase's meaning was
 * lost: "car batery" was batteries of any kind, 8506.10 first, not car batteries (8507.10).
 */
function correctedPhrases(
  texts: readonly string[],
  vocabulary: Map<string, Entry>,
  fixed: Map<string, Spelling[]>,
  lexicon: Lexicon,
  stem: (w: string) => string | null | undefined,
): Map<string, { text: string; entry: Entry }> {
  const out = new Map<string, { text: string; entry: Entry }>();
  for (const text of texts) {
    const words = text.split(" ");
    if (words.length < 2 || vocabulary.has(text) || !words.every((w) => /^[a-z]+$/.test(w))) {
      continue;
    }
    const typos = words.filter((w) => fixed.has(w));
    if (typos.length !== 1) continue;
    const typo = typos[0]!;
    const readAs = (spelling: Spelling) => {
      const entry = lexicon.terms.get(
        words.map((w) => w === typo ? spelling.lexeme : stem(w) ?? w).join(" "),
      );
      const read = words.map((w) => w === typo ? spelling.word : w).join(" ");
      const same = entry && sameForms(read, entry);
      return same ? { text: read, entry: same } : null;
    };
    // the correction first (known already), the spellings as near only when it makes no term
    const found = fixed.get(typo)!.map(readAs).find((r) => r !== null) ??
      tiesOf(lexicon, typo).map(readAs).find((r) => r !== null);
    if (found) out.set(text, found);
  }
  return out;
}

/**
 * "roasted", "canned", "peeled", "salted" share their stems with the nouns roast (a cut of
 * meat), can, peel and salt, which the vocabulary names; typed, they say how goods are prepared
 * or packed, not what they are ("roasted pistachios" are not meat). A one-word "-ed" form
 * takes a term's meaning only when the vocabulary has that very word ("flavored", "colored",
 * "roasted", "canned"), and then that word's own (meaningOf).
 * The word is still searched as typed (stemmed), in the nomenclature's own wording.
 */
function participleOfAnotherTerm(text: string, entry: Entry): boolean {
  return /^\p{L}+ed$/u.test(text) && !entry.terms.includes(text);
}

/**
 * The entry's terms whose last word, the goods, is typed in its form: a noun in "-ing" is another
 * noun than its stem's ("painting" and paint, "clothing" and cloth, "bedding" and bed), so "wall
 * paint" is not the term "wall painting" (a mural, 9701), though the stems are one. A word before
 * it says what the goods are for, in either form ("swim trunks", "swimming trunks"). Null when
 * no term is; the meaning of those that are when only some are.
 */
function sameForms(text: string, entry: Entry): Entry | null {
  const last = (t: string) => endsInIng(termWords(t).at(-1) ?? "");
  const same = entry.terms.filter((term) => last(term) === last(text));
  return narrowed(entry, same);
}

/**
 * The entry's terms whose goods, the last word, is the word typed or its plural or singular:
 * the English stemmer gives one stem to words that are other words ("bubble" and "bubbly", a
 * sparkling wine, 2204.10; "organic" and "organ"; "electric" and "electricity"), and a term
 * matched through another word's stem put its codes on goods it does not name ("bubble wrap"
 * was sparkling wine and garments). Null when no term is; the meaning of those that are when
 * only some are. Only a word the search knows as spelt (hs_spellings) is read so: another word
 * that shares a term's stem is that term misspelt ("toothpast", "aspirine"). A term in "-ed" is
 * the curated reading of a state or packing, which its noun typed shares ("cans": canned, in
 * airtight containers; "blend": blended, mixtures).
 */
function sameWord(text: string, entry: Entry, words: ReadonlySet<string>): Entry | null {
  const typed = termWords(text).at(-1) ?? "";
  if (!words.has(typed)) return entry;
  const same = entry.terms.filter((term) => {
    const word = termWords(term).at(-1) ?? "";
    return !/^[a-z]+$/.test(word) || inflected(typed, word) || inflected(word, typed) ||
      /ed$/.test(word);
  });
  return narrowed(entry, same);
}

/**
 * The entry read through some of its terms only: itself when all are, null when none has a
 * meaning of its own, else those terms' meanings.
 */
function narrowed(entry: Entry, same: string[]): Entry | null {
  if (same.length === entry.terms.length) return entry;
  const own = same.map((term) => entry.own.get(term)).filter((m) => m !== undefined);
  if (own.length === 0) return null;
  return {
    alts: [...new Set(own.flatMap((m) => m.alts))],
    codes: [...new Set(own.flatMap((m) => m.codes))],
    terms: same,
    own: entry.own,
    curated: entry.curated,
  };
}

/** `word` is `base` or its regular plural ("sneakers", "boxes", "berries"). */
function inflected(word: string, base: string): boolean {
  return word === base || word === `${base}s` || word === `${base}es` ||
    (base.endsWith("y") && word === `${base.slice(0, -1)}ies`);
}

function endsInIng(word: string): boolean {
  return /\p{L}{2}ings?$/u.test(word);
}

/**
 * A one-word "-ed" form the vocabulary has takes its own row's meaning, not its noun's:
 * "roasted" (nuts roasted are 2008) is not "roast" (a cut of meat).
 */
function meaningOf(text: string, entry: Entry): Entry {
  const own = /^\p{L}+ed$/u.test(text) ? entry.own.get(text) : undefined;
  return own ? { ...own, terms: [text], own: entry.own } : entry;
}

/** The spellings as near as a typed word's correction, remembered like corrections. */
function tiesOf(lexicon: Lexicon, word: string): Spelling[] {
  const known = lexicon.ties.get(word);
  if (known !== undefined) return known;
  const ties = nearestSpellings(word, lexicon.spellings);
  if (lexicon.ties.size < MAX_STEMS) lexicon.ties.set(word, ties);
  return ties;
}

/** A typed word's correction (typos.ts), remembered in the lexicon while it has room. */
function correctionOf(lexicon: Lexicon, word: string): Spelling | null {
  const known = lexicon.corrections.get(word);
  if (known !== undefined) return known;
  const fixed = nearestSpelling(word, lexicon.spellings);
  if (lexicon.corrections.size < MAX_STEMS) lexicon.corrections.set(word, fixed);
  return fixed;
}

/** The words of a term as hs_term_key splits them (migration 20261125001600). */
function termWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
}

/**
 * Asks PostgreSQL's stemmer for the words the lexicon has no stem of, and remembers them while
 * it has room; returns them.
 */
async function learnStems(
  db: Queryable,
  lexicon: Lexicon,
  words: readonly string[],
): Promise<Map<string, string | null>> {
  const learnt = new Map<string, string | null>();
  const unseen = [...new Set(words)].filter((w) => !lexicon.stems.has(w));
  if (unseen.length === 0) return learnt;
  const rows = await db.query<{ word: string; stem: string | null }>(
    `select t as word, (ts_lexize('english_stem', t))[1] as stem
       from jsonb_array_elements_text($1::text::jsonb) as t`,
    [JSON.stringify(unseen)],
  );
  for (const row of rows) {
    learnt.set(row.word, row.stem);
    if (lexicon.stems.size < MAX_STEMS) lexicon.stems.set(row.word, row.stem);
  }
  return learnt;
}
