/**
 * Where OCR loses text, measured on the TUNE split only: each scan's words against the text layer
 * of its digital twin (the PDF it was rendered from, same source id). Per document: the share of
 * the twin's words read exactly (recall), of the OCR's words that are the twin's (precision), and
 * the same for the words in the twin's expected values (names, addresses, descriptions …), which
 * are what the fields need. With --words, the twin's missed words beside the OCR's nearest.
 *
 *   nice deno run -A scripts/corpus/ocr_loss.ts [--formats scan_300] [--only g012] [--words]
 */
import { readPdfText } from "../../shared/extraction/readers/pdf_text.ts";
import { readWithEngine } from "../../shared/extraction/ocr/read_file.ts";
import { TesseractEngine } from "../../shared/extraction/ocr/tesseract.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";
import type { TextDocument } from "../../shared/extraction/layout.ts";
import {
  type CorpusEntry,
  expectedOf,
  GENERATED_DIR,
  readCorpusFile,
  readGenerated,
} from "../../tests/extraction/score.ts";

function arg(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

const formats = (arg("--formats") ?? "scan_300,scan_200_noisy,image_pdf").split(",");
const only = arg("--only");
const showWords = Deno.args.includes("--words");
const showLines = Deno.args.includes("--lines");

const norm = (s: string) => s.normalize("NFKC").toLowerCase();

function tokens(doc: TextDocument): string[] {
  return doc.pages.flatMap((p) => p.words.flatMap((w) => norm(w.text).split(/\s+/)))
    .filter((t) => t.length > 0);
}

/** Words of the expected names, addresses and descriptions, without the punctuation around. */
function expectedTokens(node: unknown, key = ""): string[] {
  if (typeof node === "string") {
    if (!["name", "address", "description"].includes(key)) return [];
    return norm(node).split(/\s+/).map(bare).filter((t) => t.length > 0);
  }
  if (Array.isArray(node)) return node.flatMap((n) => expectedTokens(n, key));
  if (node && typeof node === "object") {
    return Object.entries(node).flatMap(([k, v]) => expectedTokens(v, k));
  }
  return [];
}

const bare = (t: string) => t.replace(/^[,;:()"]+|[,;:()"]+$/g, "");

function matchBag(wanted: string[], got: string[]): { hits: number; missed: string[] } {
  const bag = new Map<string, number>();
  for (const t of got) bag.set(t, (bag.get(t) ?? 0) + 1);
  let hits = 0;
  const missed: string[] = [];
  for (const t of wanted) {
    const n = bag.get(t) ?? 0;
    if (n > 0) {
      hits++;
      bag.set(t, n - 1);
    } else missed.push(t);
  }
  return { hits, missed };
}

/** The OCR token whose text is nearest (edit distance) to `t`: what the word became. */
function nearest(t: string, got: string[]): string {
  let best = "";
  let bestD = Infinity;
  for (const g of got) {
    if (Math.abs(g.length - t.length) > 3) continue;
    const d = distance(t, g);
    if (d < bestD) [best, bestD] = [g, d];
  }
  return bestD <= Math.max(1, t.length / 2) ? best : "∅";
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

const pct = (n: number, d: number) => `${d === 0 ? "-" : ((n / d) * 100).toFixed(1)}`.padStart(5);

const engine = await TesseractEngine.load();
const entries = (await readGenerated("tune")).filter((e) =>
  formats.includes(e.format) && (!only || e.file.startsWith(only))
);
const totals = new Map<string, number[]>();
for (const entry of entries) {
  const source = (entry as CorpusEntry & { source: string }).source;
  const twin: CorpusEntry = { ...entry, file: `${source}.pdf`, dir: GENERATED_DIR };
  const twinDoc = await readPdfText((await readCorpusFile(twin)).bytes, {
    signal: AbortSignal.timeout(60_000),
  });
  const input = await readCorpusFile(entry);
  const started = performance.now();
  const ocrDoc = await readWithEngine(
    engine,
    input.kind === "pdf"
      ? { type: "pdf", bytes: input.bytes }
      : { type: "image", kind: input.kind as "png" | "jpeg" | "tiff", bytes: input.bytes },
  );
  const seconds = (performance.now() - started) / 1000;
  const want = tokens(twinDoc);
  const got = tokens(ocrDoc);
  const all = matchBag(want, got);
  const precision = matchBag(got, want);
  const fieldWords = expectedTokens(await expectedOf(entry));
  const fields = matchBag(fieldWords, got.map(bare));
  const row = [all.hits, want.length, precision.hits, got.length, fields.hits, fieldWords.length];
  const key = `${entry.format} ${entry.lang}`;
  totals.set(key, (totals.get(key) ?? [0, 0, 0, 0, 0, 0]).map((v, i) => v + row[i]!));
  console.log(
    `${entry.file.padEnd(42)} recall ${pct(all.hits, want.length)}  precision ${
      pct(precision.hits, got.length)
    }  field words ${pct(fields.hits, fieldWords.length)}  ${seconds.toFixed(1)} s`,
  );
  if (showLines) {
    for (const line of linesOf(ocrDoc).lines) {
      console.log(
        "  | " + line.segments.map((s) => `${s.text} (${s.confidence.toFixed(2)})`).join("  ‖  "),
      );
    }
  }
  if (showWords) {
    console.log(
      "  missed field words: " +
        fields.missed.map((t) => `${t}→${nearest(t, got)}`).join("  "),
    );
  }
}
console.log("\nby format and language: recall, precision, field words");
for (const [key, t] of [...totals].sort()) {
  console.log(
    `${key.padEnd(20)} ${pct(t[0]!, t[1]!)}  ${pct(t[2]!, t[3]!)}  ${pct(t[4]!, t[5]!)}`,
  );
}
const sum = [...totals.values()].reduce((a, t) => a.map((v, i) => v + t[i]!), [0, 0, 0, 0, 0, 0]);
console.log(
  `all                  ${pct(sum[0]!, sum[1]!)}  ${pct(sum[2]!, sum[3]!)}  ${
    pct(sum[4]!, sum[5]!)
  }`,
);
