/**
 * What route declarations need of a request schema: zod's `safeParse`, typed by its shape
 * rather than imported from zod. A type import is still an edge of `deno info`'s graph, and a
 * function whose routes declare only zod-free parameters (verify-hash, the field table) must not
 * have zod (6 MB) in it. Every zod schema fits these types.
 */
export interface RequestSchema<Out = unknown> {
  safeParse(
    data: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: SchemaIssue[] } };
}

/** The parts of a zod issue the routes read. */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly input?: unknown;
}

/** What a schema answers when the check passes. */
export type SchemaOutput<S> = S extends RequestSchema<infer Out> ? Out : never;

/** An object schema (path, query or header parameters): its fields are named in `shape`. */
export interface ObjectSchema extends RequestSchema<Record<string, unknown>> {
  readonly shape: Record<string, unknown>;
}
