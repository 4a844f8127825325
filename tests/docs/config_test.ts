import { SETTINGS, settingsMarkdown } from "../../shared/platform/config.ts";
import { assertEquals } from "../support/assert.ts";
import { readRepoText, tableRows } from "./markdown.ts";

/** Where the code reads settings (bench/ has its own, in docs/benchmarks.md). */
const SOURCE_DIRS = ["shared", "supabase", "functions", "scripts", "tests"];
/** Variables of the operating system, passed through to child processes, not settings. */
const NOT_SETTINGS = new Set(["PATH"]);
/**
 * `env.get(NAME)`, `Deno.env.get(NAME)`, config.ts' helpers such as `intSetting(env, NAME, …)`,
 * and its declared settings, `setting(NAME, default, …)`, which readConfig reads; NAME a string
 * literal.
 */
const READS = [
  /\benv\.get\(\s*["]([A-Z][A-Z0-9_]*)["]/g,
  /\b\w+Setting\(\s*env,\s*["]([A-Z][A-Z0-9_]*)["]/g,
  /\bsetting\(\s*["]([A-Z][A-Z0-9_]*)["]/g,
];

async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory && entry.name !== "node_modules") yield* sourceFiles(url);
    else if (entry.isFile && entry.name.endsWith(".ts")) yield url;
  }
}

async function namesTheCodeReads(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    for await (const file of sourceFiles(new URL(`../../${dir}/`, import.meta.url))) {
      const text = await Deno.readTextFile(file);
      for (const pattern of READS) {
        for (const match of text.matchAll(pattern)) {
          if (!NOT_SETTINGS.has(match[1]!)) names.add(match[1]!);
        }
      }
    }
  }
  return names;
}

Deno.test("the settings list names every environment variable the code reads, and no other", async () => {
  const read = await namesTheCodeReads();
  const listed = SETTINGS.map((s) => s.name);
  assertEquals(new Set(listed).size, listed.length, "a variable is listed twice");
  const differences = {
    unlisted: [...read].filter((n) => !listed.includes(n)),
    unread: listed.filter((n) => !read.has(n)),
  };
  assertEquals(
    differences,
    { unlisted: [], unread: [] },
    `SETTINGS in shared/platform/config.ts must list exactly the variables the code reads: ${
      JSON.stringify(differences)
    }`,
  );
});

Deno.test("the README's configuration table is the one printed from the settings list", async () => {
  const readme = await readRepoText("README.md");
  const variableRow = /^`[A-Z][A-Z0-9_]*`$/;
  assertEquals(
    tableRows(readme, variableRow),
    tableRows(settingsMarkdown(), variableRow),
    "README.md's configuration table differs from SETTINGS in shared/platform/config.ts: paste the " +
      "output of `deno run scripts/config_table.ts` into it",
  );
});
