import type { PlatformDeps } from "../platform/deps.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { fieldOf, type IssueError } from "../platform/http/validate.ts";
import { resolvePartyRefs } from "../parties/resolve.ts";
import { type DraftUpdate, insertShipment, replaceDraft } from "./repo.ts";
import { SavedDraft, SaveDraftRequest } from "./schemas.ts";
import { EXAMPLE_SHIPMENT } from "./examples.ts";
import { errorResponse, jsonBodyErrors } from "../platform/http/common_responses.ts";

const requestError: IssueError = (issue) => {
  switch (fieldOf(issue)) {
    // An id that cannot name a row is answered like an unknown draft, not as bad input.
    case "shipment_id":
      return draftNotFound();
    case "shipment_ref":
      return "SVC_SHIP_006";
    default:
      return "SVC_DRAFT_001";
  }
};

export function saveDraftApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "save-draft" });
  addRoute(svc, {
    operationId: "saveDraft",
    method: "post",
    path: "/",
    summary: "Create or replace a draft",
    description: "Without shipment_id: a new draft (201, max_generations 0; drafts do not " +
      "count toward limits until promoted). With shipment_id: replaces that draft's " +
      "shipment_data whole, not merged (200); shipment_ref is updated when given.",
    tags: ["Shipments"],
    auth: "function",
    body: {
      schema: SaveDraftRequest,
      error: requestError,
      example: { shipment_data: { exporter: EXAMPLE_SHIPMENT.exporter } },
    },
    responses: {
      200: { description: "Draft updated", schema: SavedDraft },
      201: { description: "Draft created", schema: SavedDraft },
      ...jsonBodyErrors(
        "SVC_DRAFT_001: shipment_data missing or not an object; SVC_DRAFT_002: shipment_data " +
          "has no fields; SVC_DRAFT_004: the shipment is not a draft; SVC_SHIP_006: invalid " +
          "shipment_ref; SVC_PARTY_003: a party_id names no party of the team",
      ),
      404: errorResponse("SVC_DRAFT_003: draft not found"),
      500: errorResponse("SVC_DRAFT_005: update failed; SVC_DRAFT_006: create failed"),
    },
  }, async (c, { body: input }) => {
    if (Object.keys(input.shipment_data).length === 0) {
      throw new ServiceError("SVC_DRAFT_002", "shipment_data has no fields");
    }
    const principal = c.get("principal");
    const data = await resolvePartyRefs(deps.db, principal.teamId, input.shipment_data);

    if (input.shipment_id === undefined) {
      try {
        const { teamId, actor } = principal;
        const ref = input.shipment_ref;
        const row = await insertShipment(deps.db, { teamId, ref, data, actor, status: "draft" });
        return c.json({ shipment_id: row.shipment_id, updated_at: row.created_at }, 201);
      } catch (cause) {
        throw new ServiceError("SVC_DRAFT_006", "The draft could not be created", { cause });
      }
    }

    let result: DraftUpdate;
    try {
      result = await replaceDraft(deps.db, {
        teamId: principal.teamId,
        id: input.shipment_id,
        data,
        ref: input.shipment_ref,
      });
    } catch (cause) {
      throw new ServiceError("SVC_DRAFT_005", "The draft could not be updated", { cause });
    }
    if (result.kind === "not_found") throw draftNotFound();
    if (result.kind === "not_draft") throw notADraft(result.status);
    return c.json({ shipment_id: input.shipment_id, updated_at: result.updated_at }, 200);
  });
  return svc;
}

export function draftNotFound(): ServiceError {
  return new ServiceError("SVC_DRAFT_003", "Draft not found");
}

export function notADraft(status: string): ServiceError {
  return new ServiceError(
    "SVC_DRAFT_004",
    `The shipment is not a draft (its status is ${status})`,
  );
}
