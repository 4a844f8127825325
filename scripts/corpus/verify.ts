/**
 * Checks the committed corpus against its sources and against what the files really show:
 *
 * - every expected file equals what documents.ts derives, and scans equal their source;
 * - HS codes, HTS numbers, countries, currencies and UN/LOCODEs exist in data/reference;
 * - digital PDFs: every expected value is found in the text layer (pdftotext), numbers and
 *   dates by parsing the text independently of the renderer's formatting code; page counts;
 * - spreadsheets: every expected value is found in the cells read back with SheetJS;
 * - scans and photos: no text layer, resolution, and an OCR (tesseract) legibility score.
 *
 *   deno run -A --no-lock scripts/corpus/verify.ts [--no-ocr]
 */
import * as XLSX from "npm:xlsx@0.18.5";
import { readReferenceCsv } from "../../shared/reference/files.ts";
import { DERIVED, DOCUMENTS } from "./documents.ts";
import {
  type DocSpec,
  type Expected,
  expectedOf,
  hasColumn,
  invoiceTotal,
  lineAmount,
  roundHalfUp,
} from "./model.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const DIR = `${ROOT}tests/fixtures/extraction/`;

let failures = 0;
function fail(file: string, msg: string): void {
  failures++;
  console.log(`FAIL ${file}: ${msg}`);
}

async function run(cmd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) throw new Error(`${cmd} failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

function iso(y: number, m: number, d: number): string | undefined {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) {
    return undefined;
  }
  return dt.toISOString().slice(0, 10);
}

function month(name: string): number {
  const n = name.toLowerCase().replace(".", "");
  return MONTHS.findIndex((m) => m === n || m.slice(0, 3) === n) + 1;
}

/** Every date the text could be read as; slash dates give both readings when both are valid. */
export function datesIn(text: string): { dates: Set<string>; ambiguous: string[] } {
  const dates = new Set<string>();
  const ambiguous: string[] = [];
  const add = (v: string | undefined) => v && dates.add(v);
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) add(iso(+m[1]!, +m[2]!, +m[3]!));
  for (const m of text.matchAll(/\b(\d{2})\.(\d{2})\.(\d{4})\b/g)) add(iso(+m[3]!, +m[2]!, +m[1]!));
  for (const m of text.matchAll(/\b(\d{4})\/(\d{2})\/(\d{2})\b/g)) add(iso(+m[1]!, +m[2]!, +m[3]!));
  for (const m of text.matchAll(/\b(\d{2})\/(\d{2})\/(\d{4})\b/g)) {
    const dm = iso(+m[3]!, +m[2]!, +m[1]!);
    const md = iso(+m[3]!, +m[1]!, +m[2]!);
    add(dm);
    add(md);
    if (dm && md && dm !== md) ambiguous.push(m[0]);
  }
  const mon = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
  for (
    const m of text.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? ${mon} (\\d{4})`, "gi"))
  ) {
    add(iso(+m[3]!, month(m[2]!), +m[1]!));
  }
  for (const m of text.matchAll(new RegExp(`\\b${mon} (\\d{1,2}), (\\d{4})`, "gi"))) {
    add(iso(+m[3]!, month(m[1]!), +m[2]!));
  }
  for (const m of text.matchAll(new RegExp(`\\b(\\d{2})-${mon}-(\\d{4})`, "gi"))) {
    add(iso(+m[3]!, month(m[2]!), +m[1]!));
  }
  return { dates, ambiguous };
}

/** Every number the text shows, read with the document's separators. */
export function numbersIn(text: string, style: DocSpec["num"]): Set<number> {
  const re = style === "en"
    ? /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g
    : style === "de"
    ? /\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?/g
    : /\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?|\d+(?:,\d+)?/g;
  const out = new Set<number>();
  for (const m of text.matchAll(re)) {
    const s = style === "en"
      ? m[0].replace(/,/g, "")
      : m[0].replace(/[.\s\u00a0\u202f]/g, "").replace(",", ".");
    out.add(Number(s));
  }
  return out;
}

const squash = (s: string) => s.normalize("NFC").replace(/[\s\u00a0\u202f]+/g, "").toLowerCase();

interface Reference {
  hs6: Set<string>;
  hts10: Set<string>;
  countries: Set<string>;
  currencies: Set<string>;
  locodes: Map<string, { country: string; fn: string }>;
}

function reference(): Reference {
  const hs = readReferenceCsv("hs_codes.csv.gz");
  const hts = readReferenceCsv("tariff_us.csv.gz");
  const loc = readReferenceCsv("unlocode.csv.gz");
  return {
    hs6: new Set(hs.filter((r) => r.level === "6").map((r) => r.code!)),
    hts10: new Set(hts.filter((r) => r.level === "10").map((r) => r.code!)),
    countries: new Set(readReferenceCsv("countries.csv.gz").map((r) => r.code!)),
    currencies: new Set(readReferenceCsv("currencies.csv.gz").map((r) => r.code!)),
    locodes: new Map(loc.map((r) => [r.locode!, { country: r.country!, fn: r.function! }])),
  };
}

/** Checks of the labels themselves against the reference data and arithmetic. */
function checkLabels(file: string, spec: DocSpec, e: Expected, ref: Reference): void {
  for (const [role, p] of [["exporter", e.exporter], ["importer", e.importer]] as const) {
    if (!p?.country || !ref.countries.has(p.country)) fail(file, `${role} country ${p?.country}`);
  }
  if (e.goods.currency && !ref.currencies.has(e.goods.currency)) {
    fail(file, `currency ${e.goods.currency}`);
  }
  const hsHeader = spec.columns.find((c) => c.key === "hs")?.header ?? "";
  for (const li of e.goods.line_items) {
    if (!li.hs_code) continue;
    if (!ref.hs6.has(li.hs_code.slice(0, 6))) fail(file, `HS ${li.hs_code} not in HS 2022`);
    if (/HTS/i.test(hsHeader) && !ref.hts10.has(li.hs_code)) {
      fail(file, `HTS ${li.hs_code} not in the US tariff`);
    }
    if (![6, 8, 10].includes(li.hs_code.length)) fail(file, `HS ${li.hs_code} length`);
  }
  const ports = [
    ["port_of_loading", spec.pol, e.exporter?.country],
    ["port_of_discharge", spec.pod, e.importer?.country],
  ] as const;
  for (const [name, port, country] of ports) {
    if (!port?.locode) continue;
    const l = ref.locodes.get(port.locode);
    if (!l) fail(file, `${name} ${port.locode} not a UN/LOCODE`);
    else {
      if (!l.fn.startsWith("1")) fail(file, `${name} ${port.locode} is not a seaport (${l.fn})`);
      if (l.country !== country) fail(file, `${name} ${port.locode} not in ${country}`);
    }
    if (!squash(port.printed).includes(squash(port.locode))) {
      fail(file, `${name}: ${port.printed} does not show ${port.locode}`);
    }
  }
  if (e.goods.total_value !== undefined) {
    const d = spec.decimals ?? 2;
    const sum = roundHalfUp(spec.items.reduce((a, it) => a + lineAmount(it, d), 0), d);
    const total = invoiceTotal(spec);
    if (total !== e.goods.total_value) fail(file, `total ${e.goods.total_value} != ${total}`);
    const naive = spec.items.reduce((a, it) => a + it.qty * (it.price ?? 0), 0);
    if (Math.abs(naive - sum) > 0.01 * spec.items.length) fail(file, "line rounding drifts");
  }
  if (e.invoice?.date && !/^\d{4}-\d{2}-\d{2}$/.test(e.invoice.date)) fail(file, "date form");
}

/**
 * The strings a reader must find: the expected file's names, invoice number and descriptions,
 * and the spec's address lines, country lines, currency, incoterm and port as printed (the
 * expected address must be those lines joined).
 */
function printedStrings(file: string, spec: DocSpec, e: Expected): string[] {
  for (const [p, x] of [[spec.exporter, e.exporter], [spec.importer, e.importer]] as const) {
    if (x?.address !== p.lines.join(", ")) fail(file, `address of ${p.name} is not its lines`);
  }
  return [
    e.exporter?.name ?? "",
    ...spec.exporter.lines,
    spec.exporter.country.printed,
    e.importer?.name ?? "",
    ...spec.importer.lines,
    spec.importer.country.printed,
    e.invoice?.number ?? "",
    ...(spec.currency ? [spec.currency.printed] : []),
    ...(spec.incoterm ? [spec.incoterm.printed] : []),
    ...(spec.pol ? [spec.pol.printed] : []),
    ...(spec.pod ? [spec.pod.printed] : []),
    ...e.goods.line_items.map((li) => li.description ?? ""),
    ...spec.items.flatMap((it) => hasColumn(spec, "hs") && it.hs ? [it.hs] : []),
  ];
}

/** Expected HS codes must appear as printed digits (separators in the text ignored). */
function checkHs(file: string, e: Expected, texts: string[]): void {
  const digits = texts.map((t) => t.replace(/[.\s\u00a0]/g, ""));
  for (const li of e.goods.line_items) {
    if (li.hs_code && !digits.some((t) => t.includes(li.hs_code!))) {
      fail(file, `HS ${li.hs_code} not printed`);
    }
  }
}

function numbersOf(e: Expected): number[] {
  return [
    ...(e.goods.total_value !== undefined ? [e.goods.total_value] : []),
    ...e.goods.line_items.flatMap((li) => [
      ...(li.quantity !== undefined ? [li.quantity] : []),
      ...(li.unit_price !== undefined ? [li.unit_price] : []),
    ]),
  ];
}

function checkText(file: string, spec: DocSpec, e: Expected, texts: string[]): void {
  const flat = texts.map(squash);
  checkHs(file, e, texts);
  for (const s of printedStrings(file, spec, e)) {
    if (!flat.some((t) => t.includes(squash(s)))) fail(file, `not found in text: "${s}"`);
  }
  const all = texts.join("\n");
  const nums = numbersIn(all, spec.num);
  for (const n of numbersOf(e)) if (!nums.has(n)) fail(file, `number ${n} not printed`);
  const { dates, ambiguous } = datesIn(all);
  if (!dates.has(e.invoice!.date!)) fail(file, `date ${e.invoice!.date} not printed`);
  if (ambiguous.length > 0) fail(file, `ambiguous dates ${ambiguous.join(", ")}`);
  if (e.terms?.incoterm && !new RegExp(`\\b${e.terms.incoterm}\\b`).test(all)) {
    fail(file, `incoterm ${e.terms.incoterm} not printed`);
  }
}

async function checkPdf(file: string, spec: DocSpec, e: Expected): Promise<void> {
  const path = `${DIR}${file}`;
  const layout = await run("pdftotext", ["-layout", path, "-"]);
  const raw = await run("pdftotext", ["-raw", path, "-"]);
  checkText(file, spec, e, [layout, raw]);
  const pages = Number(/Pages:\s+(\d+)/.exec(await run("pdfinfo", [path]))?.[1]);
  if (pages !== (spec.pages ?? 1)) fail(file, `${pages} pages, want ${spec.pages ?? 1}`);
}

function sheetTexts(path: string): { texts: string[]; numbers: number[]; dates: string[] } {
  const wb = XLSX.read(Deno.readFileSync(path), { cellNF: true });
  const texts: string[] = [];
  const numbers: number[] = [];
  const dates: string[] = [];
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name]!;
    for (const [addr, c] of Object.entries(ws)) {
      if (addr.startsWith("!")) continue;
      const cell = c as XLSX.CellObject;
      if (cell.t === "n" && typeof cell.v === "number") {
        const fmt = String(cell.z ?? "");
        if (/[dy]/i.test(fmt) && !/#/.test(fmt)) {
          const d = new Date(Date.UTC(1899, 11, 30) + Math.round(cell.v) * 86_400_000);
          dates.push(d.toISOString().slice(0, 10));
        } else numbers.push(cell.v);
      } else if (cell.t === "s") texts.push(String(cell.v));
    }
  }
  return { texts, numbers, dates };
}

function checkSheet(file: string, spec: DocSpec, e: Expected): void {
  const { texts, numbers, dates } = sheetTexts(`${DIR}${file}`);
  const joined = texts.join("\n");
  const flat = squash(joined);
  checkHs(file, e, [joined]);
  for (const s of printedStrings(file, spec, e)) {
    if (!flat.includes(squash(s))) fail(file, `not found in cells: "${s}"`);
  }
  const nums = new Set([...numbers.map((n) => roundHalfUp(n, 6)), ...numbersIn(joined, spec.num)]);
  for (const n of numbersOf(e)) if (!nums.has(n)) fail(file, `number ${n} not in cells`);
  const textDates = datesIn(joined);
  if (!dates.includes(e.invoice!.date!) && !textDates.dates.has(e.invoice!.date!)) {
    fail(file, `date ${e.invoice!.date} not in cells`);
  }
  if (textDates.ambiguous.length > 0) fail(file, `ambiguous ${textDates.ambiguous.join(", ")}`);
}

/** Share of the expected strings and numbers OCR finds (whitespace and case ignored). */
function legibility(spec: DocSpec, e: Expected, ocr: string): number {
  const flat = squash(ocr);
  const strings = printedStrings("", spec, e);
  const found = strings.filter((s) => flat.includes(squash(s))).length;
  const nums = numbersIn(ocr, spec.num);
  const numbers = numbersOf(e);
  const foundNums = numbers.filter((n) => nums.has(n)).length;
  return (found + foundNums) / (strings.length + numbers.length);
}

async function ocr(path: string, dpi: number): Promise<string> {
  if (path.endsWith(".pdf")) {
    const tmp = await Deno.makeTempDir({ prefix: "corpus_ocr_" });
    await run("pdftoppm", ["-r", String(dpi), "-gray", "-png", path, `${tmp}/p`]);
    const pages = [...Deno.readDirSync(tmp)].map((f) => `${tmp}/${f.name}`).sort();
    let text = "";
    for (const p of pages) text += await run("tesseract", [p, "-", "--dpi", String(dpi)]);
    await Deno.remove(tmp, { recursive: true });
    return text;
  }
  return await run("tesseract", [path, "-", "--dpi", String(dpi)]);
}

async function checkImage(
  file: string,
  spec: DocSpec,
  e: Expected,
  format: string,
  withOcr: boolean,
): Promise<string> {
  const path = `${DIR}${file}`;
  const dpi = format === "scan_200_noisy" ? 200 : 300;
  if (file.endsWith(".pdf")) {
    const text = (await run("pdftotext", [path, "-"])).trim();
    if (text.length > 0) fail(file, "image-only PDF has a text layer");
    const fonts = await run("pdffonts", [path]);
    if (fonts.trim().split("\n").length > 2) fail(file, "image-only PDF has fonts");
  } else {
    const id = await run("identify", ["-format", "%x %y %U|", path]);
    const [x = "0", , unit = ""] = id.split("|")[0]!.split(" ");
    const found = Math.round(Number(x) * (unit === "PixelsPerCentimeter" ? 2.54 : 1));
    if (format !== "photo_jpeg" && found !== dpi) fail(file, `resolution ${id}`);
    if (format === "tiff" && id.split("|").filter(Boolean).length !== (spec.pages ?? 1)) {
      fail(file, "multi-page TIFF page count");
    }
  }
  if (!withOcr) return "";
  const score = legibility(spec, e, await ocr(path, dpi));
  return `${(score * 100).toFixed(0)}%`;
}

async function main(): Promise<void> {
  const withOcr = !Deno.args.includes("--no-ocr");
  const ref = reference();
  const manifest = JSON.parse(await Deno.readTextFile(`${DIR}manifest.json`)) as {
    file: string;
    format: string;
  }[];
  const files = new Set([...Deno.readDirSync(DIR)].map((f) => f.name));
  const listed = new Set<string>();
  for (const m of manifest) {
    const base = m.file.replace(/\.[a-z]+$/, "");
    listed.add(m.file).add(`${base}.expected.json`);
    const derived = DERIVED.find((d) => d.file === base);
    const spec = DOCUMENTS.find((s) => s.id === (derived?.source ?? base));
    if (!spec) {
      fail(m.file, "no source spec");
      continue;
    }
    if (!files.has(m.file)) {
      fail(m.file, "missing file");
      continue;
    }
    const e = JSON.parse(await Deno.readTextFile(`${DIR}${base}.expected.json`)) as Expected;
    if (JSON.stringify(e) !== JSON.stringify(expectedOf(spec))) fail(m.file, "expected file stale");
    checkLabels(m.file, spec, e, ref);
    let score = "";
    if (m.format === "digital_pdf") await checkPdf(m.file, spec, e);
    else if (m.format === "xlsx" || m.format === "xls") checkSheet(m.file, spec, e);
    else score = await checkImage(m.file, spec, e, m.format, withOcr);
    const size = (await Deno.stat(`${DIR}${m.file}`)).size;
    console.log(
      `${m.file.padEnd(40)} ${m.format.padEnd(15)} ${(size / 1024).toFixed(0).padStart(6)} KiB` +
        (score ? `  OCR legibility ${score}` : ""),
    );
  }
  for (const f of files) {
    if (!listed.has(f) && f !== "manifest.json" && f !== "README.md") fail(f, "not in manifest");
  }
  console.log(failures === 0 ? "corpus OK" : `${failures} failure(s)`);
  if (failures > 0) Deno.exit(1);
}

if (import.meta.main) await main();
