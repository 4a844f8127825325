/**
 * Field-level accuracy of the built-in extractor over the labelled corpus in
 * tests/fixtures/extraction (see its README), per format: accuracy = right / expected fields,
 * coverage = found / expected, and how often the fields it was sure of (confidence ≥ 0.9) are
 * right. Fails below the bars of issue 7.
 *
 * It needs no database (the reference data is read from data/reference), and OCR of the scans
 * takes minutes on two cores: the suite runs twice (on PGlite, then with TEST_DATABASE_URL on
 * PostgreSQL), and this test runs only in the first pass, where it measures the same thing.
 */
import { assert } from "../support/assert.ts";
import { BuiltInExtractionProvider } from "../../shared/extraction/builtin_provider.ts";
import { loadOcr } from "../../shared/extraction/ocr/load.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { closeOcr } from "../../shared/extraction/ocr/index.ts";
import { ExtractionFailure } from "../../shared/extraction/provider.ts";
import {
  type CorpusEntry,
  expectedOf,
  type FieldScore,
  merge,
  ratio,
  readCorpus,
  readCorpusFile,
  readGenerated,
  scoreDocument,
  SURE,
  type Tally,
  tally,
} from "./score.ts";

/** Field accuracy each format must reach; formats without a bar are measured and printed. */
const ACCURACY_BARS: Record<string, number> = {
  digital_pdf: 0.95,
  xlsx: 0.95,
  xls: 0.95,
  scan_300: 0.85,
};
/** Of all fields with confidence ≥ 0.9, the share that must be right. */
const SURE_BAR = 0.97;

Deno.test({
  name: "the built-in extractor meets the accuracy bars on the labelled corpus",
  ignore: Deno.env.get("TEST_DATABASE_URL") !== undefined,
  async fn() {
    let scored: Scored;
    try {
      scored = await scoreAll(await readCorpus(), 120_000);
    } finally {
      closeOcr();
    }
    const { byFormat, misses, failures } = scored;
    const rows = [...byFormat].map(([format, tallies]) => ({ format, ...merge(tallies) }));
    console.table(rows.map((r) => ({
      format: r.format,
      fields: r.expected,
      accuracy: pct(ratio(r.right, r.expected)),
      coverage: pct(ratio(r.found, r.expected)),
      "sure right": `${r.sureRight}/${r.sure}`,
    })));
    if (failures.length > 0) console.log(`refused:\n${failures.join("\n")}`);
    const all = merge(rows);
    for (const r of rows) {
      const bar = ACCURACY_BARS[r.format];
      if (bar === undefined) continue;
      const accuracy = ratio(r.right, r.expected);
      assert(accuracy >= bar, `${r.format}: accuracy ${pct(accuracy)} is below ${pct(bar)}`);
    }
    const sure = ratio(all.sureRight, all.sure);
    assert(
      sure >= SURE_BAR,
      `fields with confidence ≥ ${SURE} are right ${pct(sure)} of the time (bar ` +
        `${pct(SURE_BAR)}); sure but wrong:\n${misses.join("\n")}`,
    );
    for (const format of Object.keys(ACCURACY_BARS)) {
      assert(byFormat.has(format), `the corpus has no ${format} documents`);
    }
  },
});

/**
 * The tune split of the generated corpus (docs/extraction-corpus.md), text layers and sheets
 * (its scans are scored by scripts/corpus/score_tune.ts: OCR of them takes too long for a
 * test). Issue 15's bars are 95 % for these formats; until the extractor reaches them, these
 * floors, a little under what it measures now, keep it from going back. The confidence bar is
 * the real one.
 */
const TUNE_FLOORS: Record<string, number> = {
  digital_pdf: 0.97,
  xlsx: 0.98,
  xls: 0.97,
};

Deno.test({
  name: "the built-in extractor holds its floors and its calibration on the tune split",
  ignore: Deno.env.get("TEST_DATABASE_URL") !== undefined,
  async fn() {
    const entries = (await readGenerated("tune")).filter((e) => e.format in TUNE_FLOORS);
    const { byFormat, misses } = await scoreAll(entries, 60_000);
    const rows = [...byFormat].map(([format, tallies]) => ({ format, ...merge(tallies) }));
    console.table(rows.map((r) => ({
      format: r.format,
      fields: r.expected,
      accuracy: pct(ratio(r.right, r.expected)),
      "sure right": `${r.sureRight}/${r.sure}`,
    })));
    for (const [format, floor] of Object.entries(TUNE_FLOORS)) {
      const r = rows.find((x) => x.format === format);
      assert(r, `the tune split has no ${format} documents`);
      const accuracy = ratio(r.right, r.expected);
      assert(accuracy >= floor, `${format}: accuracy ${pct(accuracy)} is below ${pct(floor)}`);
    }
    const all = merge(rows);
    const sure = ratio(all.sureRight, all.sure);
    assert(
      sure >= SURE_BAR,
      `tune split: fields with confidence ≥ ${SURE} are right ${pct(sure)} of the time; ` +
        `sure but wrong:\n${misses.join("\n")}`,
    );
  },
});

interface Scored {
  byFormat: Map<string, Tally[]>;
  /** Fields given confidence ≥ 0.9 that are wrong. */
  misses: string[];
  /** Documents the extractor refused: they count as nothing found. */
  failures: string[];
}

async function scoreAll(entries: CorpusEntry[], timeoutMs: number): Promise<Scored> {
  const provider = new BuiltInExtractionProvider(await fileLookups(), { ocr: loadOcr });
  const out: Scored = { byFormat: new Map(), misses: [], failures: [] };
  for (const entry of entries) {
    const result = await provider.extract(
      await readCorpusFile(entry),
      { signal: AbortSignal.timeout(timeoutMs) },
    ).catch((error) => {
      if (!(error instanceof ExtractionFailure)) throw error;
      out.failures.push(`${entry.file}: ${error.message}`);
      return { goods: { line_items: [] } };
    });
    const scores = scoreDocument(await expectedOf(entry), result);
    out.byFormat.set(entry.format, [...(out.byFormat.get(entry.format) ?? []), tally(scores)]);
    out.misses.push(...scores.filter(sureButWrong).map((s) => `${entry.file} ${describe(s)}`));
  }
  return out;
}

function sureButWrong(s: FieldScore): boolean {
  return !s.right && s.confidence !== null && s.confidence >= SURE;
}

function describe(s: FieldScore): string {
  return `${s.path}: expected ${JSON.stringify(s.expected)}, got ${JSON.stringify(s.got)} ` +
    `(confidence ${s.confidence})`;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}
