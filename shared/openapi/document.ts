import { OpenApiGeneratorV31, OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { ServiceApp } from "../http/app.ts";

/** One OpenAPI 3.1 document for the whole running service, built from every app's zod schemas. */
export function buildOpenApiDocument(apps: ServiceApp[], baseUrl: string) {
  const shared = new OpenAPIRegistry();
  shared.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "A team API key (`tdk_…`) or a Supabase user JWT. Admin routes take the " +
      "service role key.",
  });
  shared.registerComponent("securitySchemes", "apikey", {
    type: "apiKey",
    in: "header",
    name: "apikey",
    description: "The project's anon key, on every /functions/v1 endpoint.",
  });
  const definitions = [shared, ...apps.map((a) => a.registry)].flatMap((r) => r.definitions);
  return new OpenApiGeneratorV31(definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Trade Shipment Documentation Service",
      version: "1.0.0",
      description: "Shipments and drafts, validation with verifiable hashes, trade document " +
        "generation. Errors are `{error: {code, message, details?}}`; every response " +
        "carries X-Request-Id.",
    },
    servers: [{ url: baseUrl }],
  });
}
