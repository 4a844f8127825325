import { Hono } from "hono";
import { getPath } from "hono/utils/url";
import type { ServiceDeps } from "../../shared/deps.ts";
import { FUNCTION_APPS } from "../../shared/registry.ts";
import { ServiceError } from "../../shared/platform/errors/service_error.ts";
import {
  databaseUnavailable,
  errorResponse,
  FUNCTIONS_PREFIX,
  type ServiceApp,
  unmatched,
} from "../../shared/platform/http/app.ts";
import { standardHeaders } from "../../shared/platform/http/headers.ts";
import type { AppBindings } from "../../shared/platform/http/types.ts";
import { buildOpenApiDocument } from "../../shared/platform/openapi/document.ts";
import { DOCS_HTML, docsAsset } from "../../shared/platform/openapi/docs_page.ts";
import { LocalStorage } from "../../shared/platform/storage/local.ts";

export interface Gateway {
  fetch(request: Request, bindings?: AppBindings): Promise<Response>;
  apps: Map<string, ServiceApp>;
}

/**
 * Stands in for Supabase's API gateway and edge runtime: every function under
 * `/functions/v1/<name>` (the function sees `/<name>/...`, as on Supabase), the resource routes
 * under `/api/v1/...`, plus `/health`, `/openapi.json` and `/docs`.
 */
export function createGateway(deps: ServiceDeps): Gateway {
  const apps = new Map(
    Object.entries(FUNCTION_APPS).map(([name, build]) => [name, build(deps)] as const),
  );
  const api = apps.get("api")!;
  const root = rootApp(deps, [...apps.values()]);

  return {
    apps,
    fetch(request, bindings = {}) {
      const path = getPath(request);
      if (path.startsWith(`${FUNCTIONS_PREFIX}/`)) {
        const name = path.slice(FUNCTIONS_PREFIX.length + 1).split("/", 1)[0]!;
        const app = apps.get(name);
        if (app) {
          // The app drops the /functions/v1 prefix itself (see createServiceApp).
          return Promise.resolve(app.app.fetch(request, bindings));
        }
      } else if (path === "/api/v1" || path.startsWith("/api/v1/")) {
        return Promise.resolve(api.app.fetch(request, bindings));
      }
      return Promise.resolve(root.fetch(request, bindings));
    },
  };
}

type RootEnv = { Bindings: AppBindings; Variables: { requestId: string } };

function rootApp(deps: ServiceDeps, apps: ServiceApp[]): Hono<RootEnv> {
  const root = new Hono<RootEnv>();
  root.use("*", standardHeaders(deps.config.allowedOrigins));
  let openApi: unknown;

  root.get("/health", async (c) => {
    try {
      await withTimeout(deps.db.query("select 1"), 2000);
      return c.json({ status: "ok", database: deps.db.kind });
    } catch (cause) {
      throw databaseUnavailable(cause);
    }
  });
  root.get("/openapi.json", (c) => {
    openApi ??= buildOpenApiDocument(apps, deps.config.publicBaseUrl);
    return c.json(openApi);
  });
  root.get("/docs", (c) => c.html(DOCS_HTML));
  root.get("/docs/assets/:name", async (c) => {
    const asset = await docsAsset(c.req.param("name"));
    if (!asset) throw new ServiceError("SVC_REQ_004", "No such route");
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, {
      "content-type": asset.type,
      "cache-control": "public, max-age=86400",
    });
  });
  // Local storage's signed download links (Supabase Storage serves its own).
  root.get("/storage/v1/object/sign/:bucket/:path{.+}", async (c) => {
    const storage = deps.storage;
    const path = c.req.param("path");
    const allowed = storage instanceof LocalStorage &&
      await storage.verify(c.req.param("bucket"), path, c.req.query("token") ?? "");
    if (!allowed) {
      throw new ServiceError("SVC_AUTH_003", "This link is invalid or has expired", {
        status: 403,
      });
    }
    const bytes = await storage.get(path);
    if (!bytes) throw new ServiceError("SVC_REQ_004", "No such file");
    const name = path.split("/").pop()!;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": name.endsWith(".pdf") ? "application/pdf" : "application/octet-stream",
      "content-disposition": `inline; filename="${name}"`,
      "cache-control": "private, max-age=300",
    });
  });
  root.notFound((c) =>
    unmatched(root.routes, c.req.method, getPath(c.req.raw), c.get("requestId"), deps)
  );
  root.onError((error, c) => errorResponse(error, c.get("requestId"), deps));
  return root;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
