/** Prints the table of error codes of docs/errors.md from the registry. */
import { errorCodesMarkdown } from "../shared/errors/codes.ts";

console.log(errorCodesMarkdown());
