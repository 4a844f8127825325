import { ERROR_CODES } from "../../shared/errors/codes.ts";
import { assertEquals } from "../support/assert.ts";

/** The rows of the README's error table as [code, status, meaning], whatever the padding. */
function readmeCodeRows(readme: string): string[][] {
  return readme.split("\n")
    .filter((line) => /^\|\s*`SVC_/.test(line))
    .map((line) =>
      line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim().replaceAll("\\|", "|"))
    );
}

Deno.test("the README lists exactly the error codes of the registry", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const expected = Object.entries(ERROR_CODES).map(([code, info]) => [
    `\`${code}\``,
    String(info.status),
    info.meaning,
  ]);
  assertEquals(
    readmeCodeRows(readme),
    expected,
    "README.md's error table differs from shared/errors/codes.ts: paste the output of " +
      "`deno run scripts/error_codes.ts` into it",
  );
});
