import { ERROR_CODES } from "../../shared/platform/errors/codes.ts";
import { assertEquals } from "../support/assert.ts";
import { readRepoText, tableRows } from "./markdown.ts";

Deno.test("docs/errors.md lists exactly the error codes of the registry", async () => {
  const errorsDoc = await readRepoText("docs/errors.md");
  const expected = Object.entries(ERROR_CODES).map(([code, info]) => [
    `\`${code}\``,
    String(info.status),
    info.meaning,
  ]);
  assertEquals(
    tableRows(errorsDoc, /^`SVC_/),
    expected,
    "docs/errors.md's error table differs from shared/platform/errors/codes.ts: paste the output of " +
      "`deno run scripts/error_codes.ts` into it",
  );
});
