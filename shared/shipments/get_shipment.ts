import type { StorageDeps } from "../platform/storage/create.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { signFlattenedUrls } from "../documents/flatten/history.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { findShipment, listShipments } from "./repo.ts";
import { Shipment, SHIPMENT_STATUSES, ShipmentList, type ShipmentStatus } from "./schemas.ts";
import { UUID_PATTERN } from "../platform/util/uuid.ts";
import { errorResponse } from "../platform/http/common_responses.ts";

export function getShipmentApp(deps: StorageDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "get-shipment" });
  addRoute(svc, {
    operationId: "getShipment",
    method: "get",
    path: "/",
    summary: "Get one shipment, or list shipments by status",
    description: "With `id`: the shipment with its generation history, newest first (id wins " +
      "when status is also given). With only `status`: up to 50 shipments of that status, " +
      "most recently updated first, in list form.",
    tags: ["Shipments"],
    auth: "function",
    query: [
      {
        name: "id",
        description: "Shipment UUID: single mode (wins over status)",
        example: "3f6c2a1e-8b4d-4c2a-9e7f-1a2b3c4d5e6f",
        pattern: UUID_PATTERN,
        // A malformed id names no shipment: answered like an unknown one.
        invalid: shipmentNotFound,
      },
      {
        name: "status",
        description: "Without id: list mode, at most 50, newest update first",
        enum: SHIPMENT_STATUSES,
        invalid: () =>
          new ServiceError(
            "SVC_SHIP_006",
            `status must be one of ${SHIPMENT_STATUSES.join(", ")}`,
          ),
      },
    ],
    responses: {
      200: {
        description: "The shipment (single mode) or `{shipments}` (list mode)",
        schema: Shipment.or(ShipmentList),
      },
      400: errorResponse("SVC_SHIP_003: neither id nor status; SVC_SHIP_006: unknown status"),
      404: errorResponse("SVC_SHIP_004: no such shipment for this team"),
      500: errorResponse("SVC_SHIP_005: listing failed"),
    },
  }, async (c, { query: { id, status } }) => {
    const { teamId } = c.get("principal");
    if (id !== undefined) {
      const shipment = await findShipment(deps.db, teamId, id);
      if (!shipment) throw shipmentNotFound();
      // The history keeps flattened files' storage paths; answers carry fresh signed URLs.
      await signFlattenedUrls(
        shipment.generation_history,
        deps.storage,
        deps.config.signedUrlSeconds,
      );
      return c.json(shipment);
    }
    if (status === undefined) {
      throw new ServiceError("SVC_SHIP_003", "Give id (one shipment) or status (a list)");
    }
    try {
      return c.json({ shipments: await listShipments(deps.db, teamId, status as ShipmentStatus) });
    } catch (cause) {
      throw new ServiceError("SVC_SHIP_005", "The shipments could not be listed", { cause });
    }
  });
  return svc;
}

function shipmentNotFound(): ServiceError {
  return new ServiceError("SVC_SHIP_004", "Shipment not found");
}
