/**
 * Stops the gateway when whatever launched it goes away. `npx deno task start` runs the service
 * as the fourth process of a chain (npm exec → sh → deno task → deno run), and npm neither passes
 * on a signal sent to its own pid nor takes its children with it when it is killed: without
 * this, `kill <npx pid>` left the service running, holding its port and its database.
 * Linux only (it reads /proc); elsewhere it watches nothing.
 *
 * `ancestors` should be read when the process starts: read later, a launcher that died in
 * between is already missing from the chain (its child was handed to init), and nothing would
 * ever be seen to end.
 */
export function onLauncherExit(
  stop: () => void,
  ancestors: ProcessStat[],
  intervalMs = 1000,
): () => void {
  if (ancestors.length === 0) return () => {};
  const timer = setInterval(() => {
    if (ancestors.some((p) => !isSameLiveProcess(p))) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}

export interface ProcessStat {
  pid: number;
  ppid: number;
  state: string;
  /** Start time since boot: tells a process from a later one that reuses its pid. */
  started: string;
}

/** This process's ancestors, parent first, up to (not including) init. */
export function ancestorProcesses(pid = Deno.pid): ProcessStat[] {
  const chain: ProcessStat[] = [];
  for (let stat = readStat(readStat(pid)?.ppid ?? 0); stat && stat.pid > 1;) {
    chain.push(stat);
    stat = readStat(stat.ppid);
  }
  return chain;
}

function isSameLiveProcess(known: ProcessStat): boolean {
  const now = readStat(known.pid);
  return now !== undefined && now.started === known.started && isLive(now);
}

/** Whether a process runs (Linux /proc). */
export function processRuns(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== undefined && isLive(stat);
}

// A zombie keeps its /proc entry until its own parent reaps it: it is gone all the same.
function isLive(stat: ProcessStat): boolean {
  return stat.state !== "Z";
}

function readStat(pid: number): ProcessStat | undefined {
  if (pid <= 0) return undefined;
  try {
    // The command name, in parentheses, may hold spaces and parentheses: fields follow the last.
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid, state: fields[0]!, ppid: Number(fields[1]), started: fields[19]! };
  } catch {
    return undefined;
  }
}
