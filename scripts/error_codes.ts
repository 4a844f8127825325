/** Prints the README's table of error codes from the registry. */
import { errorCodesMarkdown } from "../shared/errors/codes.ts";

console.log(errorCodesMarkdown());
