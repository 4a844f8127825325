import type { PlatformDeps } from "../platform/deps.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { type IssueError, wasSent } from "../platform/http/validate.ts";
import { promoteDraft } from "./repo.ts";
import { CreatedShipment, PromoteDraftRequest } from "./schemas.ts";
import { errorResponse, jsonBodyErrors } from "../platform/http/common_responses.ts";
import { draftNotFound, notADraft } from "./save_draft.ts";

// Absent, null or empty is a missing id; any other value that is not a UUID names no draft.
const requestError: IssueError = (issue, body) =>
  issue.code === "too_small" || !wasSent(issue, body) ? "SVC_DRAFT_007" : draftNotFound();

export function promoteDraftApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "promote-draft" });
  addRoute(svc, {
    operationId: "promoteDraft",
    method: "post",
    path: "/",
    summary: "Promote a draft to a shipment",
    description: "The draft becomes a shipment with status `created` and max_generations " +
      "from the team's tier; the answer has the shape of create-shipment's.",
    tags: ["Shipments"],
    auth: "function",
    body: {
      schema: PromoteDraftRequest,
      error: requestError,
      example: { shipment_id: "3f6c2a1e-8b4d-4c2a-9e7f-1a2b3c4d5e6f" },
    },
    responses: {
      200: { description: "Promoted", schema: CreatedShipment },
      ...jsonBodyErrors("SVC_DRAFT_007: shipment_id missing; SVC_DRAFT_004: not a draft"),
      404: errorResponse("SVC_DRAFT_003: draft not found"),
    },
  }, async (c, { body }) => {
    const result = await promoteDraft(deps.db, c.get("principal").teamId, body.shipment_id);
    if (result.kind === "not_found") throw draftNotFound();
    if (result.kind === "not_draft") throw notADraft(result.status);
    return c.json(result.shipment, 200);
  });
  return svc;
}
