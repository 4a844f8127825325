/** Prints the table of error codes of docs/errors.md from the registry. */
import { errorCodesMarkdown } from "../shared/platform/errors/codes.ts";

console.log(errorCodesMarkdown());
