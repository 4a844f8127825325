/**
 * A command-line tool from npm, pinned, in a prefix of its own under .tools/ (another
 * `npm install --no-save` into the same prefix would remove what is there, Deno included).
 */
export async function installNpmTool(prefix: string, spec: string): Promise<void> {
  await Deno.mkdir(prefix, { recursive: true });
  const npm = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      "--prefix",
      prefix,
      spec,
    ],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!npm.success) throw new Error(`npm install ${spec} failed`);
}
