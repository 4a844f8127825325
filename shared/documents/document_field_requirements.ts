import type { PlatformDeps } from "../platform/deps.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { FIELD_REQUIREMENTS } from "./catalogue/field_requirements.ts";

export function documentFieldRequirementsApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "document-field-requirements" });
  // The table never changes while the process runs: serialise it once.
  const body = JSON.stringify({ requirements: FIELD_REQUIREMENTS });
  addRoute(svc, {
    operationId: "getDocumentFieldRequirements",
    method: "get",
    path: "/",
    summary: "Required and recommended fields of the 16 document types",
    description: "Public. Required fields block generation (pre-check errors); recommended " +
      "fields produce soft warnings that ask for confirmation. The same table drives " +
      "generate-documents, so the two never disagree.",
    tags: ["Documents"],
    auth: "public",
    responses: { 200: { description: "The table", schema: "FieldRequirements" } },
  }, (c) =>
    c.body(body, 200, {
      "content-type": "application/json",
      "cache-control": "public, max-age=3600",
    }));
  return svc;
}
