/**
 * HTML for generated documents, in the subset both Chromium and LibreOffice Writer's HTML import
 * lay out alike: tables with attributes and inline styles, <br> lines. The spec decides the
 * party layout (side by side, stacked, letterhead, numbered boxes, label inline with the name),
 * where labels sit (above, left of, or before a colon on the value's line), the table's ruling,
 * indent, merged group header, multi-line cells and the totals block.
 */
import { esc } from "../html.ts";
import {
  type GenParty,
  type GenSpec,
  goodsTotalOf,
  invoiceTotalOf,
  partyLines,
  printedGen,
} from "./spec.ts";

const CELL = "padding:2px 4px;vertical-align:top";

function br(lines: string[]): string {
  return lines.map(esc).join("<br>");
}

/** Name, address and country lines with "Name:", "Address:" and "Country:" before them. */
function subLabelled(spec: GenSpec, p: GenParty, sub: readonly [string, string, string]): string[] {
  const lines = partyLines(p, spec.countryInline);
  const address = spec.countryInline ? lines : lines.slice(0, -1);
  return [
    `${esc(sub[0])}: <b>${esc(p.name)}</b>`,
    ...address.map((l, i) => i === 0 ? `${esc(sub[1])}: ${esc(l)}` : esc(l)),
    ...(spec.countryInline ? [] : [`${esc(sub[2])}: ${esc(p.country.printed)}`]),
  ];
}

function partyBlock(spec: GenSpec, p: GenParty, label: string | undefined): string {
  const lines = partyLines(p, spec.countryInline);
  const sub = spec.more?.partySub;
  const body = [
    ...(sub ? subLabelled(spec, p, sub) : [`<b>${esc(p.name)}</b>`, ...lines.map(esc)]),
    ...p.contact.map((c) => `<span style="font-size:8pt">${esc(c)}</span>`),
  ].join("<br>");
  if (label === undefined) return body;
  if (spec.partyLayout === "inline_label") {
    return [`<b>${esc(label)}: ${esc(p.name)}</b>`, ...lines.map(esc), ...p.contact.map(esc)].join(
      "<br>",
    );
  }
  if (spec.labelPlace === "left") {
    return `<table cellspacing="0" cellpadding="0"><tr><td style="${CELL};width:32mm"><b>${
      esc(label)
    }</b></td><td style="${CELL}">${body}</td></tr></table>`;
  }
  const head = spec.labelPlace === "colon" ? `${esc(label)}:` : esc(label);
  return `<span style="font-size:8pt;text-transform:none"><i>${head}</i></span><br>${body}`;
}

function metaPairs(spec: GenSpec): [string, string][] {
  const l = spec.labels;
  const pairs: [string, string][] = [[l.invoiceNo, spec.invoiceNo], [l.date, spec.datePrinted]];
  if (spec.incoterm) pairs.push([l.incoterm, spec.incoterm.printed]);
  if (spec.pol) pairs.push([l.pol, spec.pol.printed]);
  if (spec.pod) pairs.push([l.pod, spec.pod.printed]);
  if (spec.currency?.where === "meta") pairs.push([l.currency, spec.currency.printed]);
  return [...pairs, ...spec.extras];
}

/** Labels in one row of cells, their values in the row below. */
function metaStrip(pairs: [string, string][], perRow: number): string {
  const rows: string[] = [];
  for (let i = 0; i < pairs.length; i += perRow) {
    const chunk = pairs.slice(i, i + perRow);
    const cell = (s: string) => `<td style="${CELL};border:1px solid #888">${s}</td>`;
    rows.push(
      `<tr>${
        chunk.map(([k]) => cell(`<span style="font-size:7.5pt"><b>${esc(k)}</b></span>`)).join("")
      }</tr>`,
      `<tr>${chunk.map(([, v]) => cell(esc(v))).join("")}</tr>`,
    );
  }
  return `<table width="100%" cellspacing="0" style="border-collapse:collapse">${
    rows.join("")
  }</table>`;
}

function metaHtml(spec: GenSpec, narrow = false): string {
  const pairs = metaPairs(spec);
  if (spec.more?.metaStrip) return metaStrip(pairs, narrow ? 2 : 4);
  if (spec.labelPlace === "above") {
    const cells = pairs.map(([k, v]) =>
      `<td style="${CELL};border:1px solid #888"><span style="font-size:7.5pt">${
        esc(k)
      }</span><br><b>${esc(v)}</b></td>`
    );
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += 3) {
      rows.push(`<tr>${cells.slice(i, i + 3).join("")}</tr>`);
    }
    return `<table width="100%" cellspacing="0">${rows.join("")}</table>`;
  }
  if (spec.labelPlace === "left") {
    return `<table cellspacing="0">${
      pairs.map(([k, v]) =>
        `<tr><td style="${CELL}"><b>${esc(k)}</b></td><td style="${CELL}">${esc(v)}</td></tr>`
      ).join("")
    }</table>`;
  }
  return pairs.map(([k, v]) => `<b>${esc(k)}:</b> ${esc(v)}`).join("<br>");
}

function cellText(spec: GenSpec, key: string, i: number): string {
  const it = spec.items[i]!;
  const p = printedGen(spec);
  const cur = spec.more?.cellCurrency;
  const money = (s: string) =>
    cur ? esc(cur.before ? `${cur.printed} ${s}` : `${s} ${cur.printed}`) : esc(s);
  switch (key) {
    case "no":
      return String(i + 1);
    case "code":
      return esc(it.code);
    case "description":
      return it.note
        ? `${esc(it.description)}<br><span style="font-size:7.5pt">${esc(it.note)}</span>`
        : esc(it.description);
    case "hs":
      return esc(it.hs);
    case "qty":
      return esc(p.qty(it));
    case "unit":
      return esc(it.unit);
    case "price":
      return money(p.price(it));
    case "amount":
      return money(p.amount(it));
    case "cartons":
      return esc(p.count(it.cartons));
    case "net":
      return esc(p.kg(it.net));
    case "gross":
      return esc(p.kg(it.gross));
  }
  return "";
}

const RIGHT = new Set(["qty", "price", "amount", "cartons", "net", "gross"]);

function headerText(spec: GenSpec, key: string, header: string): string {
  const c = spec.currency;
  if (c?.where === "header" && (key === "price" || key === "amount")) {
    return `${esc(header)} (${esc(c.printed)})`;
  }
  return esc(header);
}

function tableHtml(spec: GenSpec): string {
  const border = spec.ruling === "grid" ? "border:1px solid #333" : "";
  const rule = spec.ruling === "horizontal" ? "border-bottom:1px solid #555" : "";
  const cellStyle = (key: string, row: number) =>
    [
      CELL,
      border,
      rule,
      RIGHT.has(key) ? "text-align:right" : "",
      spec.ruling === "zebra" && row % 2 === 1 ? "background:#e8e8e8" : "",
    ].filter(Boolean).join(";");
  const head = `font-weight:bold;${border || "border-bottom:1.5px solid #000"}`;
  let header: string;
  const priceAt = spec.columns.findIndex((c) => c.key === "price");
  const amountAt = spec.columns.findIndex((c) => c.key === "amount");
  if (spec.mergedHeader && priceAt >= 0 && amountAt === priceAt + 1) {
    const top = spec.columns.map((c, i) => {
      if (i === priceAt) {
        return `<td colspan="2" style="${CELL};${head};text-align:center">${
          esc(spec.labels.colPriceGroup)
        }${spec.currency?.where === "header" ? ` (${esc(spec.currency.printed)})` : ""}</td>`;
      }
      if (i === amountAt) return "";
      return `<td rowspan="2" style="${CELL};${head}">${headerText(spec, c.key, c.header)}</td>`;
    }).join("");
    const sub = [priceAt, amountAt].map((i) =>
      `<td style="${CELL};${head};text-align:right">${esc(spec.columns[i]!.header)}</td>`
    ).join("");
    header = `<tr>${top}</tr><tr>${sub}</tr>`;
  } else {
    header = `<tr>${
      spec.columns.map((c) =>
        `<td style="${CELL};${head}${RIGHT.has(c.key) ? ";text-align:right" : ""}${
          c.key === "description" && spec.more?.narrowDescription ? ";width:22%" : ""
        }">${headerText(spec, c.key, c.header)}</td>`
      ).join("")
    }</tr>`;
  }
  const rows = sectionRow(spec) +
    spec.items.map((_, i) =>
      `<tr>${
        spec.columns.map((c) =>
          `<td style="${cellStyle(c.key, i)}">${cellText(spec, c.key, i)}</td>`
        )
          .join("")
      }</tr>`
    ).join("") + (spec.more?.totalsInTable ? totalsInTable(spec) : "");
  const indent = spec.tableIndent > 0 ? `margin-left:${spec.tableIndent}%;` : "";
  const width = 100 - spec.tableIndent;
  return `<table cellspacing="0" width="${width}%" style="${indent}border-collapse:collapse">${header}${rows}</table>`;
}

function sectionRow(spec: GenSpec): string {
  const text = spec.more?.sectionRow;
  if (!text) return "";
  return `<tr><td colspan="${spec.columns.length}" style="${CELL};font-style:italic">${
    esc(text)
  }</td></tr>`;
}

/** The invoice's totals block: label, printed value, bold. */
function totalRows(spec: GenSpec): [string, string, boolean][] {
  const p = printedGen(spec);
  const cur = spec.currency?.where === "total" ? `${spec.currency.printed} ` : "";
  const rows: [string, string, boolean][] = [];
  if (spec.charges.length > 0 || spec.more?.zeroTax) {
    rows.push([spec.labels.subtotal, p.money(goodsTotalOf(spec)), false]);
    for (const c of spec.charges) {
      const v = p.money(c.amount);
      const printed = c.kind !== "discount" ? v : spec.more?.parenDiscount ? `(${v})` : `-${v}`;
      rows.push([c.label, printed, false]);
    }
    if (spec.more?.zeroTax) rows.push([spec.more.zeroTax, p.money(0), false]);
  }
  rows.push([spec.labels.total, cur + p.money(invoiceTotalOf(spec)), true]);
  return rows;
}

function totalsInTable(spec: GenSpec): string {
  const at = spec.columns.findIndex((c) => c.key === "amount");
  const after = spec.columns.length - at - 1;
  const border = spec.ruling === "grid" ? ";border:1px solid #333" : "";
  return totalRows(spec).map(([k, v, bold]) => {
    const b = (s: string) => bold ? `<b>${esc(s)}</b>` : esc(s);
    return `<tr><td colspan="${at}" style="${CELL}${border};text-align:right">${
      b(k)
    }</td><td style="${CELL}${border};text-align:right">${b(v)}</td>${
      after > 0 ? `<td colspan="${after}" style="${CELL}${border}"></td>` : ""
    }</tr>`;
  }).join("");
}

function totalsHtml(spec: GenSpec): string {
  if (spec.kind !== "invoice") {
    const p = printedGen(spec);
    const sum = (f: (i: GenSpec["items"][number]) => number) =>
      spec.items.reduce((a, it) => a + f(it), 0);
    return `<p><b>${esc(spec.labels.total)}:</b> ${esc(p.count(sum((i) => i.cartons)))} ${
      esc(spec.labels.colCartons)
    } · ${esc(p.kg(Math.round(sum((i) => i.gross) * 10) / 10))} kg</p>`;
  }
  if (spec.more?.totalsInTable) return "";
  const rows = totalRows(spec);
  return `<table cellspacing="0" align="right" style="margin-top:6px">${
    rows.map(([k, v, bold]) =>
      `<tr><td style="${CELL}">${
        bold ? `<b>${esc(k)}</b>` : esc(k)
      }</td><td style="${CELL};text-align:right;${
        bold ? "border-top:1px solid #000;font-weight:bold" : ""
      }">${esc(v)}</td></tr>`
    ).join("")
  }</table><br clear="all">`;
}

/** Party labels in a header row, each block in the cell below its label. */
function partyHeaderRow(spec: GenSpec): string {
  const l = spec.labels;
  const parties: [string, GenParty][] = [[l.exporter, spec.exporter], [l.importer, spec.importer]];
  if (spec.notify) parties.push([l.notify, spec.notify]);
  const w = Math.floor(100 / parties.length);
  const rule = "border-bottom:1px solid #000";
  return `<table width="100%" cellspacing="0" style="border-collapse:collapse"><tr>${
    parties.map(([k]) => `<td width="${w}%" style="${CELL};${rule}"><b>${esc(k)}</b></td>`).join(
      "",
    )
  }</tr><tr>${
    parties.map(([, p]) => `<td style="${CELL}">${partyBlock(spec, p, undefined)}</td>`).join("")
  }</tr></table>`;
}

function partiesHtml(spec: GenSpec): string {
  const l = spec.labels;
  const own = spec.partyLayout === "letterhead" || spec.partyLayout === "boxed";
  if (spec.more?.partyHeaderRow && !own) return partyHeaderRow(spec);
  const exp = partyBlock(spec, spec.exporter, l.exporter);
  const imp = partyBlock(spec, spec.importer, l.importer);
  const notify = spec.notify ? partyBlock(spec, spec.notify, l.notify) : "";
  switch (spec.partyLayout) {
    case "side_by_side":
    case "inline_label":
      return `<table width="100%" cellspacing="0"><tr><td width="50%" style="${CELL}">${exp}</td><td width="50%" style="${CELL}">${imp}</td></tr>${
        notify ? `<tr><td style="${CELL}"></td><td style="${CELL}">${notify}</td></tr>` : ""
      }</table>`;
    case "stacked":
      return `<div>${exp}</div><br><div>${imp}</div>${notify ? `<br><div>${notify}</div>` : ""}`;
    case "letterhead":
      return `<table width="100%" cellspacing="0"><tr><td width="55%" style="${CELL}">${imp}${
        notify ? `<br><br>${notify}` : ""
      }</td><td width="45%" style="${CELL}">${metaHtml(spec, true)}</td></tr></table>`;
    case "boxed": {
      const box = (n: number, inner: string) =>
        `<td width="50%" style="${CELL};border:1px solid #000">${
          inner.replace(/^<span[^>]*><i>/, `<span style="font-size:8pt"><i>${n}. `)
        }</td>`;
      return `<table width="100%" cellspacing="0" style="border-collapse:collapse"><tr>${
        box(1, exp)
      }<td width="50%" style="${CELL};border:1px solid #000">${metaHtml(spec, true)}</td></tr><tr>${
        box(2, imp)
      }<td width="50%" style="${CELL};border:1px solid #000">${notify}</td></tr></table>`;
    }
  }
}

function letterhead(spec: GenSpec): string {
  const e = spec.exporter;
  return `<p align="center" style="margin:0"><span style="font-size:15pt"><b>${
    esc(e.name)
  }</b></span><br>${br(partyLines(e, spec.countryInline))}${
    e.contact.length > 0 ? `<br><span style="font-size:8pt">${br(e.contact)}</span>` : ""
  }</p><hr>`;
}

export function renderGenHtml(spec: GenSpec): string {
  const lang = { zh: "zh-CN", ja: "ja" }[spec.lang as "zh" | "ja"] ?? spec.lang;
  const cjk = spec.lang === "zh" || spec.lang === "ja";
  // Latin first, so names in Turkish or Polish letters keep a font with their glyphs.
  const font = cjk ? "'DejaVu Sans', 'WenQuanYi Zen Hei', 'IPAGothic', sans-serif" : spec.font;
  const titleAlign = spec.partyLayout === "letterhead"
    ? "center"
    : (spec.id.length % 2 ? "left" : "right");
  const meta = spec.partyLayout === "letterhead" || spec.partyLayout === "boxed"
    ? ""
    : `<div style="margin:6px 0">${metaHtml(spec)}</div>`;
  const metaFirst = spec.labelPlace === "left" && spec.partyLayout === "stacked";
  const body = [
    spec.partyLayout === "letterhead" ? letterhead(spec) : "",
    `<p align="${titleAlign}" style="margin:4px 0"><span style="font-size:14pt"><b>${
      esc(spec.title)
    }</b></span></p>`,
    metaFirst ? meta : "",
    partiesHtml(spec),
    metaFirst ? "" : meta,
    "<br>",
    tableHtml(spec),
    totalsHtml(spec),
    `<p style="margin-top:18px;font-size:8pt">${
      esc(spec.labels.signature)
    }: ____________________</p>`,
  ].join("\n");
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${esc(spec.title)}</title>
<style>@page { size: A4; margin: 14mm 14mm 40mm 14mm; } body { font-family: ${font}; font-size: 9pt; }</style>
</head><body style="font-family:${font};font-size:9pt">
${body}
</body></html>
`;
}
