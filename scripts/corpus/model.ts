/**
 * The data model of the extraction corpus: one `DocSpec` per source document, how its values are
 * printed (number and date styles) and the expected-values file derived from it.
 *
 * Renderers never change the case or wording of a data string; they only format numbers and
 * dates. So the expected values can be derived from the spec, and `verify.ts` checks the
 * printed output independently (text layer, spreadsheet cells, OCR).
 */

/**
 * 1,234.56 (en) · 1.234,56 (de) · 1 234,56 with a no-break space (fr) · 1'234.56 (ch) ·
 * 1234.56 without grouping (plain).
 */
export type NumStyle = "en" | "de" | "fr" | "ch" | "plain";

const SEPARATORS: Record<NumStyle, { group: string; decimal: string }> = {
  en: { group: ",", decimal: "." },
  de: { group: ".", decimal: "," },
  fr: { group: "\u00a0", decimal: "," },
  ch: { group: "'", decimal: "." },
  plain: { group: "", decimal: "." },
};

export type DateStyle =
  | "iso" // 2026-03-14
  | "dmy_dot" // 14.03.2026
  | "dmy_slash" // 14/03/2026
  | "us_slash" // 03/14/2026
  | "long_en" // 14 March 2026
  | "us_long" // March 14, 2026
  | "d_mon_y" // 14-Mar-2026
  | "d_mon_y_upper" // 14-MAR-2026
  | "ymd_slash" // 2026/03/14
  | "mon_dot" // Mar. 14, 2026
  | "ordinal"; // 14th March 2026

export interface Party {
  name: string;
  /** Street and city lines as printed, without the name and the country line. */
  lines: string[];
  country: { code: string; printed: string };
  /** Telephone, tax id and similar lines printed below the country: not part of the address. */
  contact?: string[];
}

export interface Port {
  printed: string;
  /** Set when `printed` shows a UN/LOCODE; then it is the expected value. */
  locode?: string;
}

export interface Item {
  /** Article or style code column, when the layout has one (a distractor). */
  code?: string;
  description: string;
  /** The HS code as printed (dots and spaces kept); absent when the document prints none. */
  hs?: string;
  qty: number;
  unit?: string;
  /** Unit price; absent on packing lists. */
  price?: number;
  /** Packing-list columns. */
  cartons?: number;
  netKg?: number;
  grossKg?: number;
}

export type Tool =
  | "lo_writer_html" // HTML imported into LibreOffice Writer, exported to PDF
  | "lo_calc_xlsx" // exceljs workbook opened in LibreOffice Calc, exported to PDF
  | "chromium" // Chromium headless print-to-pdf of HTML
  | "sheetjs_xlsx"
  | "exceljs_xlsx"
  | "sheetjs_xls"
  | "lo_calc_xls"; // exceljs workbook converted to BIFF8 by LibreOffice Calc

export interface DocSpec {
  /** File base name, e.g. `lo01_de_rechnung`. */
  id: string;
  tool: Tool;
  /** Which renderer layout draws it (see html.ts / sheets.ts). */
  layout: string;
  kind: "invoice" | "proforma" | "packing_list";
  title: string;
  num: NumStyle;
  date: DateStyle;
  /** Decimals of unit prices and amounts (0 for JPY). */
  decimals?: number;
  priceDecimals?: number;
  exporter: Party;
  importer: Party;
  notify?: Party;
  /** Printed labels; the layout decides where they go. */
  labels: {
    exporter?: string; // absent: exporter is the letterhead, with no label
    importer: string;
    invoiceNo: string;
    invoiceDate: string;
    [key: string]: string | undefined;
  };
  invoiceNo: string;
  /** ISO date; printed in the `date` style. */
  invoiceDate: string;
  /** ISO 4217 code and how the document shows it (e.g. "US$"). */
  currency?: { code: string; printed: string };
  incoterm?: { code: string; printed: string };
  pol?: Port;
  pod?: Port;
  /** Line-item table columns in printed order: key and header text. */
  columns: { key: ColumnKey; header: string }[];
  items: Item[];
  /** Charges printed below the goods total (the goods total stays the expected total_value). */
  charges?: { label: string; amount: number }[];
  /** Free lines (payment terms, vessel, marks...) the layout prints as distractors. */
  extras?: [string, string][];
  /** Number of pages the rendered PDF must have. */
  pages?: number;
  /** What is special about this document, for the manifest. */
  notes?: string;
}

export type ColumnKey =
  | "no"
  | "code"
  | "marks"
  | "packages"
  | "description"
  | "hs"
  | "qty"
  | "unit"
  | "price"
  | "amount"
  | "cartons"
  | "perCarton"
  | "netKg"
  | "grossKg";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Formats a number with grouping; `decimals` fixed. Uses exact decimal rounding. */
export function formatNumber(n: number, style: NumStyle, decimals: number): string {
  const fixed = toFixedExact(n, decimals);
  const negative = fixed.startsWith("-");
  const [int = "", frac] = (negative ? fixed.slice(1) : fixed).split(".");
  const { group: groupSep, decimal: decSep } = SEPARATORS[style];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, groupSep);
  return (negative ? "-" : "") + grouped + (frac === undefined ? "" : decSep + frac);
}

/** Quantity: no decimals when whole, otherwise as many as needed (at most 3). */
export function formatQty(n: number, style: NumStyle): string {
  const decimals = Number.isInteger(n) ? 0 : decimalsOf(n);
  return formatNumber(n, style, decimals);
}

export function decimalsOf(n: number): number {
  const s = String(n);
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** Half-up rounding on the decimal string, so 2.675 → "2.68" (not binary 2.67). */
export function toFixedExact(n: number, decimals: number): string {
  const scaled = roundHalfUp(n, decimals);
  return scaled.toFixed(decimals);
}

export function roundHalfUp(n: number, decimals: number): number {
  const [mant = "0", exp = "0"] = n.toExponential(15).split("e");
  const shifted = Number(`${mant}e${Number(exp) + decimals}`);
  const rounded = Math.sign(shifted) * Math.round(Math.abs(shifted) + 1e-9);
  return Number(`${rounded}e${-decimals}`);
}

export function formatDate(iso: string, style: DateStyle): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad ISO date ${iso}`);
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const month = MONTHS[Number(mo) - 1]!;
  const day = Number(d);
  switch (style) {
    case "iso":
      return iso;
    case "dmy_dot":
      return `${d}.${mo}.${y}`;
    case "dmy_slash":
      return `${d}/${mo}/${y}`;
    case "us_slash":
      return `${mo}/${d}/${y}`;
    case "long_en":
      return `${day} ${month} ${y}`;
    case "us_long":
      return `${month} ${day}, ${y}`;
    case "d_mon_y":
      return `${d}-${month.slice(0, 3)}-${y}`;
    case "d_mon_y_upper":
      return `${d}-${month.slice(0, 3).toUpperCase()}-${y}`;
    case "ymd_slash":
      return `${y}/${mo}/${d}`;
    case "mon_dot":
      return `${month.slice(0, 3)}. ${day}, ${y}`;
    case "ordinal":
      return `${day}${ordinalSuffix(day)} ${month} ${y}`;
  }
}

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

/** The printed line amount: quantity × unit price, rounded half-up to the document's decimals. */
export function lineAmount(item: Item, decimals: number): number {
  if (item.price === undefined) throw new Error(`no price: ${item.description}`);
  return roundHalfUp(item.qty * item.price, decimals);
}

/** The printed goods total: the sum of the printed line amounts. */
export function goodsTotal(spec: DocSpec): number {
  const decimals = spec.decimals ?? 2;
  const sum = spec.items.reduce((acc, it) => acc + lineAmount(it, decimals), 0);
  return roundHalfUp(sum, decimals);
}

/** The printed invoice total: the goods total plus the charges printed below it. */
export function invoiceTotal(spec: DocSpec): number {
  const charges = (spec.charges ?? []).reduce((a, c) => a + c.amount, 0);
  return roundHalfUp(goodsTotal(spec) + charges, spec.decimals ?? 2);
}

export function hasColumn(spec: DocSpec, key: ColumnKey): boolean {
  return spec.columns.some((c) => c.key === key);
}

/** Digits only: "8482 10 90" → "84821090", "6109.10.0012" → "6109100012". */
export function hsDigits(printed: string): string {
  return printed.replace(/[^0-9]/g, "");
}

export interface Expected {
  exporter?: { name?: string; address?: string; country?: string };
  importer?: { name?: string; address?: string; country?: string };
  goods: {
    currency?: string;
    total_value?: number;
    line_items: {
      description?: string;
      hs_code?: string;
      quantity?: number;
      unit_price?: number;
    }[];
  };
  invoice?: { number?: string; date?: string };
  terms?: { incoterm?: string };
  route?: { port_of_loading?: string; port_of_discharge?: string };
}

function party(p: Party): { name: string; address?: string; country: string } {
  return {
    name: p.name,
    ...(p.lines.length > 0 ? { address: p.lines.join(", ") } : {}),
    country: p.country.code,
  };
}

/** The plain-value expected result of a document: only what the document prints. */
export function expectedOf(spec: DocSpec): Expected {
  const printsPrice = hasColumn(spec, "price");
  const printsHs = hasColumn(spec, "hs");
  const lineItems = spec.items.map((it) => ({
    description: it.description,
    ...(printsHs && it.hs !== undefined ? { hs_code: hsDigits(it.hs) } : {}),
    quantity: it.qty,
    ...(printsPrice && it.price !== undefined ? { unit_price: it.price } : {}),
  }));
  const route = {
    ...(spec.pol ? { port_of_loading: spec.pol.locode ?? spec.pol.printed } : {}),
    ...(spec.pod ? { port_of_discharge: spec.pod.locode ?? spec.pod.printed } : {}),
  };
  return {
    exporter: party(spec.exporter),
    importer: party(spec.importer),
    goods: {
      ...(spec.currency ? { currency: spec.currency.code } : {}),
      ...(spec.kind !== "packing_list" ? { total_value: invoiceTotal(spec) } : {}),
      line_items: lineItems,
    },
    invoice: { number: spec.invoiceNo, date: spec.invoiceDate },
    ...(spec.incoterm ? { terms: { incoterm: spec.incoterm.code } } : {}),
    ...(Object.keys(route).length > 0 ? { route } : {}),
  };
}

/** Strings a renderer prints for a document, in its number and date styles. */
export function printed(spec: DocSpec) {
  const decimals = spec.decimals ?? 2;
  const priceDecimals = spec.priceDecimals ?? decimals;
  return {
    date: formatDate(spec.invoiceDate, spec.date),
    qty: (it: Item) => formatQty(it.qty, spec.num),
    price: (it: Item) => formatNumber(it.price ?? 0, spec.num, priceDecimals),
    amount: (it: Item) => formatNumber(lineAmount(it, decimals), spec.num, decimals),
    money: (n: number) => formatNumber(n, spec.num, decimals),
    total: () => formatNumber(goodsTotal(spec), spec.num, decimals),
    kg: (n: number) => formatNumber(n, spec.num, 2),
  };
}
