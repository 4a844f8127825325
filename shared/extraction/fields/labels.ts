/**
 * The labels documents put before or above their values, by what they label. Phrases are
 * compared folded; a lower rank is the more specific label of its kind ("Importer" before
 * "Consignee", "Invoice date" before "Date"). "other" labels are read only to know where a
 * block of text ends (the next label starts something else).
 */
import { fold, scriptParts } from "./text.ts";
import type { Segment } from "./layout_lines.ts";
import { INTL_LABELS } from "./vocabulary_intl.ts";

export type LabelKind =
  | "exporter"
  | "importer"
  | "invoice_number"
  | "invoice_date"
  | "currency"
  | "total_goods"
  | "total_invoice"
  | "incoterm"
  | "port_of_loading"
  | "port_of_discharge"
  | "other";

const VOCABULARY: [LabelKind, number, string[]][] = [
  ["exporter", 0, [
    "exporter",
    "exporter seller",
    "exporter shipper",
    "shipper exporter",
    "seller exporter",
    "manufacturer exporter",
    "exportador",
    "exportateur",
    "exporteur",
    "ausfuhrer",
    "esportatore",
    "eksporter",
  ]],
  ["exporter", 1, [
    "seller",
    "sold by",
    "seller name",
    "manufacturer",
    "verkaufer",
    "vendeur",
    "vendedor",
    "venditore",
    "verkoper",
    "sprzedawca",
  ]],
  ["exporter", 2, ["shipper", "shipped by", "ship from", "expediteur", "remitente", "absender"]],
  ["exporter", 3, [
    "consignor",
    "supplier",
    "vendor",
    "sender",
    "beneficiary",
    "lieferant",
    "fournisseur",
    "proveedor",
    "gonderici",
  ]],
  ["importer", 0, [
    "importer",
    "importer of record",
    "buyer importer",
    "importer buyer",
    "importer consignee",
    "importador",
    "importateur",
    "importeur",
    "importatore",
    "ithalatci",
  ]],
  ["importer", 1, [
    "buyer",
    "sold to",
    "sold to party",
    "purchaser",
    "kaufer",
    "acheteur",
    "comprador",
    "acquirente",
    "koper",
    "nabywca",
    "for account and risk of messrs",
    "for account risk of messrs",
    "for account of",
    "messrs",
  ]],
  ["importer", 2, [
    "bill to",
    "invoice to",
    "invoiced to",
    "billed to",
    "customer",
    "kunde",
    "payer",
    "bill to party",
  ]],
  ["importer", 3, [
    "consignee",
    "consigned to",
    "destinataire",
    "consignatario",
    "empfanger",
    "destinatario",
    "alici",
  ]],
  ["importer", 4, ["ship to", "shipped to", "deliver to", "delivery address", "receiver"]],
  // Weaker: a document's own reference, read where no invoice number is labelled.
  ["invoice_number", 1, [
    "our ref",
    "our reference",
    "document no",
    "document number",
    "doc no",
  ]],
  ["invoice_number", 0, [
    "invoice no",
    "invoice number",
    "invoice nr",
    "invoice num",
    "invoice ref",
    "invoice reference",
    "inv no",
    "commercial invoice no",
    "commercial invoice number",
    "proforma invoice no",
    "proforma invoice number",
    "pro forma invoice no",
    "proforma no",
    "rechnungsnummer",
    "rechnung nr",
    "rechnungs nr",
    "no of invoice",
    "number of invoice",
    "facture n",
    "facture no",
    "numero de facture",
    "factura n",
    "factura no",
    "numero de factura",
    "fatura no",
    "invoice id",
  ]],
  ["invoice_number", 2, ["invoice", "document no", "doc no", "ref no"]],
  ["invoice_date", 0, [
    "invoice date",
    "date of invoice",
    "inv date",
    "rechnungsdatum",
    "date de facture",
    "fecha de factura",
    "invoice issue date",
  ]],
  ["invoice_date", 1, [
    "date",
    "dated",
    "issue date",
    "date of issue",
    "issued",
    "datum",
    "fecha",
    "data",
    "issued on",
    "tarih",
  ]],
  ["currency", 0, [
    "currency",
    "invoice currency",
    "currency code",
    "wahrung",
    "devise",
    "moneda",
    "moeda",
    "valuta",
    "waluta",
    "para birimi",
  ]],
  ["total_goods", 0, [
    "total value of goods",
    "total goods value",
    "value of goods",
    "goods total",
    "total fob value",
    "fob value",
    "subtotal",
    "sub total",
    "net total",
    "total net value",
    "total goods",
    "goods value",
    "total ex works",
  ]],
  ["total_invoice", 0, [
    "invoice total",
    "total invoice value",
    "total invoice amount",
    "invoice value",
    "invoice amount",
    "grand total",
    "total amount",
    "total value",
    "total due",
    "amount due",
    "total",
    "total amount due",
    "total payable",
    "sum total",
    "gesamtbetrag",
    "summe",
    "montant total",
    "importe total",
    "valor total",
    "totale",
    "toplam",
  ]],
  ["incoterm", 0, [
    "incoterms",
    "incoterm",
    "incoterms 2020",
    "incoterms r 2020",
    "terms of delivery",
    "delivery terms",
    "terms of sale",
    "trade terms",
    "shipping terms",
    "delivery condition",
    "delivery conditions",
    "terms of trade",
    "lieferbedingungen",
    "lieferbedingung",
    "conditions de livraison",
    "condiciones de entrega",
    "price terms",
    "price basis",
  ]],
  ["incoterm", 1, ["terms"]],
  ["incoterm", 2, ["delivery"]],
  ["port_of_loading", 0, [
    "port of loading",
    "loading at",
    "place of shipment",
    "loading port",
    "port of shipment",
    "port of departure",
    "port of export",
    "pol",
    "place of loading",
    "port of lading",
    "departure port",
    "airport of departure",
    "verladehafen",
    "port de chargement",
    "puerto de carga",
    "port d embarquement",
    "lieu de chargement",
    "ladehafen",
    "abgangshafen",
    "puerto de embarque",
    "porto de embarque",
    "porto di imbarco",
  ]],
  ["port_of_loading", 2, ["from", "from port"]],
  ["port_of_discharge", 0, [
    "port of discharge",
    "discharge port",
    "port of destination",
    "destination port",
    "port of unloading",
    "port of entry",
    "pod",
    "place of discharge",
    "port of arrival",
    "airport of destination",
    "port of discharge us port of entry",
    "bestimmungshafen",
    "port de dechargement",
    "puerto de descarga",
    "puerto de destino",
    "porto de destino",
    "port de debarquement",
    "port de destination",
    "entladehafen",
    "zielhafen",
    "porto di sbarco",
  ]],
  ["port_of_discharge", 2, ["to", "to port", "final destination"]],
  ["other", 0, [
    "notify",
    "notify party",
    "also notify",
    "terms of payment",
    "payment terms",
    "payment",
    "country of origin",
    "origin",
    "country of destination",
    "destination",
    "country of export",
    "date of shipment",
    "shipment date",
    "ship date",
    "vessel",
    "vessel voyage",
    "voyage",
    "flight",
    "mode of transport",
    "carrier",
    "shipping marks",
    "marks",
    "marks and numbers",
    "bank",
    "bank details",
    "place of delivery",
    "place of receipt",
    "buyer s order ref",
    "buyer s order",
    "buyer s order no",
    "buyers order no",
    "buyer order no",
    "buyer s reference",
    "buyer reference",
    "customer order",
    "customer reference",
    "customer no",
    "order no",
    "order number",
    "purchase order",
    "po number",
    "reference",
    "our ref",
    "your ref",
    "remarks",
    "signature",
    "authorised signature",
    "authorized signature",
    "declaration",
    "gross weight",
    "net weight",
    "total gross weight",
    "total net weight",
    "total weight",
    "total number of packages",
    "total packages",
    "total volume",
    "total quantity",
    "total qty",
    "total pieces",
    "total cartons",
    "total pcs",
    "total units",
    "packages",
    "number of packages",
    "number and kind of packages",
    "volume",
    "freight",
    "insurance",
    "discount",
    "page",
    "bill of lading",
    "b l no",
    "awb no",
    "container",
    "container no",
    "seal no",
    "contact",
    "tel",
    "phone",
    "email",
    "e mail",
    "fax",
    "vat no",
    "vat",
    "eori",
    "tax id",
    "ein",
    "l c no",
    "l c no and date",
    "pre carriage by",
    "place of receipt by",
    "packing",
    "duty status",
    "shipping",
    "say total",
    "amount chargeable",
    "zahlungsbedingung",
    "conditions de paiement",
    "forma de pago",
    "origen",
    "ursprungsland",
  ]],
];

interface Phrase {
  kind: LabelKind;
  rank: number;
  tokens: string[];
  /** A second field the same label heads ("Invoice No. & Date"). */
  also?: LabelKind;
  /** The rank it heads that field at, when not the first (a word of two meanings). */
  alsoRank?: number;
}

/** Labels that head two fields at once. */
const DUAL: [string, LabelKind, LabelKind][] = [
  ["invoice no date", "invoice_number", "invoice_date"],
  ["invoice no and date", "invoice_number", "invoice_date"],
  ["invoice number and date", "invoice_number", "invoice_date"],
  ["invoice number date", "invoice_number", "invoice_date"],
  ["no date of invoice", "invoice_number", "invoice_date"],
  ["no and date of invoice", "invoice_number", "invoice_date"],
  ["number and date of invoice", "invoice_number", "invoice_date"],
  ["invoice date and no", "invoice_date", "invoice_number"],
];

const PHRASES: Phrase[] = [
  ...[...VOCABULARY, ...INTL_LABELS].flatMap(([kind, rank, phrases]) =>
    phrases.map((p): Phrase => ({ kind, rank, tokens: fold(p).split(" ") }))
  ),
  ...DUAL.map(([p, kind, also]): Phrase => ({ kind, rank: 0, tokens: p.split(" "), also })),
].sort((a, b) => b.tokens.length - a.tokens.length);

/**
 * A word of two meanings, a party's label in one language and a word of no field in another
 * ("Firma": a company, a signature), heads the party as well: where it stands over a block of
 * name and address lines, that is what it labels.
 */
for (const p of PHRASES) {
  if (p.kind !== "other") continue;
  const key = p.tokens.join(" ");
  const party = PHRASES.find((q) =>
    (q.kind === "exporter" || q.kind === "importer") && q.tokens.join(" ") === key
  );
  if (party) Object.assign(p, { also: party.kind, alsoRank: party.rank });
}

/** Phrases by their letters alone, for labels set in spaced capitals ("P OR T OF LOADIN G"). */
const COMPACT = new Map<string, Phrase>();
for (const p of [...PHRASES].reverse()) COMPACT.set(p.tokens.join(""), p);

/** A Chinese or Japanese word. */
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;

/** Between a label in one language and its English: a slash, or a slash OCR read as a bar. */
const SLASH = /[/|]/;

/** Words that may trail a label: "Exporter (name, address and country)". */
const LABEL_TAIL = new Set([
  "name",
  "names",
  "address",
  "addresses",
  "and",
  "country",
  "full",
  "s",
  "details",
  "company",
  "the",
  "of",
  "no",
  "number",
  "nr",
]);

/** Circled numbers and "(1)", "1.", "a)" that number the boxes of a form. */
const ENUMERATOR = /^\s*(?:[\u2460-\u24ff\u2776-\u2793]|\(\d{1,2}\)|\d{1,2}[.)](?!\d)|[a-z]\))\s*/i;

export interface LabelMatch {
  kind: LabelKind;
  rank: number;
  /** The text after the label in the same segment ("" when the segment is only the label). */
  rest: string;
  /** The label was closed by a colon (so text after it is its value). */
  colon: boolean;
  also?: LabelKind;
  alsoRank?: number;
  /**
   * A party's CJK label, a space, then Latin text ("买方 Alpen Präzision SA"): the two scripts
   * part label and value as a colon would, which a scan often loses.
   */
  scriptBreak?: boolean;
}

/** The label a segment starts with, or null. */
export function matchLabel(segment: Segment): LabelMatch | null {
  return matchLabelText(segment.text);
}

interface Token {
  t: string;
  start: number;
  end: number;
}

export function matchLabelText(raw: string): LabelMatch | null {
  const text = raw.replace(ENUMERATOR, "");
  const tokens = tokensOf(text);
  if (tokens.length === 0) return null;
  let at = 0;
  let phrase = phraseAt(tokens, 0);
  // Words of the label past its phrase's own ("Nº de factura" read as "factura nº").
  let extra = 0;
  if (!phrase) {
    const swapped = numberFirst(tokens);
    if (swapped) [phrase, extra] = [swapped.phrase, swapped.length - swapped.phrase.tokens.length];
  }
  if (!phrase) {
    // "Verladehafen / Port of loading", "Facture n° / Invoice No.": a label in another
    // language, then the English one after a slash.
    for (let k = 1; k <= Math.min(6, tokens.length - 1) && !phrase; k++) {
      const slash = SLASH.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start));
      if (!slash && !afterCjk(tokens, k)) continue;
      phrase = phraseAt(tokens, k);
      // Without the slash only a party's label: a title ("发票 INVOICE") names no field.
      if (phrase && !slash && phrase.kind !== "exporter" && phrase.kind !== "importer") {
        phrase = undefined;
      }
      if (phrase) at = k;
    }
  }
  if (!phrase) return compactMatch(tokens);
  let used = at + phrase.tokens.length + extra;
  // "Seller / Exporter", "Consignee (ship to)", "Exporter name and address": one label.
  for (;;) {
    const next = phraseAt(tokens, used);
    const joiner = between(text, tokens, used);
    // A word of two meanings that the slash translates ("Firma / Shipper": a company, not a
    // signature) is the label its translation names.
    if (next && phrase.kind === "other" && next.kind !== "other" && SLASH.test(joiner)) {
      phrase = next;
      used += next.tokens.length;
      continue;
    }
    // The same party named twice with only a space between ("客户 Customer", "Käufer Buyer"):
    // a bilingual label whose slash the scan lost, not a label and its value.
    const sameAgain = next?.kind === phrase.kind && /^\s+$/.test(joiner) &&
      (phrase.kind === "exporter" || phrase.kind === "importer");
    const joined = next && (next.kind === phrase.kind || next.kind === "other") &&
      (/[/|(&,]|\band\b|\bor\b/i.test(joiner) || sameAgain);
    // "荷揚港 Port of arrival:": a CJK label and its English, the slash between lost on a scan.
    const english = next?.kind === phrase.kind && CJK.test(tokens[used - 1]!.t) &&
      /^[a-z]/.test(tokens[used]!.t);
    if (next && (joined || english)) {
      used += next.tokens.length;
      continue;
    }
    if (
      used < tokens.length && LABEL_TAIL.has(tokens[used]!.t) &&
      !/[:：]/.test(between(text, tokens, used))
    ) {
      used++;
      continue;
    }
    break;
  }
  const last = tokens[used - 1]!;
  // Closing punctuation of the label (".", ":", ")") stays with it.
  const cut = last.end + text.slice(last.end).match(/^[.:：)\]°º]*/)![0].length;
  const label = text.slice(0, cut);
  let rest = text.slice(cut).trim();
  // A parenthetical right after the label belongs to it ("Buyer (if not consignee)").
  const paren = rest.match(/^\(([^()]*)\)\s*/);
  if (paren && !/\d/.test(paren[1]!)) rest = rest.slice(paren[0].length);
  const scriptBreak = (phrase.kind === "exporter" || phrase.kind === "importer") &&
    CJK_WORD.test(last.t) && /^\s+[\p{sc=Latin}\d]/u.test(text.slice(cut));
  const colon = /[:：]\s*$/.test(label) || /^[:：]/.test(rest);
  rest = rest.replace(/^[\s:：#./|–—-]+/, "").trim();
  return {
    kind: phrase.kind,
    rank: phrase.rank,
    rest,
    colon,
    ...(phrase.also ? { also: phrase.also } : {}),
    ...(phrase.alsoRank !== undefined ? { alsoRank: phrase.alsoRank } : {}),
    ...(scriptBreak && !colon ? { scriptBreak } : {}),
  };
}

/** Words between a number sign and what it numbers ("N° de factura", "No. of invoice"). */
const CONNECTORS = new Set(["de", "du", "da", "del", "della", "di", "of", "van", "der"]);

/**
 * A label written number sign first ("Nº factura", "N° de factura") where the vocabulary has
 * it number sign last ("Factura nº"): the same label, in the other order languages use.
 */
function numberFirst(tokens: Token[]): { phrase: Phrase; length: number } | undefined {
  if (!NUMBER_SIGNS.has(tokens[0]!.t)) return undefined;
  const k = CONNECTORS.has(tokens[1]?.t ?? "") ? 2 : 1;
  const word = tokens[k];
  if (!word) return undefined;
  // Of the plainest labels only: "N° Ref." over a table's line numbers is no "Ref. no".
  const phrase = PHRASES.find((p) =>
    p.rank === 0 && p.tokens.length === 2 && NUMBER_SIGNS.has(p.tokens[1]!) &&
    sameWord(word.t, p.tokens[0]!)
  );
  return phrase && { phrase, length: k + 1 };
}

function phraseAt(tokens: Token[], at: number): Phrase | undefined {
  return PHRASES.find((p) =>
    at + p.tokens.length <= tokens.length &&
    p.tokens.every((t, i) => sameWord(tokens[at + i]!.t, t))
  );
}

/** Words this long are told apart by more than one letter. */
const LONG_WORD = 9;

/**
 * A label's word, or a long one with one letter misread: OCR reads a bold "á" as "d"
 * ("Destinatdrio"), and a misread label word left the label unknown and its block unread.
 */
/** Ways of writing "number" in a label ("N°", "Nº", "No.", "Nr.", "Núm."), folded. */
const NUMBER_SIGNS = new Set(["n", "no", "nr", "nro", "num", "numero"]);

function sameWord(read: string, word: string): boolean {
  if (read === word) return true;
  if (NUMBER_SIGNS.has(read) && NUMBER_SIGNS.has(word)) return true;
  if (read.length !== word.length || word.length < LONG_WORD) return false;
  let differ = 0;
  for (let i = 0; i < word.length && differ < 2; i++) if (read[i] !== word[i]) differ++;
  return differ === 1;
}

function compactMatch(tokens: Token[]): LabelMatch | null {
  const phrase = COMPACT.get(tokens.map((t) => t.t).join(""));
  if (!phrase || tokens.length === phrase.tokens.length) return null;
  return { kind: phrase.kind, rank: phrase.rank, rest: "", colon: false };
}

/**
 * Whether the words before `k` are CJK and the one at `k` is not: a bilingual label whose
 * slash a scan lost and whose CJK half it misread ("放売者 Exporter:" for "販売者 / Exporter:").
 */
function afterCjk(tokens: Token[], k: number): boolean {
  return !CJK_WORD.test(tokens[k]!.t) && tokens.slice(0, k).every((t) => CJK_WORD.test(t.t));
}

const CJK_WORD = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]+$/u;

function between(text: string, tokens: Token[], at: number): string {
  const prev = tokens[at - 1], next = tokens[at];
  return prev && next ? text.slice(prev.end, next.start) : "";
}

/** Folded tokens with their character spans in the original text. */
function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    for (const part of scriptParts(m[0])) {
      const start = m.index + part.start;
      for (const t of fold(part.text).split(" ").filter(Boolean)) {
        out.push({ t, start, end: start + part.text.length });
      }
    }
  }
  return out;
}

export function isLabel(segment: Segment): boolean {
  const m = matchLabel(segment);
  return m !== null && (m.rest === "" || m.colon);
}

/**
 * Looser than isLabel, for text offered as a value: any phrase that starts with the label of
 * a field ("Port of discharge / US port of") is a label, not a value.
 */
export function looksLikeLabel(segment: Segment): boolean {
  const m = matchLabel(segment);
  return m !== null && (m.kind !== "other" || m.rest === "" || m.colon);
}
