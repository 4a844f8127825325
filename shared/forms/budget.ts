import { ServiceError } from "../errors/service_error.ts";
import { type Expected, extractFilledForm, type Extraction } from "./extract.ts";

/**
 * The field text an answer may carry. The answer repeats each value up to three times
 * (extracted, mapped, unmapped), so this bounds it to a few MiB; 9,999 fields of 6 KB each would
 * otherwise be a 60 MB answer.
 */
export const MAX_FORM_TEXT_CHARS = 2 * 1024 * 1024;

/** extractFilledForm, refusing a form whose field text passes MAX_FORM_TEXT_CHARS. */
export function extractWithinBudget(bytes: Uint8Array, expected: Expected): Extraction {
  const extraction = extractFilledForm(bytes, expected);
  let chars = 0;
  for (const [name, value] of extraction.form.fields) chars += name.length + value.length;
  if (chars > MAX_FORM_TEXT_CHARS) {
    throw overBudget(
      `its fields hold ${chars.toLocaleString("en")} characters, more than ` +
        `${MAX_FORM_TEXT_CHARS.toLocaleString("en")}`,
    );
  }
  return extraction;
}

export function overBudget(why: string): ServiceError {
  return new ServiceError("SVC_VAL_014", `The form is too large to read: ${why}`);
}
