/**
 * Lints the service's OpenAPI document with Redocly CLI's recommended rules; fails on any error
 * (`deno task check` and .ci/run run it). Redocly CLI comes from npm, pinned, installed once
 * into `.tools/redocly/` (a prefix of its own, as the Supabase CLI's: another
 * `npm install --no-save` into .tools would remove Deno), so a fresh machine needs only Node
 * and npm.
 *
 * `deno run -A scripts/lint_openapi.ts`
 */
import { installNpmTool } from "./npm_tool.ts";
import { openApiDocument } from "./openapi.ts";

export const REDOCLY_VERSION = "2.77.0";

const PREFIX = new URL("../.tools/redocly/", import.meta.url).pathname;
const BIN = `${PREFIX}node_modules/.bin/redocly`;

if (import.meta.main) Deno.exit(await main());

async function main(): Promise<number> {
  await ensureRedocly();
  const file = await Deno.makeTempFile({ prefix: "openapi-", suffix: ".json" });
  try {
    await Deno.writeTextFile(file, JSON.stringify(await openApiDocument(), null, 2));
    const lint = await new Deno.Command(BIN, {
      args: ["lint", file, "--format=stylish"],
      env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    return lint.code;
  } finally {
    await Deno.remove(file);
  }
}

/** Installs the pinned Redocly CLI into its prefix unless that version is there already. */
async function ensureRedocly(): Promise<void> {
  if ((await installedVersion()) === REDOCLY_VERSION) return;
  await installNpmTool(PREFIX, `@redocly/cli@${REDOCLY_VERSION}`);
}

async function installedVersion(): Promise<string | null> {
  try {
    const out = await new Deno.Command(BIN, { args: ["--version"], stdout: "piped" }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : null;
  } catch {
    return null; // not installed yet
  }
}
