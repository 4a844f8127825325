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
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { closeOcr } from "../../shared/extraction/ocr/index.ts";
import { ExtractionFailure } from "../../shared/providers/extraction.ts";
import {
  expectedOf,
  type FieldScore,
  merge,
  ratio,
  readCorpus,
  readCorpusFile,
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
    const provider = new BuiltInExtractionProvider(await fileLookups());
    const byFormat = new Map<string, Tally[]>();
    const misses: string[] = [];
    const failures: string[] = [];
    try {
      for (const entry of await readCorpus()) {
        const input = await readCorpusFile(entry);
        // A document the extractor refuses counts as nothing found, and is listed.
        const result = await provider.extract(
          input,
          { signal: AbortSignal.timeout(120_000) },
        ).catch((error) => {
          if (!(error instanceof ExtractionFailure)) throw error;
          failures.push(`${entry.file}: ${error.message}`);
          return { goods: { line_items: [] } };
        });
        const scores = scoreDocument(await expectedOf(entry), result);
        byFormat.set(entry.format, [...(byFormat.get(entry.format) ?? []), tally(scores)]);
        misses.push(...scores.filter(sureButWrong).map((s) => `${entry.file} ${describe(s)}`));
      }
    } finally {
      closeOcr();
    }
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
