import type { Cleanup } from "./cleanup.ts";

/** The repository root (bench/lib/../..): child processes run there, as `deno task` does. */
export const ROOT = new URL("../../", import.meta.url).pathname;

/** A free TCP port on loopback (asked from the kernel, then released). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  stdoutFile: string;
  stderrFile: string;
  child: Deno.ChildProcess;
}

export interface StartOptions {
  name: string;
  /** Script to run with `deno run -A`, relative to the repository root. */
  script: string;
  port: number;
  env: Record<string, string>;
  /** Where stdout and stderr go (`<dir>/<name>.stdout.log`, `.stderr.log`). */
  logDir: string;
  /** Extra flags for `deno run` (for example `--cpu-prof`). */
  denoFlags?: string[];
  healthPath?: string;
}

/**
 * Starts a Deno server in a child process whose stdout and stderr go straight to files (the
 * service writes its request log as it would in production, without a reader in this process),
 * waits until `healthPath` answers 200, and registers a graceful stop (SIGTERM, then SIGKILL).
 */
export async function startServer(cleanup: Cleanup, options: StartOptions): Promise<ServerProcess> {
  const stdoutFile = `${options.logDir}/${options.name}.stdout.log`;
  const stderrFile = `${options.logDir}/${options.name}.stderr.log`;
  const deno = Deno.execPath();
  // `exec` so that the pid is Deno's own and the redirections cost this process nothing.
  const child = new Deno.Command("/bin/sh", {
    args: [
      "-c",
      'exec "$0" "$@" >"$BENCH_STDOUT_FILE" 2>"$BENCH_STDERR_FILE"',
      deno,
      "run",
      "-A",
      ...(options.denoFlags ?? []),
      options.script,
    ],
    cwd: ROOT,
    env: {
      ...options.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      BENCH_STDOUT_FILE: stdoutFile,
      BENCH_STDERR_FILE: stderrFile,
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const server: ServerProcess = {
    name: options.name,
    url: `http://127.0.0.1:${options.port}`,
    pid: child.pid,
    stdoutFile,
    stderrFile,
    child,
  };
  cleanup.defer(`stop ${options.name} (pid ${child.pid})`, () => stopProcess(child));
  await waitForHealth(server, options.healthPath ?? "/health");
  return server;
}

// A fresh DATA_DIR prepares its database first (migrations and reference data, 20-30 s of
// PGlite at load 2): with the machine shared (load 10-13) that passed 60 s.
async function waitForHealth(server: ServerProcess, path: string, timeoutMs = 180_000) {
  let exited: Deno.CommandStatus | undefined;
  void server.child.status.then((s) => (exited = s));
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(
        `${server.name} exited with code ${exited.code} before answering ${path}\n` +
          (await tail(server.stderrFile)),
      );
    }
    try {
      const response = await fetch(server.url + path, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `${server.name} did not answer ${path} with 200 within ${timeoutMs / 1000} s (last: ${last})` +
      `\n${await tail(server.stderrFile)}`,
  );
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export async function stopProcess(child: Deno.ChildProcess, graceMs = 10_000): Promise<void> {
  let done = false;
  const status = child.status.then((s) => {
    done = true;
    return s;
  });
  try {
    child.kill("SIGTERM");
  } catch {
    // Already gone.
  }
  const timer = setTimeout(() => {
    if (!done) {
      try {
        child.kill("SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }, graceMs);
  try {
    await status;
  } finally {
    clearTimeout(timer);
  }
}

/** The last lines of a log file, for error messages. */
export async function tail(file: string, lines = 30): Promise<string> {
  try {
    const text = await Deno.readTextFile(file);
    const all = text.trimEnd().split("\n");
    return `--- last lines of ${file} ---\n${all.slice(-lines).join("\n")}`;
  } catch {
    return `(no ${file})`;
  }
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux), or null. Less
 * sensitive to other load on the machine than throughput: CPU time per request.
 */
export async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Fields after the command name (which may contain spaces) start at field 3, "state".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux architecture Deno runs on. */
const CLOCK_TICKS = 100;
