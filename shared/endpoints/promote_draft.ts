import type { PlatformDeps } from "../platform/deps.ts";
import { ServiceError } from "../errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { addRoute } from "../http/route.ts";
import { promoteDraft } from "../shipments/repo.ts";
import { CreatedShipment, PromoteDraftRequest } from "../shipments/schemas.ts";
import { isUuid } from "../util/uuid.ts";
import { errorResponse, JSON_BODY_ERRORS } from "./common_responses.ts";
import { draftNotFound, notADraft } from "./save_draft.ts";

export function promoteDraftApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "promote-draft" });
  addRoute(svc, {
    method: "post",
    path: "/",
    summary: "Promote a draft to a shipment",
    description: "The draft becomes a shipment with status `created` and max_generations " +
      "from the team's tier; the answer has the shape of create-shipment's.",
    tags: ["Shipments"],
    auth: "function",
    body: PromoteDraftRequest,
    responses: {
      200: { description: "Promoted", schema: CreatedShipment },
      400: errorResponse(
        "SVC_DRAFT_007: shipment_id missing; SVC_DRAFT_004: not a draft; " +
          "SVC_REQ_002: malformed JSON",
      ),
      404: errorResponse("SVC_DRAFT_003: draft not found"),
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const body = await readJsonObject(c);
    if (body.shipment_id === undefined || body.shipment_id === null || body.shipment_id === "") {
      throw new ServiceError("SVC_DRAFT_007", "shipment_id is required");
    }
    if (!isUuid(body.shipment_id)) throw draftNotFound();
    const result = await promoteDraft(deps.db, c.get("principal").teamId, body.shipment_id);
    if (result.kind === "not_found") throw draftNotFound();
    if (result.kind === "not_draft") throw notADraft(result.status);
    return c.json(result.shipment, 200);
  });
  return svc;
}
