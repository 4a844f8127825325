/**
 * The one database interface the service talks to. Both implementations speak the same SQL
 * with `$1` placeholders, so every query is written once and runs on PGlite and PostgreSQL.
 *
 * Conventions every caller follows so the two drivers agree on types:
 * - JSON goes in as text and is cast in SQL (`$1::text::jsonb`), never as a driver object;
 * - counts are cast to `int` in SQL (PostgreSQL's bigint would arrive as a string).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements (migrations), without parameters. */
  exec(script: string): Promise<void>;
  /** Bulk-loads CSV text (with a header row) into `table (columns)` with COPY. */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls `onNotify` on every NOTIFY on `channel`; resolves to a function that stops it. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The SQLSTATE of an error thrown by either driver, if it has one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
