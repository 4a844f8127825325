/**
 * HTML layouts of the corpus documents. The LibreOffice ones use what Writer's HTML import
 * understands (table attributes, inline borders, <br> lines); the Chromium ones use modern CSS.
 * Every layout prints data strings unchanged; only numbers and dates are formatted (model.ts).
 */
import {
  type ColumnKey,
  type DocSpec,
  formatNumber,
  formatQty,
  goodsTotal,
  type Item,
  type Party,
  printed,
} from "./model.ts";

export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;",
  );
}

function lines(p: Party, opts: { name?: boolean; contact?: boolean } = {}): string[] {
  return [
    ...(opts.name === false ? [] : [p.name]),
    ...p.lines,
    p.country.printed,
    ...(opts.contact === false ? [] : p.contact ?? []),
  ];
}

/** A party as lines separated by <br>, the name in bold. */
function partyHtml(p: Party, opts: { contact?: boolean; boldName?: boolean } = {}): string {
  const [name = "", ...rest] = lines(p, { contact: opts.contact });
  const head = opts.boldName === false ? esc(name) : `<b>${esc(name)}</b>`;
  return [head, ...rest.map(esc)].join("<br>");
}

const NUMERIC: ColumnKey[] = [
  "qty",
  "price",
  "amount",
  "cartons",
  "perCarton",
  "netKg",
  "grossKg",
];

function cell(spec: DocSpec, it: Item, i: number, key: ColumnKey): string {
  const p = printed(spec);
  switch (key) {
    case "no":
      return String(i + 1);
    case "code":
      return it.code ?? "";
    case "marks":
      return "";
    case "packages":
      return it.cartons === undefined ? "" : `${it.cartons} CTNS`;
    case "description":
      return it.description;
    case "hs":
      return it.hs ?? "";
    case "qty":
      return p.qty(it);
    case "unit":
      return it.unit ?? "";
    case "price":
      return p.price(it);
    case "amount":
      return p.amount(it);
    case "cartons":
      return it.cartons === undefined ? "" : formatNumber(it.cartons, spec.num, 0);
    case "perCarton":
      return it.cartons === undefined ? "" : formatQty(it.qty / it.cartons, spec.num);
    case "netKg":
      return it.netKg === undefined ? "" : p.kg(it.netKg);
    case "grossKg":
      return it.grossKg === undefined ? "" : p.kg(it.grossKg);
  }
}

interface TableStyle {
  /** Attributes of <table>. */
  attrs: string;
  headerBg?: string;
  headerStyle?: string;
  cellStyle?: string;
  widths?: Partial<Record<ColumnKey, string>>;
  /** Text of the marks column (printed once, spanning all rows). */
  marks?: string;
  /** Label of the totals row, printed under the amount (or quantity) column. */
  totalLabel?: string;
  /** Extra rows (charges) after the total. */
  charges?: { label: string; value: string }[];
  grand?: { label: string; value: string };
}

/** The line-item table with its header row and totals rows. */
function itemsTable(spec: DocSpec, st: TableStyle): string {
  const cols = spec.columns;
  const cs = st.cellStyle ? ` style="${st.cellStyle}"` : "";
  const head = cols.map((c) => {
    const w = st.widths?.[c.key];
    const align = NUMERIC.includes(c.key) ? ` align="right"` : ` align="left"`;
    const style = st.headerStyle ? ` style="${st.headerStyle}"` : "";
    return `<th${w ? ` width="${w}"` : ""}${align}${style}>${esc(c.header)}</th>`;
  }).join("");
  const bg = st.headerBg ? ` bgcolor="${st.headerBg}"` : "";
  const rows = spec.items.map((it, i) => {
    const tds = cols.map((c) => {
      if (c.key === "marks") {
        if (i > 0) return "";
        const marks = (st.marks ?? "").split(" / ").map(esc).join("<br>");
        return `<td valign="top" rowspan="${spec.items.length}"${cs}>${marks}</td>`;
      }
      const align = NUMERIC.includes(c.key) ? ` align="right"` : "";
      return `<td valign="top"${align}${cs}>${esc(cell(spec, it, i, c.key))}</td>`;
    }).join("");
    return `<tr>${tds}</tr>`;
  }).join("\n");
  const footer = totalsRows(spec, st, cs);
  return `<table ${st.attrs}>\n<thead><tr${bg}>${head}</tr></thead>\n<tbody>\n${rows}\n${footer}</tbody></table>`;
}

function totalsRows(spec: DocSpec, st: TableStyle, cs: string): string {
  const cols = spec.columns;
  const p = printed(spec);
  if (spec.kind === "packing_list") {
    const sums: Partial<Record<ColumnKey, string>> = {
      cartons: formatNumber(spec.items.reduce((a, it) => a + (it.cartons ?? 0), 0), spec.num, 0),
      qty: formatQty(spec.items.reduce((a, it) => a + it.qty, 0), spec.num),
      netKg: p.kg(spec.items.reduce((a, it) => a + (it.netKg ?? 0), 0)),
      grossKg: p.kg(spec.items.reduce((a, it) => a + (it.grossKg ?? 0), 0)),
    };
    const firstNum = cols.findIndex((c) => c.key in sums);
    const tds = [
      `<td colspan="${firstNum}"${cs}><b>${esc(st.totalLabel ?? "TOTAL")}</b></td>`,
      ...cols.slice(firstNum).map((c) =>
        `<td align="right"${cs}><b>${esc(sums[c.key] ?? "")}</b></td>`
      ),
    ];
    return `<tr>${tds.join("")}</tr>\n`;
  }
  const amountIdx = cols.findIndex((c) => c.key === "amount");
  const after = cols.length - amountIdx - 1;
  const row = (label: string, value: string, bold: boolean) => {
    const b = (s: string) => bold ? `<b>${s}</b>` : s;
    const tail = after > 0 ? `<td colspan="${after}"${cs}></td>` : "";
    return `<tr><td colspan="${amountIdx}" align="right"${cs}>${b(esc(label))}</td>` +
      `<td align="right"${cs}>${b(esc(value))}</td>${tail}</tr>\n`;
  };
  let out = row(st.totalLabel ?? spec.labels.total ?? "Total", p.total(), true);
  for (const c of st.charges ?? []) out += row(c.label, c.value, false);
  if (st.grand) out += row(st.grand.label, st.grand.value, true);
  return out;
}

function chargesOf(spec: DocSpec) {
  const p = printed(spec);
  const charges = (spec.charges ?? []).map((c) => ({ label: c.label, value: p.money(c.amount) }));
  const grandValue = (spec.charges ?? []).reduce((a, c) => a + c.amount, 0);
  return { charges, grandValue };
}

function page(css: string, body: string): string {
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>document</title>\n<style>\n${css}\n</style></head>\n<body>\n${body}\n</body></html>\n`;
}

const B = "border:0.75pt solid #000000";

function kv(label: string, value: string, small = "7pt"): string {
  return `<span style="font-size:${small};color:#444444">${esc(label)}</span><br>${esc(value)}`;
}

function extrasRows(spec: DocSpec, style: string): string {
  return (spec.extras ?? []).map(([k, v]) =>
    `<tr><td style="${style}" width="35%">${esc(k)}</td><td style="${style}">${esc(v)}</td></tr>`
  ).join("\n");
}

/** lo01: German/English labels, two party boxes, a terms grid, the item table. */
function bilingualBoxed(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.4cm 1.6cm 1.4cm 1.8cm }\nbody { font-family: 'DejaVu Sans'; font-size: 8.5pt }`;
  const body = `
<table width="100%" cellspacing="0" cellpadding="0"><tr>
<td width="60%" valign="bottom"><span style="font-size:16pt"><b>${esc(spec.title)}</b></span></td>
<td valign="top"><table width="100%" cellspacing="0" cellpadding="3">
<tr><td style="${B}">${kv(l.invoiceNo, spec.invoiceNo)}</td></tr>
<tr><td style="${B}">${kv(l.invoiceDate, p.date)}</td></tr></table></td></tr></table>
<br>
<table width="100%" cellspacing="0" cellpadding="5"><tr>
<td width="50%" valign="top" style="${B}"><span style="font-size:7pt">${
    esc(l.exporter ?? "")
  }</span><br>${partyHtml(spec.exporter)}</td>
<td width="50%" valign="top" style="${B}"><span style="font-size:7pt">${
    esc(l.importer)
  }</span><br>${partyHtml(spec.importer)}</td>
</tr></table>
<table width="100%" cellspacing="0" cellpadding="3"><tr>
<td width="34%" style="${B}">${kv(l.incoterm ?? "", spec.incoterm?.printed ?? "")}</td>
<td width="33%" style="${B}">${kv(l.pol ?? "", spec.pol?.printed ?? "")}</td>
<td width="33%" style="${B}">${kv(l.pod ?? "", spec.pod?.printed ?? "")}</td></tr>
<tr><td style="${B}">${kv(l.currency ?? "", spec.currency?.printed ?? "")}</td>
<td colspan="2" style="${B}">${
    (spec.extras ?? []).map(([k, v]) => `${esc(k)}: ${esc(v)}`).join("<br>")
  }</td></tr></table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" border="1" cellspacing="0" cellpadding="3"`,
      headerBg: "#d9d9d9",
      widths: { no: "5%", description: "37%", hs: "12%", qty: "8%", unit: "8%" },
      totalLabel: l.total,
    })
  }
<br><br>
<span style="font-size:7.5pt">Wir bestätigen die Richtigkeit der Angaben. / We certify that this invoice is true and correct.</span>
<br><br><br>
<span style="font-size:7.5pt">Hamburg, ${
    esc(p.date)
  }&#160;&#160;&#160;&#160;&#160;&#160;&#160;&#160;______________________________<br>${
    esc(spec.exporter.name)
  }, Versandabteilung</span>
`;
  return page(css, body);
}

/** lo02: French/English, stacked parties, serif type. */
function stacked(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.6cm 2cm }\nbody { font-family: 'Liberation Serif'; font-size: 10pt }`;
  const body = `
<p align="center"><span style="font-size:15pt"><b>${esc(spec.title)}</b></span></p>
<table width="100%" cellspacing="0" cellpadding="4">
<tr><td width="55%" valign="top"><i>${esc(l.exporter ?? "")}</i><br>${partyHtml(spec.exporter)}</td>
<td valign="top" align="right">${esc(l.invoiceNo)} : <b>${esc(spec.invoiceNo)}</b><br>${
    esc(l.invoiceDate)
  } : ${esc(p.date)}<br>${esc(l.currency ?? "")} : ${esc(spec.currency?.printed ?? "")}</td></tr>
<tr><td valign="top"><br><i>${esc(l.importer)}</i><br>${partyHtml(spec.importer)}</td>
<td valign="top"><br>${esc(l.incoterm ?? "")} : ${esc(spec.incoterm?.printed ?? "")}<br>${
    esc(l.pol ?? "")
  } : ${esc(spec.pol?.printed ?? "")}<br>${esc(l.pod ?? "")} : ${
    esc(spec.pod?.printed ?? "")
  }</td></tr>
</table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" border="1" cellspacing="0" cellpadding="4"`,
      widths: { description: "46%", hs: "14%" },
      totalLabel: l.total,
    })
  }
<br>
<table width="100%" cellspacing="0" cellpadding="2">${extrasRows(spec, "")}</table>
<br><br>
<p>Fait au Havre, le ${esc(p.date)}</p>
<p><i>Signature et cachet</i></p>
`;
  return page(css, body);
}

/** lo03: the boxed grid of many Asian exporters, all capitals, marks column, notify party. */
function asianCaps(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const ex = Object.fromEntries(spec.extras ?? []);
  const css =
    `@page { size: 21cm 29.7cm; margin: 1cm 1.2cm }\nbody { font-family: 'Liberation Sans'; font-size: 8pt }`;
  const small = (s: string) => `<span style="font-size:6.5pt">${esc(s)}</span>`;
  const body = `
<p align="center"><span style="font-size:9pt"><b>${esc(spec.exporter.name)}</b></span></p>
<p align="center"><span style="font-size:18pt"><b>${esc(spec.title)}</b></span></p>
<table width="100%" cellspacing="0" cellpadding="4">
<tr><td width="55%" rowspan="2" valign="top" style="${B}">${small(l.exporter ?? "")}<br>${
    partyHtml(spec.exporter, { boldName: false })
  }</td>
<td valign="top" style="${B}">${small(`${l.invoiceNo} & ${l.invoiceDate}`)}<br>${
    esc(spec.invoiceNo)
  }&#160;&#160;&#160;${esc(p.date)}</td></tr>
<tr><td valign="top" style="${B}">${small(l.incoterm ?? "")}<br>${
    esc(spec.incoterm?.printed ?? "")
  }<br>${small("PAYMENT")}<br>${esc(ex["PAYMENT"] ?? "")}</td></tr>
<tr><td valign="top" style="${B}">${small(l.importer)}<br>${
    partyHtml(spec.importer, { boldName: false })
  }</td>
<td valign="top" style="${B}">${small(l.notify ?? "")}<br>${
    partyHtml(spec.notify!, { boldName: false })
  }</td></tr>
<tr><td style="${B}">${small(l.pol ?? "")}<br>${esc(spec.pol?.printed ?? "")}</td>
<td style="${B}">${small(l.pod ?? "")}<br>${esc(spec.pod?.printed ?? "")}</td></tr>
<tr><td style="${B}">${small("VESSEL / VOYAGE")}<br>${esc(ex["VESSEL / VOYAGE"] ?? "")}</td>
<td style="${B}">${small("TOTAL PACKAGES")}<br>${esc(ex["TOTAL PACKAGES"] ?? "")}</td></tr>
</table>
${
    itemsTable(spec, {
      attrs: `width="100%" cellspacing="0" cellpadding="4"`,
      cellStyle: B,
      headerStyle: `${B};font-size:7pt`,
      widths: { marks: "15%", description: "35%", hs: "13%" },
      marks: ex["MARKS"],
      totalLabel: `${l.total} ${spec.currency?.printed ?? ""}`,
    })
  }
<br>
<p>SAY TOTAL U.S. DOLLARS ${esc(inWords(goodsTotal(spec), "cents").toUpperCase())} ONLY.</p>
<br><br>
<p align="right">FOR AND ON BEHALF OF<br><b>${
    esc(spec.exporter.name)
  }</b><br><br><br>AUTHORIZED SIGNATURE</p>
`;
  return page(css, body);
}

/** "thirty-one thousand eight hundred and five" plus "and pence 50" when there are cents. */
function inWords(amount: number, cents: string): string {
  const whole = Math.floor(amount);
  const fraction = Math.round((amount - whole) * 100);
  const words = numberWords(whole);
  return fraction > 0 ? `${words} and ${cents} ${numberWords(fraction)}` : words;
}

function numberWords(n: number): string {
  const ones = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
  ];
  const tens = [
    "",
    "",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
  ];
  const under1000 = (x: number): string => {
    const h = Math.floor(x / 100);
    const r = x % 100;
    const rest = r < 20 ? ones[r]! : tens[Math.floor(r / 10)]! + (r % 10 ? `-${ones[r % 10]}` : "");
    if (h === 0) return rest;
    return `${ones[h]} hundred${r ? ` and ${rest}` : ""}`;
  };
  if (n < 1000) return under1000(n);
  const th = Math.floor(n / 1000);
  const r = n % 1000;
  return `${under1000(th)} thousand${r ? ` ${under1000(r)}` : ""}`;
}

/** lo04: an Italian grid invoice with freight and insurance below the goods total. */
function grid(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const { charges, grandValue } = chargesOf(spec);
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.5cm }\nbody { font-family: 'Liberation Sans'; font-size: 9pt }`;
  const body = `
<table width="100%" cellspacing="0" cellpadding="0"><tr>
<td valign="top"><span style="font-size:20pt;color:#1f3864"><b>OMB</b></span><br><span style="font-size:7pt">Officine Meccaniche Bolognesi · since 1962</span></td>
<td align="right" valign="top"><span style="font-size:14pt"><b>${
    esc(spec.title)
  }</b></span></td></tr></table>
<br>
<table width="100%" cellspacing="0" cellpadding="4">
<tr><td width="50%" valign="top" style="${B}">${kv(l.exporter ?? "", "")}${
    partyHtml(spec.exporter)
  }</td>
<td width="25%" valign="top" style="${B}">${kv(l.invoiceNo, spec.invoiceNo)}</td>
<td width="25%" valign="top" style="${B}">${kv(l.invoiceDate, p.date)}</td></tr>
<tr><td valign="top" rowspan="3" style="${B}">${kv(l.importer, "")}${partyHtml(spec.importer)}</td>
<td colspan="2" style="${B}">${kv(l.incoterm ?? "", spec.incoterm?.printed ?? "")}</td></tr>
<tr><td style="${B}">${kv(l.pol ?? "", spec.pol?.printed ?? "")}</td><td style="${B}">${
    kv(l.pod ?? "", spec.pod?.printed ?? "")
  }</td></tr>
<tr><td colspan="2" style="${B}">${kv(l.currency ?? "", spec.currency?.printed ?? "")}</td></tr>
</table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" border="1" cellspacing="0" cellpadding="4"`,
      headerBg: "#dce6f1",
      widths: { no: "6%", description: "50%", hs: "12%", qty: "7%" },
      totalLabel: l.total,
      charges,
      grand: {
        label: l.grand ?? "Total",
        value: p.money(goodsTotal(spec) + grandValue),
      },
    })
  }
<br>
<table width="100%" cellspacing="0" cellpadding="3">${extrasRows(spec, B)}</table>
<br><br>
<p>Bologna, ${esc(p.date)}</p><br><br><p>______________________<br>Ufficio Export</p>
`;
  return page(css, body);
}

/** lo05: the Indian export invoice grid with buyer's order, notify party and pre-carriage. */
function stackedNotify(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const ex = Object.fromEntries(spec.extras ?? []);
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.2cm 1.4cm }\nbody { font-family: 'Nimbus Roman'; font-size: 9pt }`;
  const small = (s: string) => `<span style="font-size:7pt"><i>${esc(s)}</i></span>`;
  const body = `
<p align="center"><span style="font-size:14pt"><b><u>${esc(spec.title)}</u></b></span></p>
<table width="100%" cellspacing="0" cellpadding="4">
<tr><td width="50%" rowspan="2" valign="top" style="${B}">${small(l.exporter ?? "")}<br>${
    partyHtml(spec.exporter)
  }</td>
<td width="25%" valign="top" style="${B}">${small(l.invoiceNo)}<br>${esc(spec.invoiceNo)}</td>
<td width="25%" valign="top" style="${B}">${small(l.invoiceDate)}<br>${esc(p.date)}</td></tr>
<tr><td colspan="2" valign="top" style="${B}">${small("Buyer's Order No.")}<br>${
    esc(ex["Buyer's Order No."] ?? "")
  }</td></tr>
<tr><td rowspan="2" valign="top" style="${B}">${small(l.importer)}<br>${
    partyHtml(spec.importer)
  }</td>
<td colspan="2" valign="top" style="${B}">${small(l.notify ?? "")}<br>${
    partyHtml(spec.notify!)
  }</td></tr>
<tr><td colspan="2" valign="top" style="${B}">${small(l.incoterm ?? "")}<br>${
    esc(spec.incoterm?.printed ?? "")
  }<br>${small("Terms of Payment")}<br>${esc(ex["Terms of Payment"] ?? "")}</td></tr>
</table>
<table width="100%" cellspacing="0" cellpadding="4">
<tr><td width="25%" style="${B}">${small("Pre-Carriage by")}<br>${
    esc(ex["Pre-Carriage by"] ?? "")
  }</td>
<td width="25%" style="${B}">${small("Vessel / Flight No.")}<br>${
    esc(ex["Vessel / Flight No."] ?? "")
  }</td>
<td width="25%" style="${B}">${small(l.pol ?? "")}<br>${esc(spec.pol?.printed ?? "")}</td>
<td width="25%" style="${B}">${small(l.pod ?? "")}<br>${esc(spec.pod?.printed ?? "")}</td></tr>
<tr><td colspan="2" style="${B}">${small("Marks & Nos.")}<br>${esc(ex["Marks & Nos."] ?? "")}</td>
<td colspan="2" style="${B}">${small("Country of Origin of Goods")}<br>India</td></tr>
</table>
${
    itemsTable(spec, {
      attrs: `width="100%" cellspacing="0" cellpadding="3"`,
      cellStyle: B,
      headerStyle: `${B};font-size:8pt`,
      widths: { no: "5%", packages: "9%", description: "38%", hs: "11%" },
      totalLabel: `${l.total} CIF ${spec.currency?.printed ?? ""}`,
    })
  }
<p>Amount chargeable (in words): GBP ${esc(inWords(goodsTotal(spec), "pence"))} only</p>
<br>
<p><i>Declaration: We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.</i></p>
<br>
<p align="right">for ${esc(spec.exporter.name)}<br><br><br>Authorised Signatory</p>
`;
  return page(css, body);
}

/** lo06: a Chinese packing list: cartons, quantity per carton, total quantity, weights. */
function packing(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const ex = Object.fromEntries(spec.extras ?? []);
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.3cm 1.3cm }\nbody { font-family: 'DejaVu Sans'; font-size: 8pt }`;
  const body = `
<p align="center"><span style="font-size:12pt"><b>${esc(spec.exporter.name)}</b></span><br>${
    esc([...spec.exporter.lines, spec.exporter.country.printed].join(", "))
  }</p>
<hr>
<p align="center"><span style="font-size:16pt"><b>${esc(spec.title)}</b></span></p>
<table width="100%" cellspacing="0" cellpadding="3">
<tr><td width="55%" valign="top"><b>${esc(l.exporter ?? "")}:</b><br>${
    partyHtml(spec.exporter, { boldName: false })
  }<br><br><b>${esc(l.importer)}:</b><br>${partyHtml(spec.importer, { boldName: false })}</td>
<td valign="top"><b>${esc(l.invoiceNo)}:</b> ${esc(spec.invoiceNo)}<br><b>${
    esc(l.invoiceDate)
  }:</b> ${esc(p.date)}<br><b>${esc(l.incoterm ?? "")}:</b> ${
    esc(spec.incoterm?.printed ?? "")
  }<br><b>${esc(l.pol ?? "")}:</b> ${esc(spec.pol?.printed ?? "")}<br><b>${esc(l.pod ?? "")}:</b> ${
    esc(spec.pod?.printed ?? "")
  }<br><b>Vessel:</b> ${esc(ex["Vessel"] ?? "")}<br><b>Container:</b> ${
    esc(ex["Container"] ?? "")
  }</td></tr></table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" border="1" cellspacing="0" cellpadding="3"`,
      headerBg: "#eeeeee",
      widths: { no: "6%", description: "30%", hs: "10%" },
      totalLabel: l.total,
    })
  }
<br>
<p><b>Shipping marks:</b> ${esc(ex["Shipping marks"] ?? "")}</p>
<p><b>Packing:</b> export cartons on 20 pallets, stretch wrapped.</p>
<br><br>
<p align="right">${esc(spec.exporter.name)}<br><br>(stamp &amp; signature)</p>
`;
  return page(css, body);
}

/** lo08: Spanish letterhead invoice: the exporter is the letterhead, with no label. */
function letterhead(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const e = spec.exporter;
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.5cm 1.8cm }\nbody { font-family: 'URW Bookman'; font-size: 8.5pt }`;
  const body = `
<p align="center"><span style="font-size:17pt;color:#5a3e1b"><b>${esc(e.name)}</b></span><br>${
    esc(e.lines.join(" · "))
  } · ${esc(e.country.printed)}<br>${esc((e.contact ?? []).join(" · "))}</p>
<hr>
<p align="center"><span style="font-size:13pt"><b>${esc(spec.title)}</b></span></p>
<table width="100%" cellspacing="0" cellpadding="4">
<tr><td width="52%" valign="top" style="${B}"><b>${esc(l.importer)}</b><br>${
    partyHtml(spec.importer, { boldName: false })
  }</td>
<td valign="top" style="${B}">${esc(l.invoiceNo)}: <b>${esc(spec.invoiceNo)}</b><br>${
    esc(l.invoiceDate)
  }: ${esc(p.date)}<br>${esc(l.currency ?? "")}: ${esc(spec.currency?.printed ?? "")}<br>${
    esc(l.incoterm ?? "")
  }: ${esc(spec.incoterm?.printed ?? "")}</td></tr>
<tr><td colspan="2" style="${B}">${esc(l.pol ?? "")}: ${esc(spec.pol?.printed ?? "")}<br>${
    esc(l.pod ?? "")
  }: ${esc(spec.pod?.printed ?? "")}</td></tr>
</table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" border="1" cellspacing="0" cellpadding="3"`,
      headerBg: "#f2e6d0",
      widths: { code: "11%", description: "39%", hs: "12%" },
      totalLabel: l.total,
    })
  }
<br>
<table width="100%" cellspacing="0" cellpadding="2">${extrasRows(spec, "")}</table>
<br><br>
<p>Paterna, ${esc(p.date)}</p>
`;
  return page(css, body);
}

/** lo09: a Japanese two-page invoice with part numbers and yen amounts. */
function long(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const ex = Object.fromEntries(spec.extras ?? []);
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.8cm 1.8cm }\nbody { font-family: 'Liberation Sans Narrow'; font-size: 10pt }`;
  const body = `
<p align="right"><span style="font-size:22pt"><b>${esc(spec.title)}</b></span></p>
<table width="100%" cellspacing="0" cellpadding="6">
<tr><td width="50%" valign="top" style="${B}"><b>${esc(l.exporter ?? "")}</b><br>${
    partyHtml(spec.exporter)
  }</td>
<td valign="top" style="${B}">${esc(l.invoiceNo)}: ${esc(spec.invoiceNo)}<br>${
    esc(l.invoiceDate)
  }: ${esc(p.date)}<br>${esc(l.currency ?? "")}: ${esc(spec.currency?.printed ?? "")}<br>${
    esc(l.incoterm ?? "")
  }: ${esc(spec.incoterm?.printed ?? "")}</td></tr>
<tr><td valign="top" style="${B}"><b>${esc(l.importer)}</b><br>${partyHtml(spec.importer)}</td>
<td valign="top" style="${B}">${esc(l.pol ?? "")}: ${esc(spec.pol?.printed ?? "")}<br>${
    esc(l.pod ?? "")
  }: ${esc(spec.pod?.printed ?? "")}<br>Vessel: ${esc(ex["Vessel"] ?? "")}<br>Packing: ${
    esc(ex["Packing"] ?? "")
  }</td></tr>
</table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" border="1" cellspacing="0" cellpadding="13"`,
      headerBg: "#e7e6e6",
      widths: { no: "5%", code: "14%", description: "33%", hs: "10%", qty: "7%", unit: "6%" },
      totalLabel: l.total,
    })
  }
<br>
<p><b>Terms and conditions</b></p>
<p>1. Payment: ${
    esc(ex["Payment"] ?? "")
  }. Bank: MUFG Bank, Ltd., Yokohama Branch, SWIFT BOTKJPJT, account 0471182.</p>
<p>2. Country of origin of all goods: ${esc(ex["Country of origin"] ?? "")}.</p>
<p>3. Warranty: twelve (12) months from the date of shipment against defects in material and workmanship. Claims must be notified in writing within thirty (30) days of arrival of the goods.</p>
<p>4. Goods remain the property of the exporter until the invoice amount has been received in full.</p>
<p>5. This invoice is issued in accordance with the purchase order SCIS-PO-7781 and the general terms of sale of the exporter dated 1 January 2026.</p>
<br>
<p>We hereby certify that this invoice is true and correct and that the goods are of Japanese origin.</p>
<br><br><br>
<p>${
    esc(spec.exporter.name)
  }<br>Export Control Department<br><br><br>_____________________________<br>Authorized signature</p>
`;
  return page(css, body);
}

/** lo11: letterhead with an "Exporter" caption, importer box on the left, Palatino-like type. */
function letterheadLabelled(spec: DocSpec): string {
  const p = printed(spec);
  const l = spec.labels;
  const css =
    `@page { size: 21cm 29.7cm; margin: 1.6cm 1.8cm }\nbody { font-family: 'P052'; font-size: 10pt }`;
  const body = `
<table width="100%" cellspacing="0" cellpadding="2"><tr>
<td width="50%" valign="top"><span style="font-size:20pt"><b>${esc(spec.title)}</b></span></td>
<td align="right" valign="top"><span style="font-size:7pt">${
    esc(l.exporter ?? "")
  }</span><br><span style="font-size:13pt"><b>${esc(spec.exporter.name)}</b></span><br>${
    [...spec.exporter.lines, spec.exporter.country.printed, ...(spec.exporter.contact ?? [])].map(
      esc,
    ).join("<br>")
  }</td></tr></table>
<br>
<table width="100%" cellspacing="0" cellpadding="4"><tr>
<td width="50%" valign="top" style="border-left:2pt solid #7f6000"><span style="font-size:7pt">${
    esc(l.importer)
  }</span><br>${partyHtml(spec.importer)}</td>
<td valign="top"><table width="100%" cellspacing="0" cellpadding="1">
<tr><td>${esc(l.invoiceNo)}</td><td align="right">${esc(spec.invoiceNo)}</td></tr>
<tr><td>${esc(l.invoiceDate)}</td><td align="right">${esc(p.date)}</td></tr>
<tr><td>${esc(l.currency ?? "")}</td><td align="right">${
    esc(spec.currency?.printed ?? "")
  }</td></tr>
<tr><td>${esc(l.incoterm ?? "")}</td><td align="right">${
    esc(spec.incoterm?.printed ?? "")
  }</td></tr>
<tr><td>${esc(l.pol ?? "")}</td><td align="right">${esc(spec.pol?.printed ?? "")}</td></tr>
<tr><td>${esc(l.pod ?? "")}</td><td align="right">${esc(spec.pod?.printed ?? "")}</td></tr>
</table></td></tr></table>
<br>
${
    itemsTable(spec, {
      attrs: `width="100%" cellspacing="0" cellpadding="4"`,
      cellStyle: "border-bottom:0.5pt solid #7f6000",
      headerStyle: "border-bottom:1.5pt solid #7f6000",
      widths: { description: "45%", hs: "14%" },
      totalLabel: l.total,
    })
  }
<br>
<table width="100%" cellspacing="0" cellpadding="2">${extrasRows(spec, "")}</table>
<br>
<p>I declare that the information on this invoice is true and correct.</p>
<br><br><p>Signed: ____________________ &#160; Name: A. Grant, Export Manager</p>
`;
  return page(css, body);
}

/** Chromium layouts: CSS grid, rounded boxes, a page break that repeats the table header. */
function modern(spec: DocSpec, variant: "modern" | "modern_long" | "modern_compact"): string {
  const p = printed(spec);
  const l = spec.labels;
  const accent = variant === "modern"
    ? "#2e7d32"
    : variant === "modern_long"
    ? "#8d2b2b"
    : "#0d47a1";
  const font = variant === "modern_compact" ? "'URW Gothic'" : "'DejaVu Sans'";
  const css = `
@page { size: A4; margin: 14mm 14mm 16mm 14mm }
* { box-sizing: border-box }
body { font-family: ${font}, sans-serif; font-size: ${
    variant === "modern_long" ? "10pt" : "9pt"
  }; color: #222; margin: 0 }
header { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid ${accent}; padding-bottom: 6px }
header h1 { font-size: 22pt; margin: 0; color: ${accent}; letter-spacing: 1px }
.meta { text-align: right; line-height: 1.5 }
.parties { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin-top: 12px }
.box { border: 1px solid #bbb; border-radius: 6px; padding: 8px 10px; line-height: 1.45 }
.cap { font-size: 7pt; text-transform: uppercase; color: ${accent}; font-weight: bold; letter-spacing: .5px }
.terms { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; margin-top: 8px }
table { width: 100%; border-collapse: collapse; margin-top: 12px }
thead { display: table-header-group }
th { background: ${accent}; color: #fff; font-size: 8pt; padding: 5px 6px; text-align: left }
td { border-bottom: 1px solid #ddd; padding: ${
    variant === "modern_long" ? "20px" : "5px"
  } 6px; vertical-align: top }
.hs { white-space: nowrap }
tr { page-break-inside: avoid }
.num { text-align: right; white-space: nowrap }
.tot td { font-weight: bold; border-top: 2px solid ${accent}; border-bottom: none }
.notes { margin-top: 14px; font-size: 8pt; line-height: 1.5 }
`;
  const th = spec.columns.map((c) =>
    `<th${NUMERIC.includes(c.key) ? ' class="num"' : ""}>${esc(c.header)}</th>`
  ).join("");
  const rows = spec.items.map((it, i) =>
    `<tr>${
      spec.columns.map((c) =>
        `<td${NUMERIC.includes(c.key) ? ' class="num"' : c.key === "hs" ? ' class="hs"' : ""}>${
          esc(cell(spec, it, i, c.key))
        }</td>`
      ).join("")
    }</tr>`
  ).join("\n");
  const amountIdx = spec.columns.findIndex((c) => c.key === "amount");
  const after = spec.columns.length - amountIdx - 1;
  const totalRow = `<tr class="tot"><td colspan="${amountIdx}" class="num">${
    esc(l.total ?? "Total")
  }</td><td class="num">${esc(p.total())}</td>${
    after > 0 ? `<td colspan="${after}"></td>` : ""
  }</tr>`;
  const term = (label: string | undefined, value: string | undefined) =>
    value === undefined
      ? ""
      : `<div class="box"><div class="cap">${esc(label ?? "")}</div>${esc(value)}</div>`;
  const party = (label: string, party: Party) =>
    `<div class="box"><div class="cap">${esc(label)}</div>${partyHtml(party)}</div>`;
  const longNotes = variant === "modern_long"
    ? `<p>Goods remain our property until paid in full. Complaints regarding visible damage must be noted on the CMR or bill of lading and reported within 7 days of delivery. Hidden defects must be reported within 30 days.</p>
<p>The exporter of the products covered by this document declares that, except where otherwise clearly indicated, these products are of Polish preferential origin.</p>
<p>Kartuzy, ${esc(p.date)} &#160;&#160;&#160; Issued by: Anna Wiśniewska, Export Department</p>`
    : "";
  const body = `
<header><div><h1>${esc(spec.title)}</h1></div>
<div class="meta"><b>${esc(l.invoiceNo)}</b> ${esc(spec.invoiceNo)}<br><b>${
    esc(l.invoiceDate)
  }</b> ${esc(p.date)}${
    spec.currency && l.currency ? `<br><b>${esc(l.currency)}</b> ${esc(spec.currency.printed)}` : ""
  }</div></header>
<div class="parties">${party(l.exporter ?? "", spec.exporter)}${
    party(l.importer, spec.importer)
  }</div>
<div class="terms">${term(l.incoterm, spec.incoterm?.printed)}${term(l.pol, spec.pol?.printed)}${
    term(l.pod, spec.pod?.printed)
  }${(spec.extras ?? []).slice(0, 1).map(([k, v]) => term(k, v)).join("")}</div>
<table><thead><tr>${th}</tr></thead><tbody>
${rows}
${totalRow}
</tbody></table>
<div class="notes">${
    (spec.extras ?? []).slice(1).map(([k, v]) => `<b>${esc(k)}:</b> ${esc(v)}`).join("<br>")
  }
${longNotes}</div>
`;
  return page(css, body);
}

export function renderHtml(spec: DocSpec): string {
  switch (spec.layout) {
    case "bilingual_boxed":
      return bilingualBoxed(spec);
    case "stacked":
      return stacked(spec);
    case "asian_caps":
      return asianCaps(spec);
    case "grid":
      return grid(spec);
    case "stacked_notify":
      return stackedNotify(spec);
    case "packing":
      return packing(spec);
    case "letterhead":
      return letterhead(spec);
    case "long":
      return long(spec);
    case "letterhead_labelled":
      return letterheadLabelled(spec);
    case "modern":
    case "modern_long":
    case "modern_compact":
      return modern(spec, spec.layout);
  }
  throw new Error(`no HTML layout ${spec.layout}`);
}
