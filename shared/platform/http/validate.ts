import { type MultipartPart, UploadedPart } from "./multipart.ts";
import type { RequestSchema, SchemaIssue, SchemaOutput } from "./schema.ts";
import type { ErrorCode } from "../errors/codes.ts";
import { ServiceError } from "../errors/service_error.ts";

export interface IssueSummary {
  path: string;
  message: string;
}

/**
 * What a failed check answers, chosen from its first issue (and the value checked, to tell a
 * field left out from one sent wrong): a code (the message names the field and what is wrong,
 * details list every issue) or a whole error of the route's own.
 */
export type IssueError = (issue: SchemaIssue, value: unknown) => ErrorCode | ServiceError;

/** Parses `value` with `schema`; on failure throws what `errorFor` picks from the first issue. */
export function parseInput<S extends RequestSchema>(
  schema: S,
  value: unknown,
  errorFor: IssueError,
): SchemaOutput<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as SchemaOutput<S>;
  const first = result.error.issues[0]!;
  const chosen = errorFor(first, value);
  if (chosen instanceof ServiceError) throw chosen;
  const issues = result.error.issues.map(summarise);
  throw new ServiceError(chosen, `${issues[0]!.path}: ${issues[0]!.message}`, {
    details: { issues },
  });
}

export function summarise(issue: SchemaIssue): IssueSummary {
  return {
    path: issue.path.length ? issue.path.map(String).join(".") : "(body)",
    // zod 4 does not keep the input in issues; its message names what it received.
    message: issue.code === "invalid_type" && /received undefined$/.test(issue.message)
      ? "is required"
      : issue.message,
  };
}

/** Whether the top-level field an issue is about was sent (null counts as not sent). */
export function wasSent(issue: SchemaIssue, value: unknown): boolean {
  const field = fieldOf(issue);
  if (field === undefined || typeof value !== "object" || value === null) return false;
  return (value as Record<string, unknown>)[field] != null;
}

/** The first path segment of an issue: which top-level field failed. */
export function fieldOf(issue: SchemaIssue): string | undefined {
  const head = issue.path[0];
  return head === undefined ? undefined : String(head);
}

/**
 * A multipart form as the object its schema checks: a part sent once is its value, a part
 * sent several times the list of its values. File parts are UploadedParts (views of the body);
 * text parts are trimmed, and an empty one counts as not sent (HTML forms send their empty
 * inputs).
 */
export function formFields(
  parts: readonly MultipartPart[],
): Record<string, FormValue | FormValue[]> {
  const fields: Record<string, FormValue | FormValue[]> = {};
  for (const name of new Set(parts.map((part) => part.name))) {
    const values = parts.filter((part) => part.name === name)
      .map((part): FormValue =>
        part.filename === undefined
          ? new TextDecoder().decode(part.data).trim()
          : new UploadedPart(part.data, part.filename, part.type)
      )
      .filter((v) => v !== "");
    if (values.length > 0) fields[name] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

type FormValue = string | UploadedPart;

/** Every failure of the check answers `code`. */
export function always(code: ErrorCode): IssueError {
  return () => code;
}
