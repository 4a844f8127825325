/**
 * Builds the generated extraction corpus into tests/fixtures/extraction/generated/ (see
 * docs/extraction-corpus.md): a seeded layout generator (gen/spec.ts) draws each source
 * document, which is printed by Chromium or LibreOffice Writer (HTML), LibreOffice Calc (PDF,
 * XLS, XLSX), SheetJS or exceljs, and some PDFs are rasterised into scans and photos
 * (gen/scan.ts). Every document is assigned once to the "tune" or the "heldout" split by a hash
 * of its source id, so a scan always falls in the split of the PDF it was made from.
 *
 *   nice deno run -A --no-lock scripts/corpus/make_generated.ts [--only g001,g002]
 *
 * `--dev 80 --out /some/dir [--from 101]` writes instead a development batch outside the corpus:
 * digital PDFs d001… (or from d101…) drawn like g251 onwards but from seeds of their own, so that
 * a change tuned on the tune split can be judged on documents nobody tuned on
 * (`score_tune.ts --dir /some/dir`).
 */
import { readReferenceCsv } from "../../shared/reference/files.ts";
import { expectedOfGen, type GenSpec, makeSpec, partyLines } from "./gen/spec.ts";
import { renderGenHtml } from "./gen/html.ts";
import { moreVariety } from "./gen/vary.ts";
import { renderGenGrid, sheetStyle } from "./gen/sheet.ts";
import { type ScanFormat, scanPages, scanPlan } from "./gen/scan.ts";
import { fnv1a, Rng } from "./gen/rng.ts";
import { COUNTRIES, CURRENCY_FORMS, GOODS } from "./gen/pools.ts";
import { writeExcelJs, writeSheetJs } from "./sheets.ts";
import { chromiumPdf, run, soffice } from "./tools.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const OUT = `${ROOT}tests/fixtures/extraction/generated/`;

type Tool =
  | "chromium"
  | "lo_writer_html"
  | "lo_calc_pdf"
  | "sheetjs_xlsx"
  | "exceljs_xlsx"
  | "sheetjs_xls"
  | "lo_calc_xls"
  | "lo_calc_xlsx";

/** How many source documents each producer makes, in id order. */
const SOURCES: [Tool, number][] = [
  ["chromium", 90],
  ["lo_writer_html", 60],
  ["lo_calc_pdf", 20],
  ["sheetjs_xlsx", 22],
  ["exceljs_xlsx", 22],
  ["sheetjs_xls", 14],
  ["lo_calc_xls", 14],
  ["lo_calc_xlsx", 8],
  // g251 onwards: the same producers with gen/vary.ts's further variety, text layers only.
  ["chromium", 80],
  ["lo_writer_html", 50],
  ["lo_calc_pdf", 10],
  ["sheetjs_xlsx", 6],
  ["exceljs_xlsx", 6],
  ["sheetjs_xls", 4],
  ["lo_calc_xls", 4],
];

/** Sources after this one get gen/vary.ts's variety (drawn from a seed of their own). */
const FIRST_PASS = 250;

/** The development batch's producers, as shares of its size: digital PDFs only. */
const DEV_SOURCES: [Tool, number][] = [
  ["chromium", 0.55],
  ["lo_writer_html", 0.35],
  ["lo_calc_pdf", 0.1],
];

/** How many PDFs become each kind of image; each from a different PDF. */
const SCANS: [ScanFormat, number][] = [
  ["scan_300", 40],
  ["scan_200_noisy", 35],
  ["image_pdf", 25],
  ["photo_jpeg", 20],
  ["tiff", 20],
];

export interface GeneratedEntry {
  file: string;
  format: string;
  tool: string;
  /** "dev": a development batch written outside the corpus with --dev. */
  split: "tune" | "heldout" | "dev";
  source: string;
  lang: string;
  notes: string;
}

export function splitOf(sourceId: string): "tune" | "heldout" {
  return fnv1a(`split:${sourceId}`) % 2 === 0 ? "tune" : "heldout";
}

/** Every HS code, port and currency the pools use exists in data/reference. */
function checkPools(): void {
  const hs = new Set(readReferenceCsv("hs_codes.csv.gz").map((r) => r.code));
  for (const g of GOODS) if (!hs.has(g.hs6)) throw new Error(`HS ${g.hs6} is not a subheading`);
  const ports = new Map(readReferenceCsv("unlocode.csv.gz").map((r) => [r.locode, r]));
  for (const c of COUNTRIES) {
    for (const p of c.ports) {
      const row = ports.get(p.locode);
      if (!row || row.country !== c.code || !row.function?.startsWith("1")) {
        throw new Error(`${p.locode} is not a seaport of ${c.code}`);
      }
    }
  }
  const currencies = new Set(readReferenceCsv("currencies.csv.gz").map((r) => r.code));
  for (const code of Object.keys(CURRENCY_FORMS)) {
    if (!currencies.has(code)) throw new Error(`${code} is not an ISO 4217 code`);
  }
}

interface Source {
  id: string;
  tool: Tool;
  spec: GenSpec;
  scan?: ScanFormat;
}

export function plan(): Source[] {
  const sources: Source[] = [];
  let n = 1;
  const scans = SCANS.flatMap(([f, count]) => Array<ScanFormat>(count).fill(f));
  for (const [tool, count] of SOURCES) {
    for (let i = 0; i < count; i++, n++) {
      const rng = new Rng(fnv1a(`doc:${n}`));
      const pdf = tool === "chromium" || tool === "lo_writer_html" || tool === "lo_calc_pdf";
      // PDFs are scanned in turn until every scan is assigned.
      const scan = pdf ? scans.shift() : undefined;
      const spec = makeSpec(`g${String(n).padStart(3, "0")}`, rng, { maxItems: scan ? 8 : 12 });
      if (n > FIRST_PASS) moreVariety(spec, new Rng(fnv1a(`more:${n}`)));
      spec.id = `${spec.id}_${spec.lang}_${tool}`;
      sources.push({ id: spec.id, tool, spec, ...(scan ? { scan } : {}) });
    }
  }
  if (sources.filter((s) => s.scan).length !== SCANS.reduce((a, [, c]) => a + c, 0)) {
    throw new Error("fewer PDFs than scans");
  }
  return sources;
}

/**
 * `size` development sources from d`first` on, with gen/vary.ts's variety, seeded apart from
 * the corpus (a second batch from d101 is fresh again after tuning on the first).
 */
export function devPlan(size: number, first = 1): Source[] {
  const sources: Source[] = [];
  let n = first;
  for (const [i, [tool, share]] of DEV_SOURCES.entries()) {
    const count = i === DEV_SOURCES.length - 1 ? first + size - n : Math.round(size * share);
    for (let k = 0; k < count; k++, n++) {
      const spec = makeSpec(`d${String(n).padStart(3, "0")}`, new Rng(fnv1a(`dev:${n}`)), {
        maxItems: 12,
      });
      moreVariety(spec, new Rng(fnv1a(`dev-more:${n}`)));
      spec.id = `${spec.id}_${spec.lang}_${tool}`;
      sources.push({ id: spec.id, tool, spec });
    }
  }
  return sources;
}

function extOf(tool: Tool): string {
  return tool === "sheetjs_xls" || tool === "lo_calc_xls"
    ? "xls"
    : tool.endsWith("xlsx")
    ? "xlsx"
    : "pdf";
}

function formatOf(tool: Tool): string {
  const ext = extOf(tool);
  return ext === "pdf" ? "digital_pdf" : ext;
}

async function buildSources(sources: Source[], build: string, outDir: string): Promise<void> {
  const writer: string[] = [];
  const calcPdf: string[] = [];
  const calcXls: string[] = [];
  const calcXlsx: string[] = [];
  for (const s of sources) {
    const target = `${outDir}${s.id}.${extOf(s.tool)}`;
    const base = `${build}/${s.id}`;
    const rng = new Rng(fnv1a(`sheet:${s.id}`));
    switch (s.tool) {
      case "chromium": {
        // A rebuild into the same CORPUS_BUILD skips pages whose HTML did not change.
        const html = renderGenHtml(s.spec);
        const before = await Deno.readTextFile(`${base}.html`).catch(() => "");
        if (html === before && await exists(target)) break;
        await Deno.writeTextFile(`${base}.html`, html);
        await chromiumPdf(build, `${base}.html`, target);
        break;
      }
      case "lo_writer_html":
        await Deno.writeTextFile(`${base}.html`, renderGenHtml(s.spec));
        writer.push(`${base}.html`);
        break;
      case "lo_calc_pdf":
      case "lo_calc_xls":
      case "lo_calc_xlsx": {
        const grid = renderGenGrid(s.spec, sheetStyle(s.spec, rng), s.tool === "lo_calc_pdf");
        await Deno.writeFile(`${base}.xlsx`, await writeExcelJs([grid], s.tool === "lo_calc_pdf"));
        (s.tool === "lo_calc_pdf" ? calcPdf : s.tool === "lo_calc_xls" ? calcXls : calcXlsx)
          .push(`${base}.xlsx`);
        break;
      }
      case "sheetjs_xlsx":
      case "sheetjs_xls":
        await Deno.writeFile(
          target,
          writeSheetJs([renderGenGrid(s.spec, sheetStyle(s.spec, rng))], extOf(s.tool) as "xls"),
        );
        break;
      case "exceljs_xlsx":
        await Deno.writeFile(
          target,
          await writeExcelJs([renderGenGrid(s.spec, sheetStyle(s.spec, rng))], false),
        );
        break;
    }
  }
  const out = `${build}/out`;
  if (writer.length > 0) {
    await soffice(build, [
      "--infilter=HTML (StarWriter)",
      "--convert-to",
      "pdf:writer_pdf_Export",
      "--outdir",
      out,
      ...writer,
    ]);
  }
  if (calcPdf.length > 0) {
    await soffice(build, ["--convert-to", "pdf:calc_pdf_Export", "--outdir", out, ...calcPdf]);
  }
  if (calcXls.length > 0) {
    await soffice(build, ["--convert-to", "xls:MS Excel 97", "--outdir", out, ...calcXls]);
  }
  if (calcXlsx.length > 0) {
    // Into a folder of its own: the exceljs inputs carry the same names.
    await soffice(build, [
      "--convert-to",
      "xlsx:Calc MS Excel 2007 XML",
      "--outdir",
      `${out}/xlsx`,
      ...calcXlsx,
    ]);
  }
  for (const s of sources) {
    const ext = extOf(s.tool);
    if (s.tool === "lo_writer_html" || s.tool === "lo_calc_pdf" || s.tool === "lo_calc_xls") {
      await Deno.copyFile(`${out}/${s.id}.${ext}`, `${outDir}${s.id}.${ext}`);
    } else if (s.tool === "lo_calc_xlsx") {
      await Deno.copyFile(`${out}/xlsx/${s.id}.xlsx`, `${outDir}${s.id}.xlsx`);
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/**
 * The text layer of every digital PDF shows its invoice number, every party's name, address
 * lines and country, and every description, in content order (`pdftotext -raw`), spaces aside:
 * a name wrapped over two lines of a narrow cell still reads as one. (The parties' lines are
 * checked since a Calc PDF printed only the first lines of a party block held in one cell.)
 */
async function checkPdf(s: Source, outDir: string): Promise<number> {
  const file = `${outDir}${s.id}.pdf`;
  const text = (await run("pdftotext", ["-raw", file, "-"])).replace(/\s+/g, "");
  const parties = [s.spec.exporter, s.spec.importer, ...(s.spec.notify ? [s.spec.notify] : [])];
  const wanted = [
    s.spec.invoiceNo,
    ...parties.flatMap((p) => [p.name, ...partyLines(p, s.spec.countryInline)]),
    ...s.spec.items.map((i) => i.description),
  ];
  for (const want of wanted) {
    if (!text.includes(want.replace(/\s+/g, ""))) {
      throw new Error(`${s.id}.pdf does not show "${want}"`);
    }
  }
  const info = await run("pdfinfo", [file]);
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? "0");
}

async function buildScan(s: Source, build: string): Promise<GeneratedEntry> {
  const rng = new Rng(fnv1a(`scan:${s.id}`));
  const p = scanPlan(s.scan!, rng);
  const outs = await scanPages(`${OUT}${s.id}.pdf`, build, `${s.id}_${p.format}`, p, rng);
  const ext = p.format === "image_pdf" ? "pdf" : p.pageExt;
  const name = `${s.id}_${p.format}`;
  const target = `${OUT}${name}.${ext}`;
  if (ext === "pdf") await run("img2pdf", ["--pagesize", "A4", "-o", target, ...outs]);
  else if (outs.length > 1) await run("convert", [...outs, "-compress", "Group4", target]);
  else await Deno.copyFile(outs[0]!, target);
  await writeJson(`${OUT}${name}.expected.json`, expectedOfGen(s.spec));
  const notes = [...new Set(p.notes)];
  return {
    file: `${name}.${ext}`,
    format: p.format,
    tool: `pdftoppm -r ${p.dpi} -gray + ImageMagick 6${ext === "pdf" ? " + img2pdf" : ""}`,
    split: splitOf(s.id),
    source: s.id,
    lang: s.spec.lang,
    notes: [`${p.pageExt}`, `skew ${p.skew}°`, ...notes, `${outs.length} page(s)`].join("; "),
  };
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.writeTextFile(path, JSON.stringify(value, null, 2) + "\n");
}

function describe(s: GenSpec): string {
  const parts = [
    s.kind,
    `${s.items.length} item(s)`,
    `parties ${s.partyLayout}`,
    `labels ${s.labelPlace}${s.bilingual ? ", bilingual" : ""}`,
    `numbers ${s.num}`,
    `date "${s.datePrinted}"`,
    `columns: ${s.columns.map((c) => c.header).join(" | ")}`,
    `ruling ${s.ruling}`,
  ];
  if (s.mergedHeader) parts.push("merged price header");
  if (s.unitInQty) parts.push("units in quantity cells");
  if (s.countryInline) parts.push("country on the last address line");
  if (s.tableIndent > 0) parts.push(`table indented ${s.tableIndent} %`);
  if (s.charges.length > 0) parts.push(`charges: ${s.charges.map((c) => c.kind).join(", ")}`);
  if (s.items.some((i) => i.note)) parts.push("notes under descriptions");
  if (s.notify) parts.push("notify party");
  const m = s.more;
  if (m) {
    if (m.partyHeaderRow) parts.push("party labels in a header row");
    if (m.partySub) parts.push("sub-labelled party blocks");
    if (m.metaStrip) parts.push("meta labels in a row above their values");
    if (m.totalsInTable) parts.push("totals inside the table");
    if (m.sectionRow) parts.push("heading row among the items");
    if (m.zeroTax) parts.push("zero VAT line");
    if (m.cellCurrency) parts.push("currency in money cells");
    if (m.parenDiscount && s.charges.some((c) => c.kind === "discount")) {
      parts.push("discount in parentheses");
    }
    if (m.narrowDescription) parts.push("narrow description column");
  }
  return parts.join("; ");
}

/**
 * The committed manifest with the entries of the rebuilt sources replaced: sources in id order,
 * then their scans, as a full build writes it.
 */
async function mergedManifest(rebuilt: GeneratedEntry[]): Promise<GeneratedEntry[]> {
  const old = JSON.parse(await Deno.readTextFile(`${OUT}manifest.json`)) as GeneratedEntry[];
  const files = new Set(rebuilt.map((e) => e.file));
  const isScan = (e: GeneratedEntry) => e.file !== `${e.source}.${e.file.split(".").pop()}`;
  return [...old.filter((e) => !files.has(e.file)), ...rebuilt].sort((x, y) =>
    Number(isScan(x)) - Number(isScan(y)) || x.source.localeCompare(y.source)
  );
}

function arg(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

async function main(): Promise<void> {
  checkPools();
  const only = arg("--only") ? new Set(arg("--only")!.split(",")) : undefined;
  const dev = arg("--dev") ? Number(arg("--dev")) : undefined;
  if (dev !== undefined && !arg("--out")) throw new Error("--dev needs --out <folder>");
  const outDir = dev === undefined ? OUT : `${arg("--out")!.replace(/\/$/, "")}/`;
  const build = Deno.env.get("CORPUS_BUILD") ?? await Deno.makeTempDir({ prefix: "gencorpus_" });
  await Deno.mkdir(`${build}/out/xlsx`, { recursive: true });
  await Deno.mkdir(outDir, { recursive: true });
  const all = dev === undefined ? plan() : devPlan(dev, Number(arg("--from") ?? 1));
  const chosen = all.filter((s) => !only || only.has(s.id.slice(0, 4)));
  console.log(`building ${chosen.length} source documents in ${build}`);
  await buildSources(chosen, build, outDir);
  const manifest: GeneratedEntry[] = [];
  for (const s of chosen) {
    const ext = extOf(s.tool);
    await writeJson(`${outDir}${s.id}.expected.json`, expectedOfGen(s.spec));
    const pages = ext === "pdf" ? await checkPdf(s, outDir) : 0;
    manifest.push({
      file: `${s.id}.${ext}`,
      format: formatOf(s.tool),
      tool: s.tool,
      split: dev === undefined ? splitOf(s.id) : "dev",
      source: s.id,
      lang: s.spec.lang,
      notes: describe(s.spec) + (pages > 1 ? `; ${pages} pages` : ""),
    });
  }
  for (const s of chosen.filter((s) => s.scan)) {
    console.log(`scanning ${s.id} as ${s.scan}`);
    manifest.push(await buildScan(s, build));
  }
  await writeJson(
    `${outDir}manifest.json`,
    only && dev === undefined ? await mergedManifest(manifest) : manifest,
  );
  const bySplit = Object.groupBy(manifest, (e) => e.split);
  console.log(
    `wrote ${manifest.length} documents (tune ${bySplit.tune?.length ?? 0}, heldout ${
      bySplit.heldout?.length ?? 0
    }, dev ${bySplit.dev?.length ?? 0}) to ${outDir}`,
  );
}

if (import.meta.main) await main();
