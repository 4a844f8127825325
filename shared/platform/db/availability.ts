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

/** Connection exceptions (class 08) and the server shutting down or starting (57P01-57P03). */
function connectionState(state: string): boolean {
  return state.startsWith("08") || ["57P01", "57P02", "57P03"].includes(state);
}

/** Overloaded, not away: too many connections, or a statement cancelled by statement_timeout. */
const OVERLOAD_STATES = new Set(["53300", "57014"]);

/**
 * Whether `error` (or anything in its cause chain) says the database could not be reached or
 * did not answer in time, as opposed to a query that is wrong. Such failures answer 503 with
 * Retry-After instead of each endpoint's 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (e) => isConnectionCause(e) || OVERLOAD_STATES.has(sqlState(e) ?? ""));
}

/** Whether the connection itself failed: the database is away, not merely slow. */
export function isConnectionFailure(error: unknown): boolean {
  return someCause(error, isConnectionCause);
}

function isConnectionCause(e: object): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && DRIVER_CODES.has(code)) return true;
  const state = sqlState(e);
  if (state && connectionState(state)) return true;
  return e instanceof Deno.errors.ConnectionRefused || e instanceof Deno.errors.ConnectionReset;
}

function someCause(error: unknown, test: (e: object) => boolean): boolean {
  for (let e = error, depth = 0; typeof e === "object" && e !== null && depth < 5; depth++) {
    if (test(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
