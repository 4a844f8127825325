/**
 * Extraction bench: the built-in extractor over two labelled corpora: the project's own
 * (tests/fixtures/extraction, 39 documents) and the HELD-OUT split of the generated corpus
 * (tests/fixtures/extraction/generated, docs/extraction-corpus.md), which is never scored while
 * tuning, only here, to report. The issue-15 bars are judged on the held-out split.
 *
 * The extraction runs in a child process of its own (this file with --child), as a worker
 * would, so that its peak memory is its own: the child reads every document through
 * BuiltInExtractionProvider one at a time, scores each with tests/extraction/score.ts, and
 * reports its peak resident set (VmHWM from /proc/self/status, else the highest
 * Deno.memoryUsage().rss sampled), once after the text-layer and spreadsheet documents and
 * once at the end, after OCR. Before timing, one document of each reader (text layer, sheet,
 * OCR) is extracted once untimed, so module loading and the OCR engine's start-up are not
 * counted against a page (the cold OCR start-up is reported on its own).
 *
 * Per corpus and format: field accuracy (right / expected), coverage (found / expected), how
 * often fields with confidence ≥ 0.9 are right, and seconds per page (median and max over the
 * format's documents); for the held-out split also per field.
 */
import { BuiltInExtractionProvider } from "../shared/extraction/builtin_provider.ts";
import { loadOcr } from "../shared/extraction/ocr/load.ts";
import { fileLookups } from "../shared/extraction/fields/reference_files.ts";
import { closeOcr } from "../shared/extraction/ocr/index.ts";
import type { ExtractionResult } from "../shared/extraction/result.ts";
import {
  type CorpusEntry,
  expectedOf,
  GENERATED_DIR,
  merge,
  ratio,
  readCorpus,
  readCorpusFile,
  scoreDocument,
  type Tally,
  tally,
  tallyByField,
} from "../tests/extraction/score.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { ROOT } from "./lib/process.ts";
import { passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { Section } from "./lib/section.ts";
import { median, round } from "./lib/stats.ts";

/** Field accuracy per format on the held-out split (issue 15); spreadsheets xls and xlsx together. */
const ACCURACY_BARS: { name: string; formats: string[]; bar: number }[] = [
  { name: "digital PDF", formats: ["digital_pdf"], bar: 0.95 },
  { name: "spreadsheets", formats: ["xlsx", "xls"], bar: 0.95 },
  { name: "300 dpi scans", formats: ["scan_300"], bar: 0.85 },
  { name: "noisy 200 dpi scans", formats: ["scan_200_noisy"], bar: 0.80 },
  { name: "image PDFs", formats: ["image_pdf"], bar: 0.85 },
];
const BARS = { sureRight: 0.97, digitalPageSeconds: 1, scanPageSeconds: 10 };
const SCAN_FORMATS = ["scan_300", "scan_200_noisy", "photo_jpeg", "tiff", "image_pdf"];

type Corpus = "own" | "heldout";

interface DocumentRun {
  corpus: Corpus;
  file: string;
  format: string;
  pages: number;
  seconds: number;
  tally: Tally;
  fields: [string, Tally][];
  error?: string;
}

interface ChildReport {
  documents: DocumentRun[];
  ocrColdSeconds: number | null;
  /** Peak resident set after the text-layer and spreadsheet documents, before any OCR. */
  textPeakRssBytes: number;
  peakRssBytes: number;
}

function formatTable(docs: DocumentRun[]) {
  const formats = [...new Set(docs.map((d) => d.format))];
  const rows = formats.map((format) => summarise(format, docs));
  return {
    rows,
    text: table(
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
    ),
  };
}

/** Field × format accuracy: one row per field, one column per format. */
function fieldTable(docs: DocumentRun[]) {
  const formats = [...new Set(docs.map((d) => d.format))];
  const fields = [...new Set(docs.flatMap((d) => d.fields.map(([f]) => f)))];
  const cell = (field: string, fs: string[]) => {
    const t = merge(
      docs.filter((d) => fs.includes(d.format)).flatMap((d) =>
        d.fields.filter(([f]) => f === field).map(([, t]) => t)
      ),
    );
    return t.expected === 0 ? { text: "-", t } : { text: `${pct(ratio(t.right, t.expected))}`, t };
  };
  const rows = fields.map((field) => ({
    field,
    cells: Object.fromEntries(formats.map((f) => [f, cell(field, [f])])),
    all: cell(field, formats),
  }));
  return {
    rows,
    text: table(
      ["field", ...formats, "all"],
      rows.map((r) => [r.field, ...formats.map((f) => r.cells[f]!.text), r.all.text]),
    ),
  };
}

export const extraction: Section = {
  name: "extraction",
  summary: "built-in extractor on its own corpus and the held-out generated split",
  async run(cleanup: Cleanup) {
    const metadata = await runMetadata();
    const report = await runChild(cleanup);
    const own = report.documents.filter((d) => d.corpus === "own");
    const heldout = report.documents.filter((d) => d.corpus === "heldout");
    const ownTable = formatTable(own);
    const heldTable = formatTable(heldout);
    const fields = fieldTable(heldout);
    console.log(`own corpus (${own.length} documents)\n${ownTable.text}\n`);
    console.log(`held-out generated split (${heldout.length} documents)\n${heldTable.text}\n`);
    console.log(`held-out split, accuracy per field and format\n${fields.text}`);
    const failed = report.documents.filter((d) => d.error);
    for (const d of failed) console.log(`failed: ${d.corpus} ${d.file}: ${d.error}`);
    const held = merge(heldout.map((d) => d.tally));
    const ownAll = merge(own.map((d) => d.tally));
    const sure = ratio(held.sureRight, held.sure);
    const peakMiB = report.peakRssBytes / (1024 * 1024);
    const textPeakMiB = report.textPeakRssBytes / (1024 * 1024);
    console.log(
      `\nconfidence ≥ 0.9: held-out ${held.sureRight}/${held.sure} right (${pct(sure)}), own ` +
        `corpus ${ownAll.sureRight}/${ownAll.sure}\n` +
        `peak memory of the extracting process: ${textPeakMiB.toFixed(0)} MiB for text ` +
        `layers and spreadsheets, ${peakMiB.toFixed(0)} MiB with OCR; OCR engine cold start ` +
        `${report.ocrColdSeconds?.toFixed(2) ?? "-"} s`,
    );
    const accuracyOf = (fs: string[]) => {
      const t = merge(heldout.filter((d) => fs.includes(d.format)).map((d) => d.tally));
      return ratio(t.right, t.expected);
    };
    const onePage = (fs: string[]) =>
      report.documents.filter((d) => fs.includes(d.format) && d.pages === 1 && !d.error)
        .map((d) => d.seconds);
    const p50 = (xs: number[]) => xs.length ? median(xs) : 0;
    const digitalP50 = p50(onePage(["digital_pdf"]));
    const scanP50 = p50(onePage(SCAN_FORMATS));
    const bars = [
      ...ACCURACY_BARS.map((b) => ({
        name: `held-out ${b.name} accuracy ≥ ${b.bar * 100} % (${pct(accuracyOf(b.formats))})`,
        pass: accuracyOf(b.formats) >= b.bar,
      })),
      {
        name: `held-out confidence ≥ 0.9 right ≥ 97 % (${pct(sure)})`,
        pass: sure >= BARS.sureRight,
      },
      {
        name: `one-page digital PDF p50 < 1 s (${digitalP50.toFixed(2)} s)`,
        pass: digitalP50 < BARS.digitalPageSeconds,
      },
      {
        name: `one-page scan p50 < 10 s (${scanP50.toFixed(2)} s)`,
        pass: scanP50 < BARS.scanPageSeconds,
      },
      { name: "every document extracted", pass: failed.length === 0 },
    ];
    for (const b of bars) console.log(`${passFail(b.pass)}  ${b.name}`);
    const formatsJson = (rows: ReturnType<typeof formatTable>["rows"]) =>
      rows.map((r) => ({
        format: r.format,
        documents: r.documents,
        fields: r.tally.expected,
        accuracy: round(ratio(r.tally.right, r.tally.expected), 4),
        coverage: round(ratio(r.tally.found, r.tally.expected), 4),
        sure_fields: r.tally.sure,
        sure_right: r.tally.sureRight,
        seconds_per_page_p50: round(r.pageSecondsP50, 3),
        seconds_per_page_max: round(r.pageSecondsMax, 3),
      }));
    const file = await writeResults("extraction", {
      metadata,
      bars: { accuracy: ACCURACY_BARS, ...BARS },
      own_formats: formatsJson(ownTable.rows),
      heldout_formats: formatsJson(heldTable.rows),
      heldout_fields: fields.rows.map((r) => ({
        field: r.field,
        fields: r.all.t.expected,
        accuracy: round(ratio(r.all.t.right, r.all.t.expected), 4),
        by_format: Object.fromEntries(
          Object.entries(r.cells).map(([f, c]) => [f, round(ratio(c.t.right, c.t.expected), 4)]),
        ),
      })),
      heldout_sure_right_share: round(sure, 4),
      own_sure_right_share: round(ratio(ownAll.sureRight, ownAll.sure), 4),
      one_page_digital_pdf_seconds_p50: round(digitalP50, 3),
      one_page_scan_seconds_p50: round(scanP50, 3),
      ocr_cold_start_seconds: report.ocrColdSeconds === null
        ? null
        : round(report.ocrColdSeconds, 3),
      peak_rss_mib_text_and_sheets: round(textPeakMiB, 1),
      peak_rss_mib: round(peakMiB, 1),
      documents: report.documents.map((d) => ({
        corpus: d.corpus,
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
  const provider = new BuiltInExtractionProvider(await fileLookups(), { ocr: loadOcr });
  const corpus = [
    ...(await readCorpus()).map((e) => ({ ...e, corpus: "own" as const })),
    ...(await readCorpus(GENERATED_DIR)).filter((e) => e.split === "heldout")
      .map((e) => ({ ...e, corpus: "heldout" as const })),
  ];
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
  const run = async (entries: Tagged[]) => {
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

type Tagged = CorpusEntry & { corpus: Corpus };

async function measure(
  entry: Tagged,
  extract: (e: CorpusEntry) => Promise<ExtractionResult>,
): Promise<DocumentRun> {
  const expected = await expectedOf(entry);
  const started = performance.now();
  try {
    const result = await extract(entry);
    const seconds = (performance.now() - started) / 1000;
    const scores = scoreDocument(expected, result);
    return { ...base(entry), seconds, tally: tally(scores), fields: [...tallyByField(scores)] };
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    const scores = scoreDocument(expected, { goods: { line_items: [] } });
    const t = tally(scores);
    return {
      ...base(entry),
      seconds,
      tally: t,
      fields: [...tallyByField(scores)],
      error: String(error),
    };
  }
}

function base(entry: Tagged) {
  // The manifest's notes say "1 page" / "2 pages" / "2 page(s)"; a multi-page TIFF "2-page".
  const pages = Number(entry.notes?.match(/(\d+)[ -]page/)?.[1] ?? 1);
  return { corpus: entry.corpus, file: entry.file, format: entry.format, pages };
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
