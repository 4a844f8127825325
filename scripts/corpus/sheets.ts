/**
 * Spreadsheet layouts of the corpus. A layout fills library-neutral grids (cells, merges, column
 * widths); `writeSheetJs` and `writeExcelJs` turn them into XLSX/XLS bytes with SheetJS or
 * exceljs. Styles (borders, fills, fonts) only survive with exceljs; SheetJS community writes
 * values, number formats, merges and widths.
 */
import * as XLSX from "npm:xlsx@0.18.5";
import ExcelJS from "npm:exceljs@4.4.0";
import {
  type ColumnKey,
  type DocSpec,
  formatDate,
  formatNumber,
  formatQty,
  goodsTotal,
  type Item,
  lineAmount,
  type Party,
  printed,
} from "./model.ts";

export interface GridCell {
  v: string | number | Date;
  /** Excel number format for numbers and dates. */
  fmt?: string;
  bold?: boolean;
  size?: number;
  border?: boolean;
  fill?: string;
  wrap?: boolean;
  align?: "left" | "right" | "center";
  /** Formula (without "="); `v` is its cached result. */
  formula?: string;
}

export interface Grid {
  name: string;
  cells: Map<string, GridCell>;
  merges: { s: { r: number; c: number }; e: { r: number; c: number } }[];
  widths: number[];
  rowHeights?: Map<number, number>;
}

export function newGrid(name: string, widths: number[]): Grid {
  return { name, cells: new Map(), merges: [], widths };
}

export function put(g: Grid, r: number, c: number, cell: GridCell | string | number | Date): void {
  const value = typeof cell === "object" && !(cell instanceof Date) ? cell : { v: cell };
  g.cells.set(`${r},${c}`, value);
}

export function merge(g: Grid, r1: number, c1: number, r2: number, c2: number): void {
  g.merges.push({ s: { r: r1, c: c1 }, e: { r: r2, c: c2 } });
}

/** Column letter of a 0-based index (for formulas). */
function col(c: number): string {
  return String.fromCharCode(65 + c);
}

const NUMERIC: ColumnKey[] = ["qty", "price", "amount", "cartons", "perCarton", "netKg", "grossKg"];

interface TableOpts {
  /** Numbers as pre-formatted text in the document's style instead of numeric cells. */
  textNumbers?: boolean;
  /** Amount cells as formulas (quantity × price). */
  formulas?: boolean;
  border?: boolean;
  headerFill?: string;
  totalLabel?: string;
}

/** Writes the item table from row `r0`, column `c0`; returns the next free row. */
function table(g: Grid, spec: DocSpec, r0: number, c0: number, o: TableOpts = {}): number {
  const decimals = spec.decimals ?? 2;
  const priceDecimals = spec.priceDecimals ?? decimals;
  const moneyFmt = decimals === 0 ? "#,##0" : "#,##0." + "0".repeat(decimals);
  const priceFmt = priceDecimals === 0 ? "#,##0" : "#,##0." + "0".repeat(priceDecimals);
  const p = printed(spec);
  spec.columns.forEach((c, j) =>
    put(g, r0, c0 + j, {
      v: c.header,
      bold: true,
      border: o.border,
      fill: o.headerFill,
      wrap: true,
      align: NUMERIC.includes(c.key) ? "right" : "left",
    })
  );
  const qtyCol = spec.columns.findIndex((c) => c.key === "qty");
  const priceCol = spec.columns.findIndex((c) => c.key === "price");
  const num = (n: number, fmt: string, text: string): GridCell =>
    o.textNumbers
      ? { v: text, align: "right", border: o.border }
      : { v: n, fmt, align: "right", border: o.border };
  spec.items.forEach((it, i) => {
    const r = r0 + 1 + i;
    spec.columns.forEach((c, j) => {
      const cellValue = itemCell(spec, it, i, c.key, moneyFmt, priceFmt, num, p);
      if (c.key === "amount" && o.formulas && !o.textNumbers) {
        cellValue.formula = `${col(c0 + qtyCol)}${r + 1}*${col(c0 + priceCol)}${r + 1}`;
      }
      put(g, r, c0 + j, { border: o.border, ...cellValue });
    });
  });
  const rt = r0 + 1 + spec.items.length;
  if (spec.kind === "packing_list") {
    const label = o.totalLabel ?? spec.labels.total ?? "TOTAL";
    put(g, rt, c0, { v: label, bold: true, border: o.border });
    const sums: Partial<Record<ColumnKey, [number, string]>> = {
      cartons: [spec.items.reduce((a, it) => a + (it.cartons ?? 0), 0), "#,##0"],
      qty: [spec.items.reduce((a, it) => a + it.qty, 0), "#,##0"],
      netKg: [spec.items.reduce((a, it) => a + (it.netKg ?? 0), 0), "#,##0.00"],
      grossKg: [spec.items.reduce((a, it) => a + (it.grossKg ?? 0), 0), "#,##0.00"],
    };
    spec.columns.forEach((c, j) => {
      const s = sums[c.key];
      if (s) put(g, rt, c0 + j, { v: s[0], fmt: s[1], bold: true, border: o.border });
    });
    return rt + 1;
  }
  const amountCol = spec.columns.findIndex((c) => c.key === "amount");
  put(g, rt, c0 + amountCol - 1, {
    v: o.totalLabel ?? spec.labels.total ?? "Total",
    bold: true,
    align: "right",
  });
  const total = goodsTotal(spec);
  const totalCell = num(total, moneyFmt, p.total());
  if (o.formulas && !o.textNumbers) {
    const letter = col(c0 + amountCol);
    totalCell.formula = `SUM(${letter}${r0 + 2}:${letter}${rt})`;
  }
  put(g, rt, c0 + amountCol, { ...totalCell, bold: true });
  return rt + 1;
}

function itemCell(
  spec: DocSpec,
  it: Item,
  i: number,
  key: ColumnKey,
  moneyFmt: string,
  priceFmt: string,
  num: (n: number, fmt: string, text: string) => GridCell,
  p: ReturnType<typeof printed>,
): GridCell {
  const decimals = spec.decimals ?? 2;
  switch (key) {
    case "no":
      return { v: i + 1, align: "center" };
    case "code":
      return { v: it.code ?? "" };
    case "marks":
    case "packages":
      return { v: "" };
    case "description":
      return { v: it.description, wrap: true };
    case "hs":
      return { v: it.hs ?? "", align: "center" };
    case "qty":
      return num(it.qty, Number.isInteger(it.qty) ? "#,##0" : "#,##0.0##", p.qty(it));
    case "unit":
      return { v: it.unit ?? "", align: "center" };
    case "price":
      return num(it.price ?? 0, priceFmt, p.price(it));
    case "amount":
      return num(lineAmount(it, decimals), moneyFmt, p.amount(it));
    case "cartons":
      return num(it.cartons ?? 0, "#,##0", formatNumber(it.cartons ?? 0, spec.num, 0));
    case "perCarton": {
      const n = it.qty / (it.cartons ?? 1);
      return num(n, "#,##0", formatQty(n, spec.num));
    }
    case "netKg":
      return num(it.netKg ?? 0, "#,##0.00", p.kg(it.netKg ?? 0));
    case "grossKg":
      return num(it.grossKg ?? 0, "#,##0.00", p.kg(it.grossKg ?? 0));
  }
}

function partyRows(p: Party, contact = true): string[] {
  return [p.name, ...p.lines, p.country.printed, ...(contact ? p.contact ?? [] : [])];
}

/** A date as an Excel date (UTC midnight) for the writers. */
function excelDate(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** xl01: label in column A, value below or to the right; one line per cell; date cell. */
function formRows(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const g = newGrid("Invoice", [6, 14, 40, 12, 10, 12, 14]);
  put(g, 0, 0, { v: spec.title, bold: true, size: 16 });
  merge(g, 0, 0, 0, 3);
  put(g, 2, 0, { v: l.exporter ?? "", bold: true });
  partyRows(spec.exporter).forEach((s, i) => put(g, 3 + i, 0, s));
  put(g, 2, 4, { v: l.invoiceNo, bold: true });
  put(g, 2, 6, spec.invoiceNo);
  put(g, 3, 4, { v: l.invoiceDate, bold: true });
  put(g, 3, 6, { v: excelDate(spec.invoiceDate), fmt: "dd.mm.yyyy" });
  put(g, 4, 4, { v: l.currency ?? "", bold: true });
  put(g, 4, 6, spec.currency?.printed ?? "");
  put(g, 5, 4, { v: l.incoterm ?? "", bold: true });
  put(g, 5, 6, spec.incoterm?.printed ?? "");
  put(g, 6, 4, { v: l.pol ?? "", bold: true });
  put(g, 6, 6, spec.pol?.printed ?? "");
  put(g, 7, 4, { v: l.pod ?? "", bold: true });
  put(g, 7, 6, spec.pod?.printed ?? "");
  put(g, 9, 0, { v: l.importer, bold: true });
  partyRows(spec.importer).forEach((s, i) => put(g, 10 + i, 0, s));
  const next = table(g, spec, 16, 0);
  (spec.extras ?? []).forEach(([k, v], i) => {
    put(g, next + 1 + i, 0, `${k}: ${v}`);
  });
  return [g];
}

/** xl02, xs03: styled blocks, address in one wrapped cell, formulas. */
function styledBlocks(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const widths = spec.columns.map((c) =>
    c.key === "description" ? 44 : c.key === "no" ? 6 : c.key === "hs" ? 13 : 12
  );
  const n = spec.columns.length;
  const g = newGrid("CI", widths);
  g.rowHeights = new Map([[3, 80], [4, 80]]);
  put(g, 0, 0, { v: spec.title, bold: true, size: 16, align: "center" });
  merge(g, 0, 0, 0, n - 1);
  const half = Math.floor(n / 2);
  const block = (p: Party) => partyRows(p).join("\n");
  put(g, 2, 0, { v: l.exporter ?? "", bold: true, fill: "FFDDEBF7", border: true });
  merge(g, 2, 0, 2, half - 1);
  put(g, 3, 0, { v: block(spec.exporter), wrap: true, border: true });
  merge(g, 3, 0, 3, half - 1);
  put(g, 2, half, { v: l.importer, bold: true, fill: "FFDDEBF7", border: true });
  merge(g, 2, half, 2, n - 1);
  put(g, 3, half, { v: block(spec.importer), wrap: true, border: true });
  merge(g, 3, half, 3, n - 1);
  const meta: [string, GridCell][] = [
    [l.invoiceNo, { v: spec.invoiceNo }],
    [l.invoiceDate, { v: excelDate(spec.invoiceDate), fmt: excelDateFmt(spec), align: "left" }],
    [l.incoterm ?? "", { v: spec.incoterm?.printed ?? "" }],
    [l.currency ?? "", { v: spec.currency?.printed ?? "" }],
    [l.pol ?? "", { v: spec.pol?.printed ?? "" }],
    [l.pod ?? "", { v: spec.pod?.printed ?? "" }],
  ];
  meta.forEach(([k, v], i) => {
    const r = 5 + Math.floor(i / 2);
    const c = (i % 2) * half;
    put(g, r, c, { v: k, bold: true, border: true });
    merge(g, r, c, r, c + 1);
    put(g, r, c + 2, { ...v, border: true });
    if (half > 3) merge(g, r, c + 2, r, c + half - 1);
  });
  const next = table(g, spec, 9, 0, { formulas: true, border: true, headerFill: "FFBDD7EE" });
  (spec.extras ?? []).forEach(([k, v], i) => {
    put(g, next + 1 + i, 0, { v: k, bold: true });
    put(g, next + 1 + i, 2, v);
  });
  return [g];
}

function excelDateFmt(spec: DocSpec): string {
  switch (spec.date) {
    case "iso":
      return "yyyy-mm-dd";
    case "dmy_dot":
      return "dd.mm.yyyy";
    case "dmy_slash":
      return "dd/mm/yyyy";
    case "us_slash":
      return "mm/dd/yyyy";
    case "d_mon_y":
      return "dd-mmm-yyyy";
    default:
      return "yyyy-mm-dd";
  }
}

/** xl03: every number and the date typed as text in the document's style (1.234,56). */
function textNumbers(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const g = newGrid("Fatura", [48, 12, 14, 10, 16, 16]);
  put(g, 0, 0, { v: spec.title, bold: true });
  put(g, 2, 0, l.exporter ?? "");
  put(g, 2, 2, l.importer);
  partyRows(spec.exporter).forEach((s, i) => put(g, 3 + i, 0, s));
  partyRows(spec.importer).forEach((s, i) => put(g, 3 + i, 2, s));
  const meta: [string, string][] = [
    [l.invoiceNo, spec.invoiceNo],
    [l.invoiceDate, formatDate(spec.invoiceDate, spec.date)],
    [l.incoterm ?? "", spec.incoterm?.printed ?? ""],
    [l.currency ?? "", spec.currency?.printed ?? ""],
    [l.pol ?? "", spec.pol?.printed ?? ""],
    [l.pod ?? "", spec.pod?.printed ?? ""],
  ];
  meta.forEach(([k, v], i) => {
    put(g, 10 + i, 0, k);
    put(g, 10 + i, 2, v);
  });
  table(g, spec, 18, 0, { textNumbers: true });
  return [g];
}

/** xl04, lo07: US layout; Sold To / Ship To side by side, meta block at the top right. */
function usSheet(spec: DocSpec, forPdf: boolean): Grid[] {
  const l = spec.labels;
  const widths = spec.columns.map((c) =>
    c.key === "description" ? 40 : c.key === "hs" ? 13 : c.key === "qty" ? 8 : 11
  );
  const n = spec.columns.length;
  const g = newGrid("Invoice", widths);
  put(g, 0, 0, { v: spec.exporter.name, bold: true, size: 14 });
  merge(g, 0, 0, 0, 2);
  put(g, 0, n - 1, { v: spec.title, bold: true, size: 14, align: "right" });
  put(g, 1, 0, { v: l.exporter ?? "", bold: true, size: 8 });
  partyRows(spec.exporter).slice(1).forEach((s, i) => put(g, 2 + i, 0, s));
  const dateCell: GridCell = forPdf
    ? { v: formatDate(spec.invoiceDate, spec.date), align: "right" }
    : { v: formatDate(spec.invoiceDate, spec.date), align: "right" };
  const meta: [string, GridCell][] = [
    [l.invoiceNo, { v: spec.invoiceNo, align: "right" }],
    [l.invoiceDate, dateCell],
    [l.currency ?? "Currency", { v: spec.currency?.printed ?? "", align: "right" }],
    [l.incoterm ?? "", { v: spec.incoterm?.printed ?? "", align: "right" }],
  ];
  if (spec.pol) meta.push([l.pol ?? "", { v: spec.pol.printed, align: "right" }]);
  if (spec.pod) meta.push([l.pod ?? "", { v: spec.pod.printed, align: "right" }]);
  meta.forEach(([k, v], i) => {
    put(g, 2 + i, n - 2, { v: k, bold: true, align: "right" });
    put(g, 2 + i, n - 1, v);
  });
  const r = 9;
  put(g, r, 0, { v: l.importer, bold: true, fill: "FFD9D9D9", border: true });
  merge(g, r, 0, r, 1);
  put(g, r, 2, { v: l.shipTo ?? "Ship To", bold: true, fill: "FFD9D9D9", border: true });
  partyRows(spec.importer).forEach((s, i) => {
    put(g, r + 1 + i, 0, s);
    merge(g, r + 1 + i, 0, r + 1 + i, 1);
  });
  put(g, r + 1, 2, "Same as Sold To");
  const start = r + 2 + partyRows(spec.importer).length;
  const next = table(g, spec, start, 0, {
    border: true,
    headerFill: "FFD9D9D9",
    formulas: !forPdf,
  });
  (spec.extras ?? []).forEach(([k, v], i) => {
    put(g, next + 1 + i, 0, { v: `${k}:`, bold: true });
    put(g, next + 1 + i, 1, v);
  });
  const sig = next + 2 + (spec.extras?.length ?? 0);
  put(g, sig, 0, "I declare that all information contained in this invoice is true and correct.");
  put(g, sig + 2, 0, "Signature: ______________________   Title: Export Coordinator");
  return [g];
}

/** lo10: Turkish exporter's sheet: Consignor/Consignee boxes, de-style numbers as text. */
function trSheet(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const g = newGrid("Invoice", [5, 40, 14, 11, 7, 12, 14]);
  put(g, 0, 0, { v: spec.title, bold: true, size: 18 });
  merge(g, 0, 0, 0, 6);
  put(g, 2, 0, { v: l.exporter ?? "", bold: true, fill: "FFFCE4D6", border: true });
  merge(g, 2, 0, 2, 2);
  put(g, 2, 3, { v: l.importer, bold: true, fill: "FFFCE4D6", border: true });
  merge(g, 2, 3, 2, 6);
  partyRows(spec.exporter).forEach((s, i) => {
    put(g, 3 + i, 0, s);
    merge(g, 3 + i, 0, 3 + i, 2);
  });
  partyRows(spec.importer).forEach((s, i) => {
    put(g, 3 + i, 3, s);
    merge(g, 3 + i, 3, 3 + i, 6);
  });
  const meta: [string, string][] = [
    [l.invoiceNo, spec.invoiceNo],
    [l.invoiceDate, formatDate(spec.invoiceDate, spec.date)],
    [l.incoterm ?? "", spec.incoterm?.printed ?? ""],
    [l.currency ?? "", spec.currency?.printed ?? ""],
  ];
  meta.forEach(([k, v], i) => {
    put(g, 9 + i, 0, { v: k, bold: true });
    merge(g, 9 + i, 0, 9 + i, 1);
    put(g, 9 + i, 2, v);
    merge(g, 9 + i, 2, 9 + i, 4);
  });
  const next = table(g, spec, 14, 0, { textNumbers: true, border: true, headerFill: "FFFCE4D6" });
  (spec.extras ?? []).forEach(([k, v], i) => put(g, next + 1 + i, 1, `${k}: ${v}`));
  put(g, next + 5, 5, "Kaşe / İmza");
  return [g];
}

/** lo12: the numbered-box commercial invoice of Korean exporters. */
function krSheet(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const p = printed(spec);
  const g = newGrid("CI", [6, 40, 12, 10, 13, 15]);
  put(g, 0, 0, { v: spec.title, bold: true, size: 18, align: "center" });
  merge(g, 0, 0, 0, 5);
  const box = (r: number, c1: number, c2: number, label: string, text: string, h = 1) => {
    put(g, r, c1, { v: label, size: 8, border: true });
    merge(g, r, c1, r, c2);
    put(g, r + 1, c1, { v: text, wrap: true, border: true });
    merge(g, r + 1, c1, r + h, c2);
  };
  box(2, 0, 1, `1. ${l.exporter}`, partyRows(spec.exporter).join("\n"), 1);
  box(2, 2, 5, `8. ${l.invoiceNo}`, `${spec.invoiceNo}     ${p.date}`, 1);
  box(
    4,
    0,
    1,
    `2. For account & risk of Messrs. / ${l.importer}`,
    partyRows(spec.importer).join("\n"),
    1,
  );
  box(4, 2, 5, "9. L/C No. and date", spec.extras?.find(([k]) => k === "L/C No.")?.[1] ?? "", 1);
  box(6, 0, 1, `3. ${l.pol}`, spec.pol?.printed ?? "", 1);
  box(6, 2, 5, `10. ${l.incoterm}`, spec.incoterm?.printed ?? "", 1);
  box(8, 0, 1, `4. ${l.pod}`, spec.pod?.printed ?? "", 1);
  box(
    8,
    2,
    5,
    "11. Vessel / Voyage",
    spec.extras?.find(([k]) => k === "Vessel / Voyage")?.[1] ?? "",
    1,
  );
  g.rowHeights = new Map([[3, 78], [5, 78]]);
  const next = table(g, spec, 11, 0, {
    border: true,
    totalLabel: `${l.total} (${spec.currency?.printed ?? ""})`,
  });
  put(g, next + 1, 1, spec.extras?.find(([k]) => k === "Remarks")?.[1] ?? "");
  put(g, next + 3, 4, "Signed by");
  put(g, next + 5, 4, spec.exporter.name);
  return [g];
}

/** xl05: packing list with weights and totals. */
function packingSheet(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const g = newGrid("Packing List", [6, 40, 11, 13, 14, 15, 16]);
  put(g, 0, 0, { v: spec.exporter.name, bold: true });
  put(g, 1, 0, [...spec.exporter.lines, spec.exporter.country.printed].join(" - "));
  put(g, 3, 2, { v: spec.title, bold: true, size: 16 });
  put(g, 5, 0, { v: `${l.exporter}:`, bold: true });
  partyRows(spec.exporter).forEach((s, i) => put(g, 5 + i, 1, s));
  put(g, 10, 0, { v: `${l.importer}:`, bold: true });
  partyRows(spec.importer).forEach((s, i) => put(g, 10 + i, 1, s));
  const meta: [string, string][] = [
    [l.invoiceNo, spec.invoiceNo],
    [l.invoiceDate, formatDate(spec.invoiceDate, spec.date)],
    [l.incoterm ?? "", spec.incoterm?.printed ?? ""],
    [l.pol ?? "", spec.pol?.printed ?? ""],
    [l.pod ?? "", spec.pod?.printed ?? ""],
    ...(spec.extras ?? []),
  ];
  meta.forEach(([k, v], i) => {
    put(g, 5 + i, 4, { v: k, bold: true });
    put(g, 5 + i, 5, v);
  });
  table(g, spec, 16, 0);
  return [g];
}

/** xl06: header on one sheet, the item table on another. */
function twoSheets(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const h = newGrid("Invoice", [24, 50]);
  put(h, 0, 0, { v: `${spec.title} - ${spec.exporter.name}`, bold: true, size: 14 });
  const rows: [string, GridCell][] = [
    [l.invoiceNo, { v: spec.invoiceNo }],
    [l.invoiceDate, { v: excelDate(spec.invoiceDate), fmt: "dd-mmm-yyyy", align: "left" }],
    [l.exporter ?? "", { v: spec.exporter.name, bold: true }],
    ...partyRows(spec.exporter).slice(1).map((s) => ["", { v: s }] as [string, GridCell]),
    [l.importer, { v: spec.importer.name, bold: true }],
    ...partyRows(spec.importer).slice(1).map((s) => ["", { v: s }] as [string, GridCell]),
    [l.incoterm ?? "", { v: spec.incoterm?.printed ?? "" }],
    [l.pol ?? "", { v: spec.pol?.printed ?? "" }],
    [l.pod ?? "", { v: spec.pod?.printed ?? "" }],
    [l.currency ?? "", { v: spec.currency?.printed ?? "" }],
    ...(spec.extras ?? []).map(([k, v]) => [k, { v }] as [string, GridCell]),
  ];
  rows.forEach(([k, v], i) => {
    put(h, 2 + i, 0, { v: k, bold: true });
    put(h, 2 + i, 1, v);
  });
  const d = newGrid("Details", [7, 48, 12, 12, 12, 14]);
  put(d, 0, 0, { v: `${l.invoiceNo} ${spec.invoiceNo}`, bold: true });
  table(d, spec, 2, 0, { formulas: true, border: true, headerFill: "FFE2EFDA" });
  return [h, d];
}

/** xl07, xs02: parties stacked on the left, meta values on the right. */
function headerRight(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const n = spec.columns.length;
  const g = newGrid("Invoice", spec.columns.map((c) => c.key === "description" ? 46 : 14));
  put(g, 0, 0, { v: spec.title, bold: true, size: 14 });
  put(g, 2, 0, { v: l.exporter ?? "", bold: true });
  partyRows(spec.exporter).forEach((s, i) => put(g, 3 + i, 0, s));
  const r2 = 4 + partyRows(spec.exporter).length;
  put(g, r2, 0, { v: l.importer, bold: true });
  partyRows(spec.importer).forEach((s, i) => put(g, r2 + 1 + i, 0, s));
  const meta: [string, GridCell][] = [
    [l.invoiceNo, { v: spec.invoiceNo }],
    [
      l.invoiceDate,
      spec.date === "iso"
        ? { v: excelDate(spec.invoiceDate), fmt: "yyyy-mm-dd" }
        : { v: formatDate(spec.invoiceDate, spec.date) },
    ],
    [l.currency ?? "", { v: spec.currency?.printed ?? "" }],
    [l.incoterm ?? "", { v: spec.incoterm?.printed ?? "" }],
  ];
  if (spec.pol) meta.push([l.pol ?? "", { v: spec.pol.printed }]);
  if (spec.pod) meta.push([l.pod ?? "", { v: spec.pod.printed }]);
  meta.forEach(([k, v], i) => {
    put(g, 2 + i, n - 2, { v: k, bold: true });
    put(g, 2 + i, n - 1, v);
  });
  const start = r2 + 2 + partyRows(spec.importer).length;
  const next = table(g, spec, start, 0);
  (spec.extras ?? []).forEach(([k, v], i) => put(g, next + 1 + i, 0, `${k}: ${v}`));
  return [g];
}

/** xs01: French form: label in A, value in B, address lines under the name in B. */
function formRowsFr(spec: DocSpec): Grid[] {
  const l = spec.labels;
  const g = newGrid("Facture", [40, 12, 12, 14, 16]);
  put(g, 0, 0, { v: spec.title, bold: true });
  put(g, 0, 3, l.invoiceNo);
  put(g, 0, 4, spec.invoiceNo);
  put(g, 1, 3, l.invoiceDate);
  put(g, 1, 4, formatDate(spec.invoiceDate, spec.date));
  put(g, 3, 0, l.exporter ?? "");
  partyRows(spec.exporter).forEach((s, i) => put(g, 4 + i, 0, s));
  put(g, 3, 3, l.importer);
  partyRows(spec.importer).forEach((s, i) => put(g, 4 + i, 3, s));
  const meta: [string, string][] = [
    [l.incoterm ?? "", spec.incoterm?.printed ?? ""],
    [l.pol ?? "", spec.pol?.printed ?? ""],
    [l.pod ?? "", spec.pod?.printed ?? ""],
    [l.currency ?? "", spec.currency?.printed ?? ""],
  ];
  meta.forEach(([k, v], i) => {
    put(g, 10 + i, 0, k);
    put(g, 10 + i, 1, v);
  });
  table(g, spec, 15, 0);
  return [g];
}

export function renderGrids(spec: DocSpec): Grid[] {
  switch (spec.layout) {
    case "form_rows":
      return formRows(spec);
    case "styled_blocks":
      return styledBlocks(spec);
    case "text_numbers":
      return textNumbers(spec);
    case "us_sheet":
      return usSheet(spec, spec.tool === "lo_calc_xlsx");
    case "tr_sheet":
      return trSheet(spec);
    case "kr_sheet":
      return krSheet(spec);
    case "packing_sheet":
      return packingSheet(spec);
    case "two_sheets":
      return twoSheets(spec);
    case "header_right":
      return headerRight(spec);
    case "form_rows_fr":
      return formRowsFr(spec);
  }
  throw new Error(`no sheet layout ${spec.layout}`);
}

/** Days since 1899-12-30, the Excel serial of a UTC date. */
function serial(d: Date): number {
  return (d.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}

export function writeSheetJs(grids: Grid[], bookType: "xlsx" | "xls"): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const g of grids) {
    const ws: XLSX.WorkSheet = {};
    let maxR = 0;
    let maxC = 0;
    for (const [key, c] of g.cells) {
      const [r, cc] = key.split(",").map(Number) as [number, number];
      maxR = Math.max(maxR, r);
      maxC = Math.max(maxC, cc);
      const addr = XLSX.utils.encode_cell({ r, c: cc });
      if (c.v instanceof Date) {
        ws[addr] = { t: "n", v: serial(c.v), z: c.fmt ?? "yyyy-mm-dd" };
      } else if (typeof c.v === "number") {
        ws[addr] = { t: "n", v: c.v, ...(c.fmt ? { z: c.fmt } : {}) };
        if (c.formula) ws[addr].f = c.formula;
      } else {
        ws[addr] = { t: "s", v: c.v };
      }
    }
    ws["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: maxR, c: maxC } });
    ws["!merges"] = g.merges;
    ws["!cols"] = g.widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(wb, ws, g.name);
  }
  const out = XLSX.write(wb, { bookType, type: "array", compression: true });
  return new Uint8Array(out as ArrayBuffer);
}

export async function writeExcelJs(grids: Grid[], forPdf: boolean): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Export Office";
  wb.created = new Date(Date.UTC(2026, 2, 14, 9, 0, 0));
  wb.modified = wb.created;
  for (const g of grids) {
    const ws = wb.addWorksheet(g.name, {
      pageSetup: {
        paperSize: 9,
        orientation: "portrait",
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: forPdf ? 1 : 0,
        margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
      },
    });
    g.widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
    for (const [key, c] of g.cells) {
      const [r, cc] = key.split(",").map(Number) as [number, number];
      const cell = ws.getCell(r + 1, cc + 1);
      cell.value = c.formula && typeof c.v === "number" ? { formula: c.formula, result: c.v } : c.v;
      if (c.fmt) cell.numFmt = c.fmt;
      cell.font = { name: "Arial", size: c.size ?? 9, bold: c.bold ?? false };
      cell.alignment = {
        vertical: "top",
        wrapText: c.wrap ?? false,
        ...(c.align ? { horizontal: c.align } : {}),
      };
      if (c.border) {
        const thin = { style: "thin" as const, color: { argb: "FF000000" } };
        cell.border = { top: thin, left: thin, bottom: thin, right: thin };
      }
      if (c.fill) cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: c.fill } };
    }
    for (const m of g.merges) ws.mergeCells(m.s.r + 1, m.s.c + 1, m.e.r + 1, m.e.c + 1);
    for (const [r, h] of g.rowHeights ?? []) ws.getRow(r + 1).height = h;
  }
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
