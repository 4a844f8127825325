/**
 * The Supabase CLI from npm (`supabase@3.1.0`). Its binary comes in a platform package
 * (`@supabase/cli-linux-x64` and siblings, optional dependencies of `supabase`), so
 * `npm install` needs only the npm registry, never GitHub. Installed once into `.tools/`
 * (as `.ci/run` does); `SUPABASE_CLI` names another binary.
 */
export const SUPABASE_CLI_VERSION = "3.1.0";

/** A prefix of its own: another `npm install --no-save` into .tools would remove Deno. */
const TOOLS = new URL("../../.tools/supabase-cli/", import.meta.url);

export async function supabaseCli(): Promise<string> {
  const configured = Deno.env.get("SUPABASE_CLI");
  if (configured) return configured;
  const bin = new URL("node_modules/.bin/supabase", TOOLS).pathname;
  if (await installedVersion(bin) === SUPABASE_CLI_VERSION) return bin;
  const npm = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      "--prefix",
      TOOLS.pathname,
      `supabase@${SUPABASE_CLI_VERSION}`,
    ],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!npm.success) throw new Error(`npm install supabase@${SUPABASE_CLI_VERSION} failed`);
  return bin;
}

async function installedVersion(bin: string): Promise<string | undefined> {
  try {
    const out = await new Deno.Command(bin, { args: ["--version"], stdout: "piped" }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : undefined;
  } catch {
    return undefined;
  }
}

/** `supabase db push --db-url <url>` from the repository (supabase/migrations), answering yes. */
export async function supabaseDbPush(dbUrl: string): Promise<string> {
  const root = new URL("../../", import.meta.url).pathname;
  const out = await new Deno.Command(await supabaseCli(), {
    args: ["db", "push", "--db-url", dbUrl, "--workdir", root, "--yes"],
    env: { SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`supabase db push failed:\n${text}`);
  return text;
}
