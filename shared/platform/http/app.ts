import { Hono } from "hono";
import type { RouterRoute } from "hono/types";
import { HTTPException } from "hono/http-exception";
import { getPath } from "hono/utils/url";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/availability.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { PlatformDeps } from "../deps.ts";
import { standardHeaders } from "./headers.ts";
import type { DeclaredRoute } from "./route.ts";
import type { AppEnv } from "./types.ts";

/** One function (or the resource API): its Hono app and the declarations of its routes. */
export interface ServiceApp<D extends PlatformDeps = PlatformDeps> {
  name: string;
  /** `/<name>` for a function; what Supabase's router puts before the function's own path. */
  basePath: string;
  app: Hono<AppEnv>;
  /** What addRoute declared, for the OpenAPI document (shared/platform/openapi/document.ts). */
  routes: DeclaredRoute[];
  /** The path the app's base path is served under by the gateway (`/functions/v1`, or ``). */
  publicPrefix: string;
  deps: D;
}

export const FUNCTIONS_PREFIX = "/functions/v1";

/**
 * Functions see their path as Supabase gives it (`/<name>/...`); behind the local gateway the
 * request still says `/functions/v1/<name>/...`, so the prefix is dropped here instead of
 * building a new Request for every call.
 */
function functionPath(request: Request): string {
  const path = getPath(request);
  return path.startsWith(`${FUNCTIONS_PREFIX}/`) ? path.slice(FUNCTIONS_PREFIX.length) : path;
}

/**
 * The one app factory: base path `/<name>` (Supabase routes a function by its name), request
 * id, one JSON log line per request, CORS, security headers, the 404 and 405, and the error
 * handler.
 * Authentication and body limits are per route (see route.ts).
 */
export function createServiceApp<D extends PlatformDeps>(
  deps: D,
  options: { name: string; basePath?: string; publicPrefix?: string },
): ServiceApp<D> {
  const basePath = options.basePath ?? `/${options.name}`;
  const app = new Hono<AppEnv>({ getPath: functionPath }).basePath(basePath);
  app.use("*", standardHeaders(deps.config.allowedOrigins));
  app.use("*", requestLog(deps));
  app.use("*", async (c, next) => {
    c.set("bodyReadTimeoutMs", deps.config.bodyReadTimeoutSeconds * 1000);
    await next();
  });
  // Hono calls notFound outside the handlers' error boundary: answer, don't throw.
  app.notFound((c) =>
    unmatched(app.routes, c.req.method, functionPath(c.req.raw), c.get("requestId"), deps)
  );
  app.onError((error, c) => errorResponse(error, c.get("requestId"), deps));
  return {
    name: options.name,
    basePath,
    app,
    routes: [],
    publicPrefix: options.publicPrefix ?? "/functions/v1",
    deps,
  };
}

function requestLog(deps: PlatformDeps) {
  return async (c: import("hono").Context<AppEnv>, next: () => Promise<void>) => {
    const started = performance.now();
    await next();
    deps.log.info({
      method: c.req.method,
      // The path as the client sent it (with /functions/v1), not as the function routes it.
      path: getPath(c.req.raw),
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      request_id: c.get("requestId"),
      team_id: c.get("principal")?.teamId ?? null,
    });
  };
}

/** The single place where a thrown error becomes a response. */
export function errorResponse(
  error: unknown,
  requestIdValue: string,
  deps: PlatformDeps,
): Response {
  const known = asDatabaseOutage(error) ?? toServiceError(error);
  if (known) {
    if (known.status >= 500) {
      deps.log.error({
        request_id: requestIdValue,
        code: known.code,
        error: describe(known.cause),
      });
    }
    return Response.json(known.toBody(), { status: known.status, headers: known.headers });
  }
  deps.log.error({
    request_id: requestIdValue,
    message: "unhandled error",
    error: describe(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return Response.json(
    { error: { code: "SVC_SYS_000", message: `Internal error (request ${requestIdValue})` } },
    { status: 500 },
  );
}

/**
 * A failure whose cause is the database being away (refused, lost, timed out) is 503 with
 * Retry-After, whichever endpoint's 500 it was wrapped in: the client should retry, and the
 * service recovers when the database is back.
 */
function asDatabaseOutage(error: unknown): ServiceError | undefined {
  if (error instanceof ServiceError && error.status < 500) return undefined;
  const cause = error instanceof ServiceError ? error.cause : error;
  return isDatabaseUnavailable(cause) ? databaseUnavailable(cause) : undefined;
}

export function databaseUnavailable(cause: unknown): ServiceError {
  return new ServiceError("SVC_SYS_002", "The database is not reachable; retry shortly", {
    status: 503,
    cause,
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

export function noSuchRoute(): ServiceError {
  return new ServiceError("SVC_REQ_004", "No such route");
}

/**
 * The answer to a request no route took: 405 with `Allow` when the path is one of the app's
 * with other methods (a plain OPTIONS, which is not a CORS preflight, gets 204 with `Allow`),
 * else 404.
 */
export function unmatched(
  routes: RouterRoute[],
  method: string,
  path: string,
  requestId: string,
  deps: PlatformDeps,
): Response {
  const allowed = allowedMethods(routes, path);
  if (allowed.length === 0) return errorResponse(noSuchRoute(), requestId, deps);
  const allow = [...allowed, "OPTIONS"].join(", ");
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { allow } });
  return errorResponse(
    new ServiceError("SVC_REQ_006", `${method} is not allowed here; use ${allowed.join(" or ")}`, {
      headers: { allow },
      details: { allowed: [...allowed] },
    }),
    requestId,
    deps,
  );
}

/** The methods the app's routes take on `path` (HEAD with GET, as Hono answers it). */
function allowedMethods(routes: RouterRoute[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || !pathPattern(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
  }
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
  return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** A Hono route path (`/v1/parties/:id`, `/:path{.+}`) as a regular expression. */
function pathPattern(route: string): RegExp {
  const parts = route.split("/").map((segment) => {
    const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
    if (param) return param[1] ? `(?:${param[1]})` : "[^/]+";
    if (segment === "*") return ".*";
    return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`^${parts.join("/")}/?$`);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function toServiceError(error: unknown): ServiceError | undefined {
  if (error instanceof ServiceError) return error;
  if (error instanceof HTTPException) {
    // Hono's own refusals (for example a malformed URL): never a 500 for bad input.
    if (error.status === 413) return new ServiceError("SVC_REQ_001", "The body is too large");
    if (error.status < 500) {
      return new ServiceError("SVC_REQ_002", error.message || "Bad request", {
        status: error.status,
      });
    }
  }
  return undefined;
}
