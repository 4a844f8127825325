import postgres from "postgres";
import type { Db, Queryable } from "./db.ts";
import { OutageGuard } from "./outage_guard.ts";

const COPY_CHUNK = 256 * 1024;

export interface PostgresOptions {
  /** Connections in the pool. Edge functions want few; the gateway a handful. */
  max?: number;
  /**
   * Named prepared statements, cached per connection (default). Off for Supabase's transaction
   * pooler, which may run each transaction on another server connection.
   */
  prepare?: boolean;
  /** Seconds to open a connection before the query waiting for it fails (503). */
  connectTimeoutSeconds?: number;
  /** Server-side `statement_timeout` of every connection; unset: none. */
  statementTimeoutMs?: number;
}

/** Real PostgreSQL through postgres.js, with prepared statements cached per connection. */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const prepare = options.prepare ?? true;
  const sql = postgres(url, {
    max: options.max ?? 10,
    prepare,
    onnotice: () => {},
    // Dates and JSON are parsed by postgres.js already; bigint stays a string, so SQL casts
    // counts to int (see db.ts).
    connection: {
      application_name: "trade-docs",
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    } as Record<string, string | number>,
    connect_timeout: options.connectTimeoutSeconds ?? 30,
    // Idle connections are closed, so a pool that lived through an outage starts afresh.
    idle_timeout: 60,
  });
  const guard = new OutageGuard((options.connectTimeoutSeconds ?? 30) * 1000 + 1000);
  const direct = queryable(sql, prepare);
  return {
    kind: "postgres",
    copyCsv: direct.copyCsv,
    exec: (script) => guard.run(() => direct.exec(script)),
    query: (text, params) => guard.run(() => direct.query(text, params)),
    transaction: (fn) =>
      guard.run(() =>
        sql.begin((tx) => fn(queryable(tx as unknown as postgres.Sql, prepare))) as Promise<never>
      ),
    listen: async (channel, onNotify) => {
      const { unlisten } = await sql.listen(channel, () => onNotify());
      return unlisten;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

function queryable(sql: postgres.Sql, prepare: boolean): Queryable {
  return {
    copyCsv: async (table, columns, csv) => {
      const stream = await sql.unsafe(
        `copy ${table} (${columns.join(", ")}) from stdin with (format csv, header true)`,
      ).writable();
      const done = new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
      });
      // Chunks with backpressure: one multi-megabyte write stalls the connection's buffers.
      const bytes = new TextEncoder().encode(csv);
      for (let offset = 0; offset < bytes.length; offset += COPY_CHUNK) {
        if (!stream.write(bytes.subarray(offset, offset + COPY_CHUNK))) {
          await new Promise((resolve) => stream.once("drain", resolve));
        }
      }
      stream.end();
      await done;
    },
    exec: async (script) => {
      await sql.unsafe(script);
    },
    async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      const values = params.map((p) => Array.isArray(p) ? arrayLiteral(p) : p);
      const rows = await sql.unsafe(text, values as postgres.ParameterOrJSON<never>[], {
        prepare,
      });
      return rows as unknown as T[];
    },
  };
}

/**
 * Arrays go to PostgreSQL as array literals (`{"a","b"}`), which the statement's cast types.
 * postgres.js serialises JS arrays by the array types it fetches when a connection opens, and a
 * query sent before that fetch completes gets a malformed literal; a string is always sent as is.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return "NULL";
    if (Array.isArray(v)) return arrayLiteral(v);
    return `"${String(v).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}
