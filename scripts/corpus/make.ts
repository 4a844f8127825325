/**
 * Builds the labelled extraction corpus into tests/fixtures/extraction/ (see README.md here):
 * digital PDFs from LibreOffice and Chromium, XLSX/XLS from SheetJS, exceljs and LibreOffice
 * Calc, scans and photos rasterised from some of the PDFs, one expected-values file per document
 * and manifest.json.
 *
 *   deno run -A --no-lock scripts/corpus/make.ts [--only id,id]
 */
import { DERIVED, type Derived, DOCUMENTS } from "./documents.ts";
import { type DocSpec, expectedOf, formatDate } from "./model.ts";
import { renderHtml } from "./html.ts";
import { renderGrids, writeExcelJs, writeSheetJs } from "./sheets.ts";
import { imageStages } from "./scan.ts";
import { chromiumPdf, run, soffice } from "./tools.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const OUT = `${ROOT}tests/fixtures/extraction/`;

interface ManifestEntry {
  file: string;
  format: "digital_pdf" | "xlsx" | "xls" | "scan_300" | "scan_200_noisy" | "photo_jpeg" | "tiff";
  tool: string;
  notes: string;
}

async function versions() {
  const lo = (await run("soffice", ["--version"])).trim().split(" ").slice(0, 2).join(" ");
  const chromium = (await run("chromium", ["--version"])).trim().split(" ").slice(0, 2).join(" ");
  const im = (await run("convert", ["-version"])).split("\n")[0]!.split(" ").slice(1, 3).join(" ");
  const poppler = (await new Deno.Command("pdftoppm", { args: ["-v"], stderr: "piped" }).output())
    .stderr;
  const pop = new TextDecoder().decode(poppler).split("\n")[0]!.trim();
  return { lo, chromium, im, pop };
}

function toolName(spec: DocSpec, v: Awaited<ReturnType<typeof versions>>): string {
  switch (spec.tool) {
    case "lo_writer_html":
      return `${v.lo} Writer (HTML import) → PDF export`;
    case "lo_calc_xlsx":
      return `exceljs 4.4.0 workbook → ${v.lo} Calc → PDF export`;
    case "chromium":
      return `${v.chromium} headless --print-to-pdf (HTML + CSS)`;
    case "sheetjs_xlsx":
      return "SheetJS xlsx 0.18.5 (XLSX writer)";
    case "exceljs_xlsx":
      return "exceljs 4.4.0 (styles, merged cells, formulas with cached results)";
    case "sheetjs_xls":
      return "SheetJS xlsx 0.18.5 (BIFF8 .xls writer)";
    case "lo_calc_xls":
      return `exceljs 4.4.0 workbook → ${v.lo} Calc → MS Excel 97 (.xls)`;
  }
}

function formatOf(spec: DocSpec): ManifestEntry["format"] {
  if (spec.tool === "sheetjs_xlsx" || spec.tool === "exceljs_xlsx") return "xlsx";
  if (spec.tool === "sheetjs_xls" || spec.tool === "lo_calc_xls") return "xls";
  return "digital_pdf";
}

function extOf(spec: DocSpec): string {
  const f = formatOf(spec);
  return f === "digital_pdf" ? "pdf" : f;
}

function notesOf(spec: DocSpec): string {
  const ports = !spec.pol && !spec.pod
    ? "no ports printed"
    : spec.pol?.locode || spec.pod?.locode
    ? "ports as UN/LOCODE (printed with the name)"
    : "ports as printed names (no UN/LOCODE printed)";
  const exporterLabel = spec.labels.exporter
    ? `exporter label "${spec.labels.exporter}"`
    : "exporter is the letterhead (no label)";
  const nums = {
    en: "1,234.56",
    de: "1.234,56",
    fr: "1 234,56 (no-break space)",
    ch: "1'234.56",
    plain: "1234.56",
  }[spec.num];
  const kind = spec.kind === "packing_list"
    ? "packing list (no prices, no total value)"
    : spec.kind;
  const parts = [
    kind,
    `${spec.items.length} line item${spec.items.length > 1 ? "s" : ""}`,
    `${spec.pages ?? 1} page${(spec.pages ?? 1) > 1 ? "s" : ""}`,
    exporterLabel,
    `importer label "${spec.labels.importer}"`,
    `numbers ${nums}`,
    `date printed "${formatDate(spec.invoiceDate, spec.date)}"`,
    ports,
    `columns: ${spec.columns.map((c) => c.header).join(" | ")}`,
  ];
  if (spec.notify) parts.push(`notify party "${spec.notify.name}" (not the importer)`);
  if (spec.notes) parts.push(spec.notes);
  if (spec.charges) {
    parts.push(
      "freight and insurance printed below the goods total; total_value is the invoice total",
    );
  }
  return parts.join("; ");
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.writeTextFile(path, JSON.stringify(value, null, 2) + "\n");
}

async function buildSource(spec: DocSpec, build: string): Promise<void> {
  const base = `${build}/${spec.id}`;
  const target = `${OUT}${spec.id}.${extOf(spec)}`;
  switch (spec.tool) {
    case "lo_writer_html": {
      await Deno.writeTextFile(`${base}.html`, renderHtml(spec));
      await soffice(build, [
        "--infilter=HTML (StarWriter)",
        "--convert-to",
        "pdf:writer_pdf_Export",
        "--outdir",
        build,
        `${base}.html`,
      ]);
      await Deno.copyFile(`${base}.pdf`, target);
      break;
    }
    case "chromium": {
      await Deno.writeTextFile(`${base}.html`, renderHtml(spec));
      await chromiumPdf(build, `${base}.html`, target);
      break;
    }
    case "lo_calc_xlsx":
    case "lo_calc_xls": {
      const forPdf = spec.tool === "lo_calc_xlsx";
      await Deno.writeFile(`${base}.xlsx`, await writeExcelJs(renderGrids(spec), forPdf));
      const filter = forPdf ? "pdf:calc_pdf_Export" : "xls:MS Excel 97";
      await soffice(build, ["--convert-to", filter, "--outdir", `${build}/out`, `${base}.xlsx`]);
      await Deno.copyFile(`${build}/out/${spec.id}.${forPdf ? "pdf" : "xls"}`, target);
      break;
    }
    case "sheetjs_xlsx":
      await Deno.writeFile(target, writeSheetJs(renderGrids(spec), "xlsx"));
      break;
    case "sheetjs_xls":
      await Deno.writeFile(target, writeSheetJs(renderGrids(spec), "xls"));
      break;
    case "exceljs_xlsx":
      await Deno.writeFile(target, await writeExcelJs(renderGrids(spec), false));
      break;
  }
  await writeJson(`${OUT}${spec.id}.expected.json`, expectedOf(spec));
}

const DPI: Record<Derived["format"], number> = {
  scan_300: 300,
  scan_200_noisy: 200,
  photo_jpeg: 300,
  tiff: 300,
};

async function buildDerived(d: Derived, build: string, seed: number): Promise<void> {
  const spec = DOCUMENTS.find((s) => s.id === d.source);
  if (!spec) throw new Error(`unknown source ${d.source}`);
  const dpi = DPI[d.format];
  const prefix = `${build}/${d.file}`;
  await run("pdftoppm", ["-r", String(dpi), "-gray", "-png", `${OUT}${d.source}.pdf`, prefix]);
  const pages: string[] = [];
  for await (const e of Deno.readDir(build)) {
    if (e.name.startsWith(`${d.file}-`) && e.name.endsWith(".png")) {
      pages.push(`${build}/${e.name}`);
    }
  }
  pages.sort();
  const target = `${OUT}${d.file}.${d.ext}`;
  const processed: string[] = [];
  for (const [i, pagePng] of pages.entries()) {
    const out = `${prefix}.p${i + 1}.${d.ext === "pdf" ? "jpg" : d.ext === "tif" ? "tif" : d.ext}`;
    for (const stage of imageStages(d, pagePng, out, seed + i, dpi)) await run("convert", stage);
    processed.push(out);
  }
  if (d.ext === "pdf") {
    await run("img2pdf", ["--pagesize", "A4", "-o", target, ...processed]);
  } else if (d.ext === "tif" && processed.length > 1) {
    const compress = d.format === "tiff" ? ["-compress", "Group4"] : [];
    await run("convert", [...processed, ...compress, target]);
  } else {
    await Deno.copyFile(processed[0]!, target);
  }
  await writeJson(`${OUT}${d.file}.expected.json`, expectedOf(spec));
}

function derivedTool(d: Derived, v: Awaited<ReturnType<typeof versions>>): string {
  const container = d.ext === "pdf" ? " + img2pdf (image-only PDF)" : "";
  return `poppler ${v.pop.replace("pdftoppm version ", "pdftoppm ")} -r ${
    DPI[d.format]
  } -gray + ${v.im}${container}`;
}

async function main(): Promise<void> {
  const only = Deno.args.includes("--only")
    ? new Set(Deno.args[Deno.args.indexOf("--only") + 1]!.split(","))
    : undefined;
  const build = Deno.env.get("CORPUS_BUILD") ?? await Deno.makeTempDir({ prefix: "corpus_" });
  await Deno.mkdir(`${build}/out`, { recursive: true });
  await Deno.mkdir(OUT, { recursive: true });
  const v = await versions();
  const manifest: ManifestEntry[] = [];
  for (const spec of DOCUMENTS) {
    const file = `${spec.id}.${extOf(spec)}`;
    if (!only || only.has(spec.id)) {
      console.log(`building ${file}`);
      await buildSource(spec, build);
    }
    manifest.push({ file, format: formatOf(spec), tool: toolName(spec, v), notes: notesOf(spec) });
  }
  for (const [i, d] of DERIVED.entries()) {
    const file = `${d.file}.${d.ext}`;
    if (!only || only.has(d.file) || only.has(d.source)) {
      console.log(`building ${file}`);
      await buildDerived(d, build, 1000 + i * 17);
    }
    const spec = DOCUMENTS.find((s) => s.id === d.source)!;
    manifest.push({
      file,
      format: d.format,
      tool: derivedTool(d, v),
      notes: `${d.notes}; skew ${d.skew}°; rasterised from ${d.source}.pdf (${notesOf(spec)})`,
    });
  }
  await writeJson(`${OUT}manifest.json`, manifest);
  console.log(`wrote ${manifest.length} documents to ${OUT} (build files in ${build})`);
}

if (import.meta.main) await main();
