/** Output helpers: plain-text tables, number formats, the results JSON and run metadata. */

export function table(header: string[], rows: string[][], alignLeft = new Set([0])): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => alignLeft.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))
      .join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export const fmt = {
  rps: (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 }),
  ms: (n: number) => n.toFixed(2),
  ratio: (n: number) => n.toFixed(2),
};

export function passFail(ok: boolean): "PASS" | "FAIL" {
  return ok ? "PASS" : "FAIL";
}

/** Writes `bench/results/<name>.json` (formatted as `deno fmt` wants it). */
export async function writeResults(name: string, data: unknown): Promise<string> {
  const dir = new URL("../results/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  const file = new URL(`${name}.json`, dir);
  await Deno.writeTextFile(file, JSON.stringify(data, null, 2) + "\n");
  return file.pathname;
}

/**
 * Where and on what the bench ran, for the results file. Taken before the run: how busy the
 * CPUs were then says whether something else was using the machine; the bench warns if so.
 */
export async function runMetadata(): Promise<Record<string, unknown>> {
  const cpus = navigator.hardwareConcurrency;
  const busy = await cpuBusyFraction(1000);
  if (busy !== null && busy > 0.15) {
    console.log(
      `warning: the CPUs were ${(busy * 100).toFixed(0)}% busy before the run: something else ` +
        "is using the machine, the numbers will be lower and noisier than they should be",
    );
  }
  return {
    date: new Date().toISOString(),
    git_commit: await git(["rev-parse", "HEAD"]),
    git_dirty: (await git(["status", "--porcelain"]))?.length ? true : false,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    os: `${Deno.build.os} ${Deno.osRelease()} ${Deno.build.arch}`,
    cpus,
    cpu_busy_before: busy === null ? null : Math.round(busy * 1000) / 1000,
    load_average_before: Deno.loadavg(),
  };
}

/** The share of CPU time not idle over `ms` (Linux /proc/stat), or null elsewhere. */
async function cpuBusyFraction(ms: number): Promise<number | null> {
  const sample = async () => {
    const line = (await Deno.readTextFile("/proc/stat")).split("\n", 1)[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = await sample();
    await new Promise((r) => setTimeout(r, ms));
    const b = await sample();
    const total = b.total - a.total;
    return total > 0 ? 1 - (b.idle - a.idle) / total : null;
  } catch {
    return null;
  }
}

async function git(args: string[]): Promise<string | null> {
  try {
    const out = await new Deno.Command("git", {
      args,
      cwd: new URL("../../", import.meta.url).pathname,
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : null;
  } catch {
    return null;
  }
}

/** The closing line of a section: missing a bar is reported, not an error. */
export function printVerdict(bars: { name: string; pass: boolean }[]): void {
  const missed = bars.filter((b) => !b.pass);
  console.log(
    missed.length === 0
      ? "\nall bars met"
      : `\nbars missed: ${missed.map((b) => b.name).join("; ")} (a measurement, not an error)`,
  );
}
