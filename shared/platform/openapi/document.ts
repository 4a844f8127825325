import {
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import type { ServiceApp } from "../http/app.ts";
import { jsonFieldsSchema, parameterObject } from "../http/params.ts";
import {
  type BodyInput,
  type DeclaredRoute,
  isJsonFields,
  type JsonFieldsInput,
  type ParamsInput,
  type ResponseSpec,
  type RouteAuth,
} from "../http/route.ts";
import { NAMED_SCHEMAS } from "./components.ts";

/**
 * One OpenAPI 3.1 document for the whole running service, built from every app's route
 * declarations (the same ones that check the requests). Only the docs route and scripts load
 * this module and the generator; serving a request never does.
 */
export function buildOpenApiDocument(apps: ServiceApp[], baseUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "A team API key (`tdk_…`) or a Supabase user JWT. Admin routes take the " +
      "service role key.",
  });
  registry.registerComponent("securitySchemes", "apikey", {
    type: "apiKey",
    in: "header",
    name: "apikey",
    description: "The project's anon key, on every /functions/v1 endpoint.",
  });
  for (const app of apps) {
    for (const route of app.routes) registry.registerPath(describe(route));
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Trade Shipment Documentation Service",
      version: "1.0.0",
      description: "Shipments and drafts, validation with verifiable hashes, trade document " +
        "generation. Errors are `{error: {code, message, details?}}`; every response " +
        "carries X-Request-Id. A known path asked with another method answers 405 " +
        "SVC_REQ_006 with `Allow`.",
    },
    servers: [{ url: baseUrl }],
  });
  return withPlainPatterns(document);
}

/**
 * zod-to-openapi writes a flagged regex as `source/flags` (`^[^\p{Cc}]+$/u`), a pattern nothing
 * matches; a regex's source never holds an unescaped `/`, so the suffix is cut off here.
 */
function withPlainPatterns<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(withPlainPatterns);
  else if (typeof node === "object" && node !== null) {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === "pattern" && typeof value === "string") {
        record[key] = value.replace(/(?<!\\)\/[dgimsuvy]+$/, "");
      } else withPlainPatterns(value);
    }
  }
  return node;
}

const ERROR = "Error";

const AUTH_RESPONSES: Record<RouteAuth, Record<number, ResponseSpec>> = {
  public: {
    429: { description: "SVC_RATE_LIMIT: too many requests from this address", schema: ERROR },
  },
  service_role: {
    401: { description: "SVC_AUTH_001: missing credentials", schema: ERROR },
    403: { description: "SVC_AUTH_003: not the service role key", schema: ERROR },
    429: {
      description: "SVC_RATE_LIMIT: too many failed authentications from this address",
      schema: ERROR,
    },
  },
  bearer: {
    401: { description: "SVC_AUTH_001: missing or invalid API key or JWT", schema: ERROR },
    429: {
      description: "SVC_RATE_LIMIT: too many requests for this key or team, or too many failed " +
        "authentications from this address (Retry-After, RateLimit, RateLimit-Policy)",
      schema: ERROR,
    },
  },
  function: {
    401: {
      description: "SVC_AUTH_001: missing or invalid API key or JWT; " +
        "SVC_AUTH_002: missing or wrong apikey header",
      schema: ERROR,
    },
    429: {
      description: "SVC_RATE_LIMIT: too many requests for this key or team, or too many failed " +
        "authentications from this address (Retry-After, RateLimit, RateLimit-Policy)",
      schema: ERROR,
    },
  },
};

function describe({ publicPath, spec }: DeclaredRoute): RouteConfig {
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
        content: { [r.contentType ?? "application/json"]: { schema: schemaOf(r.schema) } },
      }
      : { description: r.description };
  }
  const parameters = [
    ...specParameters(spec.params, "path"),
    ...specParameters(spec.query, "query"),
    ...specParameters(spec.headers, "header"),
  ];
  const body = spec.body;
  return {
    operationId: spec.operationId,
    method: spec.method,
    path: publicPath,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    security,
    // The same objects; openapi3-ts only adds an index signature for `x-` extensions.
    ...(parameters.length > 0 ? { parameters: parameters as RouteConfig["parameters"] } : {}),
    request: {
      ...zodParameters("params", spec.params),
      ...zodParameters("query", spec.query),
      ...zodParameters("headers", spec.headers),
      ...(body ? { body: requestBody(body) } : {}),
    },
    responses,
  };
}

function requestBody(body: BodyInput | JsonFieldsInput) {
  const example = body.example !== undefined ? { example: body.example } : {};
  if (isJsonFields(body)) {
    return {
      required: true,
      content: { "application/json": { schema: jsonFieldsSchema(body.fields), ...example } },
    };
  }
  return {
    required: !body.optional,
    content: { [body.contentType ?? "application/json"]: { schema: body.schema, ...example } },
  };
}

function schemaOf(schema: NonNullable<ResponseSpec["schema"]>) {
  if (typeof schema !== "string") return schema;
  const named = NAMED_SCHEMAS[schema];
  if (!named) {
    throw new Error(`No schema is named ${schema} (shared/platform/openapi/components.ts)`);
  }
  return named;
}

function specParameters(input: ParamsInput | undefined, where: "path" | "query" | "header") {
  return input && Array.isArray(input)
    ? (input as Extract<ParamsInput, readonly unknown[]>).map((p) => parameterObject(p, where))
    : [];
}

function zodParameters(key: "params" | "query" | "headers", input: ParamsInput | undefined) {
  return input && !Array.isArray(input)
    ? { [key]: (input as Extract<ParamsInput, { schema: unknown }>).schema }
    : {};
}
