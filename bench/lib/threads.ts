/**
 * Where a process's CPU time goes, thread by thread (Linux /proc/<pid>/task), and how busy the
 * whole machine was: to tell render threads (Deno names Web Workers `worker-<n>`) from the main
 * thread and V8's own threads (garbage collection, compilers), and a process that waits from a
 * machine that is full.
 */

export interface ThreadCpu {
  tid: number;
  name: string;
  /** User + system CPU seconds. */
  seconds: number;
}

/** CPU seconds of every thread of `pid` so far, or null off Linux. */
export async function threadCpu(pid: number): Promise<ThreadCpu[] | null> {
  const threads: ThreadCpu[] = [];
  try {
    for await (const entry of Deno.readDir(`/proc/${pid}/task`)) {
      try {
        const stat = await Deno.readTextFile(`/proc/${pid}/task/${entry.name}/stat`);
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
        threads.push({ tid: Number(entry.name), name, seconds: ticks / CLOCK_TICKS });
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    return null;
  }
  return threads;
}

export interface ThreadGroups {
  /** The main thread: HTTP, database calls, the job worker's loop. */
  mainSeconds: number;
  /** Each render thread (Web Worker) by name. */
  render: { name: string; seconds: number }[];
  /** V8's platform threads: concurrent garbage collection and compilation. */
  v8Seconds: number;
  /** Everything else (the async I/O runtime's threads). */
  otherSeconds: number;
}

/** CPU time per group of threads between two samples (a thread only in `after` counts whole). */
export function threadDelta(
  pid: number,
  before: ThreadCpu[],
  after: ThreadCpu[],
): ThreadGroups {
  const start = new Map(before.map((t) => [t.tid, t.seconds]));
  const groups: ThreadGroups = { mainSeconds: 0, render: [], v8Seconds: 0, otherSeconds: 0 };
  for (const t of after) {
    const seconds = t.seconds - (start.get(t.tid) ?? 0);
    if (t.tid === pid) groups.mainSeconds += seconds;
    else if (t.name.startsWith("worker-")) groups.render.push({ name: t.name, seconds });
    else if (t.name.startsWith("V8 ")) groups.v8Seconds += seconds;
    else groups.otherSeconds += seconds;
  }
  groups.render.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  return groups;
}

/** Busy and total CPU time of the whole machine so far (/proc/stat, in ticks), or null. */
export async function machineCpu(): Promise<{ busy: number; total: number } | null> {
  try {
    const line = (await Deno.readTextFile("/proc/stat")).split("\n", 1)[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time that was busy between two samples. */
export function busyFraction(
  before: { busy: number; total: number } | null,
  after: { busy: number; total: number } | null,
): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (after.busy - before.busy) / (after.total - before.total);
}

/** USER_HZ: 100 on every Linux architecture Deno runs on. */
const CLOCK_TICKS = 100;
