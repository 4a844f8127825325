/**
 * The check in `deno task check` that every command a test runs is one `deno task test` and
 * .ci/run install.
 */
import { assert, assertEquals } from "../support/assert.ts";
import { checkFile, checkTests } from "../../scripts/check_tools.ts";
import { debianPackages, EXTERNAL_TOOLS } from "../support/external_tools.ts";

Deno.test("check_tools: the suite runs only commands the project installs", async () => {
  assertEquals(await checkTests(new URL("../../", import.meta.url)), []);
});

Deno.test("check_tools: flags unlisted, unnamed and child_process commands", () => {
  // Spelled in pieces so this file's own source does not hold the calls it describes.
  const call = (arg: string) => `await new Deno.${"Command"}(${arg}, { args: [] }).output();`;
  const source = [
    call('"convert"'),
    call('"qpdf"'),
    call("Deno.execPath()"),
    call("tool"),
    `import { spawn } from "node:${"child_process"}";`,
  ].join("\n");
  const problems = checkFile("tests/x_test.ts", source);
  assertEquals(problems, [
    'tests/x_test.ts:1: runs "convert"',
    "tests/x_test.ts:4: runs a command named by `tool`; name it literally",
    "tests/x_test.ts: imports node:child_process; run commands with Deno.Command",
  ]);
  // The one typed wrapper may pass its parameter on.
  const wrapper = `export function run(cmd: ExternalTool) { ${call("cmd")} }`;
  assertEquals(checkFile("tests/pdf/tools.ts", wrapper), []);
});

Deno.test("check_tools: every listed tool has a Debian package, and .ci/run installs the list", async () => {
  for (const [tool, pkg] of Object.entries(EXTERNAL_TOOLS)) {
    assert(/^[a-z0-9.+-]+$/.test(pkg), tool);
  }
  const ci = await Deno.readTextFile(new URL("../../.ci/run", import.meta.url));
  const installed = /^apt_install ([a-z0-9.+ -]+)$/m.exec(ci)?.[1]?.split(" ");
  assertEquals(installed, debianPackages(), ".ci/run installs exactly the listed packages");
  assert(debianPackages().includes("poppler-utils"));
});
