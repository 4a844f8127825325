/**
 * The single values of an invoice: its number and date, the currency, the incoterm, the ports
 * and the stated totals.
 */
import type { Leaf } from "../result.ts";
import type { DocumentLines, Segment } from "./layout_lines.ts";
import { type Candidate, candidatesOf, firstLabelled, hitsOf, type LabelHit } from "./labelled.ts";
import { parseDate } from "./dates.ts";
import { type DecimalMark, leadingNumber, lostMark, parseNumber } from "./numbers.ts";
import {
  CHECKED,
  FAILED_CHECK,
  FOUND_GUESS,
  FOUND_LABELLED,
  FOUND_WEAK_LABEL,
  readLeaf,
} from "./confidence.ts";
import { clean } from "./text.ts";
import { matchLabelText } from "./labels.ts";
import type { CountryIndex } from "./countries.ts";
import { overlapX } from "./geometry.ts";

export interface Context {
  doc: DocumentLines;
  hits: LabelHit[];
  mark: DecimalMark | null;
  /** Slashed dates read day first (a European document), when known. */
  dayFirst: boolean | null;
  currencies: Set<string>;
  /** To tell a country after a place ("Santos, BRASIL") from the place. */
  countries: CountryIndex;
}

const ocr = (ctx: Context) => ctx.doc.source === "ocr";

function labelledLeaf<T>(
  ctx: Context,
  value: T,
  confidence: number,
  segments: Segment[],
): Leaf<T> {
  return readLeaf(value, confidence, segments, ocr(ctx));
}

/** A value a label gave, as sure as how the label was found and how the value was read. */
function foundLeaf<T>(
  ctx: Context,
  found: { value: T; hit: LabelHit; candidate: Candidate },
): Leaf<T> {
  return labelledLeaf(
    ctx,
    found.value,
    foundConfidence(found.hit, found.candidate),
    found.candidate.segments,
  );
}

function foundConfidence(hit: LabelHit, candidate: Candidate): number {
  const base = hit.match.rank === 0 ? FOUND_LABELLED : FOUND_WEAK_LABEL;
  return candidate.how === "below" && hit.match.rank > 0 ? base - 0.05 : base;
}

// --- invoice number ---------------------------------------------------------------------------

const INVOICE_ID = /^[A-Z0-9][A-Z0-9\-/._]*$/i;

export function invoiceNumber(ctx: Context): Leaf<string> | undefined {
  const found = firstLabelled(ctx.doc, ctx.hits, "invoice_number", (c) => invoiceId(c.text));
  if (!found) return undefined;
  // "Invoice #", "Invoice №" say number as plainly as "Invoice No." does.
  const numbered = /invoice\s*(#|№|n[°º])/i.test(found.hit.segment.text);
  const base = found.hit.match.rank >= 2 && !numbered ? FOUND_WEAK_LABEL : FOUND_LABELLED;
  // Where a clipped label's letters were cut off the value, where it starts is a guess.
  const cut = CLIPPED.test(clean(found.candidate.text));
  const confidence = cut ? Math.min(base, FOUND_WEAK_LABEL) : base;
  return labelledLeaf(ctx, found.value, confidence, found.candidate.segments);
}

/**
 * A label's cell clipped by its value, the two run into one word with no space ("Invoice" cut
 * to "Invoi" before "INV202605978"): the label's letters end where capitals and digits start.
 */
const CLIPPED = /^\p{Lu}\p{Ll}+(?=\p{Lu}[\p{Lu}\d\-/._]*\d[\p{Lu}\d\-/._]*$)/u;

function invoiceId(text: string): string | null {
  // A speck before or after the number reads as a quote mark on a scan ("'INV-2026-928").
  const t = clean(text).replace(CLIPPED, "").replace(/^(no|nr|number|#)[.:\s]*/i, "")
    .replace(/^['‘’`]+|['‘’`]+$/g, "").trim();
  if (t === "" || t.length > 40 || !/\d/.test(t)) return null;
  if (parseDate(t, null)?.iso && /^[\d\s./-]+$/.test(t)) return null; // a date, not a number
  const tokens = t.split(/\s+/);
  if (tokens.length === 1) return INVOICE_ID.test(t) ? t : null;
  // "INV-2026-0042 dated 14.03.2026": the first token that looks like an identifier.
  const id = tokens.find((tok) => INVOICE_ID.test(tok) && /\d/.test(tok));
  return id && id.length >= 3 ? id : null;
}

// --- invoice date -----------------------------------------------------------------------------

export function invoiceDate(ctx: Context): Leaf<string> | undefined {
  const found = firstLabelled(
    ctx.doc,
    ctx.hits,
    "invoice_date",
    (c) => parseDate(c.text, ctx.dayFirst),
  );
  if (!found) return unlabelledDate(ctx);
  let confidence = foundConfidence(found.hit, found.candidate);
  if (found.value.ambiguous) confidence = Math.min(confidence, 0.6);
  return labelledLeaf(ctx, found.value.iso, confidence, found.candidate.segments);
}

/**
 * No label the vocabulary knows: the document's only date, a guess (a second, different date
 * makes it a worse one).
 */
function unlabelledDate(ctx: Context): Leaf<string> | undefined {
  const dates = ctx.doc.lines.flatMap((l) =>
    l.segments.flatMap((seg) => {
      const d = parseDate(seg.text, ctx.dayFirst);
      return d && !d.ambiguous ? [{ iso: d.iso, seg }] : [];
    })
  );
  const first = dates[0];
  if (!first) return undefined;
  const alone = dates.every((d) => d.iso === first.iso);
  return labelledLeaf(ctx, first.iso, alone ? FOUND_GUESS : FOUND_GUESS - 0.2, [first.seg]);
}

// --- currency ---------------------------------------------------------------------------------

const SYMBOLS: Record<string, string> = {
  "€": "EUR",
  "£": "GBP",
  "₹": "INR",
  "₩": "KRW",
  "zł": "PLN",
  "₺": "TRY",
  "円": "JPY",
  "元": "CNY",
};
/**
 * Currencies written as words ("Currency: Euro", "Price (US Dollars)"), in the languages of
 * the label vocabulary; a dollar or a franc of a named country before the bare word.
 */
const WORDS: [RegExp, string][] = [
  [
    /\b(canadian|kanadische[rn]?|canadiens?|canadienses?|canadesi|canadese|kanadyjski)\s+(dollars?|dólar(es)?|dollari|dolar(y|ów)?)\b|\b(dollars?|dólar(es)?|dollari)\s+(canadiens?|canadienses?|canadesi|canadense)\b|加元|カナダドル/i,
    "CAD",
  ],
  [
    /\b(swiss\s+francs?|schweizer\s+franken|francs?\s+suisses?|francos?\s+suizos?|franchi\s+svizzeri|zwitserse\s+frank(en)?|frank(i|ów)?\s+szwajcarsk\w*|isviçre\s+frangı|franken)\b|瑞士法郎|スイスフラン/i,
    "CHF",
  ],
  [/\beuros?\b|\beuro'?su\b|欧元|ユーロ/i, "EUR"],
  [
    /\bU\.?S\.?\s*dollars?\b|\b(us-)?dollars?\b|\bdólar(es)?\b|\bdollari\b|\bdolar(y|ów)?\b|\bamerikan\s+doları\b|\bdoları?\b|美元|米ドル|ドル/i,
    "USD",
  ],
  [/\bpounds?(\s+sterling)?\b|\blivres?\s+sterling\b|\bsterlin[ag]?\b|英镑|ポンド/i, "GBP"],
  [/\bz[łl]ot(y|ych|e)\b/i, "PLN"],
  [/\byen\b|円|日元/i, "JPY"],
  [/人民币|\byuan\b|\bRMB\b/i, "CNY"],
  [/\b(türk\s+)?lirası\b|\bturkish\s+lira\b/i, "TRY"],
];
const AMBIGUOUS_SYMBOLS: Record<string, string> = { "$": "USD", "¥": "JPY" };
/** Dollar signs that name their country. */
const DOLLAR_SIGNS: [RegExp, string][] = [
  [/\bUS\s?\$/, "USD"],
  [/\b(C|CA|CAD)\s?\$/, "CAD"],
];

export function currency(ctx: Context): Leaf<string> | undefined {
  const found = firstLabelled(ctx.doc, ctx.hits, "currency", (c) => currencyIn(ctx, c.text));
  return found ? foundLeaf(ctx, found) : currencyFromText(ctx);
}

function currencyIn(ctx: Context, text: string): string | null {
  const codes = codesIn(ctx, text);
  if (codes.length > 0) return codes[0]!;
  for (const [symbol, code] of Object.entries(SYMBOLS)) if (text.includes(symbol)) return code;
  for (const [sign, code] of DOLLAR_SIGNS) if (sign.test(text)) return code;
  for (const [word, code] of WORDS) if (word.test(text)) return code;
  // After a currency label, a bare "$" or "¥" is the usual reading of it.
  const bare = text.trim();
  if (bare in AMBIGUOUS_SYMBOLS) return AMBIGUOUS_SYMBOLS[bare]!;
  // The Swiss franc's own abbreviation ("Fr.", "SFr."), too short to look for elsewhere.
  if (/^S?Fr\.?$/i.test(bare)) return "CHF";
  // A scan's reading of "zł" ("zt", "z1") and of "US$" ("USS"), alone after the label.
  if (/^z[łlt1]\.?$/i.test(bare)) return "PLN";
  if (/^US[S5]$/i.test(bare)) return "USD";
  return null;
}

/** A phrase that is a currency and nothing else: "EUR", "US Dollars", "€". */
function aloneCurrency(ctx: Context, text: string): string | null {
  const t = text.trim();
  if (/^[A-Z]{3}$/.test(t)) return ctx.currencies.has(t) ? t : null;
  if (t in SYMBOLS) return SYMBOLS[t]!;
  if (/\d/.test(t)) return null;
  const code = currencyWord(t);
  return code && ctx.currencies.has(code) ? code : null;
}

/** The currency a phrase names in words, if it names exactly one. */
function currencyWord(text: string): string | null {
  const codes = new Set(WORDS.filter(([word]) => word.test(text)).map(([, code]) => code));
  // "Canadian dollars" also reads as dollars: the named country wins.
  if (codes.has("CAD")) return "CAD";
  if (codes.has("CHF")) return "CHF";
  return codes.size === 1 ? [...codes][0]! : null;
}

function codesIn(ctx: Context, text: string): string[] {
  return [...text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)]
    .map((m) => m[1]!)
    .filter((c) => ctx.currencies.has(c));
}

/**
 * No currency label: a code in brackets in the table's header ("Unit price (EUR)"), beside
 * amounts ("EUR 1,234.00", "1.234,00 EUR"), else symbols. The code most often seen wins, and
 * only if no other code is seen about as often.
 */
function currencyFromText(ctx: Context): Leaf<string> | undefined {
  const votes = new Map<string, { n: number; segments: Segment[]; strong: boolean }>();
  const vote = (code: string, seg: Segment, strong: boolean) => {
    const v = votes.get(code) ?? { n: 0, segments: [], strong: false };
    v.n += strong ? 2 : 1;
    v.strong ||= strong;
    if (v.segments.length < 3) v.segments.push(seg);
    votes.set(code, v);
  };
  const isAmount = (seg: Segment | undefined) => !!seg && /^[\d\s.,']*\d$/.test(seg.text.trim());
  for (const line of ctx.doc.lines) {
    line.segments.forEach((seg, i) => {
      for (const m of seg.text.matchAll(/[(\[]\s*([A-Z]{3})\s*[)\]]|\bin ([A-Z]{3})\b/g)) {
        const code = m[1] ?? m[2]!;
        if (ctx.currencies.has(code)) vote(code, seg, true);
      }
      for (const [sign, code] of DOLLAR_SIGNS) if (sign.test(seg.text)) vote(code, seg, true);
      // A currency in words in brackets ("Price (US Dollars)") or by an amount ("Euro 12,50").
      for (const m of seg.text.matchAll(/[(\[]([^()[\]]{2,30})[)\]]?/g)) {
        const code = currencyWord(m[1]!);
        if (code && ctx.currencies.has(code)) vote(code, seg, true);
      }
      if (/\d/.test(seg.text) && !/[(\[]/.test(seg.text)) {
        const code = currencyWord(seg.text);
        if (code && ctx.currencies.has(code)) vote(code, seg, true);
      }
      // A symbol in brackets in a header: "Unit price (€)".
      for (const m of seg.text.matchAll(/[(\[]\s*(€|£|zł|₺|₹|₩|円|元)\s*[)\]]/g)) {
        vote(SYMBOLS[m[1]!]!, seg, true);
      }
      // "Unit price ($)": the usual reading of a bare "$" or "¥", a guess.
      for (const m of seg.text.matchAll(/[(\[]\s*([$¥])\s*[)\]]/g)) {
        vote(AMBIGUOUS_SYMBOLS[m[1]!]!, seg, false);
      }
      // A currency a spreadsheet cell's number format prints beside the number ("€" 0.000,
      // "USD " #,##0.00): read as printed, a code as surely as one beside an amount.
      const marked = seg.mark ? aloneCurrency(ctx, seg.mark) : null;
      if (marked) vote(marked, seg, /^[A-Z]{3}$/.test(seg.mark!.trim()));
      // The Swiss franc's abbreviation by an amount ("0.59 Fr.", "SFr. 12.50").
      if (/^(?:[\d.,'’\s]*\d\s*S?Fr\.|S?Fr\.\s*\d[\d.,'’\s]*)$/.test(seg.text.trim())) {
        vote("CHF", seg, true);
      }
      // A code next to an amount: "EUR 1,234.00", "1.234,00 EUR", "Total USD | 16,460.00".
      const words = seg.text.split(/\s+/);
      const first = words[0]!, last = words[words.length - 1]!;
      const before = /^[A-Z]{3}$/.test(last) &&
        (isAmount(line.segments[i + 1]) ||
          words.length > 1 && isAmount({ ...seg, text: words.slice(0, -1).join(" ") }));
      const after = /^[A-Z]{3}$/.test(first) && words.length > 1 &&
        isAmount({ ...seg, text: words.slice(1).join(" ") });
      // After a label in the same phrase: "Total EUR 291 015,00".
      const inside = words.slice(1, -1).findLast((w, k) =>
        /^[A-Z]{3}$/.test(w) && isAmount({ ...seg, text: words.slice(k + 2).join(" ") })
      );
      for (const code of [before ? last : null, after ? first : null, inside ?? null]) {
        if (code && ctx.currencies.has(code)) vote(code, seg, true);
      }
      // A currency alone over an amount, a narrow cell having wrapped "EUR 136 794,38".
      const alone = words.length <= 3 ? aloneCurrency(ctx, seg.text) : null;
      if (alone && i === line.segments.length - 1) {
        const next = ctx.doc.lines[line.index + 1];
        const under = next?.page === line.page &&
          next.segments.some((s) => isAmount(s) && s.x1 >= seg.x0 && s.x0 <= seg.x1);
        if (under) vote(alone, seg, true);
      }
      for (const [symbol, c] of Object.entries({ ...SYMBOLS, ...AMBIGUOUS_SYMBOLS })) {
        if (
          seg.text.includes(symbol) && /\d/.test(seg.text) &&
          !DOLLAR_SIGNS.some(([sign]) => sign.test(seg.text))
        ) {
          vote(c, seg, false);
        }
      }
    });
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1].n - a[1].n);
  const [top, second] = ranked;
  if (!top || (second && second[1].n * 2 > top[1].n)) return undefined;
  const [code, v] = top;
  const base = v.strong ? 0.88 : (code in AMBIGUOUS_SYMBOLS ? 0.5 : FOUND_GUESS);
  return labelledLeaf(ctx, code, base, v.segments);
}

// --- incoterm ---------------------------------------------------------------------------------

const INCOTERMS = ["EXW", "FCA", "FAS", "FOB", "CFR", "CIF", "CPT", "CIP", "DAP", "DPU", "DDP"];
const OLD_INCOTERMS = ["DAT", "DDU", "DAF", "DES", "DEQ", "C&F", "CNF"];
const INCOTERM_RE = new RegExp(
  `(?<![A-Za-z&])(${
    [...INCOTERMS, ...OLD_INCOTERMS].map((t) => t.replace("&", "&")).join("|")
  })(?![A-Za-z&])`,
  "i",
);

export function incoterm(ctx: Context): Leaf<string> | undefined {
  const found = firstLabelled(ctx.doc, ctx.hits, "incoterm", (c, hit) => {
    // The label itself may end in "Incoterms 2020": look only at the value part.
    const text = c.how === "inline" ? hit.match.rest : c.text;
    return incotermIn(text);
  });
  return found ? foundLeaf(ctx, found) : incotermFromText(ctx);
}

function incotermIn(text: string): string | null {
  const m = text.match(INCOTERM_RE);
  if (!m) return null;
  const code = m[1]!.toUpperCase();
  return code === "C&F" || code === "CNF" ? "CFR" : code;
}

/** An incoterm written in upper case anywhere, if only one is: "CIF Hamburg (Incoterms 2020)". */
function incotermFromText(ctx: Context): Leaf<string> | undefined {
  const seen = new Map<string, Segment[]>();
  for (const line of ctx.doc.lines) {
    for (const seg of line.segments) {
      for (const m of seg.text.matchAll(new RegExp(INCOTERM_RE.source, "g"))) {
        const code = m[1]!;
        if (code !== code.toUpperCase() || !INCOTERMS.includes(code)) continue;
        seen.set(code, [...(seen.get(code) ?? []), seg]);
      }
    }
  }
  if (seen.size !== 1) return undefined;
  const [code, segments] = [...seen.entries()][0]!;
  const mentionsIncoterms = segments.some((s) => /incoterm/i.test(s.text));
  return labelledLeaf(ctx, code, mentionsIncoterms ? 0.85 : FOUND_GUESS, segments.slice(0, 1));
}

// --- ports ------------------------------------------------------------------------------------

/** One reading of a port label's value; the finder settles it once UN/LOCODE has answered. */
export interface PortReading {
  /** The value as printed, without a code in brackets ("Le Havre"). */
  name: string | null;
  /** A code written as one: the whole value, or in brackets ("Hamburg (DEHAM)"). */
  explicit: string | null;
  /** Five-letter words that might be codes, if UN/LOCODE knows them. */
  implicit: string[];
  /** From a vague label ("To:", "From:"): only a code counts. */
  vague: boolean;
  segments: Segment[];
}

export function portReadings(
  ctx: Context,
  kind: "port_of_loading" | "port_of_discharge",
): PortReading[] {
  const out: PortReading[] = [];
  for (const hit of hitsOf(ctx.hits, kind)) {
    for (const c of candidatesOf(ctx.doc, hit)) {
      // Text run on after a label without a colon is more label ("… / US port of"), unless
      // it is a code.
      if (
        c.how === "inline" && !hit.match.colon && !/^[A-Z]{2}\s?[A-Z2-9]{3}$/.test(c.text) &&
        !/[(\[][A-Z]{2}\s?[A-Z2-9]{3}[)\]]/.test(c.text) && !placeAfterLabel(c.text)
      ) {
        continue;
      }
      // "Porto di imbarco / Port of La Spezia": a spreadsheet's print clipped the label's
      // English half, whose first words run on into the value.
      const text = c.how === "inline" && !hit.match.colon ? pastClippedLabel(c.text) : c.text;
      const reading = portIn(text, ctx.countries);
      if (reading) out.push({ ...reading, vague: hit.match.rank >= 2, segments: c.segments });
    }
  }
  return out;
}

/**
 * A bilingual label run into its value without a colon ("Puerto de descarga / Port of
 * destination La Spezia"): the value is a place in capitals after a label that ends with a
 * label's last word, not a word that leads on ("… of", "… de").
 */
function placeAfterLabel(rest: string): boolean {
  const t = rest.trim();
  if (!/^\p{Lu}/u.test(t) || /\b(of|to|from|and|or|de|du|di|van|der)$/i.test(t)) return false;
  return matchLabelText(t) === null && t.split(/\s+/).length <= 4;
}

/**
 * The words of a clipped English port label left before the value ("Port of La Spezia", "Port
 * of dischar İzmir"): "port of" or "place of", and at most a lower-case word cut short, before
 * a word with a capital.
 */
function pastClippedLabel(text: string): string {
  return text.replace(/^(?:[Pp]ort|[Pp]lace) of(?: \p{Ll}+)?\s+(?=\p{Lu})/u, "");
}

function portIn(
  text: string,
  countries: CountryIndex,
): Omit<PortReading, "vague" | "segments"> | null {
  const t = clean(text);
  if (t === "" || t.length > 80 || /^\d+$/.test(t)) return null;
  // A country in capitals ("CHINA" under "Qingdao,") is no code.
  const whole = countries.byName(t) ? null : t.match(/^([A-Z]{2})\s?([A-Z2-9]{3})$/);
  const bracketed = t.match(/[(\[]\s*([A-Z]{2})\s?([A-Z2-9]{3})\s*[)\]]/);
  const code = whole ?? bracketed;
  const named = clean(t.replace(/[(\[]\s*[A-Z]{2}\s?[A-Z2-9]{3}\s*[)\]]/, ""));
  const name = placeName(named, countries);
  // A place is written with a capital ("Hamburg", "DEHAM"); "entry" is a label running on.
  const nameOk = !whole && !countries.byName(name) && /^[\p{Lu}]/u.test(name) &&
    !/\b(of|to|from|and|or|de|du)$/i.test(name);
  return {
    name: nameOk ? name : null,
    explicit: code ? code[1]! + code[2]! : null,
    // Five capitals beside another word in capitals are a name's part ("LONG BEACH"), not a
    // code; after lower case they are a code a clipped label runs into ("DestiJPUKB - Kobe").
    implicit: [
      ...t.matchAll(/(?<![A-Z]|[A-Z]{2} )([A-Z]{2}[A-Z2-9]{3})(?![A-Za-z]| [A-Z]{2})/g),
    ].map((m) => m[1]!).filter((c) => !countries.byName(c)),
  };
}

/**
 * The place of a port's value, without its country: "Le Havre, FRANCE"; "Felixstowe, UNITED"
 * whose cell put "KINGDOM" on the next line (a part in capitals after the comma); "NETHERLANDS
 * Basel," where a neighbour cell's country ran into the value's line.
 */
function placeName(named: string, countries: CountryIndex): string {
  let name = named;
  if (name.includes(",")) {
    const atEnd = countries.atEnd(name);
    if (atEnd) name = atEnd.rest;
    else if (/,\s*[\p{Lu}\s.]+$/u.test(name)) name = name.replace(/,\s*[\p{Lu}\s.]+$/u, "");
  }
  const words = name.split(" ");
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const lead = words.slice(0, k).join(" ");
    if (lead === lead.toUpperCase() && countries.byName(lead) && /^\p{Lu}/u.test(words[k]!)) {
      name = words.slice(k).join(" ");
      break;
    }
  }
  return name.replace(/[,;]+$/, "");
}

export function portCodes(readings: PortReading[]): string[] {
  return readings.flatMap((r) => [...(r.explicit ? [r.explicit] : []), ...r.implicit]);
}

/**
 * The port: the first code UN/LOCODE knows; else a code written as one (it is what the
 * document says, but unchecked, so unsure); else the first place name from a real label.
 */
export function portLeaf(
  ctx: Context,
  readings: PortReading[],
  places: Map<string, { name: string }>,
  otherEnd = false,
): Leaf<string> | undefined {
  for (const r of readings) {
    const known = [r.explicit, ...r.implicit].find((c) => c && places.has(c));
    if (known) return labelledLeaf(ctx, known, CHECKED, r.segments);
  }
  const explicit = readings.find((r) => r.explicit);
  if (explicit) return labelledLeaf(ctx, explicit.explicit!, FAILED_CHECK, explicit.segments);
  const named = readings.find((r) => r.name && !r.vague);
  if (named) return labelledLeaf(ctx, named.name!, FOUND_LABELLED - 0.05, named.segments);
  // "From: Busan" beside "Port of discharge: Barcelona", "Final destination GDYNIA" under "Port
  // of Loading": a vague label names a port where the document prints the route's other end
  // under a port label proper; less sure than a port label.
  const vague = readings.find((r) => r.name);
  if (vague && otherEnd) return labelledLeaf(ctx, vague.name!, FOUND_WEAK_LABEL, vague.segments);
  return undefined;
}

// --- totals -----------------------------------------------------------------------------------

export interface TotalReading {
  value: number;
  /** Labelled as the goods' value (subtotal) rather than the invoice's total. */
  goods: boolean;
  ambiguous: boolean;
  segments: Segment[];
  line: number;
}

/** Where the table is, so that a totals row is read in the amount column only. */
export interface TableArea {
  /** From the header's first line to the line that ended the table; `header` its last. */
  regions: { from: number; header: number; to: number }[];
  amount: { x0: number; x1: number } | undefined;
}

/** Every stated total, goods totals first. */
export function totals(ctx: Context, table: TableArea | null): TotalReading[] {
  const out: TotalReading[] = [];
  for (const kind of ["total_goods", "total_invoice"] as const) {
    for (const hit of hitsOf(ctx.hits, kind)) {
      // "Total" heading the amount column is a column, not a total.
      const line = hit.segment.line;
      if (table?.regions.some((r) => line >= r.from && line <= r.header)) continue;
      const value = firstNumber(ctx, hit, table);
      if (value) out.push({ ...value, goods: kind === "total_goods", line: hit.segment.line });
    }
  }
  return out;
}

function firstNumber(
  ctx: Context,
  hit: LabelHit,
  table: TableArea | null,
): { value: number; ambiguous: boolean; segments: Segment[] } | null {
  const line = ctx.doc.lines[hit.segment.line]!;
  const candidates: { text: string; segments: Segment[] }[] = [];
  if (hit.match.rest !== "") candidates.push({ text: hit.match.rest, segments: [hit.segment] });
  // A totals row: the amount is usually the last number on the label's line; at the foot of
  // the table, the number in the amount column (a packing list's total is of weights).
  let after = line.segments.filter((s) => s.x0 > hit.segment.x1 - 0.01).reverse();
  const atTableFoot = table?.regions.some((r) => line.index >= r.from && line.index <= r.to + 1);
  if (atTableFoot) {
    const amount = table!.amount;
    // The amount may sit a little lower, centred in a taller cell: the next line counts,
    // after the label's own.
    const next = ctx.doc.lines[line.index + 1];
    const near = next && next.page === line.page && next.y0 - line.y1 < ctx.doc.unit
      ? next.segments
      : [];
    after = amount ? [...after, ...near].filter((s) => overlapX(s, amount) > 0) : [];
  }
  for (const seg of after) candidates.push({ text: seg.text, segments: [seg] });
  // A box: the amount under its label.
  for (const c of candidatesOf(ctx.doc, hit)) if (c.how === "below") candidates.push(c);
  for (const c of candidates) {
    const seg = c.segments[0]!;
    if (typeof seg.cell === "number" && c.text === seg.text) {
      return { value: seg.cell, ambiguous: false, segments: c.segments };
    }
    const text = c.text.replace(/^\(?[A-Z]{3}\)?\s*/, "");
    const lost = ctx.doc.source === "ocr" ? lostMark(text) : null;
    if (lost !== null) return { value: lost, ambiguous: false, segments: c.segments };
    const n = parseNumber(text, ctx.mark) ?? leadingNumber(c.text, ctx.mark);
    if (n && n.value > 0) return { value: n.value, ambiguous: n.ambiguous, segments: c.segments };
  }
  return null;
}
