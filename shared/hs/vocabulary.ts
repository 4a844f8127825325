import type { Queryable } from "../db/db.ts";
import { pickCorrections, type TypoCandidate, typoCandidatesSql, typoWords } from "./typos.ts";
import { type SearchWord, searchWords } from "./words.ts";

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
}

/** A corrected word counts less than a word typed right, so exact matches rank first. */
export const CORRECTED_WEIGHT = 0.75;
/** Longest vocabulary phrase looked up, in words. */
const MAX_PHRASE = 3;

/** The concepts of a search text, in the order typed. */
export async function readConcepts(db: Queryable, q: string): Promise<Concept[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const { vocabulary, fixed } = await lookUpWithTypos(db, words);
  const fixedTerms = fixed.size === 0
    ? new Map<string, Entry>()
    : await lookUp(db, [...fixed.values()], { byKey: true });
  const out: Concept[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = longestPhrase(words, i, vocabulary);
    if (phrase) {
      out.push({
        ...phrase.entry,
        words: phrase.text,
        lexemes: [],
        weight: 1,
        negated: words[i]!.negated,
      });
      i += phrase.length;
      continue;
    }
    const { word, negated } = words[i++]!;
    const correction = fixed.get(word);
    if (correction === undefined) {
      out.push({ words: word, alts: [], lexemes: [], codes: [], weight: 1, negated });
    } else {
      const entry = fixedTerms.get(correction) ?? { alts: [], codes: [] };
      out.push({
        words: word,
        alts: entry.alts,
        lexemes: [correction],
        codes: entry.codes,
        weight: CORRECTED_WEIGHT,
        negated,
      });
    }
  }
  return out;
}

interface Entry {
  alts: string[];
  codes: string[];
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
): { text: string; length: number; entry: Entry } | null {
  for (let n = Math.min(MAX_PHRASE, words.length - start); n >= 1; n--) {
    const run = words.slice(start, start + n);
    if (run.some((w) => w.negated !== run[0]!.negated)) continue;
    const text = run.map((w) => w.word).join(" ");
    const entry = vocabulary.get(text);
    if (entry) return { text, length: n, entry };
  }
  return null;
}

interface TermRow {
  typed: string;
  term: string;
  codes: string | null;
  means: string | null;
}

/**
 * One round trip for what a search's words mean: the vocabulary entries of its phrases, and the
 * spelling candidates of its words that no description knows (typos.ts).
 */
async function lookUpWithTypos(db: Queryable, words: readonly SearchWord[]) {
  const rows = await db.query<
    TermRow & { kind: "term" | "typo"; word: string; lexeme: string; uses: number }
  >(
    `select 'term' as kind, typed.t as typed, s.term, s.codes, s.means,
            null as word, null as lexeme, null::int as uses
       from jsonb_array_elements_text($1::text::jsonb) as typed(t)
       join hs_synonyms s on s.key = hs_term_key(typed.t)
     union all
     select 'typo', c.typed, null, null, null, c.word, c.lexeme, c.codes
       from (${typoCandidatesSql("$2")}) c`,
    [
      JSON.stringify([...new Set(phrases(words))]),
      JSON.stringify(typoWords(words.map((w) => w.word))),
    ],
  );
  const typos: TypoCandidate[] = rows.filter((r) => r.kind === "typo")
    .map((r) => ({ typed: r.typed, word: r.word, lexeme: r.lexeme, codes: r.uses }));
  return {
    vocabulary: entries(rows.filter((r) => r.kind === "term")),
    fixed: pickCorrections(typos),
  };
}

/**
 * The vocabulary entries of the texts, by text: every entry whose term has the same English
 * stems (hs_term_key, migration 20261125001600), merged. `byKey`: the texts are stems already
 * (a typo's correction), compared as they are.
 */
async function lookUp(
  db: Queryable,
  texts: readonly string[],
  { byKey = false } = {},
): Promise<Map<string, Entry>> {
  const rows = await db.query<TermRow>(
    `select typed.t as typed, s.term, s.codes, s.means
       from jsonb_array_elements_text($1::text::jsonb) as typed(t)
       join hs_synonyms s on s.key = case when $2 then typed.t else hs_term_key(typed.t) end`,
    [JSON.stringify([...new Set(texts)]), byKey],
  );
  return entries(rows);
}

/** Rows merged by text typed, in term order (the same answer whatever order rows come in). */
function entries(rows: readonly TermRow[]): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const sorted = [...rows].sort((a, b) => a.term < b.term ? -1 : a.term > b.term ? 1 : 0);
  for (const row of sorted) {
    const entry = out.get(row.typed) ?? { alts: [], codes: [] };
    const means = row.means?.trim();
    if (means && !entry.alts.includes(means)) entry.alts.push(means);
    for (const code of (row.codes ?? "").split(" ")) {
      if (code !== "" && !entry.codes.includes(code)) entry.codes.push(code);
    }
    out.set(row.typed, entry);
  }
  return out;
}
