/**
 * Extraction bench: the built-in extractor over the labelled corpus (tests/fixtures/extraction).
 *
 * The extraction runs in a child process of its own (this file with --child), as a worker
 * would, so that its peak memory is its own: the child reads every document of the corpus
 * through BuiltInExtractionProvider one at a time, scores each with tests/extraction/score.ts,
 * and reports its peak resident set (VmHWM from /proc/self/status, else the highest
 * Deno.memoryUsage().rss sampled), once after the text-layer and spreadsheet documents and
 * once at the end, after OCR. Before timing, one document of each reader (text layer, sheet,
 * OCR) is extracted once untimed, so module loading and the OCR engine's start-up are not
 * counted against a page (the cold OCR start-up is reported on its own).
 *
 * Per format: field accuracy (right / expected), coverage (found / expected), how often fields
 * with confidence ≥ 0.9 are right, and seconds per page (median over the format's documents).
 * Bars: field accuracy ≥ 95 % for digital PDFs and spreadsheets and ≥ 85 % for 300 dpi scans;
 * confidence ≥ 0.9 right ≥ 97 %; a one-page digital PDF in < 1 s and a one-page scan in < 10 s.
 */
import { BuiltInExtractionProvider } from "../shared/extraction/builtin_provider.ts";
import { fileLookups } from "../shared/extraction/fields/reference_files.ts";
import { closeOcr } from "../shared/extraction/ocr/index.ts";
import type { ExtractionResult } from "../shared/extraction/result.ts";
import {
  type CorpusEntry,
  expectedOf,
  merge,
  ratio,
  readCorpus,
  readCorpusFile,
  scoreDocument,
  type Tally,
  tally,
} from "../tests/extraction/score.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { ROOT } from "./lib/process.ts";
import { passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { Section } from "./lib/section.ts";
import { median, round } from "./lib/stats.ts";

const BARS = {
  digitalAccuracy: 0.95,
  sheetAccuracy: 0.95,
  scan300Accuracy: 0.85,
  sureRight: 0.97,
  digitalPageSeconds: 1,
  scanPageSeconds: 10,
};
const SCAN_FORMATS = ["scan_300", "scan_200_noisy", "photo_jpeg", "tiff"];

interface DocumentRun {
  file: string;
  format: string;
  pages: number;
  seconds: number;
  tally: Tally;
  error?: string;
}

interface ChildReport {
  documents: DocumentRun[];
  ocrColdSeconds: number | null;
  /** Peak resident set after the text-layer and spreadsheet documents, before any OCR. */
  textPeakRssBytes: number;
  peakRssBytes: number;
}

export const extraction: Section = {
  name: "extraction",
  summary: "built-in extractor on the labelled corpus: accuracy, s/page, peak memory",
  async run(cleanup: Cleanup) {
    const metadata = await runMetadata();
    const report = await runChild(cleanup);
    const formats = [...new Set(report.documents.map((d) => d.format))];
    const rows = formats.map((format) => summarise(format, report.documents));
    console.log(table(
      [
        "format",
        "docs",
        "fields",
        "accuracy",
        "coverage",
        "sure right",
        "s/page p50",
        "s/page max",
      ],
      rows.map((r) => [
        r.format,
        String(r.documents),
        String(r.tally.expected),
        pct(ratio(r.tally.right, r.tally.expected)),
        pct(ratio(r.tally.found, r.tally.expected)),
        `${r.tally.sureRight}/${r.tally.sure}`,
        r.pageSecondsP50.toFixed(2),
        r.pageSecondsMax.toFixed(2),
      ]),
    ));
    const failed = report.documents.filter((d) => d.error);
    for (const d of failed) console.log(`failed: ${d.file}: ${d.error}`);
    const all = merge(report.documents.map((d) => d.tally));
    const sure = ratio(all.sureRight, all.sure);
    const peakMiB = report.peakRssBytes / (1024 * 1024);
    const textPeakMiB = report.textPeakRssBytes / (1024 * 1024);
    console.log(
      `\nconfidence ≥ 0.9: ${all.sureRight}/${all.sure} right (${pct(sure)})\n` +
        `peak memory of the extracting process: ${textPeakMiB.toFixed(0)} MiB for text ` +
        `layers and spreadsheets, ${peakMiB.toFixed(0)} MiB with OCR; OCR engine cold start ` +
        `${report.ocrColdSeconds?.toFixed(2) ?? "-"} s`,
    );
    const accuracyOf = (...fs: string[]) => {
      const t = merge(rows.filter((r) => fs.includes(r.format)).map((r) => r.tally));
      return ratio(t.right, t.expected);
    };
    const onePage = (fs: string[]) =>
      report.documents.filter((d) => fs.includes(d.format) && d.pages === 1 && !d.error)
        .map((d) => d.seconds);
    const digitalOnePage = Math.max(0, ...onePage(["digital_pdf"]));
    const scanOnePage = Math.max(0, ...onePage(SCAN_FORMATS));
    const bars = [
      {
        name: "digital PDF accuracy ≥ 95 %",
        pass: accuracyOf("digital_pdf") >= BARS.digitalAccuracy,
      },
      {
        name: "spreadsheet accuracy ≥ 95 %",
        pass: accuracyOf("xlsx", "xls") >= BARS.sheetAccuracy,
      },
      {
        name: "300 dpi scan accuracy ≥ 85 %",
        pass: accuracyOf("scan_300") >= BARS.scan300Accuracy,
      },
      { name: "confidence ≥ 0.9 right ≥ 97 %", pass: sure >= BARS.sureRight },
      { name: "one-page digital PDF < 1 s", pass: digitalOnePage < BARS.digitalPageSeconds },
      { name: "one-page scan < 10 s", pass: scanOnePage < BARS.scanPageSeconds },
      { name: "every document extracted", pass: failed.length === 0 },
    ];
    for (const b of bars) console.log(`${passFail(b.pass)}  ${b.name}`);
    const file = await writeResults("extraction", {
      metadata,
      bars: BARS,
      formats: rows.map((r) => ({
        format: r.format,
        documents: r.documents,
        fields: r.tally.expected,
        accuracy: round(ratio(r.tally.right, r.tally.expected), 4),
        coverage: round(ratio(r.tally.found, r.tally.expected), 4),
        sure_fields: r.tally.sure,
        sure_right: r.tally.sureRight,
        seconds_per_page_p50: round(r.pageSecondsP50, 3),
        seconds_per_page_max: round(r.pageSecondsMax, 3),
      })),
      sure_right_share: round(sure, 4),
      slowest_one_page_digital_pdf_seconds: round(digitalOnePage, 3),
      slowest_one_page_scan_seconds: round(scanOnePage, 3),
      ocr_cold_start_seconds: report.ocrColdSeconds === null
        ? null
        : round(report.ocrColdSeconds, 3),
      peak_rss_mib_text_and_sheets: round(textPeakMiB, 1),
      peak_rss_mib: round(peakMiB, 1),
      documents: report.documents.map((d) => ({
        file: d.file,
        format: d.format,
        pages: d.pages,
        seconds: round(d.seconds, 3),
        right: d.tally.right,
        expected: d.tally.expected,
        ...(d.error ? { error: d.error } : {}),
      })),
      passed: Object.fromEntries(bars.map((b) => [b.name, b.pass])),
    });
    console.log(`results: ${file}`);
    printVerdict(bars);
  },
};

function summarise(format: string, documents: DocumentRun[]) {
  const docs = documents.filter((d) => d.format === format);
  const perPage = docs.filter((d) => !d.error).map((d) => d.seconds / d.pages);
  return {
    format,
    documents: docs.length,
    tally: merge(docs.map((d) => d.tally)),
    pageSecondsP50: perPage.length ? median(perPage) : 0,
    pageSecondsMax: perPage.length ? Math.max(...perPage) : 0,
  };
}

async function runChild(cleanup: Cleanup): Promise<ChildReport> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/extraction.ts", "--child"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  cleanup.defer("extraction child", () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already ended */ }
  });
  const out = await child.output();
  if (!out.success) throw new Error(`the extraction child exited with ${out.code}`);
  const lines = new TextDecoder().decode(out.stdout).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!) as ChildReport;
}

// --- the child ----------------------------------------------------------------------------------

async function child(): Promise<void> {
  let sampled = Deno.memoryUsage().rss;
  const sampler = setInterval(() => sampled = Math.max(sampled, Deno.memoryUsage().rss), 20);
  const provider = new BuiltInExtractionProvider(await fileLookups());
  const corpus = await readCorpus();
  const extract = async (e: CorpusEntry) =>
    provider.extract(
      await readCorpusFile(e),
      { signal: AbortSignal.timeout(180_000) },
    );
  const warm = async (format: string) => {
    const entry = corpus.find((e) => e.format === format);
    if (!entry) return null;
    const started = performance.now();
    await extract(entry).catch(() => {});
    return (performance.now() - started) / 1000;
  };
  const documents: DocumentRun[] = [];
  const run = async (entries: CorpusEntry[]) => {
    for (const entry of entries) documents.push(await measure(entry, extract));
  };
  const ocr = (e: CorpusEntry) => SCAN_FORMATS.includes(e.format);
  let textPeak = 0;
  let ocrColdSeconds: number | null = null;
  try {
    // Text layers and sheets first, each reader warmed once, untimed; the peak memory up to
    // here is theirs. Then OCR: its engine's start-up is reported by itself.
    await warm("digital_pdf");
    await warm("xlsx");
    await run(corpus.filter((e) => !ocr(e)));
    textPeak = Math.max(sampled, await peakFromProc() ?? 0);
    ocrColdSeconds = await warm("scan_300");
    await run(corpus.filter(ocr));
  } finally {
    closeOcr();
    clearInterval(sampler);
  }
  const report: ChildReport = {
    documents,
    ocrColdSeconds,
    textPeakRssBytes: textPeak,
    peakRssBytes: Math.max(sampled, await peakFromProc() ?? 0),
  };
  console.log(JSON.stringify(report));
}

async function measure(
  entry: CorpusEntry,
  extract: (e: CorpusEntry) => Promise<ExtractionResult>,
): Promise<DocumentRun> {
  const expected = await expectedOf(entry);
  const started = performance.now();
  try {
    const result = await extract(entry);
    const seconds = (performance.now() - started) / 1000;
    return { ...base(entry), seconds, tally: tally(scoreDocument(expected, result)) };
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    const t = tally(scoreDocument(expected, { goods: { line_items: [] } }));
    return { ...base(entry), seconds, tally: t, error: String(error) };
  }
}

function base(entry: CorpusEntry) {
  // The manifest's notes say "1 page" / "2 pages"; a multi-page TIFF says "2-page".
  const pages = Number(entry.notes?.match(/(\d+)[ -]pages?\b/)?.[1] ?? 1);
  return { file: entry.file, format: entry.format, pages };
}

/** The process's peak resident set (Linux). */
async function peakFromProc(): Promise<number | null> {
  try {
    const status = await Deno.readTextFile("/proc/self/status");
    const kb = status.match(/^VmHWM:\s+(\d+)\s+kB/m)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

if (import.meta.main && Deno.args.includes("--child")) await child();
