/**
 * The tuning loop's scorer: the built-in extractor over the TUNE split of the generated corpus,
 * per format and per field, with the wrong fields listed. It cannot read the held-out split:
 * that one is scored only by `deno task bench extraction`, when reporting.
 *
 *   nice deno run -A scripts/corpus/score_tune.ts [--formats digital_pdf,xlsx] [--misses]
 *     [--only g012,g013] [--dir /some/dev/batch] [--docs]
 *
 * `--docs` prints a line per document (fields right of expected, seconds to extract), for
 * comparing two formats of one document or two runs pair by pair.
 *
 * `--dir` scores another folder's manifest.json instead, never its held-out entries: a
 * development batch written by `make_generated.ts --dev` (all of it), or the fresh development
 * scans `make_dev_scans.ts` makes of tune-split PDFs.
 */
import { BuiltInExtractionProvider } from "../../shared/extraction/builtin_provider.ts";
import { loadOcr } from "../../shared/extraction/ocr/load.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { closeOcr } from "../../shared/extraction/ocr/index.ts";
import {
  expectedOf,
  merge,
  ratio,
  readCorpus,
  readCorpusFile,
  readGenerated,
  scoreDocument,
  type Tally,
  tally,
  tallyByField,
} from "../../tests/extraction/score.ts";

function arg(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

const formats = arg("--formats")?.split(",");
const dir = arg("--dir");
const only = arg("--only")?.split(",");
const misses = Deno.args.includes("--misses");
const docs = Deno.args.includes("--docs");
const pct = (t: Tally) => `${(ratio(t.right, t.expected) * 100).toFixed(1)} %`;

const provider = new BuiltInExtractionProvider(await fileLookups(), { ocr: loadOcr });
const corpus = dir
  ? (await readCorpus(new URL(`${dir.replace(/\/?$/, "/")}`, `file://${Deno.cwd()}/`))).filter((
    e,
  ) => e.split !== "heldout")
  : await readGenerated("tune");
const entries = corpus.filter((e) =>
  (!formats || formats.includes(e.format)) &&
  (!only || only.some((prefix) => e.file.startsWith(prefix)))
);
const byFormat = new Map<string, Tally[]>();
const byField = new Map<string, Tally[]>();
try {
  for (const entry of entries) {
    const started = performance.now();
    const result = await provider.extract(await readCorpusFile(entry), {
      signal: AbortSignal.timeout(180_000),
    }).catch((e) => {
      console.log(`${entry.file}: refused: ${e instanceof Error ? e.message : e}`);
      return { goods: { line_items: [] } };
    });
    const seconds = (performance.now() - started) / 1000;
    const scores = scoreDocument(await expectedOf(entry), result);
    if (docs) {
      const t = tally(scores);
      console.log(`doc ${entry.file} ${t.right}/${t.expected} ${seconds.toFixed(1)} s`);
    }
    byFormat.set(entry.format, [...byFormat.get(entry.format) ?? [], tally(scores)]);
    for (const [field, t] of tallyByField(scores)) {
      byField.set(field, [...byField.get(field) ?? [], t]);
    }
    if (misses) {
      for (const s of scores.filter((s) => !s.right)) {
        console.log(
          `${entry.file} ${s.path}: want ${JSON.stringify(s.expected)} got ${
            JSON.stringify(s.got)
          } (${s.confidence})`,
        );
      }
    }
  }
} finally {
  closeOcr();
}
for (const [name, table] of [["format", byFormat], ["field", byField]] as const) {
  console.log(`\nby ${name}`);
  for (const [key, ts] of table) {
    const t = merge(ts);
    console.log(
      `${key.padEnd(34)} ${String(t.expected).padStart(5)} fields  ${
        pct(t).padStart(7)
      }  sure ${t.sureRight}/${t.sure}`,
    );
  }
}
const all = merge([...byFormat.values()].flat());
console.log(`\nall: ${pct(all)} of ${all.expected}; sure right ${all.sureRight}/${all.sure}`);
