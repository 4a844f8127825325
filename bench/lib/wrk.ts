import type { Cleanup } from "./cleanup.ts";
import { stopProcess } from "./process.ts";

const LUA_SCRIPT = new URL("../wrk/request.lua", import.meta.url).pathname;

/**
 * Makes sure `wrk` is on PATH: installs it with apt-get when missing and allowed (root, Debian
 * or Ubuntu), otherwise fails with what to do.
 */
export async function ensureWrk(): Promise<void> {
  if (await onPath("wrk")) return;
  const isRoot = Deno.uid?.() === 0;
  if (isRoot && (await onPath("apt-get"))) {
    console.log(
      "wrk is not installed: installing it with `apt-get update && apt-get install -y wrk`…",
    );
    for (const args of [["update", "-qq"], ["install", "-y", "-qq", "wrk"]]) {
      const out = await new Deno.Command("apt-get", {
        args,
        env: { DEBIAN_FRONTEND: "noninteractive" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (!out.success) {
        throw new Error(
          `apt-get ${args.join(" ")} failed (exit ${out.code}):\n` +
            new TextDecoder().decode(out.stderr),
        );
      }
    }
    if (await onPath("wrk")) {
      console.log("wrk installed.");
      return;
    }
  }
  throw new Error(
    "The bench needs wrk (https://github.com/wg/wrk) and it is not on PATH. Install it: " +
      "`sudo apt-get install -y wrk` (Debian/Ubuntu) or `brew install wrk` (macOS).",
  );
}

async function onPath(command: string): Promise<boolean> {
  try {
    const out = await new Deno.Command("/bin/sh", {
      args: ["-c", 'command -v "$0"', command],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success;
  } catch {
    return false;
  }
}

export interface WrkRequest {
  url: string;
  method: "GET" | "POST";
  body?: string;
  headers: Record<string, string>;
  /**
   * Paths (with query strings) to cycle through, one per request, instead of the URL's path
   * (the URL still names the server). For example a list of search queries.
   */
  paths?: string[];
}

export interface WrkSettings {
  threads: number;
  connections: number;
  seconds: number;
  /** wrk's per-request timeout (its default is 2 s). */
  timeoutSeconds?: number;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  latencyMs: { avg: number; max: number; p50: number; p75: number; p90: number; p99: number };
  /** Responses with a status >= 400 (wrk's "Non-2xx or 3xx responses"). */
  non2xx: number;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  raw: string;
}

/**
 * Runs `wrk --latency` with bench/wrk/request.lua and parses what it prints. With
 * `request.paths`, each request takes the next path of the list.
 */
export async function runWrk(
  cleanup: Cleanup,
  request: WrkRequest,
  settings: WrkSettings,
): Promise<WrkResult> {
  const child = new Deno.Command("wrk", {
    args: [
      `-t${settings.threads}`,
      `-c${settings.connections}`,
      `-d${settings.seconds}s`,
      `--timeout`,
      `${settings.timeoutSeconds ?? 5}s`,
      "--latency",
      "-s",
      LUA_SCRIPT,
      request.url,
    ],
    env: {
      BENCH_METHOD: request.method,
      BENCH_BODY: request.body ?? "",
      BENCH_HEADERS: Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`).join("\n"),
      BENCH_PATHS: (request.paths ?? []).join("\n"),
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let finished = false;
  cleanup.defer("stop wrk", () => finished ? undefined : stopProcess(child, 1000));
  const out = await child.output();
  finished = true;
  const stdout = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    throw new Error(
      `wrk failed (exit ${out.code}) on ${request.method} ${request.url}:\n${stdout}\n` +
        new TextDecoder().decode(out.stderr),
    );
  }
  return parseWrk(stdout);
}

/** Parses wrk 4's `--latency` report. Latencies are converted to milliseconds. */
export function parseWrk(text: string): WrkResult {
  const fail = (what: string): never => {
    throw new Error(`could not find ${what} in wrk's output:\n${text}`);
  };
  const latencyLine = /^\s*Latency\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(text) ?? fail("Latency");
  const pct = (p: number) => {
    const m = new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(text) ?? fail(`the ${p}% latency`);
    return toMs(m[1]!);
  };
  const total = /^\s*(\d+) requests in ([\d.]+\w+)/m.exec(text) ?? fail("the request count");
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(text) ?? fail("Requests/sec");
  const non2xx = /^\s*Non-2xx or 3xx responses:\s+(\d+)/m.exec(text);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requests: Number(total[1]),
    seconds: toMs(total[2]!) / 1000,
    rps: Number(rps[1]),
    latencyMs: {
      avg: toMs(latencyLine[1]!),
      max: toMs(latencyLine[3]!),
      p50: pct(50),
      p75: pct(75),
      p90: pct(90),
      p99: pct(99),
    },
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: {
      connect: socket ? Number(socket[1]) : 0,
      read: socket ? Number(socket[2]) : 0,
      write: socket ? Number(socket[3]) : 0,
      timeout: socket ? Number(socket[4]) : 0,
    },
    raw: text,
  };
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `812.00us`, `1.23ms`, `2.00s`, `1.50m` → milliseconds. */
export function toMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(value.trim());
  if (!m) throw new Error(`unknown wrk time value ${JSON.stringify(value)}`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}
