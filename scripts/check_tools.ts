/**
 * Fails when a test runs an outside command that `deno task test` and `.ci/run` do not install.
 * Every `new Deno.Command(…)` under tests/ must name a command listed in
 * tests/support/external_tools.ts (or Deno itself, or a base-system command), or be the one
 * wrapper, tests/pdf/tools.ts, whose command parameter is typed `ExternalTool`, so the type
 * checker holds its callers to the list. Tests never spawn through node:child_process.
 *
 * `deno run --allow-read scripts/check_tools.ts`; tests/docs/check_tools_test.ts also keeps
 * .ci/run's install line equal to the list.
 */
import { BASE_COMMANDS, debianPackages, EXTERNAL_TOOLS } from "../tests/support/external_tools.ts";

/** Files allowed to pass a command held in a variable: their parameter is an `ExternalTool`. */
const TYPED_WRAPPERS: Record<string, RegExp> = {
  "tests/pdf/tools.ts": /\bcmd: ExternalTool\b/,
};

if (import.meta.main) await main();

async function main(): Promise<void> {
  const problems = await checkTests(new URL("../", import.meta.url));
  if (problems.length > 0) {
    console.error(
      "Tests run commands that `deno task test` and .ci/run do not install. Add each to " +
        "tests/support/external_tools.ts with its Debian package:\n" + problems.join("\n"),
    );
    Deno.exit(1);
  }
  console.log(`check_tools: the tests run only installed commands (${debianPackages().join(" ")})`);
}

/** The problems of every test source under `root`/tests. */
export async function checkTests(root: URL): Promise<string[]> {
  const problems: string[] = [];
  for await (const path of sourceFiles(root, "tests")) {
    problems.push(...checkFile(path, await Deno.readTextFile(new URL(path, root))));
  }
  return problems;
}

export function checkFile(path: string, source: string): string[] {
  const found: string[] = [];
  const known = new Set<string>([...Object.keys(EXTERNAL_TOOLS), ...BASE_COMMANDS]);
  for (const match of source.matchAll(/\bDeno\.Command\(\s*(Deno\.execPath\(\)|[^,)]+)/g)) {
    const arg = match[1]!.trim();
    const line = source.slice(0, match.index).split("\n").length;
    const literal = arg.match(/^["'`]([^"'`$]+)["'`]$/);
    if (literal) {
      if (!known.has(literal[1]!)) found.push(`${path}:${line}: runs "${literal[1]}"`);
    } else if (arg !== "Deno.execPath()" && !TYPED_WRAPPERS[path]?.test(source)) {
      found.push(`${path}:${line}: runs a command named by \`${arg}\`; name it literally`);
    }
  }
  if (/from\s+["']node:child_process["']/.test(source)) {
    found.push(`${path}: imports node:child_process; run commands with Deno.Command`);
  }
  return found;
}

async function* sourceFiles(base: URL, dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(`${dir}/`, base))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(base, path);
    else if (/\.(ts|js|mjs)$/.test(entry.name)) yield path;
  }
}
