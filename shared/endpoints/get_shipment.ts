import type { StorageDeps } from "../storage/create.ts";
import { ServiceError } from "../errors/service_error.ts";
import { signFlattenedUrls } from "../flatten/history.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addRoute } from "../http/route.ts";
import { findShipment, listShipments } from "../shipments/repo.ts";
import {
  GetShipmentQuery,
  Shipment,
  SHIPMENT_STATUSES,
  ShipmentList,
  ShipmentStatus,
} from "../shipments/schemas.ts";
import { isUuid } from "../util/uuid.ts";
import { errorResponse } from "./common_responses.ts";

export function getShipmentApp(deps: StorageDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "get-shipment" });
  addRoute(svc, {
    method: "get",
    path: "/",
    summary: "Get one shipment, or list shipments by status",
    description: "With `id`: the shipment with its generation history, newest first (id wins " +
      "when status is also given). With only `status`: up to 50 shipments of that status, " +
      "most recently updated first, in list form.",
    tags: ["Shipments"],
    auth: "function",
    query: GetShipmentQuery,
    responses: {
      200: {
        description: "The shipment (single mode) or `{shipments}` (list mode)",
        schema: Shipment.or(ShipmentList),
      },
      400: errorResponse("SVC_SHIP_003: neither id nor status; SVC_SHIP_006: unknown status"),
      404: errorResponse("SVC_SHIP_004: no such shipment for this team"),
      500: errorResponse("SVC_SHIP_005: listing failed"),
    },
  }, async (c) => {
    const { teamId } = c.get("principal");
    const id = c.req.query("id");
    const status = c.req.query("status");
    if (id !== undefined && id !== "") {
      const shipment = isUuid(id) ? await findShipment(deps.db, teamId, id) : null;
      if (!shipment) throw new ServiceError("SVC_SHIP_004", "Shipment not found");
      // The history keeps flattened files' storage paths; answers carry fresh signed URLs.
      await signFlattenedUrls(
        shipment.generation_history,
        deps.storage,
        deps.config.signedUrlSeconds,
      );
      return c.json(shipment);
    }
    if (status === undefined || status === "") {
      throw new ServiceError("SVC_SHIP_003", "Give id (one shipment) or status (a list)");
    }
    const parsed = ShipmentStatus.safeParse(status);
    if (!parsed.success) {
      throw new ServiceError(
        "SVC_SHIP_006",
        `status must be one of ${SHIPMENT_STATUSES.join(", ")}`,
      );
    }
    try {
      return c.json({ shipments: await listShipments(deps.db, teamId, parsed.data) });
    } catch (cause) {
      throw new ServiceError("SVC_SHIP_005", "The shipments could not be listed", { cause });
    }
  });
  return svc;
}
