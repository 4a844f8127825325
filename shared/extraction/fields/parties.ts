/**
 * Exporter and importer: the block of lines a party label heads ("Seller / Exporter",
 * "Consignee", "Sold to:"), read as name, address lines and country. The block is the text
 * after the label, right of it or under it, continued downwards while lines stay aligned and
 * close, and ended by the next label, a contact line or a gap.
 */
import type { Leaf } from "../result.ts";
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import {
  alignedIn,
  gapBetween,
  linesBelow,
  maxLineGap,
  overlapX,
  rightNeighbour,
} from "./geometry.ts";
import { hitsOf, type LabelHit, subSegment } from "./labelled.ts";
import { besideBlock, blockAbove, valueBeside } from "./party_beside.ts";
import { isLabel, looksLikeLabel, matchLabel } from "./labels.ts";
import type { CountryIndex } from "./countries.ts";
import * as conf from "./confidence.ts";
import { clean, fold } from "./text.ts";
import { scanMisreadsMended } from "./party_ocr.ts";

export interface PartyReading {
  name?: Leaf<string>;
  address?: Leaf<string>;
  country?: Leaf<string>;
}

interface BlockLine {
  text: string;
  segments: Segment[];
  /** The line's field label named the country ("Land: …"): never part of the address. */
  countryField?: boolean;
}

const MAX_BLOCK_LINES = 9;
/** Lines that are contact or tax details, not the address. */
const CONTACT = new RegExp(
  String.raw`^(tel|tel\.|phone|ph|fax|mobile|mob|e-?mail|email|contact|attn|attention|vat|` +
    String.raw`vat no|eori|tax|ein|gst|gstin|abn|ioss|uscc|uscis|cnpj|cpf|cuit|rut|nit|rfc|nif|` +
    String.raw`cif|siret|siren|kvk|btw|hrb|iec|pan|tin|uen|www|http|web|ust|ust-id|ust-idnr|` +
    String.raw`mwst|uid|steuer|registration|reg\.? no|customs|importer no|irs|p\.? ?iva|` +
    String.raw`partita iva|tva|nip|regon|krs|ice|rc|fssai|v\.? ?d\.?|vergi|excise|licen[cs]e)\b`,
  "i",
);
/** A block that points elsewhere rather than naming a party. */
const REFERENCE =
  /^(same as|as per|to order|to the order|see |idem|n\/?a$|none$|as above|same$|—|-$)/i;

/** A run of nine or more digits: a tax, company or customs number, not an address. */
const ID_NUMBER = /\d(?:[\s./-]?\d){8,}/;

/**
 * Where the goods table stands: its lines, and (x given) whether a phrase ending at x on such a
 * line is the table's. A spreadsheet's table may stand beside a party column (parties stacked
 * in column B, the goods from column E): a cell left of the table's columns is none of it.
 */
export interface TableArea {
  has(line: number, x1?: number): boolean;
}

export function party(
  doc: DocumentLines,
  hits: LabelHit[],
  kind: "exporter" | "importer",
  countries: CountryIndex,
  tableLines: TableArea,
  /** A trade document was recognised (a goods table, another party): a letterhead is a sender. */
  letterheadAllowed = false,
): PartyReading {
  for (const hit of hitsOf(hits, kind)) {
    const block = readBlock(doc, hit, tableLines);
    if (block.length === 0 || REFERENCE.test(block[0]!.text)) continue;
    // "Consignee" or "Ship to" standing in for the importer, "Supplier" for the exporter.
    const base = hit.match.rank <= 1 ? conf.FOUND_LABELLED : conf.FOUND_WEAK_LABEL;
    return partyOf(block, base, countries, doc.source === "ocr");
  }
  if (kind === "importer") {
    const boxed = secondBoxBlock(doc, hits, tableLines);
    if (boxed.length >= 2) return partyOf(boxed, conf.FOUND_GUESS, countries, doc.source === "ocr");
  }
  if (kind === "exporter" && letterheadAllowed) {
    const letterhead = letterheadOf(doc, hits, countries);
    if (letterhead.length > 0) {
      return partyOf(letterhead, conf.FOUND_GUESS + 0.1, countries, doc.source === "ocr");
    }
  }
  return {};
}

function endsBlock(text: string): boolean {
  return CONTACT.test(text) || /@|www\./i.test(text) || ID_NUMBER.test(text);
}

function readBlock(doc: DocumentLines, hit: LabelHit, tableLines: TableArea): BlockLine[] {
  const lines: BlockLine[] = [];
  let anchor: Segment | undefined;
  let last: { y1: number } = hit.segment;
  if (hit.match.rest !== "" && hit.match.colon) {
    lines.push({ text: hit.match.rest, segments: [hit.segment] });
    anchor = hit.segment;
  } else if (hit.match.rest !== "") {
    // "Importer Comercial Azteca S.A." in one phrase, no colon: the name is a value only where
    // the lines under it start where it starts (the label's own column is left of them).
    // A CJK label and a Latin name after a space are label and value even so, the lines under
    // them starting under the label ("买方 Alpen Präzision SA", its colon lost on a scan).
    const value = valueAfterLabel(doc, hit) ?? (hit.match.scriptBreak ? hit.segment : null);
    if (!value) return [];
    lines.push({ text: hit.match.rest, segments: [hit.segment] });
    anchor = value;
  } else {
    const right = rightNeighbour(doc, hit.segment);
    const debris = right !== undefined && doc.source === "ocr" && scanDebris(right.text);
    if (right && !debris && !isLabel(right) && right.x0 - hit.segment.x1 < 12 * doc.unit) {
      lines.push(withValueBeside(doc, right));
      anchor = right;
      last = right;
    }
  }
  const alignTo = anchor ?? numberedColumn(doc, hit);
  let labelEnd = hit.segment.line;
  let valueColumn: Segment | undefined;
  // Contact lines ending the block ("Tel: …", a tax number): no part of it, but of its cell,
  // which a label beside it is centred on.
  let contacts = 0;
  for (const line of linesBelow(doc, hit.segment.line)) {
    if (lines.length >= MAX_BLOCK_LINES) break;
    if (tableLines.has(line.index, (alignTo ?? hit.segment).x1)) break;
    // A contact's line or its label ("Vergi No: …", "Tel: …") ends the block.
    const contact = alignedIn(doc, line, alignTo);
    if (contact && endsBlock(contact.text) && lines.length > 0) {
      if (gapBetween(last, line) > maxLineGap(doc)) break;
      contacts++;
      last = contact;
      continue;
    }
    if (contacts > 0) break;
    // A new label in the label's own column starts the next block ("Consignee:" under the
    // exporter's lines, its value right of it).
    // A label set over two lines or more ("Exportador /" over "Manufacturer /" over
    // "Exporter") does not end its own block.
    const continued = (s: Segment) =>
      s.line === labelEnd + 1 && matchLabel(s)?.kind === hit.match.kind;
    const inLabelColumn = line.segments.filter((s) =>
      s !== alignTo && isLabel(s) && overlapX(s, hit.segment) > 0
    );
    if (inLabelColumn.some((s) => !continued(s))) break;
    if (inLabelColumn.length > 0) labelEnd = line.index;
    // Once the block reads as a spreadsheet's label and value cells, a line that fills the value
    // cell alone is the value's next line ("Address | Zone Industrielle" over "| 80000 Agadir").
    const seg = alignedIn(doc, line, alignTo) ??
      (valueColumn ? alignedIn(doc, line, valueColumn) : undefined);
    const gap = gapBetween(last, line);
    if (!seg) {
      if (gap > maxLineGap(doc)) break;
      continue;
    }
    // A label alone beside a block whose lines enclose its own labels that block, not text a
    // line or more further down its column.
    if (lines.length === 0 && gap > maxLineGap(doc) && valueBeside(doc, hit)) break;
    if (gap > (lines.length === 0 ? 2 : 1) * maxLineGap(doc)) break;
    if (isLabel(seg) || endsBlock(seg.text)) break;
    const read = withValueBeside(doc, seg);
    if (read.segments.length === 2 && doc.source === "sheet") valueColumn = read.segments[1];
    lines.push(read);
    last = seg;
  }
  // Nor the document's title set above the block ("Facture commerciale" over the buyer).
  const accept = (s: Segment) =>
    !tableLines.has(s.line, s.x1) && !isLabel(s) && !endsBlock(s.text) && !TITLE.test(s.text);
  if (lines.length === 0) {
    // The label alone on its line, centred on the block right of it.
    const beside = valueBeside(doc, hit);
    if (beside) {
      for (const seg of besideBlock(doc, hit, beside, accept)) {
        lines.push(withScanTail(doc, seg));
      }
    }
  } else if (anchor && anchor.line === hit.segment.line) {
    // The label left of its value and centred on it: the block's first lines are above.
    const label = { x0: hit.segment.x0, x1: Math.min(hit.segment.x1, anchor.x0 - 0.5) };
    const most = Math.max(2, lines.length - 1 + contacts);
    const above = blockAbove(doc, hit, label, anchor, most, accept);
    lines.unshift(...above.map((seg) => withScanTail(doc, seg)));
  }
  const cleaned = houseNumbersJoined(
    lines.map((l) => ({ ...l, text: clean(l.text) })).filter((l) =>
      l.text !== "" && (doc.source !== "ocr" || !scanDebris(l.text))
    ),
  );
  const above = nameAbove(doc, hit, cleaned);
  return above ? [above, ...cleaned] : cleaned;
}

/** A house number alone ("No: 111", "Nr. 5"), the street it numbers on the line before. */
const HOUSE_NUMBER = /^(?:no|nr|n°|nº)\.?\s*[:：]?\s*\d+[a-z]?$/iu;

/**
 * A street's house number wrapped onto a line of its own in a narrow cell ("Organize Sanayi
 * Bölgesi" over "No: 111") is the end of the street's line, not a line of the address.
 */
function houseNumbersJoined(lines: BlockLine[]): BlockLine[] {
  const out: BlockLine[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous && out.length > 1 && HOUSE_NUMBER.test(line.text) && !/\d/.test(previous.text)) {
      out[out.length - 1] = {
        text: `${previous.text} ${line.text}`,
        segments: [...previous.segments, ...line.segments],
      };
    } else out.push(line);
  }
  return out;
}

/**
 * What a scan made of a mark, a stamp or a lost word ("EE", "pe", "~~"): no digit, fewer than
 * three letters, no country's code ("DE" alone is a country line), no CJK word (two
 * characters are a word there: "日本"), and no legal form (a name's "A.Ş." wrapped alone).
 */
function scanDebris(text: string): boolean {
  return !/\d/.test(text) && !plausibleName(text) && !/^[A-Z]{2}$/.test(text.trim()) &&
    !CJK_TEXT.test(text) && !endsWithLegalForm(text);
}

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A box's number alone before its label ("2.", "(3)", "④"). */
const BOX_NUMBER = /^(?:[\u2460-\u24ff\u2776-\u2793]|\(\d{1,2}\)|\d{1,2}[.)])$/;

/**
 * The block under box number "2." whose label a scan lost ("2." over "Brookfield & Hart PLC",
 * its CJK label gone), when the exporter's label stands above it: party boxes are numbered
 * from the exporter's, the next one holds the other party. Its lines start where the number
 * does, close together, up to a label, a contact line or the table.
 */
function secondBoxBlock(doc: DocumentLines, hits: LabelHit[], tableLines: TableArea) {
  const exporters = hitsOf(hits, "exporter");
  for (const line of doc.lines) {
    const number = line.segments[0];
    if (!number || !/^2[.)]$/.test(number.text.trim()) || tableLines.has(line.index)) continue;
    if (!exporters.some((h) => h.segment.page === line.page && h.segment.line < line.index)) {
      continue;
    }
    const out: BlockLine[] = [];
    let last: { y1: number } = number;
    for (const below of linesBelow(doc, line.index)) {
      if (out.length >= MAX_BLOCK_LINES || tableLines.has(below.index)) break;
      if (gapBetween(last, below) > (out.length === 0 ? 2 : 1) * maxLineGap(doc)) break;
      const seg = below.segments.find((s) => Math.abs(s.x0 - number.x0) <= 1.5 * doc.unit);
      if (!seg || isLabel(seg) || endsBlock(seg.text)) break;
      out.push(withScanTail(doc, seg));
      last = seg;
    }
    return out.map((l) => ({ ...l, text: clean(l.text) })).filter((l) => l.text !== "");
  }
  return [];
}

/**
 * Where the block under a label starts: at the box's number when the label's line opens with
 * one set apart from it ("2." then "/Consignee:" where a scan lost the CJK label between), the
 * block's lines being flush with the number, not with the label.
 */
function numberedColumn(doc: DocumentLines, hit: LabelHit): Segment {
  const line = doc.lines[hit.segment.line];
  const i = line?.segments.indexOf(hit.segment) ?? -1;
  const before = line?.segments[i - 1];
  if (i !== 1 || !before || !BOX_NUMBER.test(before.text.trim())) return hit.segment;
  return { ...hit.segment, x0: before.x0 };
}

/**
 * The value part of a phrase that starts with a label and runs on without a colon, when the
 * next line of the block starts under the value's first word: the value's words as a segment.
 */
function valueAfterLabel(doc: DocumentLines, hit: LabelHit): Segment | null {
  const { words } = hit.segment;
  const k = words.findIndex((_, i) =>
    i > 0 &&
    words.slice(i).map((w) => w.text).join(" ").replace(/^[\s:：#./|–—-]+/, "").trim() ===
      hit.match.rest
  );
  if (k <= 0) return null;
  const value = subSegment(hit.segment, k, words.length);
  const next = doc.lines[hit.segment.line + 1];
  if (!next || next.page !== hit.segment.page) return null;
  const tolerance = 1.5 * doc.unit;
  const underValue = next.segments.some((s) => Math.abs(s.x0 - value.x0) <= tolerance);
  const underLabel = next.segments.some((s) => Math.abs(s.x0 - hit.segment.x0) <= tolerance);
  return underValue && !underLabel ? value : null;
}

/** A field label alone in its phrase ("Name:", "Land:", "名称："), its value beside it. */
const FIELD_LABEL_ALONE = /^[\p{L}][\p{L}\p{M}.'’/ -]{0,24}?\s*[:：]$/u;

/**
 * A block line that is a field label alone, with its value the next phrase right of it ("Name:"
 * then "Helvetia Uhren AG", set apart by a wide gap on a scan): the two read as one line, so
 * the label is taken off it as from "Name: Helvetia Uhren AG".
 */
function withValueBeside(doc: DocumentLines, seg: Segment): BlockLine {
  const label = seg.text.trim();
  const pair = sheetFieldPair(doc, seg);
  if (pair) return pair;
  if (!FIELD_LABEL_ALONE.test(label) || label.split(/\s+/).length > 2) {
    return withScanTail(doc, seg);
  }
  const value = rightNeighbour(doc, seg);
  if (!value || isLabel(value) || value.x0 - seg.x1 > 6 * doc.unit) {
    return withScanTail(doc, seg);
  }
  return { text: `${label} ${value.text}`, segments: [seg, value] };
}

/**
 * Words a spreadsheet sets in a cell of their own, without a colon, left of a party's field
 * ("Raison sociale | Conserveries Atlas SA", "Adresse | Zone Industrielle", "Pays | Maroc").
 */
const SHEET_FIELD_LABELS = new Set([
  "name",
  "company",
  "company name",
  "address",
  "street",
  "city",
  "town",
  "postcode",
  "zip",
  "zip code",
  "country",
  "raison sociale",
  "nom",
  "societe",
  "adresse",
  "rue",
  "ville",
  "code postal",
  "pays",
  "firma",
  "firmenname",
  "anschrift",
  "strasse",
  "ort",
  "stadt",
  "plz",
  "land",
  "razon social",
  "empresa",
  "direccion",
  "domicilio",
  "ciudad",
  "poblacion",
  "pais",
  "ragione sociale",
  "denominazione",
  "indirizzo",
  "citta",
  "cap",
  "paese",
  "naam",
  "bedrijfsnaam",
  "bedrijf",
  "adres",
  "straat",
  "plaats",
  "woonplaats",
  "nazwa",
  "nazwa firmy",
  "ulica",
  "miasto",
  "kod pocztowy",
  "kraj",
  "nome",
  "razao social",
  "endereco",
  "morada",
  "cidade",
  "unvan",
  "firma adi",
  "ticari unvan",
  "sehir",
  "posta kodu",
  "ulke",
]);

/**
 * A spreadsheet party written one field a cell, its label in the cell left of the value: the
 * two read as "label: value", so that the label is taken off as from "Name: …".
 */
function sheetFieldPair(doc: DocumentLines, seg: Segment): BlockLine | null {
  if (doc.source !== "sheet") return null;
  const label = seg.text.trim().replace(/\s*[:：]$/, "");
  if (!SHEET_FIELD_LABELS.has(fold(label))) return null;
  const value = rightNeighbour(doc, seg);
  if (!value || value.x0 !== seg.x0 + 1 || isLabel(value)) return null;
  return { text: `${label}: ${value.text}`, segments: [seg, value] };
}

/**
 * How far apart, in text heights, a scan may set two words of one phrase. OCR spaces words
 * unevenly, so a block's line comes out as phrases of its own ("P.0." "Box 1120", "Brookfield &
 * Hart & Co." "Ltd"); a column beside the block stands much further off.
 */
const SCAN_WORD_GAP = 2;

/**
 * A block line with the rest of its phrase that a scan set apart: the segments close right of
 * it, up to a label or a contact line (what stands there is no longer the address).
 */
function withScanTail(doc: DocumentLines, seg: Segment): BlockLine {
  const segments = [seg];
  if (doc.source === "ocr") {
    for (let next = rightNeighbour(doc, seg); next; next = rightNeighbour(doc, next)) {
      if (next.x0 - segments.at(-1)!.x1 > SCAN_WORD_GAP * doc.unit) break;
      if (isLabel(next) || endsBlock(next.text)) break;
      segments.push(next);
    }
  }
  return { text: segments.map((s) => s.text).join(" "), segments };
}

/**
 * A block that starts with a street ("8815 Clinton Drive") has its name elsewhere: the line
 * right above the label, when that is a name ("Gulf Coast Pump & Valve Co." over
 * "Shipper/Exporter").
 */
function nameAbove(doc: DocumentLines, hit: LabelHit, block: BlockLine[]): BlockLine | null {
  if (!block[0] || !/^\d/.test(block[0].text)) return null;
  const line = doc.lines[hit.segment.line - 1];
  if (!line || line.page !== hit.segment.page) return null;
  if (gapBetween(line, hit.segment) > maxLineGap(doc)) return null;
  const seg = alignedIn(doc, line, hit.segment);
  if (!seg || looksLikeLabel(seg) || /\d/.test(seg.text) || seg.text.length < 3) return null;
  return { text: clean(seg.text), segments: [seg] };
}

/** Titles that head a document rather than name its sender. */
const TITLE = new RegExp(
  "(?<!\\p{L})(invoice|factura|facture|rechnung|fattura|factuur|packing list|packliste|paklijst|" +
    "proforma|faktura|fatura(?:s[ıi])?|romaneio|colisage|distinta)(?!\\p{L})|" +
    "インボイス|送り状|請求書|发票|發票|装箱单|梱包明細",
  "iu",
);

/**
 * An exporter without a label: the letterhead, the lines at the top of the first page before
 * the first label. "Name / street · town · COUNTRY" lines are split at their separators.
 */
function letterheadOf(
  doc: DocumentLines,
  hits: LabelHit[],
  countries: CountryIndex,
): BlockLine[] {
  const firstLabel = Math.min(
    ...hits.filter((h) => h.segment.page === 0).map((h) => h.segment.line),
  );
  const out: BlockLine[] = [];
  let anchor: Segment | undefined;
  for (const line of doc.lines) {
    if (line.page !== 0 || out.length >= MAX_BLOCK_LINES) break;
    // It starts above the first label, and is the block under its first line (a title or
    // the invoice's details beside it are not part of it).
    if (!anchor && line.index >= firstLabel) break;
    // A logo's debris ("nn“", a rule read as "———") above the name is passed over.
    const seg = anchor
      ? alignedIn(doc, line, anchor) ?? centredUnder(doc, line, anchor)
      : line.segments.find((s) => !TITLE.test(s.text) && plausibleName(s.text));
    if (!seg) continue;
    if (isLabel(seg)) break;
    const text = clean(seg.text);
    if (text === "" || TITLE.test(text)) {
      if (out.length > 0) break;
      continue;
    }
    if (endsBlock(text)) break;
    anchor ??= seg;
    for (const part of regionsKept(text.split(/\s+[·•|]\s+|\s+[-–]\s+(?=\S)/), countries)) {
      if (part.trim() !== "") out.push({ text: clean(part), segments: [seg] });
    }
  }
  return out;
}

/**
 * A state's or province's code after its town ("11013-000 Santos - SP", "Prato - PO") is part
 * of the town's line, not a line of its own; a country's code is split off as a country.
 */
function regionsKept(parts: string[], countries: CountryIndex): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const code = part.trim();
    const region = /^[A-Z]{2}$/.test(code) && !countries.isCode(code);
    if (region && out.length > 0) out[out.length - 1] = `${out.at(-1)} - ${code}`;
    else out.push(part);
  }
  return out;
}

/**
 * The segment of `line` centred under `anchor`: a letterhead set centred, whose lines wider
 * than its name start left of it ("Organize Sanayi Bölgesi No: 187" under "Ege Gıda A.Ş.").
 */
function centredUnder(doc: DocumentLines, line: Line, anchor: Segment): Segment | undefined {
  const middle = (s: Segment) => (s.x0 + s.x1) / 2;
  return line.segments.find((s) => Math.abs(middle(s) - middle(anchor)) <= 1.5 * doc.unit);
}

/**
 * A field label inside a party block ("Name: …", "Anschrift: …", "Land: …", "名称：…"): one or
 * two words without digits before a colon, then the value; not a house number's "No:" of a
 * street ("Liman Yolu No: 217").
 */
const FIELD_LABEL = /^[\p{L}][\p{L}\p{M}.'’/ -]{0,24}?\s*[:：]\s*(?=\S)/u;
const NUMBER_WORD = /(?:^|\s)(?:no|nr|n°|nº|num|numara)\.?\s*[:：]\s*$/iu;

/**
 * CJK field labels, whose colon a scan often loses ("名称 Harbor Imports, Inc."): known words
 * only, since a CJK word before a space is otherwise text of the block.
 */
const CJK_FIELD_LABEL =
  /^(名称|名稱|公司名称|地址|住所|所在地|国家|國家|国别|国名|会社名|社名)\s*[:：]?\s*(?=\S)/u;
/** Field labels that name the country: the value is the country, whatever was read of it. */
const COUNTRY_FIELDS = new Set([
  "country",
  "land",
  "pays",
  "pais",
  "paese",
  "ulke",
  "kraj",
  "国家",
  "國家",
  "国别",
  "国名",
]);

function withoutFieldLabel(line: BlockLine): BlockLine {
  const m = line.text.match(FIELD_LABEL) ?? line.text.match(CJK_FIELD_LABEL);
  if (!m || m[0].trim().split(/\s+/).length > 2 || NUMBER_WORD.test(m[0])) return line;
  const countryField = COUNTRY_FIELDS.has(fold(m[0]).trim());
  return { ...line, text: line.text.slice(m[0].length), ...(countryField ? { countryField } : {}) };
}

/**
 * Legal forms that end a company's name ("Co., Ltd.", "S.A. de C.V.", "A.Ş.", "Sp. z o.o."),
 * written without dots or case.
 */
const LEGAL_FORMS = new Set([
  "ltd",
  "limited",
  "co",
  "inc",
  "llc",
  "llp",
  "lp",
  "corp",
  "corporation",
  "plc",
  "pty",
  "pte",
  "bhd",
  "gmbh",
  "ag",
  "kg",
  "ohg",
  "ug",
  "se",
  "sa",
  "sas",
  "sarl",
  "sasu",
  "snc",
  "sl",
  "slu",
  "sau",
  "srl",
  "spa",
  "sapa",
  "bv",
  "nv",
  "vof",
  "cv",
  "rl",
  "lda",
  "ltda",
  "eireli",
  "me",
  "as",
  "ş",
  "sti",
  "oo",
  "spk",
  "kk",
  "ab",
  "oy",
  "aps",
  "sro",
  "ltée",
  "ltee",
  "cie",
]);

function endsWithLegalForm(text: string): boolean {
  const last = text.trim().split(/\s+/).at(-1) ?? "";
  const word = last.replace(/[.,;]/g, "").toLocaleLowerCase("tr").normalize("NFC");
  return LEGAL_FORMS.has(word) || LEGAL_FORMS.has(word.replace("ş", "s"));
}

/**
 * A name wrapped in a narrow cell: its tail ("Industrial Co., Ltd.", "de C.V.", "A.Ş.") on the
 * next line, where the address would start. A tail has at most four words, no digit, and ends
 * with a legal form.
 */
function nameJoined(block: BlockLine[]): BlockLine[] {
  const [first, second, ...rest] = block;
  if (!first || !second) return block;
  const words = second.text.trim().split(/\s+/);
  if (words.length > 4 || /\d/.test(second.text) || !endsWithLegalForm(second.text)) return block;
  // The comma the cleaning took off the first line's end ("Co.," over "Ltd.") stays.
  const comma = /,\s*$/.test(first.segments.at(-1)?.text ?? "") ? "," : "";
  const joined = {
    text: `${first.text}${comma} ${second.text}`,
    segments: [...first.segments, ...second.segments],
  };
  return [joined, ...rest];
}

function partyOf(
  block: BlockLine[],
  base: number,
  countries: CountryIndex,
  ocr: boolean,
): PartyReading {
  const read = ocr ? block.map((l) => ({ ...l, text: scanMisreadsMended(l.text) })) : block;
  const [first, ...rest] = nameJoined(read.map(withoutFieldLabel));
  const out: PartyReading = {};
  if (!first) return out;
  const nameConfidence = conf.readerAdjusted(base, first.segments, ocr);
  out.name = conf.leaf(
    first.text,
    plausibleName(first.text) ? nameConfidence : Math.min(IMPLAUSIBLE, nameConfidence),
  );
  const country = countryOf(rest, countries) ?? (ocr ? misreadCountry(rest, countries) : null);
  // A country that ends a line ("33000 Mersin, TURKEY") ends the address: what follows is
  // contacts, or the text beside the block the reading ran on into.
  const kept = country ? rest.slice(0, country.index + 1) : rest;
  const addressLines = country?.lineAlone
    ? kept.filter((_, i) => i < (country.first ?? country.index) || i > country.index)
    : kept.flatMap((l, i) => {
      const first = country?.first ?? country?.index;
      if (i === first) return [{ ...l, text: country!.rest }];
      return first !== undefined && i > first && i <= country!.index ? [] : [l];
    });
  // A country's own line that is no country read ("Land: 中华人民共和国" read as debris on a
  // Latin page) is still not the address.
  const streetLines = addressLines.filter((l) => !l.countryField);
  const address = streetLines.map((l) => l.text).filter((t) => t !== "");
  if (address.length > 0) {
    const segments = streetLines.flatMap((l) => l.segments);
    const confidence = base - 0.05 * Math.max(0, address.length - 3);
    out.address = conf.readLeaf(address.join(", "), confidence, segments, ocr);
  }
  if (country) {
    const line = rest[country.index]!;
    const confidence = country.misread
      ? Math.min(base, MISREAD_COUNTRY)
      : country.lineAlone
      ? base + 0.02
      : base - 0.05;
    out.country = conf.readLeaf(country.code, confidence, line.segments, ocr);
  }
  return out;
}

/** Confidence at most, for a country read from a name with a letter misread. */
const MISREAD_COUNTRY = 0.6;

/** Confidence at most, for a value that cannot be what it claims to be. */
const IMPLAUSIBLE = 0.3;

/** A name has a few letters; "&" or "|" alone is what OCR left of one, not a company. */
function plausibleName(text: string): boolean {
  return (text.match(/\p{L}/gu) ?? []).length >= 3;
}

interface CountryFound {
  code: string;
  index: number;
  /** The line is the country and nothing else. */
  lineAlone: boolean;
  /** The line without the country, when the country ended it. */
  rest: string;
  /** The country's first line, where its name was wrapped over two ("UNITED" over "KINGDOM"). */
  first?: number;
  /** Read from a name with a letter misread. */
  misread?: boolean;
}

/**
 * A scan's address that names no country: its last line may end in one OCR misread by a
 * letter ("Nagoya 455-0032, APAN"). Found so, it is less sure than a country read whole.
 */
function misreadCountry(lines: BlockLine[], countries: CountryIndex): CountryFound | null {
  const index = lines.length - 1;
  const end = index >= 0 ? countries.misreadAtEnd(lines[index]!.text) : null;
  if (!end) return null;
  return { ...end, index, lineAlone: fold(end.rest) === "", misread: true };
}

/**
 * The country of an address: the first line that is one (the lines after it are contacts, or
 * a block below that the reading ran on into: a notify party, the title), or the end of a line.
 */
function countryOf(lines: BlockLine[], countries: CountryIndex): CountryFound | null {
  const aloneAt = (i: number) => {
    const text = lines[i]!.text.replace(/^country\s*:?\s*/i, "");
    const code = text.trim();
    return countries.byName(text) ??
      (/^[A-Z]{2}$/.test(code) && countries.isCode(code) ? code : null);
  };
  for (let i = 0; i < lines.length; i++) {
    // A country's name wrapped in a narrow cell: the two lines read as one.
    const next = lines[i + 1];
    if (!aloneAt(i) && next && !/\d/.test(lines[i]!.text + next.text)) {
      const code = countries.byName(`${lines[i]!.text} ${next.text}`);
      if (code) return { code, index: i + 1, lineAlone: true, rest: "", first: i };
    }
    if (!aloneAt(i)) continue;
    // "Scotland" over "United Kingdom": the last of the run is the country, the others are
    // part of the address.
    while (i + 1 < lines.length && aloneAt(i + 1)) i++;
    return { code: aloneAt(i)!, index: i, lineAlone: true, rest: "" };
  }
  // No line of its own: the end of a line ("60612 Chicago, USA"), the first that has one.
  for (let i = 0; i < lines.length; i++) {
    const end = countries.atEnd(lines[i]!.text);
    if (end && fold(end.rest) !== "") return { ...end, index: i, lineAlone: false };
    // The country's name wrapped onto the next line ("Leeds LS1 4AP, UNITED" over "KINGDOM").
    const next = lines[i + 1];
    if (!next || /\d/.test(next.text)) continue;
    const joined = countries.atEnd(`${lines[i]!.text} ${next.text}`);
    if (joined && fold(joined.rest) !== "" && joined.rest.length < lines[i]!.text.length) {
      return { ...joined, index: i + 1, lineAlone: false, first: i };
    }
  }
  return null;
}
