/**
 * Fresh OCR development data outside the corpus: scans (300 dpi and image-only PDF, through the
 * corpus's own pipeline, gen/scan.ts) of TUNE-split digital PDFs that have no scan of their own,
 * or (`--from-dir`) of the digital PDFs of a development batch made by
 * `make_generated.ts --dev`, which no one has tuned on. Each scan's expected values are its
 * digital twin's. The committed corpus is only read; the output directory (with a manifest.json
 * of its own) is scored with `score_tune.ts --dir <dir>`.
 *
 *   nice deno run -A scripts/corpus/make_dev_scans.ts --out /work/wt/dev15scan [--every 2]
 *   nice deno run -A scripts/corpus/make_dev_scans.ts --from-dir /work/wt/dev601 --out …
 *
 * The formats alternate by document (the first a 300 dpi scan, the next an image-only PDF…);
 * `--shift 1` swaps them, so a second directory made with it holds each document's other
 * format, and the two formats of one document can be compared pair by pair.
 */
import { type ScanFormat, scanPages, scanPlan } from "./gen/scan.ts";
import { fnv1a, Rng } from "./gen/rng.ts";
import { run } from "./tools.ts";
import {
  type CorpusEntry,
  GENERATED_DIR,
  readCorpus,
  readGenerated,
} from "../../tests/extraction/score.ts";

const IMAGE_FORMATS = new Set(["scan_300", "scan_200_noisy", "image_pdf", "photo_jpeg", "tiff"]);
const DEV_FORMATS: ScanFormat[] = ["scan_300", "image_pdf"];

function arg(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

const out = (arg("--out") ?? "/work/wt/dev15scan").replace(/\/$/, "");
const every = Number(arg("--every") ?? "2");
const fromDir = arg("--from-dir")?.replace(/\/?$/, "/");
const shift = Number(arg("--shift") ?? "0");

type Entry = CorpusEntry & { source?: string };
const sourceDir = fromDir ? new URL(`file://${fromDir}`) : GENERATED_DIR;
const pool = fromDir
  ? (await readCorpus(sourceDir)) as Entry[]
  : (await readGenerated("tune")) as Entry[];
const scanned = new Set(pool.filter((e) => IMAGE_FORMATS.has(e.format)).map((e) => e.source));
const twins = pool
  .filter((e) => e.format === "digital_pdf" && !scanned.has(e.source))
  .sort((a, b) => a.file.localeCompare(b.file))
  .filter((_, i) => i % every === 0);

await Deno.mkdir(`${out}/build`, { recursive: true });
const manifest: Record<string, unknown>[] = [];
for (const [n, twin] of twins.entries()) {
  const id = twin.file.replace(/\.pdf$/, "");
  const format = DEV_FORMATS[(n + shift) % DEV_FORMATS.length]!;
  // A seed of its own ("dev:"), so no dev scan repeats a corpus scan's noise.
  const rng = new Rng(fnv1a(`dev:${format}:${id}`));
  const plan = scanPlan(format, rng);
  const images = await scanPages(
    new URL(twin.file, sourceDir).pathname,
    `${out}/build`,
    `${id}_${format}`,
    plan,
    rng,
  );
  // A scan of several pages is kept as one grey multi-page TIFF, as scanners save them.
  const ext = format === "image_pdf" ? "pdf" : images.length > 1 ? "tif" : plan.pageExt;
  const name = `${id}_${format}`;
  const target = `${out}/${name}.${ext}`;
  if (ext === "pdf") await run("img2pdf", ["--pagesize", "A4", "-o", target, ...images]);
  else if (ext === "tif") await run("convert", [...images, "-compress", "LZW", target]);
  else await Deno.copyFile(images[0]!, target);
  await Deno.copyFile(
    new URL(`${id}.expected.json`, sourceDir),
    `${out}/${name}.expected.json`,
  );
  manifest.push({
    file: `${name}.${ext}`,
    format,
    split: "tune",
    source: twin.source,
    lang: twin.lang,
    notes: `dev scan of ${twin.file}; skew ${plan.skew}°; ${images.length} page(s)`,
  });
  console.log(`${name}.${ext}`);
}
await Deno.remove(`${out}/build`, { recursive: true });
await Deno.writeTextFile(`${out}/manifest.json`, JSON.stringify(manifest, null, 2) + "\n");
console.log(`${manifest.length} dev scans in ${out}`);
