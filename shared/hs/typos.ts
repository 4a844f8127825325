/**
 * Typo tolerance for HS search: a typed word that the search does not know (its English stem is
 * no lexeme of hs_vocabulary, migration 20261125001600: in no description, tariff line or
 * everyday term) is read as the known word nearest to it in spelling: "cofee" → coffee,
 * "choclate" → chocolate, "bycicles" → bicycles, searched by that word's lexeme.
 *
 * pg_trgm proposes the spellings nearest in trigrams (hs_spellings; its GiST index answers `<->`
 * in distance order, alone: a second sort key would make it sort the whole table); the choice is
 * the candidate fewest edits away (insertions, deletions, substitutions and swaps of two
 * neighbours), at most one edit for words of up to five letters and two beyond, then the word
 * more codes use, then the alphabet. Trigram distance and edit distance are the same on PGlite
 * and PostgreSQL, so both correct alike. The correction is searched as its lexeme (stemming a
 * stem again could change it: "coffe" → "coff").
 */

/** Words shorter than this are not corrected: three letters are a different word by one edit. */
const MIN_LETTERS = 4;
/** Candidates pg_trgm proposes per unknown word. */
const CANDIDATES = 20;

/** Which words of a search can be typos worth correcting: plain letters, four or more. */
export function correctable(word: string): boolean {
  return word.length >= MIN_LETTERS && /^[a-z]+$/.test(word);
}

/** The most edits a word of this length may have to be corrected. */
export function maxEdits(word: string): number {
  return word.length <= 5 ? 1 : 2;
}

/** The words of a search worth correcting, once each. */
export function typoWords(words: readonly string[]): string[] {
  return [...new Set(words.filter(correctable))];
}

/**
 * SQL selecting the candidate spellings (typed, word, lexeme, codes) of the words no description
 * knows: `words` is the parameter holding typoWords as JSON text. Known words have none.
 */
export function typoCandidatesSql(words: string): string {
  return `select q.w as typed, v.word, v.lexeme, v.codes
       from (
         select w, (ts_lexize('english_stem', w))[1] as stem
           from jsonb_array_elements_text(${words}::text::jsonb) as t(w)
       ) q
      cross join lateral (
        select word, lexeme, codes
          from hs_spellings
         where q.stem is not null
           and not exists (select 1 from hs_vocabulary k where k.lexeme = q.stem)
         order by lower(word) <-> q.w
         limit ${CANDIDATES}
      ) v`;
}

export interface TypoCandidate {
  typed: string;
  word: string;
  lexeme: string;
  codes: number;
}

/** The chosen correction of each word that has one, as a lexeme, by the word typed. */
export function pickCorrections(rows: readonly TypoCandidate[]): Map<string, string> {
  const best = new Map<string, TypoCandidate & { edits: number }>();
  for (const row of rows) {
    const edits = editDistance(row.typed, row.word);
    if (edits > maxEdits(row.typed)) continue;
    const held = best.get(row.typed);
    if (
      !held || edits < held.edits ||
      (edits === held.edits &&
        (row.codes > held.codes || (row.codes === held.codes && row.word < held.word)))
    ) {
      best.set(row.typed, { ...row, edits });
    }
  }
  return new Map([...best].map(([typed, choice]) => [typed, choice.lexeme]));
}

/**
 * Edits between two words: insertions, deletions, substitutions, and swaps of two neighbouring
 * letters ("recieve"), each counting one (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}
