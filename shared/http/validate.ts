import type { z } from "zod";
import type { ErrorCode } from "../errors/codes.ts";
import { ServiceError } from "../errors/service_error.ts";

export interface IssueSummary {
  path: string;
  message: string;
}

/**
 * Parses `value` with `schema`; on failure throws the code that `codeFor` picks from the
 * first issue (endpoints map fields to their specified codes), listing every issue in details.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  codeFor: (issue: z.core.$ZodIssue) => ErrorCode,
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map(summarise);
  const first = result.error.issues[0]!;
  throw new ServiceError(codeFor(first), `${issues[0]!.path}: ${issues[0]!.message}`, {
    details: { issues },
  });
}

export function summarise(issue: z.core.$ZodIssue): IssueSummary {
  return {
    path: issue.path.length ? issue.path.map(String).join(".") : "(body)",
    // zod 4 does not keep the input in issues; its message names what it received.
    message: issue.code === "invalid_type" && /received undefined$/.test(issue.message)
      ? "is required"
      : issue.message,
  };
}

/** The first path segment of an issue: which top-level field failed. */
export function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const head = issue.path[0];
  return head === undefined ? undefined : String(head);
}
