/**
 * The edge functions run the way Supabase's edge runtime runs them, as far as a test can: each
 * function its own process (one isolate per function), started with only the variables
 * Supabase injects plus the secrets docs/deploy-supabase.md sets, files read-only except /tmp,
 * no subprocesses, no FFI, a 256 MB heap, and `node:worker_threads` replaced by a module that
 * throws (the edge runtime does not implement it). A router in front plays Supabase's API
 * gateway: `/functions/v1/<name>/...` goes, path kept, to that function's process, and
 * `/storage/v1/...` to a Storage API on loopback.
 */
import { waitUntil } from "../webhooks/support.ts";

const ROOT = new URL("../../", import.meta.url);

/** Every function of functions/, by directory name. */
export async function edgeFunctionNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(new URL("functions/", ROOT))) {
    if (entry.isDirectory) names.push(entry.name);
  }
  return names.sort();
}

/** The flags a function process runs with: the edge runtime's limits. */
export function edgeFlags(importMap: string): string[] {
  return [
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-write=/tmp",
    "--deny-run",
    "--deny-ffi",
    "--v8-flags=--max-old-space-size=256",
    `--import-map=${importMap}`,
  ];
}

/**
 * The repository's import map with absolute paths, and `node:worker_threads` mapped to a module
 * that throws when loaded, written under `dir`.
 */
export async function edgeImportMap(dir: string): Promise<string> {
  const map = JSON.parse(await Deno.readTextFile(new URL("import_map.json", ROOT))) as {
    imports: Record<string, string>;
  };
  for (const [key, value] of Object.entries(map.imports)) {
    if (value.startsWith("./")) map.imports[key] = new URL(value, ROOT).href;
  }
  const shim = `${dir}/no_worker_threads.ts`;
  await Deno.writeTextFile(
    shim,
    'throw new Error("node:worker_threads is not implemented on the edge runtime");\n',
  );
  map.imports["node:worker_threads"] = `file://${shim}`;
  const path = `${dir}/import_map.json`;
  await Deno.writeTextFile(path, JSON.stringify(map, null, 2));
  return path;
}

export interface EdgeFunction {
  name: string;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts one function as its own process with exactly `env` (and Deno's own cache location). */
export function startEdgeFunction(
  name: string,
  env: Record<string, string>,
  importMap: string,
): Promise<EdgeFunction> {
  return startServerProcess(
    name,
    [...edgeFlags(importMap), `functions/${name}/index.ts`],
    { ...env, FUNCTION_PORT: "0" },
  );
}

/**
 * Runs `deno run <args>` from the repository with exactly `env` (and Deno's own cache
 * location), and waits until it prints `listening on <url>`.
 */
export async function startServerProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<EdgeFunction> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...args],
    cwd: ROOT.pathname,
    clearEnv: true,
    env: { ...denoCacheEnv(), ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const pumps = [child.stdout, child.stderr].map(async (stream) => {
    for await (const chunk of stream) output += decoder.decode(chunk);
  });
  const listening = /listening on (http:\/\/\S+)/;
  await waitUntil(`${name} to listen`, () => listening.test(output), 120_000)
    .catch((error) => {
      child.kill("SIGKILL");
      throw new Error(`${error.message}:\n${output}`);
    });
  return {
    name,
    url: listening.exec(output)![1]!,
    output: () => output,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // already gone
      }
      await child.status;
      await Promise.all(pumps);
    },
  };
}

/** Where Deno keeps its module cache: the runtime's, not the function's configuration. */
function denoCacheEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value) env[name] = value;
  }
  return env;
}

export interface EdgeGateway {
  url: string;
  /** Function name → the address of its process. */
  functions: Map<string, string>;
  /** Where `/storage/v1/...` goes. */
  storage: { url: string };
  close(): Promise<void>;
}

/**
 * Supabase's API gateway on loopback: `/functions/v1/<name>/...` to the function's process,
 * `/storage/v1/...` to the Storage API. Routes are filled in once the processes run.
 */
export function edgeGateway(): EdgeGateway {
  const functions = new Map<string, string>();
  const storage = { url: "" };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (request) => {
    const url = new URL(request.url);
    const fn = /^\/functions\/v1\/([a-z0-9-]+)(\/|$)/.exec(url.pathname);
    const target = fn
      ? functions.get(fn[1]!)
      : url.pathname.startsWith("/storage/v1/")
      ? storage.url
      : undefined;
    if (!target) return Response.json({ message: "no route" }, { status: 404 });
    return fetch(`${target}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
    }).catch(() =>
      // The function's process went away mid-request (the test is stopping them).
      Response.json({ message: "function unreachable" }, { status: 502 })
    );
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    functions,
    storage,
    close: () => server.shutdown(),
  };
}
