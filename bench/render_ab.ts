/**
 * Render time of this checkout against another one (a baseline commit checked out in a git
 * worktree), for bars such as issue 14's "Latin-only render time at 10 and 200 lines within
 * 10 % of today's". On a shared machine the wall time of one run says little, so:
 *
 * - both sides run in turn, ROUNDS times (baseline, this, baseline, this, …), each in a child
 *   process of its own inside its checkout (bench/lib/render_child.ts), so both see the same
 *   machine state and neither warms the other's code;
 * - the figure compared is the process's CPU time per render (median of ITERATIONS renders),
 *   which other processes' load disturbs much less than the wall time; the median over the
 *   rounds is reported, with each round's load average and the spread.
 *
 *   git worktree add --detach /tmp/base <commit>   # then `deno install` in it
 *   deno run -A bench/render_ab.ts /tmp/base [rounds=3] [iterations=60] [types=all 16]
 *
 * The bar checked: the commercial invoice (the documents bench's bar type) at 10 and 200 line
 * items within +10 % of the baseline's CPU time.
 */
import { DOCUMENT_TYPES } from "../shared/documents/catalogue/document_types.ts";
import { median } from "./lib/stats.ts";
import { table } from "./lib/report.ts";

const BAR = 1.1;
const BAR_TYPE = "COMMERCIAL_INVOICE";

interface Case {
  type: string;
  items: number;
  cpuMs: number;
  wallMs: number;
  bytes: number;
}

interface Run {
  load: number;
  cases: Case[];
}

const here = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const [baseline, roundArg = "3", iterationArg = "60", typeArg = DOCUMENT_TYPES.join(",")] =
  Deno.args;
if (!baseline) {
  console.error("usage: deno run -A bench/render_ab.ts <baseline checkout> [rounds] [iterations]");
  Deno.exit(2);
}
const child = `${here}/bench/lib/render_child.ts`;

async function side(root: string): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", `${root}/deno.json`, child, root, iterationArg, typeArg],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    throw new Error(`${root}: exit ${out.code}\n${new TextDecoder().decode(out.stderr)}`);
  }
  return JSON.parse(text.trim().split("\n").at(-1)!) as Run;
}

const runs: { base: Run; head: Run }[] = [];
for (let r = 0; r < Number(roundArg); r++) {
  const base = await side(baseline);
  const head = await side(here);
  runs.push({ base, head });
  console.log(
    `round ${r + 1}: load ${base.load.toFixed(2)} / ${head.load.toFixed(2)} ` +
      `(1 min, after the baseline / after this checkout)`,
  );
}

const key = (c: Case) => `${c.type} ${c.items}`;
const of = (run: Run, k: string) => run.cases.find((c) => key(c) === k)!;
const rows: string[][] = [];
const bars: { name: string; ratio: number }[] = [];
for (const k of runs[0]!.head.cases.map(key)) {
  const base = runs.map((r) => of(r.base, k).cpuMs);
  const head = runs.map((r) => of(r.head, k).cpuMs);
  const ratios = runs.map((_, i) => head[i]! / base[i]!);
  const ratio = median(head) / median(base);
  const last = runs.at(-1)!;
  rows.push([
    k,
    median(base).toFixed(2),
    median(head).toFixed(2),
    ratio.toFixed(2),
    `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
    String(of(last.base, k).bytes),
    String(of(last.head, k).bytes),
  ]);
  if (k.startsWith(`${BAR_TYPE} `)) bars.push({ name: k, ratio });
}
console.log(`\nCPU ms per render (median of ${runs.length} rounds of ${iterationArg})`);
console.log(
  table(["type items", "baseline", "this", "ratio", "per round", "bytes base", "bytes this"], rows),
);
for (const b of bars) {
  console.log(
    `bar: ${b.name} items within +10 % of the baseline: ${b.ratio.toFixed(2)} ` +
      (b.ratio <= BAR ? "PASS" : "FAIL"),
  );
}
