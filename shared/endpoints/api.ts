import { addAdminRoutes } from "../admin/routes.ts";
import type { ServiceDeps } from "../deps.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addExtractionRoutes } from "../extraction/routes.ts";
import { addHsRoutes } from "../hs/routes.ts";
import { addJobRoutes } from "../jobs/routes.ts";
import { addPartyRoutes } from "../parties/routes.ts";
import { addWebhookRoutes } from "../webhooks/routes.ts";

/**
 * The resource routes, `/api/v1/...`, as one function named `api` (Supabase serves it at
 * `/functions/v1/api/v1/...`; the local gateway also at `/api/v1/...`).
 */
export function apiApp(deps: ServiceDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "api", publicPrefix: "" });
  addAdminRoutes(svc);
  addExtractionRoutes(svc);
  addHsRoutes(svc);
  addJobRoutes(svc);
  addPartyRoutes(svc);
  addWebhookRoutes(svc);
  return svc;
}
