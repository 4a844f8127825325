import type { ValidationDeps } from "./root.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { fieldOf, type IssueError } from "../platform/http/validate.ts";
import { JsonObject, Uuid } from "../platform/schemas/common.ts";
import { EXAMPLE_SHIPMENT } from "../shipments/examples.ts";
import { TradeShipment } from "../shipments/trade_shipment.ts";
import { z } from "../platform/schemas/zod.ts";
import { runValidation } from "./run.ts";
import { LayerResult } from "./types.ts";
import { errorResponse, jsonBodyErrors } from "../platform/http/common_responses.ts";
import { asShipmentData } from "../documents/catalogue/paths.ts";

const ValidateRequest = z.object({
  // Any object passes here (the first option, kept as sent); TradeShipment documents it.
  shipment: JsonObject.or(TradeShipment).meta({
    description: "The shipment data (TradeShipment). Any JSON object is accepted: what does " +
      "not match the schema is reported by the Schema Validation layer.",
  }),
  shipment_id: Uuid.optional(),
  gate_slug: z.string().optional().meta({ example: "trade-document-validator" }),
}).meta({ id: "ValidateShipmentRequest" });

const requestError: IssueError = (issue) => {
  switch (fieldOf(issue)) {
    case "shipment_id":
      // A malformed id names no shipment: answered like an unknown one.
      return new ServiceError("SVC_SHIP_004", "Shipment not found");
    case "gate_slug":
      return "SVC_VAL_009";
    default:
      return "SVC_VAL_002";
  }
};

const ValidateAnswer = z.object({
  run_id: z.string(),
  validation_record_id: Uuid,
  status: z.string().meta({ description: "The provider's run status, not pass/fail" }),
  passed: z.boolean(),
  layers: z.array(LayerResult),
  error: z.object({ message: z.string() }).nullable(),
  validation_hash: z.string().nullable().meta({
    description: "SHA-256 (hex) of the RFC 8785 canonical JSON of " +
      "{gate, ruleset_version, shipment, validated_at}; null when validation fails",
  }),
}).meta({ id: "ValidationResult" });

export function validateShipmentApp(deps: ValidationDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "validate-shipment" });
  addRoute(svc, {
    operationId: "validateShipment",
    method: "post",
    path: "/",
    summary: "Validate shipment data against a rules gate",
    description: "Synchronous. Layers: Schema Validation, Business Rules (hs_code_exists, " +
      "port_code_valid, …), Compliance. A pass yields the validation hash and a persisted " +
      "record; with shipment_id the shipment becomes validated or validation_failed.",
    tags: ["Validation"],
    auth: "function",
    body: {
      schema: ValidateRequest,
      error: requestError,
      example: { shipment: EXAMPLE_SHIPMENT, gate_slug: "trade-document-validator" },
    },
    responses: {
      200: { description: "The validation, passed or failed", schema: ValidateAnswer },
      ...jsonBodyErrors(
        "SVC_VAL_002: shipment missing or not an object; SVC_VAL_009: unknown gate_slug",
      ),
      404: errorResponse("SVC_SHIP_004: shipment_id names no shipment of this team"),
      502: errorResponse("SVC_VAL_010: the outside rules provider failed"),
    },
  }, async (c, { body }) => {
    const answer = await runValidation(
      deps.db,
      deps.rules.provider,
      c.get("principal"),
      {
        shipment: asShipmentData(body.shipment),
        shipmentId: body.shipment_id,
        gate: body.gate_slug ?? deps.config.defaultGate,
      },
      deps.rules.name,
    );
    return c.json(answer, 200);
  });
  return svc;
}
