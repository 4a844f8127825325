import type { PlatformDeps } from "../platform/deps.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { fieldOf, type IssueError } from "../platform/http/validate.ts";
import { resolvePartyRefs } from "../parties/resolve.ts";
import { insertShipment } from "./repo.ts";
import { CreatedShipment, CreateShipmentRequest } from "./schemas.ts";
import { EXAMPLE_SHIPMENT } from "./examples.ts";
import { errorResponse, jsonBodyErrors } from "../platform/http/common_responses.ts";

const requestError: IssueError = (issue) =>
  fieldOf(issue) === "shipment_ref" ? "SVC_SHIP_006" : "SVC_SHIP_001";

export function createShipmentApp(deps: PlatformDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "create-shipment" });
  addRoute(svc, {
    operationId: "createShipment",
    method: "post",
    path: "/",
    summary: "Create a shipment",
    description: "Stores the shipment data with status `created`. max_generations is fixed " +
      "now from the team's tier (free 2, starter 5, growth 10, scale 20). Without " +
      "shipment_ref a readable reference is generated.",
    tags: ["Shipments"],
    auth: "function",
    body: {
      schema: CreateShipmentRequest,
      error: requestError,
      example: { shipment_data: EXAMPLE_SHIPMENT, shipment_ref: "HAM-CHI-2026-0042" },
    },
    responses: {
      201: { description: "Created", schema: CreatedShipment },
      ...jsonBodyErrors(
        "SVC_SHIP_001: shipment_data missing or not an object; SVC_SHIP_006: invalid " +
          "shipment_ref; SVC_PARTY_003: a party_id names no party of the team",
      ),
      500: errorResponse("SVC_SHIP_002: creation failed"),
    },
  }, async (c, { body: input }) => {
    const principal = c.get("principal");
    const data = await resolvePartyRefs(deps.db, principal.teamId, input.shipment_data);
    try {
      const { teamId, actor } = principal;
      const ref = input.shipment_ref;
      const row = await insertShipment(deps.db, { teamId, ref, data, actor, status: "created" });
      return c.json(row, 201);
    } catch (cause) {
      throw new ServiceError("SVC_SHIP_002", "The shipment could not be created", { cause });
    }
  });
  return svc;
}
