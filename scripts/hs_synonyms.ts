/**
 * Builds data/reference/hs_synonyms.csv.gz, the everyday vocabulary of HS search (shared/hs/):
 * product words people use → the HS codes (and nomenclature words) they mean.
 *
 *   apt-get install wordnet-base    # Princeton WordNet 3.0 (WordNet licence)
 *   deno run -A scripts/hs_synonyms.ts [--review] [--wordnet /usr/share/wordnet]
 *
 * Two sources, both committed under data/hs/ (see data/reference/README.md for provenance):
 *
 * - data/hs/wordnet_anchors.tsv: hand-picked WordNet noun synsets, each tied to HS codes
 *   ("gym_shoe.n.01 → 6404.11"). Every WordNet noun whose hypernym chain reaches an anchor takes
 *   the codes of the nearest one: "sneaker" (sneaker < gym shoe < shoe < footwear) → 6404.11,
 *   "kumquat" (< citrus) → 0805.90. A word's senses are tried in WordNet's frequency order (the
 *   first three; live animals and plants only when no other sense maps), so "mouse" is the
 *   animal unless the curated list says otherwise. Irregular
 *   plurals come from WordNet's noun.exc ("knives" → knife). Proper nouns, words the
 *   nomenclature itself uses (the search finds those anyway), and phrases of more than three
 *   words are left out; but a noun the nomenclature only puts before another noun ("luggage
 *   vans") is kept, unless WordNet reads it as an adjective too (index.adj).
 * - data/hs/curated.tsv: written by hand, and winning over WordNet: British and American
 *   spellings (aluminum → aluminium), trade and shop names WordNet lacks or reads otherwise
 *   (smartphone, trainers, hoodie, mouse → computer mouse).
 *
 * The whole table is then audited (auditVocabulary, data/reference/README.md "Audit rules"): no
 * term maps to a code whose text excludes it, nor to a residual "Other" line beside a sibling that
 * names it; what the audit changes is noted in the row's source.
 *
 * Output columns: term (lower case), codes (space-separated HS codes, each checked against
 * data/reference/hs_codes.csv.gz), means (nomenclature words matched as an alternative, may be
 * empty), source (the WordNet chain or "curated"). Rows are sorted by term; the gzip is written
 * without a timestamp, so the same inputs give the same bytes.
 *
 * --review prints every anchor with its WordNet gloss, to check that each names the sense meant.
 */
import { gzipSync } from "fflate";
import { parseCsv } from "../shared/reference/files.ts";

const ROOT = new URL("../", import.meta.url);
const ANCHORS = new URL("data/hs/wordnet_anchors.tsv", ROOT);
const CURATED = new URL("data/hs/curated.tsv", ROOT);
const HS_CODES = new URL("data/reference/hs_codes.csv.gz", ROOT);
const OUTPUT = new URL("data/reference/hs_synonyms.csv.gz", ROOT);

/** Hypernym steps searched above a word for an anchor. */
const MAX_DEPTH = 12;
/** WordNet senses of a word tried, most frequent first. */
const MAX_SENSES = 3;
const MAX_WORDS = 3;

interface Synset {
  offset: string;
  /** Lemmas as WordNet writes them (case kept: capitals mark proper nouns). */
  lemmas: string[];
  hypernyms: string[];
  gloss: string;
}

interface Mapping {
  codes: string[];
  means: string;
  source: string;
}

export interface Row extends Mapping {
  term: string;
}

async function main(args: string[]): Promise<void> {
  const dirIndex = args.indexOf("--wordnet");
  const dir = dirIndex >= 0 ? args[dirIndex + 1]! : "/usr/share/wordnet";
  const wordnet = await readWordnet(dir);
  const curated = await Deno.readTextFile(CURATED);
  const hs = await readHsCodes(britishSpellings(curated));
  const anchors = readAnchors(await Deno.readTextFile(ANCHORS), wordnet, hs.codes);
  if (args.includes("--review")) {
    for (const [offset, anchor] of anchors) {
      const synset = wordnet.synsets.get(offset)!;
      console.log(`${anchor.name}\t${anchor.codes.join(" ")}\t${synset.gloss.slice(0, 90)}`);
    }
    return;
  }

  const rows = new Map<string, Row>();
  for (const [lemma, senses] of wordnet.senses) {
    const term = termOf(lemma);
    if (term === null || (hs.mentions(term) && !isQualifierNoun(term, hs, wordnet))) continue;
    const common = senses.slice(0, MAX_SENSES).map((offset, i) => ({ offset, sense: i + 1 }))
      .filter((s) => !isProperNoun(wordnet.synsets.get(s.offset)!, lemma));
    const mappings = common.map((s) => nearestAnchor([s], wordnet, anchors, lemma));
    const mapping = mappings.find((m) => m !== null && !isLiving(m)) ??
      mappings.find((m) => m !== null) ?? null;
    if (mapping) rows.set(term, { term, ...mapping });
  }
  for (const [plural, lemma] of wordnet.plurals) {
    const base = rows.get(termOf(lemma) ?? "");
    const term = termOf(plural);
    if (
      base && term !== null && !rows.has(term) &&
      (!hs.mentions(term) || isQualifierNoun(term, hs, wordnet))
    ) {
      rows.set(term, { ...base, term, source: `${base.source}; plural (noun.exc)` });
    }
  }
  for (const row of readCurated(curated, hs.codes)) {
    rows.set(row.term, row);
  }
  const audit = auditVocabulary(rows.values(), hs.nomenclature);
  const fixed = new Map(audit.changes.map((c) => [c.term, c.row]));
  for (const [term, row] of fixed) {
    if (row === null) rows.delete(term);
    else rows.set(term, row);
  }
  const count = (rule: number, to: (c: AuditChange) => boolean) =>
    audit.changes.filter((c) => c.rule === rule && to(c)).length;
  for (const rule of [1, 2, 3]) {
    console.log(
      `audit rule ${rule}: ${count(rule, () => true)} codes flagged and changed ` +
        `(${count(rule, (c) => c.to.length > 0)} re-pointed, ${
          count(rule, (c) => c.to.length === 0)
        } dropped)`,
    );
  }
  console.log(
    `audit: ${fixed.size} rows changed, ${
      [...fixed.values()].filter((r) => r === null).length
    } dropped`,
  );

  const sorted = [...rows.values()].sort((a, b) => a.term < b.term ? -1 : a.term > b.term ? 1 : 0);
  const csv = ["term,codes,means,source", ...sorted.map(csvLine)].join("\n") + "\n";
  await Deno.writeFile(OUTPUT, gzipSync(new TextEncoder().encode(csv), { level: 9, mtime: 0 }));
  console.log(`${sorted.length} terms → ${OUTPUT.pathname}`);
}

/** WordNet's noun synsets, each noun's senses in frequency order, and irregular plurals. */
async function readWordnet(dir: string) {
  const synsets = new Map<string, Synset>();
  for (const line of (await Deno.readTextFile(`${dir}/data.noun`)).split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const [head, gloss = ""] = line.split(" | ");
    const f = head!.trim().split(" ");
    const count = parseInt(f[3]!, 16);
    const lemmas = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.replace(/\(.*\)$/, ""));
    let i = 4 + 2 * count;
    const pointers = Number(f[i++]);
    const hypernyms: string[] = [];
    for (let p = 0; p < pointers; p++, i += 4) {
      if (f[i] === "@" || f[i] === "@i") hypernyms.push(f[i + 1]!);
    }
    synsets.set(f[0]!, { offset: f[0]!, lemmas, hypernyms, gloss: gloss.trim() });
  }
  const senses = new Map<string, string[]>();
  for (const line of (await Deno.readTextFile(`${dir}/index.noun`)).split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const f = line.trim().split(" ");
    const count = Number(f[2]);
    senses.set(f[0]!, f.slice(f.length - count));
  }
  const adjectives = new Set<string>();
  for (const line of (await Deno.readTextFile(`${dir}/index.adj`)).split("\n")) {
    if (line !== "" && !line.startsWith("  ")) adjectives.add(line.split(" ")[0]!);
  }
  const plurals = new Map<string, string>();
  for (const line of (await Deno.readTextFile(`${dir}/noun.exc`)).split("\n")) {
    const [plural, lemma] = line.trim().split(" ");
    if (plural && lemma) plurals.set(plural, lemma);
  }
  return { synsets, senses, adjectives, plurals };
}

type Wordnet = Awaited<ReturnType<typeof readWordnet>>;
type HsText = Awaited<ReturnType<typeof readHsCodes>>;

/**
 * The words of a description that can name its goods: all but those followed by another word, a
 * space or hyphen apart with no stop word between, which qualify the noun after them ("luggage"
 * in "passenger coaches, luggage vans"). Over-broad by design: "coffee" in "coffee, not roasted"
 * names goods, and one such use anywhere is enough.
 */
export function goodsWords(text: string): string[] {
  const tokens = text.split(/([a-z]+)/);
  const out: string[] = [];
  for (let i = 1; i < tokens.length; i += 2) {
    const next = tokens[i + 2];
    if (!/^[ -]+$/.test(tokens[i + 1]!) || next === undefined || STOP.has(next)) {
      out.push(tokens[i]!);
    }
  }
  return out;
}

/**
 * The names of goods of two or three words in a description, each word singular: runs within a
 * clause (no `,`, `;`, `:` or parenthesis inside) that open it or follow a stop word, so that
 * they name goods, not a qualified kind ("sport equipment" in "water-sport equipment" is none).
 * The nomenclature names "brussel sprouts" (0704.20) and "barbers' chairs" (9402.10), WordNet
 * "brussels sprouts" and "barber chair", which WordNet anchors had sent to 0709.99 (vegetables
 * n.e.c.) and 9401.79 (seats): a WordNet term the nomenclature names, in either number, is left
 * out like a term it names as written, and the search finds the nomenclature's own line.
 */
export function goodsNames(text: string): string[] {
  const out: string[] = [];
  for (const clause of text.toLowerCase().split(/[,;:()"]/)) {
    const words = clause.split(/[^a-z]+/).filter(Boolean).map(singular);
    for (let i = 0; i < words.length; i++) {
      if (i > 0 && !STOP.has(words[i - 1]!)) continue;
      for (let n = 2; n <= MAX_WORDS && i + n <= words.length; n++) {
        out.push(words.slice(i, i + n).join(" "));
      }
    }
  }
  return out;
}

/**
 * A term as goodsNames writes names: each word singular, and in the nomenclature's British
 * spelling where the curated list has it ("sulfuric acid" → sulphuric acid, 2807).
 */
export function goodsName(term: string, british: ReadonlyMap<string, string>): string {
  return term.split(/[ -]+/).map((w) => singular(british.get(w) ?? w)).join(" ");
}

/** The HS codes, and a test for whether the nomenclature's descriptions use a term. */
async function readHsCodes(british: ReadonlyMap<string, string> = new Map()) {
  const text = await new Response(
    new Blob([await Deno.readFile(HS_CODES)]).stream().pipeThrough(
      new DecompressionStream("gzip"),
    ),
  ).text();
  const codes = new Set<string>();
  const nomenclature = readNomenclature(text);
  // Every run of one to three words of the descriptions.
  const phrases = new Set<string>();
  // The goods names of two or three words, singular (goodsNames).
  const singulars = new Set<string>();
  const goods = new Set<string>();
  for (const line of text.split("\n").slice(1)) {
    const code = line.split(",")[0];
    if (!code) continue;
    codes.add(code);
    const words = line.toLowerCase().split(/[^a-z]+/).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
        phrases.add(words.slice(i, i + n).join(" "));
      }
    }
    for (const name of goodsNames(line)) singulars.add(name);
    for (const word of goodsWords(line.toLowerCase())) goods.add(word);
  }
  /** The term as written, and with its last word in plural or singular form. */
  const forms = (term: string) => {
    const head = term.replace(/[a-z]+$/, "");
    const last = term.slice(head.length);
    return [last, `${last}s`, `${last}es`, last.replace(/y$/, "ies"), last.replace(/s$/, "")]
      .map((w) => `${head}${w}`.replaceAll("-", " "));
  };
  return {
    codes,
    nomenclature,
    mentions: (term: string): boolean =>
      forms(term).some((f) => phrases.has(f)) || singulars.has(goodsName(term, british)),
    /** A one-word term the descriptions use only to qualify the noun after it (goodsWords). */
    onlyQualifies: (term: string): boolean =>
      !/[ -]/.test(term) && !forms(term).some((f) => goods.has(f)),
  };
}

interface Anchor {
  name: string;
  codes: string[];
}

/** `lemma.n.NN<TAB>codes<TAB>what` lines → anchors by synset offset. */
function readAnchors(text: string, wordnet: Wordnet, hsCodes: Set<string>) {
  const anchors = new Map<string, Anchor>();
  for (const [n, line] of text.split("\n").entries()) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [name = "", codeList = ""] = line.split("\t");
    const match = /^(.+)\.n\.(\d\d)$/.exec(name);
    const offset = match ? wordnet.senses.get(match[1]!)?.[Number(match[2]) - 1] : undefined;
    if (!offset) throw new Error(`wordnet_anchors.tsv line ${n + 1}: no synset ${name}`);
    if (anchors.has(offset)) throw new Error(`wordnet_anchors.tsv line ${n + 1}: ${name} twice`);
    anchors.set(offset, { name, codes: checkedCodes(codeList, hsCodes, `anchor ${name}`) });
  }
  return anchors;
}

/** `term<TAB>codes<TAB>means<TAB>note` lines. */
function readCurated(text: string, hsCodes: Set<string>): Row[] {
  const rows: Row[] = [];
  for (const [n, line] of text.split("\n").entries()) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [term = "", codeList = "", means = ""] = line.split("\t");
    const codes = codeList.trim() === "" ? [] : checkedCodes(codeList, hsCodes, `term ${term}`);
    if (term !== term.toLowerCase().trim() || (codes.length === 0 && means.trim() === "")) {
      throw new Error(`curated.tsv line ${n + 1}: lower-case term with codes or means needed`);
    }
    rows.push({ term, codes, means: means.trim(), source: "curated" });
  }
  return rows;
}

/**
 * The curated list's American spellings of one British word ("fiber" → fibres, "color" →
 * colour), as the nomenclature writes them: a WordNet term in American spelling that the
 * nomenclature names in British spelling is the nomenclature's own name too.
 */
export function britishSpellings(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const [term = "", , means = "", note = ""] = line.split("\t");
    if (/\bUS\b.*spelling/.test(note) && /^[a-z]+$/.test(term) && /^[a-z]+$/.test(means)) {
      out.set(term, means);
    }
  }
  return out;
}

function checkedCodes(list: string, hsCodes: Set<string>, what: string): string[] {
  const codes = list.trim().split(/\s+/);
  for (const code of codes) {
    if (!hsCodes.has(code)) throw new Error(`${what}: ${code} is not an HS 2022 code`);
  }
  return codes;
}

/**
 * The nearest anchor above the first sense that has one (breadth first, so the fewest
 * hypernym steps win), with the chain that led there.
 */
function nearestAnchor(
  senses: readonly { offset: string; sense: number }[],
  wordnet: Wordnet,
  anchors: Map<string, Anchor>,
  lemma: string,
): Mapping | null {
  for (const { offset, sense } of senses) {
    const from = new Map<string, string | null>([[offset, null]]);
    let level = [offset];
    for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
      const found = level.find((o) => anchors.has(o));
      if (found !== undefined) {
        const chain: string[] = [];
        for (let o: string | null = found; o !== null; o = from.get(o) ?? null) {
          chain.unshift(wordnet.synsets.get(o)!.lemmas[0]!);
        }
        const anchor = anchors.get(found)!;
        return {
          codes: anchor.codes,
          means: "",
          source: `wordnet 3.0 ${lemma}.n.${String(sense).padStart(2, "0")}: ` +
            `${chain.reverse().join(" < ")} (anchor ${anchor.name})`,
        };
      }
      const next: string[] = [];
      for (const o of level) {
        for (const h of wordnet.synsets.get(o)!.hypernyms) {
          if (!from.has(h)) {
            from.set(h, o);
            next.push(h);
          }
        }
      }
      level = next;
    }
  }
  return null;
}

/**
 * A noun the nomenclature uses only to qualify another ("luggage" in "luggage vans", 8605): the
 * search cannot find the goods by it, and would answer the other noun's heading, so the
 * vocabulary gives it its WordNet reading (luggage → 4202) like a word the nomenclature lacks.
 * Not a word WordNet also reads as an adjective ("submersible", "wireless", "main"), which
 * qualifies goods in queries too.
 */
function isQualifierNoun(term: string, hs: HsText, wordnet: Wordnet): boolean {
  return hs.onlyQualifies(term) && !wordnet.adjectives.has(term);
}

/** A WordNet lemma as a search term, or null when it is not one people type for goods. */
function termOf(lemma: string): string | null {
  const term = lemma.toLowerCase().replaceAll("_", " ");
  if (!/^[a-z][a-z' -]*[a-z]$/.test(term) || term.length < 3) return null;
  return term.split(/[ -]/).length <= MAX_WORDS ? term : null;
}

/**
 * A mapping to live animals (chapter 01) or live plants (chapter 06). WordNet often lists the
 * tree before its fruit ("kumquat", "mango"), but trade mostly ships the fruit: such a sense is
 * taken only when no other of the first senses reaches an anchor.
 */
function isLiving(mapping: Mapping): boolean {
  return mapping.codes.every((code) => code.startsWith("01") || code.startsWith("06"));
}

function isProperNoun(synset: Synset, lemma: string): boolean {
  return synset.lemmas.some((l) => l.toLowerCase() === lemma && l !== l.toLowerCase());
}

function csvLine(row: Row): string {
  return [row.term, row.codes.join(" "), row.means, row.source].map(csvField).join(",");
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** An HS code's place in the nomenclature and its text, split into what it names and excludes. */
export interface HsEntry {
  parent: string;
  /** The words the text names, singular ("telephone set smartphone …"). */
  names: Set<string>;
  /**
   * The same words in their order, stop words kept, each marked "^" when it opens a clause
   * (after punctuation) or follows a stop word: " ^telephone set ^smartphone for … ".
   */
  sequence: string;
  /** The words of its exclusions ("other than smartphones" → smartphone). */
  excludes: Set<string>;
  residual: boolean;
  /** Its text, lower case. */
  text: string;
}

/** hs_codes.csv's text → code → entry. */
export function readNomenclature(csv: string): Map<string, HsEntry> {
  const out = new Map<string, HsEntry>();
  for (const r of parseCsv(csv)) {
    const text = r.description!.toLowerCase();
    const excluded = [...text.matchAll(EXCLUSION)].map((m) => m[1]!);
    const named = excluded.reduce((t, clause) => t.replace(clause, " "), text);
    out.set(r.code!, {
      parent: r.parent!,
      names: new Set(wordsOf(named)),
      sequence: ` ${clauseMarked(named)} `,
      excludes: new Set(excluded.flatMap(wordsOf)),
      residual: RESIDUAL.test(text),
      text,
    });
  }
  return out;
}

/**
 * An exclusion and the clause it excludes, up to the next punctuation or "but": "other than
 * smartphones", "excluding fillets", "not roasted", "except …"; "whether or not" excludes nothing.
 * Amounts ("not more than 5 %", "not exceeding")
 * bound a quantity and exclude no goods.
 */
const EXCLUSION =
  /(?<!\bwhether or |\bor )\b(?:other than|excluding|except|not)\b(?! (?:more|less|over|exceeding|elsewhere)\b)((?:(?! but\b)[^;,:()])*)/g;
/** A residual subheading: "Other", "…; other", "n.e.c.", "other than …". */
const RESIDUAL = /(?:^|[;,:] ?)other\b|\bn\.e\.c\.|\bother than\b|not elsewhere specified/;
const STOP = new Set(["a", "an", "and", "or", "of", "for", "the", "with", "in", "on", "to", "s"]);

/** Content words, singular: "smartphones" → smartphone, "boxes" → box, "berries" → berry. */
function wordsOf(text: string): string[] {
  return allWords(text).filter((w) => w.length > 1 && !STOP.has(w));
}

/** See HsEntry.sequence. */
function clauseMarked(text: string): string {
  const out: string[] = [];
  let open = true;
  for (const token of text.split(/([a-z]+)/)) {
    if (/^[a-z]+$/.test(token)) {
      const word = singular(token);
      out.push(open ? `^${word}` : word);
      open = STOP.has(word);
    } else if (/[;,:()]/.test(token)) open = true;
  }
  return out.join(" ");
}

function allWords(text: string): string[] {
  return text.split(/[^a-z]+/).filter(Boolean).map(singular);
}

function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return word.slice(0, -3) + "y";
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|zes|sses|oes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

/**
 * Rule 1: the code's text excludes the term: every word of the term is in the text, and one of
 * them only in what it excludes ("smartphone" → "Telephone sets; other than smartphones"; "roasted
 * coffee" → "Coffee; not roasted").
 */
export function excludes(entry: HsEntry, term: string): boolean {
  const words = wordsOf(term);
  return words.length > 0 &&
    words.every((w) => entry.names.has(w) || entry.excludes.has(w)) &&
    words.some((w) => entry.excludes.has(w) && !entry.names.has(w));
}

/** The code's text names every word of the term, none of them only as an exclusion. */
export function names(entry: HsEntry, term: string): boolean {
  const words = wordsOf(term);
  return words.length > 0 && words.every((w) => entry.names.has(w));
}

/**
 * The code's text names the term as a phrase, its words side by side: as written, unqualified
 * (opening a clause or after a stop word: "shaving brush" in "Brushes; shaving brushes", not
 * "sports equipment" in "Water sport equipment"), or the other way round ("centrifugal pump" in
 * "Pumps; centrifugal, n.e.c.", "blue cheese" in "Cheese; blue-veined …"): the explicit naming
 * rule 2 asks for. Its words merely scattered over a long text ("letter paper" in "Envelopes,
 * letter cards … of paper") do not count.
 */
export function namesPhrase(entry: HsEntry, term: string): boolean {
  const words = allWords(term);
  if (words.length === 0) return false;
  const plain = entry.sequence.replaceAll("^", "");
  return entry.sequence.includes(` ^${words.join(" ")} `) ||
    plain.includes(` ${words.toReversed().join(" ")} `);
}

/**
 * The codes beside `code` (same parent, same length) whose text names the term (`test`); of
 * several, those whose text shares the most words with the code's own ("decaffeinated coffee"
 * from "Coffee; roasted, not decaffeinated" → "Coffee; roasted, decaffeinated", not the unroasted).
 */
export function siblingsNaming(
  nomenclature: Map<string, HsEntry>,
  code: string,
  term: string,
  test: (entry: HsEntry, term: string) => boolean = names,
): string[] {
  const own = nomenclature.get(code);
  if (!own?.parent) return [];
  const found = childrenOf(nomenclature).get(own.parent)!.filter(([c, e]) =>
    c !== code && c.length === code.length && test(e, term)
  );
  const shared = ([, e]: [string, HsEntry]) => [...e.names].filter((w) => own.names.has(w)).length;
  const best = Math.max(...found.map(shared));
  return found.filter((f) => shared(f) === best).map(([c]) => c);
}

const children = new WeakMap<Map<string, HsEntry>, Map<string, [string, HsEntry][]>>();

/** The codes under each parent, indexed once per nomenclature. */
function childrenOf(nomenclature: Map<string, HsEntry>): Map<string, [string, HsEntry][]> {
  let index = children.get(nomenclature);
  if (!index) {
    index = new Map();
    for (const [code, entry] of nomenclature) {
      index.set(entry.parent, [...index.get(entry.parent) ?? [], [code, entry]]);
    }
    children.set(nomenclature, index);
  }
  return index;
}

export interface AuditChange {
  term: string;
  /** The row as corrected, or null when nothing is left of it. */
  row: Row | null;
  rule: 1 | 2 | 3;
  from: string;
  to: string[];
}

/** The textile materials chapters 61 to 63 split garments and linen by ("of cotton"). */
const MATERIAL = "(?:cotton|wool(?: or fine animal hair)?|fine animal hair|" +
  "(?:man-made|synthetic|artificial) fibres|silk(?: or silk waste)?|flax|" +
  "(?:other )?textile materials|fibres from kashmir \\(cashmere\\) goats)";
const OF_MATERIAL = new RegExp(`\\bof ${MATERIAL}(?: \\([^)]*\\))?`, "g");

/** A textile code's goods: its text without its material and the exclusions that name others. */
function goodsOf(entry: HsEntry): string {
  return entry.text.replace(/\([^)]*other than[^)]*\)/g, " ").replace(OF_MATERIAL, " ")
    .replace(/\bother than that of [^,;]*/g, " ").replace(/[\s,;]+/g, " ").trim();
}

/**
 * The residual material ("of textile materials (other than wool …, cotton or man-made fibres)"):
 * the US tariff's lines under it name the others ("Subject to cotton restraints"), so a term sent
 * there would rank them for "cotton sweater".
 */
const OTHER_MATERIALS = /\bof (?:other )?textile materials\b/;

/**
 * Rule 3: the siblings of a textile code (chapters 61 to 63) that name the same goods in another
 * named material ("Jerseys, pullovers …; of cotton" and "…; of wool or fine animal hair").
 */
export function materialSiblings(nomenclature: Map<string, HsEntry>, code: string): string[] {
  const entry = nomenclature.get(code);
  if (!entry || !/^6[123]\d{4}$/.test(code) || !entry.text.match(OF_MATERIAL)) return [];
  const goods = goodsOf(entry);
  return (childrenOf(nomenclature).get(entry.parent) ?? [])
    .filter(([c, e]) =>
      c !== code && e.text.match(OF_MATERIAL) && !OTHER_MATERIALS.test(e.text) &&
      goodsOf(e) === goods
    )
    .map(([c]) => c);
}

/**
 * The vocabulary's data-quality rules (data/reference/README.md), applied to every row, curated
 * or WordNet-derived:
 * 1. a term never maps to a code whose text excludes it: the code is replaced by the siblings
 *    that name the term, or dropped when none does (the row with it when nothing is left);
 * 2. a term mapped to a residual code ("Other", "other than …", "n.e.c.") whose siblings name the
 *    term goes to those siblings;
 * 3. a term mapped to a textile subheading that names its material ("sweater" → 6110.20, of
 *    cotton, and 6110.30, of man-made fibres) maps to the siblings that name the same goods in the
 *    other materials too (6110.11, of wool …): the material typed decides, not the vocabulary.
 */
export function auditVocabulary(rows: Iterable<Row>, nomenclature: Map<string, HsEntry>) {
  const changes: AuditChange[] = [];
  let excluded = 0, residual = 0;
  for (const row of rows) {
    let codes = row.codes;
    const notes: string[] = [];
    for (const code of row.codes) {
      const entry = nomenclature.get(code);
      if (!entry) continue;
      let rule: 1 | 2 | null = null;
      if (excludes(entry, row.term)) rule = 1;
      else if (entry.residual && !names(entry, row.term)) rule = 2;
      const to = rule === null
        ? []
        : siblingsNaming(nomenclature, code, row.term, rule === 1 ? names : namesPhrase);
      if (rule === null || (rule === 2 && to.length === 0)) continue;
      if (rule === 1) excluded++;
      else residual++;
      codes = [...new Set(codes.flatMap((c) => c === code ? to : [c]))];
      notes.push(`rule ${rule}: ${code} → ${to.join(" ") || "dropped"}`);
      changes.push({ term: row.term, row: null, rule, from: code, to });
    }
    const added = [...new Set(codes.flatMap((c) => materialSiblings(nomenclature, c)))]
      .filter((c) => !codes.includes(c));
    if (added.length > 0) {
      notes.push(`rule 3: + ${added.join(" ")}`);
      changes.push({ term: row.term, row: null, rule: 3, from: codes.join(" "), to: added });
      codes = [...codes, ...added];
    }
    if (notes.length === 0) continue;
    const fixed = codes.length === 0 && row.means === ""
      ? null
      : { ...row, codes, source: `${row.source}; audit ${notes.join("; ")}` };
    for (const c of changes) if (c.term === row.term) c.row = fixed;
  }
  return { changes, excluded, residual };
}

if (import.meta.main) await main(Deno.args);
