/**
 * The seeded layout generator's document model: `makeSpec(id, seed, plan)` draws a complete
 * trade document (language, parties, goods, charges, number and date styles, which labels and
 * columns it prints and how), and `expectedOfGen` derives the plain-value expected result.
 * Renderers print the strings here unchanged; they only lay them out.
 */
import {
  type Expected,
  formatDate,
  formatNumber,
  formatQty,
  hsDigits,
  type NumStyle,
  roundHalfUp,
} from "../model.ts";
import { COUNTRIES, type CountryPool, CURRENCY_FORMS, GOODS, partyFrom } from "./pools.ts";
import type { Rng } from "./rng.ts";
import { type LabelKey, type Lang, LANGS, MONTHS, VOCAB } from "./vocab.ts";

export interface GenParty {
  name: string;
  lines: string[];
  country: { code: string; printed: string };
  contact: string[];
}

export type GenColumn =
  | "no"
  | "code"
  | "description"
  | "hs"
  | "qty"
  | "unit"
  | "price"
  | "amount"
  | "cartons"
  | "net"
  | "gross";

export interface GenItem {
  code: string;
  description: string;
  /** A second line in the description cell (origin, or the HS code where no HS column). */
  note?: string;
  hs: string;
  qty: number;
  unit: string;
  price: number;
  cartons: number;
  net: number;
  gross: number;
}

export interface GenCharge {
  kind: "freight" | "insurance" | "discount";
  label: string;
  amount: number;
}

export type PartyLayout = "side_by_side" | "stacked" | "letterhead" | "boxed" | "inline_label";
export type LabelPlace = "above" | "left" | "colon";
export type Ruling = "grid" | "horizontal" | "none" | "zebra";

export interface GenSpec {
  id: string;
  lang: Lang;
  /** Labels printed as "local / English". */
  bilingual: boolean;
  kind: "invoice" | "packing_list";
  title: string;
  num: NumStyle;
  dateStyle: string;
  datePrinted: string;
  decimals: number;
  currency?: { code: string; printed: string; where: "meta" | "header" | "total" };
  exporter: GenParty;
  importer: GenParty;
  notify?: GenParty;
  /** The country printed at the end of the last address line ("20457 Hamburg, Germany"). */
  countryInline: boolean;
  partyLayout: PartyLayout;
  labelPlace: LabelPlace;
  labels: Record<LabelKey, string>;
  invoiceNo: string;
  invoiceDate: string;
  incoterm?: { code: string; printed: string };
  pol?: { printed: string; expected: string };
  pod?: { printed: string; expected: string };
  columns: { key: GenColumn; header: string }[];
  /** Two header rows, the price and amount under one merged group cell. */
  mergedHeader: boolean;
  /** Quantity cells carry the unit ("1,200 pcs") where the table has no unit column. */
  unitInQty: boolean;
  ruling: Ruling;
  items: GenItem[];
  charges: GenCharge[];
  extras: [string, string][];
  /** How far the item table is indented (0 = at the left margin), in percent of the width. */
  tableIndent: number;
  font: string;
  /** Layout variety of sources g251 onwards (gen/vary.ts); absent on the older ones. */
  more?: MoreLayout;
}

export interface MoreLayout {
  /** Party labels in a header row of their own, each block in the cell below its label. */
  partyHeaderRow: boolean;
  /** "Name: …", "Address: …", "Country: …" inside each party block. */
  partySub?: readonly [string, string, string];
  /** Meta labels in one row of cells, their values in the row below. */
  metaStrip: boolean;
  /** Subtotal, charges and total as the last rows of the item table. */
  totalsInTable: boolean;
  /** A heading row inside the item table, not an item. */
  sectionRow?: string;
  /** A zero VAT line before the total. */
  zeroTax?: string;
  /** The currency printed in every price and amount cell, before or after the number. */
  cellCurrency?: { printed: string; before: boolean };
  /** A discount printed in parentheses, "(123.45)". */
  parenDiscount: boolean;
  /** The description column narrowed so that longer descriptions wrap. */
  narrowDescription: boolean;
}

export interface Plan {
  /** Spreadsheets print no line breaks inside party blocks the same way; scans need room. */
  maxItems: number;
  lang?: Lang;
}

const INCOTERMS = ["EXW", "FCA", "FOB", "CFR", "CIF", "CPT", "CIP", "DAP", "DDP"];

const FONTS = [
  "'DejaVu Sans', sans-serif",
  "'Liberation Serif', serif",
  "'Liberation Sans', Arial, sans-serif",
  "'DejaVu Serif', serif",
  "'Liberation Mono', monospace",
];

function countriesOf(lang: Lang): CountryPool[] {
  const own = COUNTRIES.filter((c) => c.lang === lang);
  return own.length > 0 ? own : COUNTRIES.filter((c) => c.lang === "en");
}

function label(lang: Lang, key: LabelKey, bilingual: boolean, rng: Rng): string {
  const local = rng.pick(VOCAB[lang][key]);
  if (!bilingual || lang === "en") return local;
  return `${local} / ${rng.pick(VOCAB.en[key])}`;
}

function numStyleFor(lang: Lang, rng: Rng): NumStyle {
  const styles: Record<Lang, NumStyle[]> = {
    en: ["en", "en", "plain"],
    de: ["de", "de", "ch", "en"],
    fr: ["fr", "fr", "de"],
    es: ["de", "en", "fr"],
    it: ["de", "de", "en"],
    nl: ["de", "en"],
    pl: ["fr", "de", "plain"],
    pt: ["de", "fr", "en"],
    tr: ["de", "en"],
    zh: ["en", "plain"],
    ja: ["en", "plain"],
  };
  return rng.pick(styles[lang]);
}

const DATE_STYLES = [
  "iso",
  "dmy_dot",
  "dmy_slash",
  "long_en",
  "d_mon_y",
  "d_mon_y_upper",
  "ymd_slash",
  "ordinal",
] as const;

function printDate(iso: string, style: string, lang: Lang): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  if (style === "cjk") return `${y}年${m}月${d}日`;
  if (style === "local_long") {
    const month = MONTHS[lang]![m - 1]!;
    if (lang === "de") return `${d}. ${month} ${y}`;
    if (lang === "es" || lang === "pt") return `${d} de ${month} de ${y}`;
    return `${d} ${month} ${y}`;
  }
  return formatDate(iso, style as Parameters<typeof formatDate>[1]);
}

function dateStyleFor(lang: Lang, rng: Rng): string {
  if (lang === "zh" || lang === "ja") return rng.pick(["cjk", "cjk", "iso", "ymd_slash"]);
  if (lang === "en") return rng.pick([...DATE_STYLES, "us_long", "mon_dot"]);
  const numeric = lang === "de" || lang === "pl" || lang === "tr" ? "dmy_dot" : "dmy_slash";
  return rng.pick([numeric, numeric, "local_long", "iso", "d_mon_y"]);
}

function portPrinted(port: { locode: string; name: string }, country: string, rng: Rng) {
  switch (rng.int(0, 4)) {
    case 0:
      return { printed: `${port.name} (${port.locode})`, expected: port.locode };
    case 1:
      return { printed: `${port.locode} - ${port.name}`, expected: port.locode };
    case 2:
      return { printed: port.name.toUpperCase(), expected: port.name.toUpperCase() };
    case 3:
      return { printed: `${port.name}, ${country}`, expected: port.name };
    default:
      return { printed: port.name, expected: port.name };
  }
}

function hsPrinted(hs6: string, rng: Rng): string {
  const national = rng.chance(0.3) ? rng.pick(["00", "10", "90"]) : "";
  const full = hs6 + national;
  switch (rng.int(0, 3)) {
    case 0:
      return full;
    case 1:
      return full.replace(
        /^(\d{4})(\d{2})(\d*)$/,
        (_, a, b, c) => [a, b, c].filter(Boolean).join("."),
      );
    case 2:
      return full.replace(
        /^(\d{4})(\d{2})(\d*)$/,
        (_, a, b, c) => [a, b, c].filter(Boolean).join(" "),
      );
    default:
      return full.replace(/^(\d{4})(\d*)$/, "$1.$2");
  }
}

function priceIn(currency: string, usd: number, rng: Rng): number {
  const rate: Record<string, number> = { JPY: 150, CNY: 7.2, PLN: 4, TRY: 32, GBP: 0.8, CHF: 0.9 };
  const v = usd * (rate[currency] ?? 1) * (0.8 + rng.next() * 0.4);
  if (currency === "JPY") return Math.max(1, Math.round(v));
  return v >= 10 ? Math.round(v * 10) / 10 : Math.round(v * 100) / 100;
}

function makeItems(spec: { lang: Lang; currency: string }, n: number, rng: Rng): GenItem[] {
  return rng.sample(GOODS, n).map((g, i) => {
    const description = (spec.lang !== "en" && g.local?.[spec.lang] && rng.chance(0.7))
      ? g.local[spec.lang]!
      : g.en;
    const qty = Math.round(g.qty[0] + rng.next() * (g.qty[1] - g.qty[0]));
    const rounded = qty > 1000 ? Math.round(qty / 50) * 50 : qty;
    const cartons = Math.max(1, Math.round(rounded / rng.int(10, 120)));
    const net = Math.round(rounded * (0.05 + rng.next() * 2) * 10) / 10;
    return {
      code: `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(100, 999)}-${i + 1}`,
      description,
      hs: hsPrinted(g.hs6, rng),
      qty: rounded,
      unit: rng.pick(g.units),
      price: priceIn(spec.currency, g.price[0] + rng.next() * (g.price[1] - g.price[0]), rng),
      cartons,
      net,
      gross: Math.round((net + cartons * 0.8) * 10) / 10,
    };
  });
}

function chooseColumns(
  kind: GenSpec["kind"],
  lang: Lang,
  bilingual: boolean,
  rng: Rng,
): { key: GenColumn; header: string }[] {
  const keys: GenColumn[] = [];
  if (rng.chance(0.6)) keys.push("no");
  if (rng.chance(0.3)) keys.push("code");
  const hsFirst = rng.chance(0.2);
  const hs = rng.chance(0.7);
  if (hs && hsFirst) keys.push("hs");
  keys.push("description");
  if (hs && !hsFirst) keys.push("hs");
  if (kind === "packing_list") {
    keys.push(...(rng.chance(0.5) ? ["cartons", "qty"] as const : ["qty", "cartons"] as const));
    if (rng.chance(0.5)) keys.push("unit");
    keys.push("net", "gross");
  } else {
    keys.push("qty");
    if (rng.chance(0.45)) keys.push("unit");
    keys.push("price", "amount");
  }
  const headerKey: Record<GenColumn, LabelKey> = {
    no: "colNo",
    code: "colCode",
    description: "colDesc",
    hs: "colHs",
    qty: "colQty",
    unit: "colUnit",
    price: "colPrice",
    amount: "colAmount",
    cartons: "colCartons",
    net: "colNet",
    gross: "colGross",
  };
  return keys.map((key) => ({ key, header: label(lang, headerKey[key], bilingual, rng) }));
}

function chargesFor(lang: Lang, bilingual: boolean, goods: number, decimals: number, rng: Rng) {
  const charges: GenCharge[] = [];
  if (rng.chance(0.45)) {
    const kinds = rng.sample(["freight", "insurance", "discount"] as const, rng.int(1, 3));
    for (const kind of ["freight", "insurance", "discount"] as const) {
      if (!kinds.includes(kind)) continue;
      const share = kind === "freight"
        ? 0.03 + rng.next() * 0.08
        : kind === "insurance"
        ? 0.002 + rng.next() * 0.01
        : 0.02 + rng.next() * 0.05;
      charges.push({
        kind,
        label: label(lang, kind, bilingual, rng),
        amount: roundHalfUp(goods * share, decimals),
      });
    }
  }
  return charges;
}

export function lineAmountOf(item: GenItem, decimals: number): number {
  return roundHalfUp(item.qty * item.price, decimals);
}

export function goodsTotalOf(spec: GenSpec): number {
  return roundHalfUp(
    spec.items.reduce((acc, it) => acc + lineAmountOf(it, spec.decimals), 0),
    spec.decimals,
  );
}

/** The printed invoice total: goods + freight + insurance − discount. */
export function invoiceTotalOf(spec: GenSpec): number {
  const charges = spec.charges.reduce(
    (acc, c) => acc + (c.kind === "discount" ? -c.amount : c.amount),
    0,
  );
  return roundHalfUp(goodsTotalOf(spec) + charges, spec.decimals);
}

export function makeSpec(id: string, rng: Rng, plan: Plan): GenSpec {
  const lang = plan.lang ?? rng.pick(LANGS);
  const bilingual = lang !== "en" && rng.chance(0.35);
  const kind = rng.chance(0.15) ? "packing_list" : "invoice";
  const exporterCountry = rng.pick(countriesOf(lang));
  const importerCountry = rng.pick(COUNTRIES.filter((c) => c.code !== exporterCountry.code));
  const currencyCode = rng.chance(0.7)
    ? exporterCountry.currency
    : rng.pick(["USD", "EUR", importerCountry.currency]);
  const decimals = currencyCode === "JPY" ? 0 : 2;
  const labels = Object.fromEntries(
    (Object.keys(VOCAB.en) as LabelKey[]).map((k) => [k, label(lang, k, bilingual, rng)]),
  ) as Record<LabelKey, string>;
  const title = kind === "invoice" ? labels.invoice : labels.packing;
  const items = makeItems(
    { lang, currency: currencyCode },
    rng.int(1, Math.min(plan.maxItems, GOODS.length)),
    rng,
  );
  const columns = chooseColumns(kind, lang, bilingual, rng);
  const hasHsColumn = columns.some((c) => c.key === "hs");
  for (const it of items) {
    if (rng.chance(0.2)) {
      it.note = !hasHsColumn && rng.chance(0.6)
        ? `${rng.pick(["HS", "HS code", "H.S.", VOCAB[lang].colHs[0]!])}: ${it.hs}`
        : `${labels.origin}: ${exporterCountry.printed[0]}`;
    }
  }
  const day = rng.int(13, 28);
  const invoiceDate = `2026-${String(rng.int(1, 11)).padStart(2, "0")}-${day}`;
  const dateStyle = dateStyleFor(lang, rng);
  const exporter = partyFrom(exporterCountry, rng);
  const importer = partyFrom(importerCountry, rng);
  const pol = rng.chance(0.8)
    ? portPrinted(rng.pick(exporterCountry.ports), exporterCountry.printed[0]!, rng)
    : undefined;
  const pod = pol && rng.chance(0.9)
    ? portPrinted(rng.pick(importerCountry.ports), importerCountry.printed[0]!, rng)
    : undefined;
  const incotermCode = rng.pick(INCOTERMS);
  const place = incotermCode.startsWith("D") || incotermCode.startsWith("C")
    ? (pod ? importerCountry.ports[0]!.name : importerCountry.cities[0]!)
    : (pol ? exporterCountry.ports[0]!.name : exporterCountry.cities[0]!);
  const incoterm = kind === "invoice" || rng.chance(0.5)
    ? {
      code: incotermCode,
      printed: rng.pick([
        `${incotermCode} ${place}`,
        `${incotermCode} ${place}, Incoterms® 2020`,
        incotermCode,
        `${incotermCode} - ${place}`,
      ]),
    }
    : undefined;
  const spec: GenSpec = {
    id,
    lang,
    bilingual,
    kind,
    title,
    num: numStyleFor(lang, rng),
    dateStyle,
    datePrinted: printDate(invoiceDate, dateStyle, lang),
    decimals,
    ...(kind === "invoice"
      ? {
        currency: {
          code: currencyCode,
          printed: rng.pick(CURRENCY_FORMS[currencyCode] ?? [currencyCode]),
          where: rng.pick(["meta", "header", "total"] as const),
        },
      }
      : {}),
    exporter,
    importer,
    ...(rng.chance(0.2) ? { notify: partyFrom(rng.pick(COUNTRIES), rng) } : {}),
    countryInline: rng.chance(0.25),
    partyLayout: rng.pick(["side_by_side", "stacked", "letterhead", "boxed", "inline_label"]),
    labelPlace: rng.pick(["above", "left", "colon"]),
    labels,
    invoiceNo: rng.pick([
      `INV-2026-${rng.int(100, 9999)}`,
      `${rng.int(26000, 26999)}/${rng.int(1, 99)}`,
      `${exporterCountry.code}${rng.int(10000, 99999)}`,
      `EXP/${rng.int(10, 99)}/2026`,
      `2026-${String(rng.int(1, 999)).padStart(4, "0")}`,
    ]),
    invoiceDate,
    ...(incoterm ? { incoterm } : {}),
    ...(pol ? { pol } : {}),
    ...(pod ? { pod } : {}),
    columns,
    mergedHeader: kind === "invoice" && rng.chance(0.25),
    unitInQty: !columns.some((c) => c.key === "unit") && rng.chance(0.5),
    ruling: rng.pick(["grid", "horizontal", "none", "zebra"]),
    items,
    charges: [],
    extras: [],
    tableIndent: rng.chance(0.25) ? rng.int(5, 25) : 0,
    font: rng.pick(FONTS),
  };
  if (kind === "invoice") {
    spec.charges = chargesFor(lang, bilingual, goodsTotalOf(spec), decimals, rng);
  }
  const extras: [string, string][] = [
    [labels.payment, rng.pick(["30 days net", "T/T in advance", "L/C at sight", "60 Tage netto"])],
    [labels.origin, exporterCountry.printed[0]!],
  ];
  spec.extras = rng.sample(extras, rng.int(0, 2));
  return spec;
}

/** The party's lines as printed: street and city lines, then the country (own line or inline). */
export function partyLines(p: GenParty, countryInline: boolean): string[] {
  if (!countryInline) return [...p.lines, p.country.printed];
  const lines = [...p.lines];
  lines[lines.length - 1] = `${lines.at(-1)}, ${p.country.printed}`;
  return lines;
}

/** Strings a renderer prints for the numbers of a generated document. */
export function printedGen(spec: GenSpec) {
  const money = (n: number) => formatNumber(n, spec.num, spec.decimals);
  return {
    qty: (it: GenItem) =>
      spec.unitInQty ? `${formatQty(it.qty, spec.num)} ${it.unit}` : formatQty(it.qty, spec.num),
    price: (it: GenItem) => money(it.price),
    amount: (it: GenItem) => money(lineAmountOf(it, spec.decimals)),
    money,
    kg: (n: number) => formatNumber(n, spec.num, 1),
    count: (n: number) => formatQty(n, spec.num),
  };
}

/** The plain-value expected result: only what the document prints. */
export function expectedOfGen(spec: GenSpec): Expected {
  const printsPrice = spec.columns.some((c) => c.key === "price");
  const printsHs = spec.columns.some((c) => c.key === "hs");
  const party = (p: GenParty) => ({
    name: p.name,
    address: p.lines.join(", "),
    country: p.country.code,
  });
  const route = {
    ...(spec.pol ? { port_of_loading: spec.pol.expected } : {}),
    ...(spec.pod ? { port_of_discharge: spec.pod.expected } : {}),
  };
  return {
    exporter: party(spec.exporter),
    importer: party(spec.importer),
    goods: {
      ...(spec.currency ? { currency: spec.currency.code } : {}),
      ...(spec.kind === "invoice" ? { total_value: invoiceTotalOf(spec) } : {}),
      line_items: spec.items.map((it) => {
        const hsInNote = it.note !== undefined && it.note.endsWith(it.hs);
        return {
          description: it.description,
          ...(printsHs || hsInNote ? { hs_code: hsDigits(it.hs) } : {}),
          quantity: it.qty,
          ...(printsPrice ? { unit_price: it.price } : {}),
        };
      }),
    },
    invoice: { number: spec.invoiceNo, date: spec.invoiceDate },
    ...(spec.incoterm ? { terms: { incoterm: spec.incoterm.code } } : {}),
    ...(Object.keys(route).length > 0 ? { route } : {}),
  };
}
