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

function partyBlock(spec: GenSpec, p: GenParty, label: string | undefined): string {
  const lines = partyLines(p, spec.countryInline);
  const body = [
    `<b>${esc(p.name)}</b>`,
    ...lines.map(esc),
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

function metaHtml(spec: GenSpec): string {
  const pairs = metaPairs(spec);
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
      return esc(p.price(it));
    case "amount":
      return esc(p.amount(it));
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
        `<td style="${CELL};${head}${RIGHT.has(c.key) ? ";text-align:right" : ""}">${
          headerText(spec, c.key, c.header)
        }</td>`
      ).join("")
    }</tr>`;
  }
  const rows = spec.items.map((_, i) =>
    `<tr>${
      spec.columns.map((c) => `<td style="${cellStyle(c.key, i)}">${cellText(spec, c.key, i)}</td>`)
        .join("")
    }</tr>`
  ).join("");
  const indent = spec.tableIndent > 0 ? `margin-left:${spec.tableIndent}%;` : "";
  const width = 100 - spec.tableIndent;
  return `<table cellspacing="0" width="${width}%" style="${indent}border-collapse:collapse">${header}${rows}</table>`;
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
  const p = printedGen(spec);
  const cur = spec.currency?.where === "total" ? `${esc(spec.currency.printed)} ` : "";
  const rows: [string, string, boolean][] = [];
  if (spec.charges.length > 0) {
    rows.push([spec.labels.subtotal, p.money(goodsTotalOf(spec)), false]);
    for (const c of spec.charges) {
      rows.push([c.label, (c.kind === "discount" ? "-" : "") + p.money(c.amount), false]);
    }
  }
  rows.push([spec.labels.total, cur + p.money(invoiceTotalOf(spec)), true]);
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

function partiesHtml(spec: GenSpec): string {
  const l = spec.labels;
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
      }</td><td width="45%" style="${CELL}">${metaHtml(spec)}</td></tr></table>`;
    case "boxed": {
      const box = (n: number, inner: string) =>
        `<td width="50%" style="${CELL};border:1px solid #000">${
          inner.replace(/^<span[^>]*><i>/, `<span style="font-size:8pt"><i>${n}. `)
        }</td>`;
      return `<table width="100%" cellspacing="0" style="border-collapse:collapse"><tr>${
        box(1, exp)
      }<td width="50%" style="${CELL};border:1px solid #000">${metaHtml(spec)}</td></tr><tr>${
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
