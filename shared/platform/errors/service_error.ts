import { ERROR_CODES, type ErrorCode } from "./codes.ts";

/**
 * The one error type the service throws. Handlers throw it anywhere; the app factory's error
 * handler turns it into `{error: {code, message, details?}}` with `status`.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      status?: number;
      details?: unknown;
      headers?: Record<string, string>;
      /** The underlying failure of a 5xx: logged, never sent. */
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ServiceError";
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): { error: { code: ErrorCode; message: string; details?: unknown } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}
