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
  pdfsig: "poppler-utils",
  qpdf: "qpdf",
  zbarimg: "zbar-tools",
  pdftk: "pdftk-java",
  transicc: "liblcms2-utils",
  openssl: "openssl",
  // The form-filling tests run pikepdf scripts with Debian's Python (not whichever python3 is
  // first on PATH): the package is a module, so its presence is a file (below).
  "/usr/bin/python3": "python3-pikepdf",
} as const satisfies Record<string, string>;

export type ExternalTool = keyof typeof EXTERNAL_TOOLS;

/** Tools whose package is present when this file is, rather than when the command is. */
export const PRESENCE_FILES: Partial<Record<ExternalTool, string>> = {
  "/usr/bin/python3": "/usr/lib/python3/dist-packages/pikepdf/__init__.py",
};

/** The shell test that says whether a tool's package is installed. */
export function presenceCheck(tool: ExternalTool): string {
  const file = PRESENCE_FILES[tool];
  return file ? `test -e '${file}'` : `command -v '${tool}'`;
}

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
