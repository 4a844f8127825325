import { sqlState } from "./db.ts";

/** postgres.js's own codes for a connection that could not be opened or was lost. */
const DRIVER_CODES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * SQLSTATEs meaning "the database is away or overloaded, try again": connection exceptions
 * (class 08), shutdown and startup (57P01-57P03), too many connections (53300), and a statement
 * cancelled by statement_timeout (57014).
 */
function transientState(state: string): boolean {
  return state.startsWith("08") || ["57P01", "57P02", "57P03", "53300", "57014"].includes(state);
}

/**
 * Whether `error` (or anything in its cause chain) says the database could not be reached or
 * did not answer in time, as opposed to a query that is wrong. Such failures answer 503 with
 * Retry-After instead of each endpoint's 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DRIVER_CODES.has(code)) return true;
    const state = sqlState(e);
    if (state && transientState(state)) return true;
    if (e instanceof Deno.errors.ConnectionRefused || e instanceof Deno.errors.ConnectionReset) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
