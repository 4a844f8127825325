/**
 * Field-level scoring of an extraction against a labelled expectation, shared by the accuracy
 * test and the extraction bench. A field is every leaf of the expected tree (line items by
 * position); it is found when the extraction has a value there, right when that value equals
 * the expected one under the rules below.
 *
 * Rules:
 * - names, addresses, descriptions: Unicode-normalised, case-folded, whitespace collapsed,
 *   no space before , . ; : ) or after (, and none around a hyphen broken over two lines;
 * - HS codes: the digits only (0901.21 = 0901 21 = 090121);
 * - country, currency, incoterm, ports: upper case, spaces removed;
 * - numbers: within 0.005;
 * - dates: the same YYYY-MM-DD.
 */
import type { ExtractionResult } from "../../shared/extraction/result.ts";
import { sniffFileKind } from "../../shared/extraction/sniff.ts";
import type { ExtractionInput } from "../../shared/extraction/provider.ts";

export interface FieldScore {
  path: string;
  expected: string | number;
  got: string | number | null;
  confidence: number | null;
  right: boolean;
}

type Expected = Record<string, unknown>;

const TEXT = new Set(["name", "address", "description"]);
const CODES = new Set([
  "country",
  "currency",
  "incoterm",
  "port_of_loading",
  "port_of_discharge",
  "unit_of_measure",
]);

export function scoreDocument(expected: Expected, got: ExtractionResult): FieldScore[] {
  const out: FieldScore[] = [];
  for (const [path, value] of leaves(expected)) {
    const leaf = readLeaf(got, path);
    const key = path.split(".").at(-1)!;
    out.push({
      path,
      expected: value,
      got: leaf?.value ?? null,
      confidence: leaf?.confidence ?? null,
      right: leaf !== undefined && equal(key, value, leaf.value),
    });
  }
  return out;
}

function* leaves(node: unknown, prefix = ""): Generator<[string, string | number]> {
  if (typeof node === "string" || typeof node === "number") {
    yield [prefix, node];
    return;
  }
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* leaves(item, `${prefix}.${i}`);
    return;
  }
  if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) yield* leaves(v, prefix ? `${prefix}.${k}` : k);
  }
}

function readLeaf(
  result: ExtractionResult,
  path: string,
): { value: string | number; confidence: number } | undefined {
  let node: unknown = result;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (node && typeof node === "object" && "value" in node && "confidence" in node) {
    const leaf = node as { value: string | number; confidence: number };
    return { value: leaf.value, confidence: leaf.confidence };
  }
  return undefined;
}

export function equal(key: string, expected: string | number, got: string | number): boolean {
  if (typeof expected === "number") {
    return typeof got === "number" && Math.abs(got - expected) <= 0.005;
  }
  if (typeof got !== "string") return false;
  if (key === "hs_code") return digits(expected) === digits(got) && digits(got) !== "";
  if (CODES.has(key)) return code(expected) === code(got);
  if (TEXT.has(key)) return text(expected) === text(got);
  return expected.trim() === got.trim();
}

function digits(s: string): string {
  return s.replace(/\D/g, "");
}

function code(s: string): string {
  return s.normalize("NFC").toUpperCase().replace(/\s+/g, "");
}

export function text(s: string): string {
  return s.normalize("NFC").toLowerCase().replace(/\s+/g, " ").replace(/\s+([,.;:)])/g, "$1")
    .replace(/\(\s+/g, "(").replace(/-\s+/g, "-").trim();
}

export interface Tally {
  expected: number;
  found: number;
  right: number;
  /** Fields the extractor was sure of (confidence ≥ 0.9), and how many of them were right. */
  sure: number;
  sureRight: number;
}

export const SURE = 0.9;

export function tally(scores: FieldScore[]): Tally {
  const t: Tally = { expected: 0, found: 0, right: 0, sure: 0, sureRight: 0 };
  for (const s of scores) add(t, s);
  return t;
}

function add(t: Tally, s: FieldScore): void {
  t.expected++;
  if (s.got !== null) t.found++;
  if (s.right) t.right++;
  if (s.confidence !== null && s.confidence >= SURE) {
    t.sure++;
    if (s.right) t.sureRight++;
  }
}

export function merge(tallies: Tally[]): Tally {
  const t: Tally = { expected: 0, found: 0, right: 0, sure: 0, sureRight: 0 };
  for (const x of tallies) {
    t.expected += x.expected;
    t.found += x.found;
    t.right += x.right;
    t.sure += x.sure;
    t.sureRight += x.sureRight;
  }
  return t;
}

export function ratio(n: number, d: number): number {
  return d === 0 ? 1 : n / d;
}

/** A field's name without the line index: `goods.line_items.3.quantity` → `goods.line_items.quantity`. */
export function fieldOf(path: string): string {
  return path.replace(/\.\d+\./, ".");
}

/** Tallies of the scores by field name, in the order the fields first appear. */
export function tallyByField(scores: FieldScore[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const s of scores) {
    const key = fieldOf(s.path);
    const t = out.get(key) ?? { expected: 0, found: 0, right: 0, sure: 0, sureRight: 0 };
    add(t, s);
    out.set(key, t);
  }
  return out;
}

/** A corpus: manifest.json lists each document with its format (and, generated, its split). */
export interface CorpusEntry {
  file: string;
  format: string;
  notes?: string;
  /** Generated corpus only: "tune" (used while tuning) or "heldout" (scored only to report). */
  split?: "tune" | "heldout";
  lang?: string;
  /** The folder the manifest is in. */
  dir?: URL;
}

export const CORPUS_DIR = new URL("../fixtures/extraction/", import.meta.url);
/** The generated corpus (scripts/corpus/make_generated.ts; docs/extraction-corpus.md). */
export const GENERATED_DIR = new URL("../fixtures/extraction/generated/", import.meta.url);

export async function readCorpus(dir: URL = CORPUS_DIR): Promise<CorpusEntry[]> {
  const text = await Deno.readTextFile(new URL("manifest.json", dir));
  return (JSON.parse(text) as CorpusEntry[]).map((e) => ({ ...e, dir }));
}

/** One split of the generated corpus. */
export async function readGenerated(split: "tune" | "heldout"): Promise<CorpusEntry[]> {
  return (await readCorpus(GENERATED_DIR)).filter((e) => e.split === split);
}

export async function expectedOf(entry: CorpusEntry): Promise<Expected> {
  const name = entry.file.replace(/\.[^.]+$/, "");
  const dir = entry.dir ?? CORPUS_DIR;
  return JSON.parse(await Deno.readTextFile(new URL(`${name}.expected.json`, dir)));
}

/** A corpus document's bytes, and its kind decided from them as uploads are. */
export async function readCorpusFile(entry: CorpusEntry): Promise<ExtractionInput> {
  const bytes = await Deno.readFile(new URL(entry.file, entry.dir ?? CORPUS_DIR));
  const kind = sniffFileKind(bytes);
  if (!kind) throw new Error(`${entry.file} is none of the accepted file kinds`);
  return { bytes, kind };
}
