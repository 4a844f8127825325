/**
 * The Supabase CLI from npm (`supabase@3.1.0`). Its binary comes in a platform package
 * (`@supabase/cli-linux-x64` and siblings, optional dependencies of `supabase`), so
 * `npm install` needs only the npm registry, never GitHub. Installed once into
 * `.tools/supabase-cli/` (as `.ci/run` does) and run with `npm exec` from there; every command
 * goes through npm, which the project already needs.
 */
import { installNpmTool } from "../../scripts/npm_tool.ts";

export const SUPABASE_CLI_VERSION = "3.1.0";

/** A prefix of its own: another `npm install --no-save` into .tools would remove Deno. */
const PREFIX = new URL("../../.tools/supabase-cli/", import.meta.url).pathname;

/** Runs `supabase <args>` from the prefix (never downloading anything at this point). */
async function npmExec(args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command("npm", {
    args: ["exec", "--prefix", PREFIX, "--yes=false", "--", "supabase", ...args],
    env: { SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output().catch(() => null);
  const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
  return {
    ok: out?.success ?? false,
    stdout: decode(out?.stdout),
    text: decode(out?.stdout) + decode(out?.stderr),
  };
}

/** Installs the CLI into its prefix unless that version is there already. */
export async function ensureSupabaseCli(): Promise<void> {
  const version = await npmExec(["--version"]);
  if (version.ok && version.stdout.trim() === SUPABASE_CLI_VERSION) return;
  await installNpmTool(PREFIX, `supabase@${SUPABASE_CLI_VERSION}`);
}

/** `supabase db push --db-url <url>` from the repository (supabase/migrations), answering yes. */
export async function supabaseDbPush(dbUrl: string): Promise<string> {
  await ensureSupabaseCli();
  const root = new URL("../../", import.meta.url).pathname;
  const out = await npmExec(["db", "push", "--db-url", dbUrl, "--workdir", root, "--yes"]);
  if (!out.ok) throw new Error(`supabase db push failed:\n${out.text}`);
  return out.text;
}
