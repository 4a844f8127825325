/**
 * Every outside command the test suite runs, with the Debian package that provides it.
 * `deno task test` installs the packages (when run as root) and `.ci/run` always does;
 * `scripts/check_tools.ts`, part of `deno task check`, fails when a test runs a command that is
 * not listed here, so a machine with only Node, npm and apt-get gets everything the suite needs.
 */
export const EXTERNAL_TOOLS = {
  pdftotext: "poppler-utils",
  pdffonts: "poppler-utils",
  pdfinfo: "poppler-utils",
  pdftoppm: "poppler-utils",
  qpdf: "qpdf",
  zbarimg: "zbar-tools",
  pdftk: "pdftk-java",
  transicc: "liblcms2-utils",
  openssl: "openssl",
} as const satisfies Record<string, string>;

export type ExternalTool = keyof typeof EXTERNAL_TOOLS;

/**
 * Commands of Debian's base system, present wherever apt-get is, and npm, which the project
 * needs anyway (Deno and the Supabase CLI come from npm: tests/support/supabase_cli.ts).
 */
export const BASE_COMMANDS: readonly string[] = ["sh", "/bin/sh", "apt-get", "dpkg", "npm"];

/** The Debian packages behind the tools, each once, sorted. */
export function debianPackages(): string[] {
  return [...new Set(Object.values(EXTERNAL_TOOLS))].sort();
}

/** The message a test shows when a tool is missing. */
export function missingToolMessage(tool: ExternalTool): string {
  return `${tool} is not installed: apt-get install ${EXTERNAL_TOOLS[tool]} ` +
    "(`deno task test` installs every tool the suite needs when run as root)";
}
