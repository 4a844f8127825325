/**
 * How a provider's answer or error becomes a job's outcome. Whatever a provider returns is
 * outside input: checked against the ExtractionResult schema, cleaned of text PostgreSQL's
 * jsonb cannot hold, and refused when it carries no value at all.
 */
import { ExtractionFailure } from "../provider.ts";
import { ExtractionResult } from "../result.ts";

/**
 * The extractor itself broke (its thread died, an unexpected exception): not the file's
 * fault as far as anyone knows, so the job is tried again. The message is shown to users.
 */
export class ExtractionCrash extends Error {
  override name = "ExtractionCrash";
}

/** The answer as it will be stored and sent, or an ExtractionFailure saying what is wrong. */
export function checkResult(answer: unknown): ExtractionResult {
  const parsed = ExtractionResult.safeParse(storable(answer));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "(top level)";
    throw new ExtractionFailure(
      `The extractor's answer does not match the result schema (${where}: ${issue?.message})`,
    );
  }
  if (!hasAnyValue(parsed.data)) {
    throw new ExtractionFailure("No trade document data was found in the file");
  }
  return parsed.data;
}

/** NUL characters and unpaired surrogates are dropped: jsonb refuses both. */
function storable(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replaceAll("\u0000", "").toWellFormed();
  if (typeof value !== "object" || value === null || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, storable(v, depth + 1)]),
  );
}

/** True when at least one `{value, confidence}` leaf is in the tree. */
export function hasAnyValue(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if ("value" in value && "confidence" in value) return true;
  return Object.values(value).some(hasAnyValue);
}

/** What a user is told about an error that is not the file's fault (details go to the log). */
export function crashMessage(error: unknown): string {
  return error instanceof ExtractionCrash
    ? error.message
    : "The extractor failed unexpectedly (the error is in the service log)";
}
