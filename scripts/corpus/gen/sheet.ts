/**
 * Spreadsheet layouts of generated documents, as library-neutral grids (../sheets.ts writes them
 * with SheetJS or exceljs). Variety that matters to a reader: the table's top-left corner
 * anywhere, a two-row header with a merged group cell, parties side by side in separate columns
 * or as one multi-line cell, labels left of or above their values, numbers as numeric cells or
 * as text in the document's style (with units), the date as a date cell or text.
 */
import { type Grid, merge, newGrid, put } from "../sheets.ts";
import { formatQty } from "../model.ts";
import {
  type GenParty,
  type GenSpec,
  goodsTotalOf,
  invoiceTotalOf,
  lineAmountOf,
  partyLines,
  printedGen,
} from "./spec.ts";
import type { Rng } from "./rng.ts";
import { fitForPdf } from "./sheet_pdf.ts";

export interface SheetStyle {
  /** Numbers as numeric cells with a format, or as text printed in the document's style. */
  numericCells: boolean;
  dateCell: boolean;
  /** The whole party block in one wrapped cell. */
  blockCells: boolean;
  /** Row and column of the table's top-left cell. */
  tableAt: [number, number];
  border: boolean;
}

export function sheetStyle(spec: GenSpec, rng: Rng): SheetStyle {
  return {
    numericCells: !spec.unitInQty && rng.chance(0.7),
    dateCell: spec.dateStyle !== "cjk" && spec.dateStyle !== "local_long" && rng.chance(0.5),
    blockCells: rng.chance(0.35),
    tableAt: [0, rng.chance(0.4) ? rng.int(1, 3) : 0],
    border: rng.chance(0.5),
  };
}

function partyCells(
  g: Grid,
  spec: GenSpec,
  p: GenParty,
  label: string,
  r: number,
  c: number,
  s: SheetStyle,
  blocks: [number, number][],
): number {
  put(g, r, c, { v: label, bold: true, border: s.border });
  const lines = [p.name, ...partyLines(p, spec.countryInline), ...p.contact];
  if (s.blockCells) {
    put(g, r + 1, c, { v: lines.join("\n"), wrap: true, border: s.border });
    blocks.push([r + 1, c]);
    return r + 2;
  }
  lines.forEach((line, i) => put(g, r + 1 + i, c, line));
  return r + 1 + lines.length;
}

function numberCell(s: SheetStyle, value: number, text: string, decimals: number) {
  if (!s.numericCells) return { v: text, align: "right" as const, border: s.border };
  const fmt = decimals === 0 ? "#,##0" : "#,##0." + "0".repeat(decimals);
  return { v: value, fmt, border: s.border };
}

function tableCells(g: Grid, spec: GenSpec, r0: number, c0: number, s: SheetStyle): number {
  const p = printedGen(spec);
  const priceAt = spec.columns.findIndex((c) => c.key === "price");
  const merged = spec.mergedHeader && priceAt >= 0 &&
    spec.columns[priceAt + 1]?.key === "amount";
  let r = r0;
  const cur = spec.currency?.where === "header" ? ` (${spec.currency.printed})` : "";
  const head = (key: string, h: string) => key === "price" || key === "amount" ? `${h}${cur}` : h;
  if (merged) {
    spec.columns.forEach((col, i) => {
      if (i === priceAt) {
        put(g, r, c0 + i, {
          v: `${spec.labels.colPriceGroup}${cur}`,
          bold: true,
          border: s.border,
          align: "center",
        });
        merge(g, r, c0 + i, r, c0 + i + 1);
        put(g, r + 1, c0 + i, { v: col.header, bold: true, border: s.border });
        put(g, r + 1, c0 + i + 1, { v: spec.columns[i + 1]!.header, bold: true, border: s.border });
      } else if (i !== priceAt + 1) {
        put(g, r, c0 + i, { v: col.header, bold: true, border: s.border });
        merge(g, r, c0 + i, r + 1, c0 + i);
      }
    });
    r += 2;
  } else {
    spec.columns.forEach((col, i) =>
      put(g, r, c0 + i, { v: head(col.key, col.header), bold: true, border: s.border, wrap: true })
    );
    r += 1;
  }
  spec.items.forEach((it, n) => {
    spec.columns.forEach((col, i) => {
      const at = c0 + i;
      switch (col.key) {
        case "no":
          put(g, r, at, { v: n + 1, border: s.border });
          break;
        case "code":
          put(g, r, at, { v: it.code, border: s.border });
          break;
        case "description":
          put(g, r, at, {
            v: it.note ? `${it.description}\n${it.note}` : it.description,
            wrap: true,
            border: s.border,
          });
          break;
        case "hs":
          put(g, r, at, { v: it.hs, border: s.border });
          break;
        case "qty":
          put(
            g,
            r,
            at,
            s.numericCells ? { v: it.qty, fmt: "#,##0", border: s.border } : {
              v: p.qty(it),
              align: "right",
              border: s.border,
            },
          );
          break;
        case "unit":
          put(g, r, at, { v: it.unit, border: s.border });
          break;
        case "price":
          put(g, r, at, numberCell(s, it.price, p.price(it), spec.decimals === 0 ? 0 : 2));
          break;
        case "amount":
          put(
            g,
            r,
            at,
            numberCell(s, lineAmountOf(it, spec.decimals), p.amount(it), spec.decimals),
          );
          break;
        case "cartons":
          put(g, r, at, numberCell(s, it.cartons, formatQty(it.cartons, spec.num), 0));
          break;
        case "net":
          put(g, r, at, numberCell(s, it.net, p.kg(it.net), 1));
          break;
        case "gross":
          put(g, r, at, numberCell(s, it.gross, p.kg(it.gross), 1));
          break;
      }
    });
    r++;
  });
  if (spec.kind === "invoice") {
    const amountCol = c0 + Math.max(spec.columns.findIndex((c) => c.key === "amount"), 1);
    const rows: [string, number, string][] = [];
    if (spec.charges.length > 0) {
      rows.push([spec.labels.subtotal, goodsTotalOf(spec), p.money(goodsTotalOf(spec))]);
      for (const c of spec.charges) {
        const v = c.kind === "discount" ? -c.amount : c.amount;
        rows.push([c.label, v, p.money(v)]);
      }
    }
    const total = invoiceTotalOf(spec);
    const curT = spec.currency?.where === "total" ? `${spec.currency.printed} ` : "";
    rows.push([spec.labels.total, total, curT + p.money(total)]);
    for (const [label, value, text] of rows) {
      put(g, r, amountCol - 1, { v: label, bold: label === spec.labels.total });
      put(
        g,
        r,
        amountCol,
        curT && label === spec.labels.total
          ? { v: text, align: "right", bold: true }
          : numberCell(s, value, text, spec.decimals),
      );
      r++;
    }
  }
  return r;
}

function metaRows(spec: GenSpec, s: SheetStyle): [string, string | Date | number][] {
  const l = spec.labels;
  const date = s.dateCell ? new Date(`${spec.invoiceDate}T00:00:00Z`) : spec.datePrinted;
  const rows: [string, string | Date | number][] = [
    [l.invoiceNo, spec.invoiceNo],
    [l.date, date],
  ];
  if (spec.incoterm) rows.push([l.incoterm, spec.incoterm.printed]);
  if (spec.pol) rows.push([l.pol, spec.pol.printed]);
  if (spec.pod) rows.push([l.pod, spec.pod.printed]);
  if (spec.currency?.where === "meta") rows.push([l.currency, spec.currency.printed]);
  return [...rows, ...spec.extras];
}

function metaCell(v: string | Date | number) {
  return v instanceof Date ? { v, fmt: "dd.mm.yyyy" } : { v };
}

/**
 * The whole document on one sheet; the spec's party layout picks the arrangement. `forPdf`
 * sizes party blocks and wrapped rows for Calc's PDF export (gen/sheet_pdf.ts).
 */
export function renderGenGrid(spec: GenSpec, s: SheetStyle, forPdf = false): Grid {
  const width = spec.columns.length + s.tableAt[1];
  const widths = Array.from(
    { length: Math.max(width, 6) },
    (_, i) => spec.columns[i - s.tableAt[1]]?.key === "description" ? 42 : 16,
  );
  const g = newGrid(spec.lang === "zh" || spec.lang === "ja" ? "发票" : "Invoice", widths);
  put(g, 0, 0, { v: spec.title, bold: true, size: 14 });
  const l = spec.labels;
  let r = 2;
  const blocks: [number, number][] = [];
  const party = (p: GenParty, label: string, row: number, col: number) =>
    partyCells(g, spec, p, label, row, col, s, blocks);
  const meta = metaRows(spec, s);
  const right = Math.max(3, width - 2);
  if (spec.partyLayout === "side_by_side" || spec.partyLayout === "boxed") {
    const end1 = party(spec.exporter, l.exporter, r, 0);
    const end2 = party(spec.importer, l.importer, r, right);
    r = Math.max(end1, end2) + 1;
    meta.forEach(([k, v], i) => {
      put(g, r + i, 0, { v: k, bold: true });
      put(g, r + i, 1, metaCell(v));
    });
    r += meta.length + 1;
  } else if (spec.labelPlace === "above") {
    meta.forEach(([k, v], i) => {
      put(g, r, i, { v: k, bold: true, size: 8 });
      put(g, r + 1, i, metaCell(v));
    });
    r += 3;
    r = party(spec.exporter, l.exporter, r, 0) + 1;
    r = party(spec.importer, l.importer, r, 0) + 1;
  } else {
    r = party(spec.exporter, l.exporter, r, 0) + 1;
    meta.forEach(([k, v], i) => {
      put(g, 2 + i, right, { v: k, bold: true });
      put(g, 2 + i, right + 1, metaCell(v));
    });
    r = Math.max(party(spec.importer, l.importer, r, 0), 2 + meta.length) + 1;
  }
  if (spec.notify) r = party(spec.notify, l.notify, r, 0) + 1;
  tableCells(g, spec, r + s.tableAt[0] + 1, s.tableAt[1], s);
  if (forPdf) fitForPdf(g, blocks);
  return g;
}
