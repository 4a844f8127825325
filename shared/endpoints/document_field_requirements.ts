import type { PlatformDeps } from "../platform/deps.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addRoute } from "../http/route.ts";
import { DOCUMENT_TYPES } from "../rules/document_types.ts";
import { FIELD_REQUIREMENTS, FieldSpecSchema } from "../rules/field_requirements.ts";
import { z } from "../schemas/zod.ts";

const Requirements = z.object({
  requirements: z.record(
    z.enum(DOCUMENT_TYPES),
    z.object({ required: z.array(FieldSpecSchema), recommended: z.array(FieldSpecSchema) }),
  ),
}).openapi("FieldRequirements");

export function documentFieldRequirementsApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "document-field-requirements" });
  // The table never changes while the process runs: serialise it once.
  const body = JSON.stringify({ requirements: FIELD_REQUIREMENTS });
  addRoute(svc, {
    method: "get",
    path: "/",
    summary: "Required and recommended fields of the 16 document types",
    description: "Public. Required fields block generation (pre-check errors); recommended " +
      "fields produce soft warnings that ask for confirmation. The same table drives " +
      "generate-documents, so the two never disagree.",
    tags: ["Documents"],
    auth: "public",
    responses: { 200: { description: "The table", schema: Requirements } },
  }, (c) =>
    c.body(body, 200, {
      "content-type": "application/json",
      "cache-control": "public, max-age=3600",
    }));
  return svc;
}
