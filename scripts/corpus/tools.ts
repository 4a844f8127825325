/**
 * The outside programs the corpus scripts run: any command, LibreOffice headless, and
 * Chromium's print to PDF.
 */

export async function run(cmd: string, args: string[], cwd?: string): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}

/** An HTML file printed to `target` by headless Chromium, without header or footer. */
export async function chromiumPdf(build: string, html: string, target: string): Promise<void> {
  await run("chromium", [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-pdf-header-footer",
    `--user-data-dir=${build}/chromium-profile`,
    `--print-to-pdf=${target}`,
    `file://${html}`,
  ]);
}

/** LibreOffice headless with a profile of its own in the build folder. */
export async function soffice(build: string, args: string[]): Promise<void> {
  await run(
    "soffice",
    [`-env:UserInstallation=file://${build}/lo-profile`, "--headless", ...args],
    build,
  );
}
