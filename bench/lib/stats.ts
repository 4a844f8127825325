/** In-process timings: a warm-up, then samples of one call at a time, and their percentiles. */

export interface Percentiles {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * Nearest-rank percentiles of samples in milliseconds (the sample at index ⌊n·p/100⌋ of the
 * sorted list, as bench/pdf_render.ts does): with fewer than 100 samples p99 is the maximum.
 */
export function percentiles(samples: readonly number[]): Percentiles {
  if (samples.length === 0) throw new Error("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
  return {
    n: sorted.length,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: sorted[sorted.length - 1]!,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

export interface LoopOptions {
  /** Warm-up: run for this long first (not measured). */
  warmupSeconds?: number;
  /** Warm-up: run this many times first (not measured). */
  warmupIterations?: number;
  /** Measure for this long (at least `minIterations`)… */
  seconds?: number;
  minIterations?: number;
  /** …or exactly this many times. */
  iterations?: number;
}

/**
 * Calls `fn(i)` one call at a time and answers each measured call's duration in ms. Stops after
 * `iterations` calls, or once `seconds` have passed and `minIterations` were measured.
 */
export async function timeLoop(
  fn: (i: number) => Promise<unknown> | unknown,
  options: LoopOptions,
): Promise<number[]> {
  let i = 0;
  const warmUntil = performance.now() + (options.warmupSeconds ?? 0) * 1000;
  for (let w = 0; w < (options.warmupIterations ?? 0) || performance.now() < warmUntil; w++) {
    await fn(i++);
  }
  const samples: number[] = [];
  const until = performance.now() + (options.seconds ?? 0) * 1000;
  const done = () =>
    options.iterations !== undefined
      ? samples.length >= options.iterations
      : samples.length >= (options.minIterations ?? 1) && performance.now() >= until;
  while (!done()) {
    const t0 = performance.now();
    await fn(i++);
    samples.push(performance.now() - t0);
  }
  return samples;
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The 1, 5 and 15 minute load averages, for the console ("load average before: …"). */
export function loadAverage(): string {
  return Deno.loadavg().map((l) => l.toFixed(2)).join(" ");
}

/** Percentiles as they go into a results file: milliseconds to three decimals. */
export function statsSummary(s: Percentiles) {
  return {
    calls: s.n,
    p50_ms: round(s.p50, 3),
    p90_ms: round(s.p90, 3),
    p99_ms: round(s.p99, 3),
    max_ms: round(s.max, 3),
    mean_ms: round(s.mean, 3),
  };
}

/** One line of in-process timings: label, calls, p50 and p99. */
export function printInProcess(label: string, s: Percentiles, width = 20): void {
  const ms = (n: number) => n.toFixed(2).padStart(6);
  console.log(
    `  ${label.padEnd(width)} ${String(s.n).padStart(6)} calls  p50 ${ms(s.p50)} ms  p99 ${
      ms(s.p99)
    } ms`,
  );
}
