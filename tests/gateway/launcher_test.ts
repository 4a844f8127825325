/**
 * `deno task start` as a newcomer runs it: the gateway stops cleanly when the process that
 * launched it is killed (npx does not pass signals on), and a taken port is a one-line message.
 */
import { assert, assertEquals } from "../support/assert.ts";
import { processRuns } from "../../supabase/gateway/launcher.ts";

const MAIN = new URL("../../supabase/gateway/main.ts", import.meta.url).pathname;

function serviceEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    NO_COLOR: "1",
    PATH: Deno.env.get("PATH") ?? "",
  };
  const databaseUrl = Deno.env.get("TEST_DATABASE_URL");
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Reads until `pattern` shows, the stream ends, or a minute passes (then fails). */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pattern: RegExp,
  sofar = "",
): Promise<string> {
  const decoder = new TextDecoder();
  let output = sofar;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${pattern} within 60 s in:\n${output}`)), 60_000);
  });
  try {
    while (!pattern.test(output)) {
      const { value, done } = await Promise.race([reader.read(), timeout]);
      if (done) break;
      output += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
  return output;
}

Deno.test({
  name: "the gateway stops cleanly when its launcher is killed",
  // Starting a fresh embedded database costs half a minute; the behaviour under test is the
  // process's, not the database's, so it runs once, in the PostgreSQL pass.
  ignore: !Deno.env.get("TEST_DATABASE_URL"),
}, async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "trade-launcher-" });
  // `; exit $?` keeps sh alive as the gateway's parent, as npm exec and deno task are.
  const launcher = new Deno.Command("sh", {
    args: ["-c", `'${Deno.execPath()}' run -A '${MAIN}'; exit $?`],
    env: { ...serviceEnv(dataDir), PORT: "0" },
    clearEnv: true,
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = launcher.stdout.getReader();
  let pid = 0;
  try {
    let output = await readUntil(reader, /kill -INT (\d+)/);
    pid = Number(/kill -INT (\d+)/.exec(output)![1]);
    assert(processRuns(pid), "the gateway runs");
    launcher.kill("SIGKILL");
    await launcher.status;
    output = await readUntil(reader, /stopped cleanly/, output);
    assert(/launcher exited: stopping/.test(output), output);
    const deadline = Date.now() + 10_000;
    while (processRuns(pid) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert(!processRuns(pid), "the gateway is gone");
  } finally {
    if (pid && processRuns(pid)) Deno.kill(pid, "SIGKILL");
    await reader.cancel();
    await Deno.remove(dataDir, { recursive: true });
  }
});

/** Runs `task start` where it cannot start; answers its exit code and stderr, checked to be
 * one message and no stack trace. */
async function failedStart(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    env,
    clearEnv: true,
    stdout: "null",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(result.stderr).trim();
  assert(!/\n\s+at /.test(stderr), `a stack trace: ${stderr}`);
  return { code: result.code, stderr };
}

Deno.test("a taken port is a one-line message and exit code 1, not a stack trace", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "trade-port-" });
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const { code, stderr } = await failedStart({
      ...serviceEnv(dataDir),
      PORT: String((taken.addr as Deno.NetAddr).port),
    });
    assertEquals(code, 1);
    assert(/is already in use/.test(stderr), stderr);
  } finally {
    taken.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a database that cannot be reached is a one-line message and exit code 1", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "trade-nodb-" });
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close(); // nothing listens there any more: the connection is refused
  try {
    const { code, stderr } = await failedStart({
      ...serviceEnv(dataDir),
      PORT: "0",
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere`,
    });
    assertEquals(code, 1);
    assert(/^Could not start on the PostgreSQL database of DATABASE_URL: /.test(stderr), stderr);
    assert(stderr.includes("docs/operations.md"), stderr);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
