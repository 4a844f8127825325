import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { ErrorBody } from "../schemas/common.ts";
import type { ServiceApp } from "./app.ts";
import { clientAddress } from "./client_address.ts";
import { rateLimitHeaders, type RateState, tightest } from "./rate_limit.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { AppEnv } from "./types.ts";

/**
 * - `function`: `apikey: <ANON_KEY>` and `Authorization: Bearer <API_KEY or user JWT>`;
 * - `bearer`: the Bearer only (the `/api/v1` routes);
 * - `service_role`: the service role key as Bearer (admin);
 * - `public`: nothing.
 */
export type RouteAuth = "function" | "bearer" | "service_role" | "public";

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

export interface RouteSpec {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** Hono path below the app's base path: `/`, `/:id`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  body?: z.ZodType;
  bodyContentType?: string;
  query?: z.ZodObject;
  params?: z.ZodObject;
  responses: Record<number, ResponseSpec>;
}

type Handler = (c: Context<AppEnv>) => Promise<Response> | Response;

/** Adds a route to the app and its description to the app's OpenAPI registry. */
export function addRoute(svc: ServiceApp, spec: RouteSpec, handler: Handler): void {
  svc.registry.registerPath(describe(svc, spec));
  const guards = authGuard(svc, spec.auth);
  if (spec.bodyContentType?.startsWith("multipart/")) guards.push(uploadSlot(svc));
  svc.app.on([spec.method.toUpperCase()], [spec.path], ...guards, handler);
}

/** A path parameter of the matched route (routes declare them, so it is always there). */
export function pathParam(c: Context<AppEnv>, name: string): string {
  return c.req.param(name as never) ?? "";
}

function authGuard(svc: ServiceApp, auth: RouteAuth): MiddlewareHandler<AppEnv>[] {
  const { auth: authenticator, rateLimiter, publicRateLimiter, teamRateLimits, config } = svc.deps;
  switch (auth) {
    case "public":
      return [async (c, next) => {
        const state = publicRateLimiter.take(`addr:${clientAddress(c, config)}`);
        await next();
        setRateLimitHeaders(c, state);
      }];
    case "service_role":
      return [async (c, next) => {
        await limitingFailures(
          svc,
          c,
          () => authenticator.requireServiceRole(c.req.header("authorization")),
        );
        await next();
      }];
    case "function":
    case "bearer":
      return [async (c, next) => {
        if (auth === "function") authenticator.requireApikeyHeader(c.req.header("apikey"));
        const principal = await limitingFailures(svc, c, () =>
          authenticator.authenticateTeam(
            c.req.header("authorization"),
            c.req.header("x-team-id"),
          ));
        c.set("principal", principal);
        const states = [
          rateLimiter.take(principal.credentialId),
          await teamRateLimits.take(principal.teamId),
        ];
        await next();
        setRateLimitHeaders(c, tightest(states));
      }];
  }
}

/**
 * Failed authentications are counted per client address (AUTH_FAILURE_LIMIT_PER_MINUTE): past
 * the limit the address is answered 429 before its credentials are even looked up, so guessing
 * keys costs the guesser, not the database.
 */
async function limitingFailures<T>(
  svc: ServiceApp,
  c: Context<AppEnv>,
  authenticate: () => T | Promise<T>,
): Promise<T> {
  const limiter = svc.deps.authFailureLimiter;
  const key = `auth:${clientAddress(c, svc.deps.config)}`;
  if (!limiter.has(key)) limiter.take(key);
  try {
    return await authenticate();
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 401 || error.status === 403)) {
      try {
        limiter.take(key);
      } catch {
        // This failure is answered as what it is; the next attempt gets the 429.
      }
    }
    throw error;
  }
}

function setRateLimitHeaders(c: Context<AppEnv>, state: RateState | undefined): void {
  if (!state) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) {
    try {
      c.res.headers.set(name, value);
    } catch {
      // A response with immutable headers (passed through as is) goes without them.
    }
  }
}

/**
 * Holds one of the team's upload slots while the body is read and the upload handled; a public
 * upload (verify-document) has no team, so its slots are its client address's.
 */
function uploadSlot(svc: ServiceApp): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const owner = c.get("principal")?.teamId ?? `addr:${clientAddress(c, svc.deps.config)}`;
    const release = svc.deps.uploads.take(owner);
    try {
      await next();
    } finally {
      release();
    }
  };
}

const AUTH_RESPONSES: Record<RouteAuth, Record<number, ResponseSpec>> = {
  public: {
    429: { description: "SVC_RATE_LIMIT: too many requests from this address", schema: ErrorBody },
  },
  service_role: {
    401: { description: "SVC_AUTH_001: missing credentials", schema: ErrorBody },
    403: { description: "SVC_AUTH_003: not the service role key", schema: ErrorBody },
    429: {
      description: "SVC_RATE_LIMIT: too many failed authentications from this address",
      schema: ErrorBody,
    },
  },
  bearer: {
    401: { description: "SVC_AUTH_001: missing or invalid API key or JWT", schema: ErrorBody },
    429: {
      description: "SVC_RATE_LIMIT: too many requests for this key or team, or too many failed " +
        "authentications from this address (Retry-After, RateLimit, RateLimit-Policy)",
      schema: ErrorBody,
    },
  },
  function: {
    401: {
      description: "SVC_AUTH_001: missing or invalid API key or JWT; " +
        "SVC_AUTH_002: missing or wrong apikey header",
      schema: ErrorBody,
    },
    429: {
      description: "SVC_RATE_LIMIT: too many requests for this key or team, or too many failed " +
        "authentications from this address (Retry-After, RateLimit, RateLimit-Policy)",
      schema: ErrorBody,
    },
  },
};

function describe(svc: ServiceApp, spec: RouteSpec): RouteConfig {
  const path = svc.publicPrefix + svc.basePath + (spec.path === "/" ? "" : spec.path);
  const security = spec.auth === "public"
    ? []
    : spec.auth === "function"
    ? [{ bearer: [], apikey: [] }]
    : [{ bearer: [] }];
  const responses: RouteConfig["responses"] = {};
  const all = { ...AUTH_RESPONSES[spec.auth], ...spec.responses };
  for (const [status, r] of Object.entries(all)) {
    responses[status] = r.schema
      ? {
        description: r.description,
        content: { [r.contentType ?? "application/json"]: { schema: r.schema } },
      }
      : { description: r.description };
  }
  return {
    method: spec.method,
    path: path.replace(/:(\w+)/g, "{$1}"),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    security,
    request: {
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.body
        ? {
          body: {
            required: true,
            content: { [spec.bodyContentType ?? "application/json"]: { schema: spec.body } },
          },
        }
        : {}),
    },
    responses,
  };
}
