/**
 * A line-item table is found from its header: a line (or two stacked lines, "Unit price" over
 * "(EUR)") whose words name the columns. Each column keeps the horizontal span of its header
 * words, which is where its values are looked for.
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import type { Word } from "../layout.ts";
import { fold } from "./text.ts";
import { INTL_HEADERS } from "./vocabulary_intl.ts";
import { gapBetween, maxLineGap, overlapX } from "./geometry.ts";

export type ColumnType =
  | "count"
  | "description"
  | "hs_code"
  | "quantity"
  | "unit"
  | "unit_price"
  | "amount"
  | "number"
  | "other";

export interface Column {
  type: ColumnType;
  x0: number;
  x1: number;
  header: string;
  /** Its header words are in no vocabulary (another language, or OCR gone wrong). */
  unknown?: boolean;
}

export interface TableHeader {
  page: number;
  /** Index of the header's last line; rows start below it. */
  lastLine: number;
  firstLine: number;
  columns: Column[];
}

const HEADERS: [ColumnType, string[]][] = [
  ["hs_code", [
    "hs code",
    "hs",
    "h s code",
    "h s",
    "hs no",
    "hs nr",
    "hs number",
    "hs tariff",
    "hs tariff no",
    "hs classification",
    "hts",
    "hts code",
    "hts no",
    "htsus",
    "htsus no",
    "hts number",
    "tariff no",
    "tariff code",
    "tariff number",
    "tariff",
    "customs tariff",
    "customs tariff no",
    "customs code",
    "commodity code",
    "taric",
    "taric code",
    "zolltarifnummer",
    "zolltarif",
    "zolltarifnr",
    "hs code no",
    "tariff classification",
    "classification",
    "cn code",
    "stat no",
    "h s no",
    "itc hs code",
    "itc hs",
    "code sh",
    "sh",
    "nomenclature",
    "ncm",
    "gtip",
    "fraccion",
    "fraccion arancelaria",
    "partida arancelaria",
    "partida",
    "hs kod",
    "warennummer",
    "codice doganale",
    "voce doganale",
    "nc",
  ]],
  ["description", [
    "description",
    "description of goods",
    "goods description",
    "goods",
    "commodity",
    "commodity description",
    "item description",
    "product",
    "product description",
    "article",
    "article description",
    "designation",
    "details",
    "particulars",
    "description of product",
    "description of products",
    "description of merchandise",
    "merchandise",
    "products",
    "bezeichnung",
    "beschreibung",
    "warenbezeichnung",
    "material",
    "descripcion",
    "descricao",
    "designation des marchandises",
    "marchandises",
    "mercancia",
    "descrizione",
    "denominazione",
    "opis",
    "omschrijving",
    "aciklama",
    "full description of goods",
    "description of goods and packages",
    "artikel",
  ]],
  ["quantity", [
    "qty",
    "quantity",
    "quantities",
    "qty pcs",
    "no of units",
    "number of units",
    "menge",
    "anzahl",
    "qty units",
    "ordered qty",
    "shipped qty",
    "qty shipped",
    "q ty",
    "quantite",
    "qte",
    "cantidad",
    "quantidade",
    "quantita",
    "ilosc",
    "aantal",
    "miktar",
    "total qty",
    "total quantity",
    "total pcs",
    "total units",
    "total pieces",
  ]],
  ["count", [
    "pcs",
    "units",
    "pieces",
    "bottles",
    "boxes",
    "cases",
    "cajas",
    "cartons",
    "ctns",
    "bags",
    "sacks",
    "drums",
    "rolls",
    "sets",
    "pairs",
    "kg",
  ]],
  ["unit", [
    "unit",
    "uom",
    "unit of measure",
    "units of measure",
    "u m",
    "unit type",
    "einheit",
    "unidad",
    "unidade",
    "unite",
    "unita",
    "jm",
    "birim",
  ]],
  ["unit_price", [
    "unit price",
    "price per unit",
    "price unit",
    "unit value",
    "rate",
    "price",
    "unit cost",
    "price each",
    "each",
    "einzelpreis",
    "preis",
    "u price",
    "unit rate",
    "price pc",
    "price per piece",
    "price pcs",
    "unit price fob",
    "unit price cif",
    "prix unitaire",
    "prix",
    "precio unitario",
    "precio",
    "preco unitario",
    "preco",
    "prezzo unitario",
    "prezzo",
    "cena jednostkowa",
    "cena",
    "birim fiyat",
    "stuckpreis",
    "rate per",
  ]],
  ["amount", [
    "amount",
    "total",
    "line total",
    "total price",
    "total value",
    "value",
    "extended price",
    "ext price",
    "net amount",
    "subtotal",
    "gesamtpreis",
    "betrag",
    "total amount",
    "line amount",
    "extended value",
    "total usd",
    "total eur",
    "net value",
    "gesamt",
    "sum",
    "montant",
    "importe",
    "valor",
    "valeur",
    "importo",
    "wartosc",
    "tutar",
    "bedrag",
  ]],
  ["number", [
    "no",
    "pos",
    "position",
    "item no",
    "line",
    "line no",
    "sr no",
    "s no",
    "nr",
    "ln",
    "sl no",
    "item",
    "items",
    "lp",
    "no of",
    "n",
  ]],
  ["other", [
    "origin",
    "country of origin",
    "coo",
    "weight",
    "net weight",
    "gross weight",
    "net wt",
    "gross wt",
    "packages",
    "pkgs",
    "marks",
    "sku",
    "part no",
    "part number",
    "item code",
    "product code",
    "article code",
    "part",
    "article no",
    "art no",
    "model",
    "ref",
    "reference",
    "volume",
    "cbm",
    "made in",
    "origin country",
    "dimensions",
    "batch",
    "lot",
    "n w",
    "g w",
    "nw",
    "gw",
    "net kg",
    "gross kg",
    "packages no",
    "qty ctn",
    "qty per ctn",
    "qty carton",
    "qty per carton",
    "pcs ctn",
    "pcs per ctn",
    "units per carton",
    "codigo",
    "code",
    "marks nos",
    "marks and nos",
    "kind of pkgs",
    "no kind of pkgs",
    "hs heading",
  ]],
];

interface Phrase {
  type: ColumnType;
  tokens: string[];
}

const PHRASES: Phrase[] = [...HEADERS, ...INTL_HEADERS].flatMap(([type, phrases]) =>
  phrases.map((p) => ({ type, tokens: fold(p).split(" ") }))
).sort((a, b) => b.tokens.length - a.tokens.length);

/** Phrases by their letters alone: OCR and letter-spacing run words together ("HSCode"). */
const COMPACT = new Map<string, Phrase>();
for (const p of [...PHRASES].reverse()) {
  if (p.tokens.length > 1) COMPACT.set(p.tokens.join(""), { ...p, tokens: [p.tokens.join("")] });
}

/** Words a header phrase starts with, to tell two header words run together. */
const FIRST_TOKENS = new Set(PHRASES.map((p) => p.tokens[0]!));

/**
 * A token that is two header words run together ("ilośćjedn" for "Ilość" and "Jedn.", as a
 * text layer or OCR joins them when the gap is narrow), split; any other token as it is.
 */
function unjoined(token: string): string[] {
  if (FIRST_TOKENS.has(token) || COMPACT.has(token)) return [token];
  // A CJK header word is two characters, a whole word: two of them run together ("番号品目",
  // "数量単位") are as plain as two longer Latin ones.
  const minJoined = CJK_WORD.test(token) ? 4 : 5;
  for (let k = 2; k <= token.length - 2; k++) {
    const head = token.slice(0, k), tail = token.slice(k);
    if (FIRST_TOKENS.has(head) && FIRST_TOKENS.has(tail) && token.length >= minJoined) {
      return [head, tail];
    }
  }
  return [token];
}

/**
 * A word's folded tokens, each with the word it stands for. A CJK word that is two header
 * words run together is parted into two words, each over its share of the characters, so the
 * two columns it heads do not both span it ("番号品目" over the line number and the goods
 * beside it). CJK characters are set at one width, so the share is where the cell edge was;
 * a Latin run ("UnidadesUnidad") keeps both columns over the whole word, as a quantity set
 * flush right spills under the next header's first letters.
 */
function tokensOf(w: Word): { t: string; w: Word }[] {
  const folded = fold(w.text).split(" ").filter(Boolean);
  const tokens = folded.flatMap(unjoined);
  if (folded.length !== 1 || tokens.length !== 2 || !CJK_WORD.test(w.text)) {
    return tokens.map((t) => ({ t, w }));
  }
  const cut = w.width * tokens[0]!.length / folded[0]!.length;
  return [
    { t: tokens[0]!, w: { ...w, text: tokens[0]!, width: cut } },
    { t: tokens[1]!, w: { ...w, text: tokens[1]!, x: w.x + cut, width: w.width - cut } },
  ];
}

function phraseAt(tokens: { t: string }[], i: number): Phrase | undefined {
  return PHRASES.find((p) => p.tokens.every((t, k) => tokens[i + k]?.t === t)) ??
    COMPACT.get(tokens[i]!.t);
}

/** Recognised types that carry line-item values. */
const VALUE_TYPES: ColumnType[] = ["description", "hs_code", "quantity", "unit_price", "amount"];

/** Lines a header may be set over ("Partida / arancelaria / / Tariff No." under each other). */
const MAX_HEADER_LINES = 5;

export function findHeaders(doc: DocumentLines): TableHeader[] {
  const headers: TableHeader[] = [];
  for (let i = 0; i < doc.lines.length; i++) {
    const line = doc.lines[i]!;
    // A line that carries amounts is a row or a totals line, whatever its words say
    // ("Total value of goods   12,500.00").
    if (line.segments.some(isValueCell)) continue;
    let found = stackFrom(doc, i, true);
    if (!isHeader(found.best)) continue;
    let firstLine = i;
    // A header cell set over more lines than its neighbours may start a line above the line
    // that names most columns ("No. & Kind" over "Sl. No.  Description …" over "of Pkgs").
    const above = doc.lines[i - 1];
    const taken = headers.at(-1)?.lastLine ?? -1;
    if (above && i - 1 > taken && stackable(doc, above, line)) {
      const wider = stackFrom(doc, i - 1, false);
      if (wider.lastLine >= i && score(wider.best) >= score(found.best) && isHeader(wider.best)) {
        found = wider;
        firstLine = i - 1;
      }
    }
    const header = {
      page: line.page,
      firstLine,
      lastLine: found.lastLine,
      columns: doc.source === "sheet" ? adjoining(found.best.columns) : found.best.columns,
    };
    // A header right under another is the same header read twice (stacked cells the lines
    // could not join): the one that names more columns stands.
    const previous = headers[headers.length - 1];
    if (
      previous && previous.page === line.page && firstLine - previous.lastLine <= 3 &&
      !rowBetween(doc, previous.lastLine, firstLine)
    ) {
      // The data start under the lower one; it stands unless the upper one names more.
      if (valueTypesOf(header.columns) >= valueTypesOf(previous.columns)) {
        headers[headers.length - 1] = { ...header, firstLine: previous.firstLine };
      } else previous.lastLine = header.lastLine;
    } else headers.push(header);
    i = found.lastLine;
  }
  return headers;
}

/**
 * A spreadsheet table's header cells stand side by side. An unnamed cell at either end with an
 * empty column between it and the named ones is another part of the sheet on the header's row
 * (the importer's name in column B, the goods' header from column E), not a column.
 */
function adjoining(columns: Column[]): Column[] {
  const out = [...columns].sort((a, b) => a.x0 - b.x0);
  const unnamed = (c: Column | undefined) => c !== undefined && (c.type === "other" || c.unknown);
  while (out.length > 1 && unnamed(out[0]) && out[1]!.x0 - out[0]!.x1 > 1) out.shift();
  while (out.length > 1 && unnamed(out.at(-1)) && out.at(-1)!.x0 - out.at(-2)!.x1 > 1) out.pop();
  return out.length === columns.length ? columns : out;
}

/** A cell that holds a number alone (an amount, a quantity, a code): no header word. */
function isValueCell(segment: Segment): boolean {
  return /^[^\p{L}]*\d[\d.,' ]*\d[^\p{L}]*$/u.test(segment.text);
}

/** A line between two header candidates carries values: the upper one heads a table of rows. */
function rowBetween(doc: DocumentLines, from: number, to: number): boolean {
  for (let k = from + 1; k < to; k++) {
    if (doc.lines[k]!.segments.some(isValueCell)) return true;
  }
  return false;
}

/**
 * The best header starting at line `start`: the line alone, or with the lines stacked under
 * it, as long as stacking does not make it worse. With `gate`, lines are stacked only under a
 * line that is itself mostly header words (a title above a header is not part of it).
 */
function stackFrom(
  doc: DocumentLines,
  start: number,
  gate: boolean,
): { best: Classified; lastLine: number } {
  const line = doc.lines[start]!;
  let cells: StackCell[] = line.segments.map((s) => ({ seg: s, words: [...s.words] }));
  let lastLine = start;
  // OCR parts one row of header cells into lines where the cells stand at different heights
  // (a one-line "Adet" centred beside cells of two lines): a line within the start line's
  // height is read with it, before the start line is judged.
  while (doc.source === "ocr" && withinHeight(line, doc.lines[lastLine + 1])) {
    cells = stack(doc, cells, doc.lines[++lastLine]!.segments);
  }
  let best = classify(cells.map((c) => c.words));
  if (gate && (valueTypes(best) === 0 || best.covered < 0.6 && !isHeader(best))) {
    return { best, lastLine };
  }
  for (let j = lastLine + 1; j < Math.min(doc.lines.length, start + MAX_HEADER_LINES); j++) {
    const next = doc.lines[j]!;
    if (!stackable(doc, doc.lines[j - 1]!, next)) break;
    cells = stack(doc, cells, next.segments);
    const stacked = classify(cells.map((c) => c.words));
    if (score(stacked) >= score(best) || !gate && j === start + 1) {
      best = stacked;
      lastLine = j;
    } else if (j === lastLine + 1 && headerTail(next, best.columns)) lastLine = j;
  }
  return { best, lastLine };
}

/**
 * A line under a header that only ends its cells' words ("o" of "S.No", "Kodu", "Dollars)" of
 * "(US Dollars)"): every phrase under a column that is no description's, and no digit. It
 * heads no row (it would lend its words to the first row's cells), though its words are in no
 * vocabulary.
 */
function headerTail(line: Line, columns: Column[]): boolean {
  return line.segments.every((s) =>
    !/\d/.test(s.text) &&
    columns.some((c) => c.type !== "description" && overlapX(s, c) > 0) &&
    !columns.some((c) => c.type === "description" && overlapX(s, c) > 0)
  );
}

/** `next` stands on the same page within `line`'s height: a part of the same row of cells. */
function withinHeight(line: Line, next: Line | undefined): boolean {
  return next !== undefined && next.page === line.page && next.y0 >= line.y0 &&
    next.y1 <= line.y1;
}

function stackable(doc: DocumentLines, line: Line, next: Line): boolean {
  return next.page === line.page && gapBetween(line, next) < maxLineGap(doc) * 0.9 &&
    !next.segments.some((s) => /\d[\d.,]*\d/.test(s.text) && !/\(\w+\)/.test(s.text));
}

interface StackCell {
  seg: { x0: number; x1: number };
  words: Word[];
}

/** Segments of the next line joined to the cell they sit under (or new cells beside them). */
function stack(doc: DocumentLines, cells: StackCell[], lower: Segment[]): StackCell[] {
  const out = cells.map((c) => ({ seg: { ...c.seg }, words: [...c.words] }));
  const hosted = new Map<StackCell, number>();
  for (const low of lower) {
    const host = out.find((c) =>
      doc.source === "sheet" ? c.seg.x0 === low.x0 : overlapX(c.seg, low) > 0
    );
    if (host) {
      host.words.push(...low.words);
      host.seg.x0 = Math.min(host.seg.x0, low.x0);
      host.seg.x1 = Math.max(host.seg.x1, low.x1);
      hosted.set(host, (hosted.get(host) ?? 0) + 1);
    } else out.push({ seg: { x0: low.x0, x1: low.x1 }, words: [...low.words] });
  }
  // A segment with words stacked under it may be several header cells set too close for the
  // text layer to part them ("Volumes / Quant. / No. Un. /" over "Ctns", "of units U/M";
  // "Gross Tariff" over "weight code" over "(kg)").
  return out.flatMap((c) => (hosted.get(c) ?? 0) >= 1 ? atChannels(c) : [c])
    .sort((a, b) => a.seg.x0 - b.seg.x0);
}

/**
 * A stacked cell parted where a vertical channel runs through all its lines and the words
 * on each side are themselves set over two lines or more: that is a column edge, not the space
 * between two words of one line.
 */
function atChannels(cell: StackCell): StackCell[] {
  const words = [...cell.words].sort((a, b) => a.x - b.x);
  const height = Math.min(...words.map((w) => w.height));
  const groups: Word[][] = [];
  let right = -Infinity;
  for (const w of words) {
    if (groups.length === 0 || w.x - right > 0.6 * height) groups.push([w]);
    else groups[groups.length - 1]!.push(w);
    right = Math.max(right, w.x + w.width);
  }
  const lines = (g: Word[]) => new Set(g.map((w) => Math.round(w.y / (0.5 * height)))).size;
  if (groups.length < 2 || groups.some((g) => lines(g) < 2)) return [cell];
  return groups.map((g) => ({
    seg: { x0: g[0]!.x, x1: Math.max(...g.map((w) => w.x + w.width)) },
    // Reading order within the part: line by line, left to right.
    words: cell.words.filter((w) => g.includes(w)),
  }));
}

interface Classified {
  columns: Column[];
  /** Share of the words that belong to a header phrase. */
  covered: number;
}

/**
 * Header cells (each a run of words) → columns, longest phrases first. Within a cell, words no
 * phrase explains join the column next to them ("Zolltarifnr. / HS Code", "Unit price (EUR)"),
 * and a second phrase of the same type widens the first ("Menge / Qty") rather than making a
 * column of its own.
 */
function classify(cells: Word[][]): Classified {
  const columns: Column[] = [];
  let words = 0, matched = 0;
  // Cells of a currency symbol alone ("€"), which fold to nothing: maybe the amount's
  // (merged()).
  const symbols: Column[] = [];
  for (const cell of cells) {
    if (cell.length > 0 && CURRENCY_HEADER.test(cell.map((w) => w.text).join(""))) {
      symbols.push(column("other", cell));
      continue;
    }
    const tokens: { t: string; w: Word }[] = [];
    // A word parted in two counts as the two header words it is.
    let parted = 0;
    for (const w of spacedCjkJoined(cell)) {
      const own = tokensOf(w);
      if (own[0] && own[0].w !== w) parted++;
      tokens.push(...own);
    }
    // Symbols alone ("#", "/") neither help nor hurt a header.
    words += cell.filter((w) => /[\p{L}\p{N}]/u.test(w.text)).length + parted;
    const inCell: Column[] = [];
    const pending: Word[] = [];
    let current: Column | undefined;
    const used = new Set<Word>();
    // The cell's last word ended with a slash: what follows translates it ("Quantidade /
    // Units", "型番 / Article"), whatever type its words would have alone.
    let slash = false;
    for (let i = 0; i < tokens.length;) {
      const found = phraseAt(tokens, i);
      // A slash set as a word of its own folds to nothing: it is read here, where a count of
      // pieces translates a quantity ("Ilość / Pcs"); a glued header's slash may end a cell
      // ("Pos. / Goederenomschrijving").
      if (found?.type === "count" && afterSlash(cell, tokens[i]!.w, tokens[i - 1]?.w)) slash = true;
      // A phrase in brackets after a column qualifies it ("Total Qty (pcs)", "Amount (USD)").
      const phrase = found && current && /^[([]/.test(tokens[i]!.w.text) ? undefined : found;
      if (phrase && current && slash && phrase.type !== current.type) {
        const phraseWords = [...new Set(tokens.slice(i, i + phrase.tokens.length).map((u) => u.w))];
        for (const w of phraseWords) {
          if (!used.has(w)) used.add(w), matched++, widen(current, w);
        }
        slash = false;
        i += phrase.tokens.length;
        continue;
      }
      if (phrase) {
        slash = false;
        const phraseWords = [...new Set(tokens.slice(i, i + phrase.tokens.length).map((u) => u.w))];
        const same = inCell.find((c) => c.type === phrase.type);
        current = same ?? column(phrase.type, phraseWords);
        if (same) { for (const w of phraseWords) widen(same, w); }
        else {
          inCell.push(current);
          columns.push(current);
        }
        for (const w of phraseWords) if (!used.has(w)) used.add(w), matched++;
        // Words before the phrase ending in a line number's symbol ("编号 / #" before "货物描述
        // / Description", one run of words) head a column of their own.
        const before = cell[cell.indexOf(phraseWords[0]!) - 1];
        if (pending.length > 0 && before && /^[#№]$/.test(before.text) && !same) {
          const numbers = column("number", [...pending.splice(0), before]);
          columns.splice(columns.length - 1, 0, numbers);
          matched++;
        }
        for (const w of pending.splice(0)) widen(current, w);
        i += phrase.tokens.length;
        continue;
      }
      const word = tokens[i]!.w;
      if (!used.has(word)) {
        slash = /\/$/.test(word.text);
        used.add(word);
        if (current) {
          widen(current, word);
          if (/^\(?[A-Z]{3}\)?$|^\(.*\)$|^[(/]|^[/&]$/.test(word.text)) matched++;
          // The end of a qualifier in brackets set over two lines ("(US" over "Dollars)").
          else if (/\)$/.test(word.text) && opensBracket(cell, word)) matched++;
        } else pending.push(word);
      }
      i++;
    }
    // Symbols alone ("#", "№") head a line-number column; a unit in brackets set apart
    // ("Quantity  (Pcs)") belongs to the column left of it; other unknown words make a column
    // the finder does not read.
    if (pending.length > 0) {
      const text = pending.map((w) => w.text).join(" ");
      const left = columns[columns.length - 1];
      const x0 = Math.min(...pending.map((w) => w.x));
      const height = Math.max(...pending.map((w) => w.height));
      if (/^\([^()]*\)$/.test(text) && left && x0 - left.x1 < 3 * height) {
        for (const w of pending) widen(left, w);
        matched += pending.length;
        continue;
      }
      const type: ColumnType = /^[#№]$/.test(text) ? "number" : "other";
      if (type === "number") matched += pending.length;
      columns.push({ ...column(type, pending), unknown: type === "other" });
    }
  }
  return { columns: merged(columns, symbols), covered: words === 0 ? 0 : matched / words };
}

/**
 * `w` and the word before it stand either side of a slash alone, all three on one line in that
 * order ("Ilość / Pcs"): not words of two cells stacked into one ("单价 / Rate" under "总价").
 */
function afterSlash(cell: Word[], w: Word, previous: Word | undefined): boolean {
  const k = cell.indexOf(w);
  const slash = cell[k - 1], before = cell[k - 2];
  const inLine = (a: Word, b: Word) => a.x < b.x && Math.abs(a.y - b.y) < 0.5 * b.height;
  return slash?.text === "/" && before !== undefined && before === previous &&
    inLine(before, slash) && inLine(slash, w);
}

/** A word before `w` in the cell opens a bracket it does not close. */
function opensBracket(cell: Word[], w: Word): boolean {
  return cell.slice(0, cell.indexOf(w)).some((v) => /\([^)]*$/.test(v.text));
}

/** Chinese or Japanese characters alone. */
const CJK_WORD = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]+$/u;

/**
 * A CJK header spread over the cell with spaces ("数 量", "単 価") read as the one word it is:
 * neighbouring CJK words on one line, closer than two characters.
 */
function spacedCjkJoined(cell: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of cell) {
    const last = out[out.length - 1];
    if (
      last && CJK_WORD.test(last.text) && CJK_WORD.test(w.text) &&
      Math.abs(last.y - w.y) < 0.5 * w.height && w.x - (last.x + last.width) >= 0 &&
      w.x - (last.x + last.width) < 2 * w.height
    ) {
      out[out.length - 1] = {
        ...last,
        text: last.text + w.text,
        width: w.x + w.width - last.x,
      };
    } else out.push(w);
  }
  return out;
}

function column(type: ColumnType, words: Word[]): Column {
  return {
    type,
    x0: Math.min(...words.map((w) => w.x)),
    x1: Math.max(...words.map((w) => w.x + w.width)),
    header: words.map((w) => w.text).join(" "),
  };
}

function widen(col: Column, word: Word): void {
  col.x0 = Math.min(col.x0, word.x);
  col.x1 = Math.max(col.x1, word.x + word.width);
  col.header += ` ${word.text}`;
}

/**
 * Columns left to right. Without a description column, an "Item" column is taken to hold the
 * goods (it is either that or a line number; a line number is rarely the only text column).
 */
function merged(columns: Column[], symbols: Column[] = []): Column[] {
  const sorted = overlapsJoined(columns).sort((a, b) => a.x0 - b.x0);
  const amount = currencyAmount(sorted, symbols);
  if (amount) sorted.push(amount);
  // A count of pieces or bottles is the quantity where no column says "quantity".
  const hasQuantity = sorted.some((c) => c.type === "quantity");
  let countUsed = false;
  // Of several counts, the one that names pieces ("件数 / Units" beside "件数 / Ctns").
  const counts = sorted.filter((c) => c.type === "count");
  const pieces = counts.length > 1 ? counts.find((c) => namesPieces(c.header)) : undefined;
  if (!hasQuantity && pieces) {
    pieces.type = "quantity";
    countUsed = true;
  }
  for (const c of sorted) {
    if (c.type !== "count") continue;
    // Beside a quantity column, a count of packages ("Cartons", "Colli") stays a numeric column
    // of its own, so that its numbers are not taken for the quantities next to them; a count
    // of pieces ("Pcs", "Units") is most often the quantity's own header split in two.
    c.type = !hasQuantity && !countUsed ? "quantity" : namesPackages(c.header) ? "count" : "other";
    countUsed = true;
  }
  if (!sorted.some((c) => c.type === "description")) {
    const item = sorted.find((c) => c.type === "number" && /^items?\b/.test(fold(c.header)));
    if (item) item.type = "description";
  }
  if (!sorted.some((c) => c.type === "description")) return withGuessedDescription(sorted);
  return sorted;
}

/** A currency symbol alone, as a column's whole header ("€", "(¥)"). */
const CURRENCY_HEADER = /^\(?\p{Sc}\)?$/u;

/**
 * A column headed by a currency alone holds money ("金額" read as "€" by OCR, a header word
 * the vocabulary lacks over "$"). Right of every named column of a table that names its
 * quantities and prices but no amount, it is the amount: every line-item table ends with one.
 * Elsewhere such a symbol stays out of the header, as before (a "€" over the prices).
 */
function currencyAmount(sorted: Column[], symbols: Column[]): Column | null {
  const last = symbols.at(-1);
  if (!last || sorted.some((c) => c.type === "amount")) return null;
  const price = sorted.find((c) => c.type === "unit_price");
  if (!price || !sorted.some((c) => c.type === "quantity")) return null;
  if (sorted.some((c) => c.x1 >= last.x0)) return null;
  return { ...last, type: "amount" };
}

/**
 * Two columns that stand over one another are one: the parts of a cell that stacking kept
 * apart ("Quantidade /" over "Units", "型番 /" over "Article"). The first part names it, unless
 * both have a type the finder reads. Columns come in the order of the lines they start on.
 */
function overlapsJoined(columns: Column[]): Column[] {
  const kept: Column[] = [];
  for (const c of columns) {
    const host = kept.find((k) =>
      (k.type === "other" || c.type === "other" || c.type === "count") &&
      overlapX(k, c) >= 0.5 * Math.min(k.x1 - k.x0, c.x1 - c.x0)
    );
    if (!host) {
      kept.push(c);
      continue;
    }
    host.x0 = Math.min(host.x0, c.x0);
    host.x1 = Math.max(host.x1, c.x1);
    host.header += ` ${c.header}`;
  }
  return kept;
}

/** Words that count packages, not pieces: a packing list's cartons beside its quantities. */
const PACKAGES = new Set([
  "cartons",
  "ctns",
  "cajas",
  "cases",
  "boxes",
  "bags",
  "sacks",
  "drums",
  "packages",
  "pkgs",
  "packs",
  "volumes",
  "bultos",
  "kartons",
  "colis",
  "colli",
  "kolli",
  "kartony",
  "caixas",
  "koli",
  "箱数",
  "件数",
  "ケース数",
]);

/** Words that count pieces: what a quantity column holds. */
const PIECES = new Set(["units", "unit", "pcs", "pieces", "pc", "qty", "quantity", "stk", "szt"]);

function namesPieces(header: string): boolean {
  return fold(header).split(" ").some((t) => PIECES.has(t));
}

function namesPackages(header: string): boolean {
  return fold(header).split(" ").some((t) => PACKAGES.has(t));
}

/**
 * No column says "description": the goods are then in the unreadable header left of the
 * values (a header in a language the vocabulary lacks, or one the OCR garbled), joined into
 * one column.
 */
function withGuessedDescription(columns: Column[]): Column[] {
  const firstValue = columns.findIndex((c) => VALUE_TYPES.includes(c.type));
  const unknown = columns.slice(0, Math.max(0, firstValue)).filter((c) => c.unknown);
  if (unknown.length === 0) return columns;
  const description: Column = {
    type: "description",
    x0: Math.min(...unknown.map((c) => c.x0)),
    x1: Math.max(...unknown.map((c) => c.x1)),
    header: unknown.map((c) => c.header).join(" "),
    unknown: true,
  };
  return [...columns.filter((c) => !unknown.includes(c)), description].sort((a, b) => a.x0 - b.x0);
}

function valueTypes(c: Classified): number {
  return valueTypesOf(c.columns);
}

function valueTypesOf(columns: Column[]): number {
  return new Set(columns.map((col) => col.type).filter((t) => VALUE_TYPES.includes(t))).size;
}

function score(c: Classified): number {
  return valueTypes(c) + c.covered;
}

function isHeader(c: Classified): boolean {
  const types = new Set(c.columns.map((col) => col.type));
  const values = VALUE_TYPES.filter((t) => types.has(t));
  // Three value columns named on one line are a header, though a word or two of it is unknown.
  if (c.covered < (values.length >= 3 ? 0.5 : 0.6)) return false;
  if (types.has("description")) return values.length >= 2;
  return values.length >= 3;
}
