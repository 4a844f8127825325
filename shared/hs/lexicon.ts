import type { Queryable } from "../platform/db/db.ts";
import { type Spelling, type SpellingIndex, spellingIndex } from "./typos.ts";

/**
 * HS search's vocabulary, held in the process: what every search reads (vocabulary.ts, typos.ts)
 * and what changes only when the reference data is loaded again. Reading it from the database on
 * each search cost a round trip and an index walk per unknown word; here a search asks the
 * database only for the English stems of words it has not seen (the stemmer is PostgreSQL's),
 * and the search query itself returns the vocabulary's version (hs_lexicon_version, migration
 * 20261125002600): when that changed, the next search reads the vocabulary again.
 */
export interface Lexicon {
  version: string;
  /** Every lexeme the search knows (hs_vocabulary): a word whose stem is here is no typo. */
  known: Set<string>;
  /** The spellings a typo may be read as (hs_spellings). */
  spellings: SpellingIndex;
  /** The same spellings' words: a word typed as one of them is a word, not a typo of another. */
  words: Set<string>;
  /** The spellings' lexemes: a word with one of these stems is that word, inflected or slipped. */
  spelt: Set<string>;
  /** The everyday terms by key (hs_term_key), merged: the codes and nomenclature words. */
  terms: Map<string, Entry>;
  /**
   * English stems of words (null: a stop word), as PostgreSQL's english_stem gives them: those
   * of hs_spellings, and each word a search asked for, up to MAX_STEMS.
   */
  stems: Map<string, string | null>;
  /**
   * Typed words read as typos, with their corrections (null: none near), up to MAX_STEMS: a
   * correction compares the word with thousands of spellings on the event loop, and people
   * make the same slips again ("cigarrettes", "choclate").
   */
  corrections: Map<string, Spelling | null>;
  /** Typed words with every spelling as near as their correction (nearestSpellings), likewise. */
  ties: Map<string, Spelling[]>;
  /**
   * Words no spelling has, tried as closed compounds whose words the nomenclature writes
   * together (vocabulary.ts closedCompounds): the two words ("surf board"), or null, likewise.
   */
  compounds: Map<string, string | null>;
}

export interface Meaning {
  alts: string[];
  codes: string[];
}

export interface Entry extends Meaning {
  /** The vocabulary's terms of this key, as written ("flavored", "roast"). */
  terms: string[];
  /** Each term's own meaning ("roasted": 2008.11, 2008.19; "roast", the meat: 0208, 0210). */
  own: Map<string, Meaning>;
  /** Whether a term of the key is curated (data/hs/curated.tsv), not WordNet's. */
  curated?: boolean;
}

/** Words whose stems (and typed words whose corrections) are remembered, at most (5 MB each). */
export const MAX_STEMS = 100_000;

const held = new WeakMap<Queryable, Promise<Lexicon>>();

/** The lexicon of a database, loaded on first use. */
export function lexiconOf(db: Queryable): Promise<Lexicon> {
  const current = held.get(db);
  if (current) return current;
  const lexicon = loadLexicon(db);
  held.set(db, lexicon);
  // A failed load is not kept: the next search tries again.
  lexicon.catch(() => {
    if (held.get(db) === lexicon) held.delete(db);
  });
  return lexicon;
}

/** The database's lexicon version. */
export async function lexiconVersion(db: Queryable): Promise<string | undefined> {
  const [row] = await db.query<{ version: string }>(
    "select version::text as version from hs_lexicon_version",
  );
  return row?.version;
}

/** A search saw the database's lexicon version: a lexicon of another is read again next time. */
export async function sawLexiconVersion(db: Queryable, version: string | undefined): Promise<void> {
  const current = held.get(db);
  if (version === undefined || !current) return;
  const lexicon = await current.catch(() => null);
  if (lexicon && lexicon.version !== version && held.get(db) === current) held.delete(db);
}

interface Loaded {
  version: string;
  known: string[];
  spellings: [string, string, number][];
  terms: [string, string, string | null, string | null, boolean][];
}

/** One statement, so one snapshot: the rows and their version agree. */
async function loadLexicon(db: Queryable): Promise<Lexicon> {
  const [row] = await db.query<{ lexicon: string }>(
    `select json_build_object(
       'version', (select version::text from hs_lexicon_version),
       'known', (select coalesce(json_agg(lexeme), '[]') from hs_vocabulary),
       'spellings', (select coalesce(json_agg(json_build_array(word, lexeme, codes)), '[]')
                       from hs_spellings),
       'terms', (select coalesce(json_agg(json_build_array(key, term, codes, means,
                                                            source like 'curated%')
                                          order by term), '[]')
                   from hs_synonyms)
     )::text as lexicon`,
  );
  const loaded = JSON.parse(row!.lexicon) as Loaded;
  const terms = new Map<string, Entry>();
  for (const [key, term, codes, means, curated] of loaded.terms) {
    const entry: Entry = terms.get(key) ?? { alts: [], codes: [], terms: [], own: new Map() };
    entry.terms.push(term);
    if (curated) entry.curated = true;
    // "synthetic; man-made": alternative wordings, each matched on its own (the HS writes
    // "man-made fibres", the US tariff "of synthetic fibers" or "of man-made fibers")
    const alts = (means ?? "").split(";").map((text) => text.trim()).filter((text) => text !== "");
    const list = (codes ?? "").split(" ").filter((code) => code !== "");
    entry.own.set(term, { alts, codes: list });
    for (const text of alts) if (!entry.alts.includes(text)) entry.alts.push(text);
    for (const code of list) if (!entry.codes.includes(code)) entry.codes.push(code);
    terms.set(key, entry);
  }
  return {
    version: loaded.version,
    known: new Set(loaded.known),
    spellings: spellingIndex(
      loaded.spellings.map(([word, lexeme, codes]) => ({ word, lexeme, codes })),
    ),
    words: new Set(loaded.spellings.map(([word]) => word)),
    spelt: new Set(loaded.spellings.map(([, lexeme]) => lexeme)),
    terms,
    stems: new Map(loaded.spellings.map(([word, lexeme]) => [word, lexeme])),
    corrections: new Map(),
    ties: new Map(),
    compounds: new Map(),
  };
}
