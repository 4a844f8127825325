import type { Context, MiddlewareHandler } from "hono";
import type { ServiceApp } from "./app.ts";
import { readJsonObject, readMultipartParts } from "./body.ts";
import { holdFor } from "./body_budget.ts";
import { clientAddress } from "./client_address.ts";
import { checkJsonFields, checkParams, type ParamLocation, type ParamSpec } from "./params.ts";
import { rateLimitHeaders, type RateState, tightest } from "./rate_limit.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { ObjectSchema, RequestSchema, SchemaOutput } from "./schema.ts";
import type { AppEnv } from "./types.ts";
import { formFields, type IssueError, parseInput } from "./validate.ts";

/**
 * - `function`: `apikey: <ANON_KEY>` and `Authorization: Bearer <API_KEY or user JWT>`;
 * - `bearer`: the Bearer only (the `/api/v1` routes);
 * - `service_role`: the service role key as Bearer (admin);
 * - `public`: nothing.
 */
export type RouteAuth = "function" | "bearer" | "service_role" | "public";

export interface ResponseSpec {
  description: string;
  /**
   * A zod schema, or the name of one the OpenAPI document registers itself
   * (shared/platform/openapi/components.ts): routes that must not load zod name theirs.
   */
  schema?: RequestSchema | string;
  contentType?: string;
}

/** A zod schema that checks one part of the request, and the errors its failures answer. */
export interface SchemaInput<S extends RequestSchema = RequestSchema> {
  schema: S;
  error: IssueError;
}

/** Parameters: zod-free specs, or a zod object (query strings with numbers, unknown names). */
export type ParamsInput = readonly ParamSpec[] | SchemaInput<ObjectSchema>;

export interface BodyInput<S extends RequestSchema = RequestSchema> extends SchemaInput<S> {
  /** Default `application/json` (at most 1 MiB, see body.ts). */
  contentType?: "application/json" | "multipart/form-data";
  /** multipart: the largest file (default MAX_UPLOAD_BYTES); the body is refused as it passes. */
  maxFileBytes?: number;
  /** A JSON body may be left out (no Content-Type, or Content-Length 0): it is then `{}`. */
  optional?: boolean;
  /** The OpenAPI example of the body. */
  example?: unknown;
}

/** A flat JSON object of text fields, declared without zod (see params.ts). */
export interface JsonFieldsInput {
  fields: readonly ParamSpec[];
  /** The OpenAPI example of the body. */
  example?: unknown;
}

export interface RouteSpec<
  P extends ParamsInput | undefined = ParamsInput | undefined,
  Q extends ParamsInput | undefined = ParamsInput | undefined,
  H extends ParamsInput | undefined = ParamsInput | undefined,
  B extends BodyInput | JsonFieldsInput | undefined = BodyInput | JsonFieldsInput | undefined,
> {
  /** Stable and unique in the service: client generators name their methods after it. */
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  /** Hono path below the app's base path: `/`, `/:id`. Every `:name` is declared in params. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  params?: P;
  query?: Q;
  headers?: H;
  body?: B;
  responses: Record<number, ResponseSpec>;
  /** Answers a failed check itself (verify-hash's page for browsers), or throws it on. */
  onInvalid?: (c: Context<AppEnv>, error: ServiceError) => Response | Promise<Response>;
}

type Checked<D> = D extends SchemaInput<infer S> ? SchemaOutput<S>
  : D extends readonly ParamSpec[] | JsonFieldsInput ? Record<string, string>
  : undefined;

/** What the handler gets: each declared part of the request, checked. */
export interface RouteInput<P, Q, H, B> {
  params: Checked<P>;
  query: Checked<Q>;
  headers: Checked<H>;
  body: Checked<B>;
}

/** A route as the OpenAPI document describes it. */
export interface DeclaredRoute {
  /** The path as clients call it, `{name}` for parameters. */
  publicPath: string;
  spec: RouteSpec;
}

type Handler<I> = (c: Context<AppEnv>, input: I) => Promise<Response> | Response;

/**
 * Adds a route: authentication, then the declared params, query, headers and body checked in
 * that order (the first failure answers), then the handler with what they parsed to. The
 * declaration is kept for the OpenAPI document, which is built only when asked for.
 */
export function addRoute<
  P extends ParamsInput | undefined = undefined,
  Q extends ParamsInput | undefined = undefined,
  H extends ParamsInput | undefined = undefined,
  B extends BodyInput | JsonFieldsInput | undefined = undefined,
>(
  svc: ServiceApp,
  spec: RouteSpec<P, Q, H, B>,
  handler: Handler<RouteInput<P, Q, H, B>>,
): void {
  assertParamsDeclared(spec as RouteSpec);
  svc.routes.push({ publicPath: publicPath(svc, spec.path), spec: spec as RouteSpec });
  const guards = authGuard(svc, spec.auth);
  const body = spec.body;
  if (body && !isJsonFields(body) && body.contentType === "multipart/form-data") {
    guards.push(uploadSlot(svc));
  }
  svc.app.on([spec.method.toUpperCase()], [spec.path], ...guards, async (c) => {
    let input: RouteInput<P, Q, H, B>;
    try {
      input = await checkRequest(c, spec as RouteSpec) as RouteInput<P, Q, H, B>;
    } catch (error) {
      if (spec.onInvalid && error instanceof ServiceError) return spec.onInvalid(c, error);
      throw error;
    }
    return handler(c, input);
  });
}

/** An undeclared path parameter would go unchecked and undocumented: refused at startup. */
function assertParamsDeclared(spec: RouteSpec): void {
  const params = spec.params;
  const declared = !params
    ? []
    : isParamSpecs(params)
    ? params.map((p) => p.name)
    : Object.keys(params.schema.shape);
  const missing = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
    .filter((name) => !declared.includes(name));
  if (missing.length > 0) {
    throw new Error(`${spec.operationId}: path parameter ${missing.join(", ")} is not declared`);
  }
}

function publicPath(svc: ServiceApp, path: string): string {
  return (svc.publicPrefix + svc.basePath + (path === "/" ? "" : path)).replace(/:(\w+)/g, "{$1}");
}

async function checkRequest(
  c: Context<AppEnv>,
  spec: RouteSpec,
): Promise<Record<keyof RouteInput<unknown, unknown, unknown, unknown>, unknown>> {
  return {
    params: checkPart(
      spec.params,
      "path",
      (name) => c.req.param(name as never),
      () => c.req.param(),
    ),
    query: checkPart(spec.query, "query", (name) => c.req.query(name), () => c.req.query()),
    headers: checkPart(spec.headers, "header", (name) => c.req.header(name), () => c.req.header()),
    body: spec.body ? await checkBody(c, spec.body) : undefined,
  };
}

function checkPart(
  input: ParamsInput | undefined,
  where: ParamLocation,
  read: (name: string) => string | undefined,
  readAll: () => Record<string, string>,
): unknown {
  if (!input) return undefined;
  if (isParamSpecs(input)) return checkParams(input, where, read);
  return parseInput(input.schema, readAll(), input.error);
}

function isParamSpecs(input: ParamsInput): input is readonly ParamSpec[] {
  return Array.isArray(input);
}

export function isJsonFields(body: BodyInput | JsonFieldsInput): body is JsonFieldsInput {
  return "fields" in body;
}

async function checkBody(
  c: Context<AppEnv>,
  body: BodyInput | JsonFieldsInput,
): Promise<unknown> {
  if (isJsonFields(body)) return checkJsonFields(body.fields, await readJsonObject(c));
  if (body.contentType === "multipart/form-data") {
    const parts = await readMultipartParts(c, body.maxFileBytes);
    return parseInput(body.schema, formFields(parts), body.error);
  }
  const absent = body.optional &&
    (c.req.header("content-length") === "0" || !c.req.header("content-type"));
  return parseInput(body.schema, absent ? {} : await readJsonObject(c), body.error);
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
    const buffer = holdFor(svc.deps.uploads.buffer);
    c.set("uploadBuffer", buffer.held);
    try {
      await next();
    } finally {
      buffer.end();
      release();
    }
  };
}
