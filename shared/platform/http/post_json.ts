/**
 * A JSON POST to an outside service (the rules provider, the extraction model) with a time
 * limit per attempt and one more try on the statuses that say "later" or a network error: what
 * the two callers asked of ky, whose 0.44 MB in `deno info` the edge extraction worker cannot
 * spare under Supabase's 20 MB. The retry waits as ky did: Retry-After on 413, 429 and 503 (at
 * most `maxRetryAfterMs`), else 0.3 s, capped by `backoffLimitMs`.
 */

/** The service answered with a status other than 2xx; `data` is its body, parsed if JSON. */
export class HttpStatusError extends Error {
  override name = "HttpStatusError";
  constructor(readonly status: number, readonly data: unknown) {
    super(`HTTP ${status}`);
  }
}

/** No answer (headers and body) within the time limit of an attempt. */
export class HttpTimeoutError extends Error {
  override name = "HttpTimeoutError";
}

export interface PostJsonOptions {
  json: unknown;
  /** Per attempt, from the request until the body is read. */
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Statuses worth one more try. */
  retryStatuses: readonly number[];
  maxRetryAfterMs?: number;
  backoffLimitMs?: number;
}

const RETRY_AFTER_STATUSES = new Set([413, 429, 503]);
const FIRST_BACKOFF_MS = 300;

/**
 * The parsed JSON answer ("" for an empty body). Throws HttpStatusError, HttpTimeoutError,
 * SyntaxError (a body that is not JSON), the signal's reason, or fetch's own error.
 */
export async function postJson(url: string, options: PostJsonOptions): Promise<unknown> {
  for (let attempt = 1;; attempt++) {
    const last = attempt === 2;
    let response: Response;
    let text: string;
    try {
      [response, text] = await attemptOnce(url, options);
    } catch (error) {
      if (last || options.signal?.aborted || error instanceof HttpTimeoutError) throw error;
      await wait(delay(options, null), options.signal);
      continue;
    }
    if (response.ok) return text === "" ? "" : JSON.parse(text);
    if (last || !options.retryStatuses.includes(response.status)) {
      throw new HttpStatusError(response.status, parsed(text));
    }
    await wait(delay(options, response), options.signal);
  }
}

async function attemptOnce(url: string, options: PostJsonOptions): Promise<[Response, string]> {
  const timer = new AbortController();
  const id = setTimeout(
    () => timer.abort(new HttpTimeoutError(`no answer within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
  try {
    const response = await fetch(url, {
      method: "POST",
      body: JSON.stringify(options.json),
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        ...options.headers,
      },
      signal,
    });
    return [response, await response.text()];
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timer.signal.aborted) throw timer.signal.reason;
    throw error;
  } finally {
    clearTimeout(id);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function delay(options: PostJsonOptions, response: Response | null): number {
  const limit = options.backoffLimitMs ?? Infinity;
  const header = response?.headers.get("retry-after");
  if (response && header && RETRY_AFTER_STATUSES.has(response.status)) {
    const seconds = Number(header);
    const after = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(after)) {
      return Math.max(0, Math.min(options.maxRetryAfterMs ?? Infinity, after));
    }
  }
  return Math.min(limit, FIRST_BACKOFF_MS);
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const id = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(id);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
