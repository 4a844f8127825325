/**
 * `deno task test`: the whole suite on the embedded database (PGlite), and with `--db=postgres`
 * or `--db=both` also on real PostgreSQL. For PostgreSQL it creates a database of its own for
 * this run (on TEST_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
 * drops it afterwards, so runs never see each other. Extra arguments go to `deno test`
 * (for example a file or `--filter`).
 *
 * The last line is `N passed, N failed`, counting every test step, over both databases.
 */
import postgres from "postgres";
import {
  EXTERNAL_TOOLS,
  type ExternalTool,
  presenceCheck,
} from "../tests/support/external_tools.ts";

const args = [...Deno.args];
const dbArg = takeOption(args, "--db") ?? "pglite";
const kinds = dbArg === "both" ? ["pglite", "postgres"] : [dbArg];
if (!kinds.every((k) => k === "pglite" || k === "postgres")) {
  console.error(`--db must be pglite, postgres or both, not ${dbArg}`);
  Deno.exit(2);
}

await ensureTestTools();

const outDir = ".test-output";
await Deno.mkdir(outDir, { recursive: true });
let passed = 0;
let failed = 0;

// With both databases the two runs go side by side (each has a database of its own): most of
// a test's time is spent waiting on processes, sockets and timers, and the suite would otherwise
// take the two runs' sum. The second run's output is kept and printed after the first's.
const template = kinds.includes("pglite") ? await pgliteTemplate() : "";
await typeCheckOnce(args);
const results = await Promise.all(kinds.map((kind, i) => {
  const output = i === 0 ? undefined : `${outDir}/${kind}.log`;
  return kind === "postgres"
    ? onPostgres(args, output)
    : runDenoTest("pglite", args, { TEST_PGLITE_TEMPLATE: template }, output);
}));
for (const [i, kind] of kinds.entries()) {
  if (i > 0) await Deno.stdout.write(await Deno.readFile(`${outDir}/${kind}.log`));
  const result = results[i]!;
  console.log(`${kind}: ${result.passed} passed, ${result.failed} failed`);
  passed += result.passed;
  failed += result.failed;
}

console.log(`${passed} passed, ${failed} failed`);
Deno.exit(failed > 0 || passed === 0 ? 1 : 0);

/** One migrated and seeded PGlite database that every test file starts from. */
async function pgliteTemplate(): Promise<string> {
  const path = `${outDir}/pglite-template.tar`;
  const made = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tests/support/pglite_template.ts", path],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!made.success) throw new Error("could not prepare the PGlite template database");
  return path;
}

async function onPostgres(extra: string[], output?: string) {
  const adminUrl = Deno.env.get("TEST_PG_ADMIN_URL") ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `trade_test_${Date.now()}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await runDenoTest("postgres", extra, { TEST_DATABASE_URL: url.toString() }, output);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Runs `deno test`; its output goes to this terminal, or to the file `output`. */
async function runDenoTest(
  kind: string,
  extra: string[],
  env: Record<string, string>,
  output?: string,
) {
  const junit = `${outDir}/junit-${kind}.xml`;
  // A run that never starts (a type error) must not be counted from the previous run's report.
  await Deno.remove(junit).catch(() => {});
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--no-check", `--junit-path=${junit}`, ...testPaths(extra)],
    env,
    stdout: output ? "piped" : "inherit",
    stderr: output ? "piped" : "inherit",
  }).spawn();
  if (output) {
    const file = await Deno.open(output, { write: true, create: true, truncate: true });
    // Both streams into one file, as a terminal would show them.
    const writer = file.writable.getWriter();
    const copy = (stream: ReadableStream<Uint8Array>) =>
      stream.pipeTo(new WritableStream({ write: (chunk) => writer.write(chunk) }));
    await Promise.all([copy(child.stdout), copy(child.stderr)]);
    await writer.close();
  }
  const status = await child.status;
  const counts = await countJunit(junit);
  // A crash before any report (a type error, a module that fails to load) is a failure too.
  if (!status.success && counts.failed === 0) counts.failed = 1;
  return counts;
}

function testPaths(extra: string[]): string[] {
  return extra.length ? extra : ["tests/"];
}

/**
 * Type-checks the test files once, for every run; the runs skip it (`--no-check`). Checked by
 * `deno test`, each thread module a test starts was checked when the thread first started, and
 * under load that time counted against the jobs' time limits.
 */
async function typeCheckOnce(extra: string[]): Promise<void> {
  const paths = testPaths(extra).filter((a) => !a.startsWith("-"));
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["check", ...paths],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (result.success) return;
  console.log("0 passed, 1 failed");
  Deno.exit(1);
}

/** Counts test cases in Deno's JUnit report; steps are test cases of their own there. */
async function countJunit(path: string): Promise<{ passed: number; failed: number }> {
  let xml: string;
  try {
    xml = await Deno.readTextFile(path);
  } catch {
    return { passed: 0, failed: 0 };
  }
  let passedCount = 0;
  let failedCount = 0;
  for (const match of xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const inner = match[2] ?? "";
    if (/<failure\b|<error\b/.test(inner)) failedCount++;
    else if (!/<skipped\b/.test(inner)) passedCount++;
  }
  return { passed: passedCount, failed: failedCount };
}

function takeOption(list: string[], name: string): string | undefined {
  const index = list.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (index < 0) return undefined;
  const [arg] = list.splice(index, 1);
  if (arg!.includes("=")) return arg!.slice(name.length + 1);
  const [value] = list.splice(index, 1);
  return value;
}

/**
 * The tests read our PDFs with real tools, make a certificate authority with openssl and so on
 * (tests/support/external_tools.ts lists them all); install what is missing (as root).
 */
async function ensureTestTools(): Promise<void> {
  const missing = new Set<string>();
  for (const [tool, pkg] of Object.entries(EXTERNAL_TOOLS)) {
    const check = presenceCheck(tool as ExternalTool);
    const found = await new Deno.Command("sh", { args: ["-c", check] }).output();
    if (!found.success) missing.add(pkg);
  }
  if (missing.size === 0) return;
  const command = `apt-get install -y ${[...missing].join(" ")}`;
  if (Deno.uid() !== 0) {
    console.error(`The document tests need: sudo apt-get update && sudo ${command}`);
    Deno.exit(2);
  }
  console.log(`Installing the tools the tests use: ${[...missing].join(", ")}`);
  for (
    const args of [["update", "-qq"], [
      "install",
      "-y",
      "-qq",
      "--no-install-recommends",
      ...missing,
    ]]
  ) {
    const result = await new Deno.Command("apt-get", {
      args,
      env: { DEBIAN_FRONTEND: "noninteractive" },
      stdout: "null",
    }).output();
    if (!result.success) {
      console.error(`apt-get ${args[0]} failed: ${new TextDecoder().decode(result.stderr)}`);
      Deno.exit(2);
    }
  }
}
