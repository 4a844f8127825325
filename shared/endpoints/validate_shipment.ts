import type { ValidationDeps } from "../validation/root.ts";
import { ServiceError } from "../errors/service_error.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { addRoute } from "../http/route.ts";
import { Uuid } from "../schemas/common.ts";
import { TradeShipment } from "../schemas/trade_shipment.ts";
import { z } from "../schemas/zod.ts";
import { isObject } from "../validation/rules/context.ts";
import { runValidation } from "../validation/run.ts";
import { LayerResult } from "../validation/types.ts";
import { isUuid } from "../util/uuid.ts";
import { errorResponse, JSON_BODY_ERRORS } from "./common_responses.ts";

const ValidateRequest = z.object({
  shipment: TradeShipment.or(z.record(z.string(), z.unknown())).openapi({
    description: "The shipment data (TradeShipment). Any JSON object is accepted: what does " +
      "not match the schema is reported by the Schema Validation layer.",
  }),
  shipment_id: Uuid.optional(),
  gate_slug: z.string().optional().openapi({ example: "trade-document-validator" }),
}).openapi("ValidateShipmentRequest");

const ValidateAnswer = z.object({
  run_id: z.string(),
  validation_record_id: Uuid,
  status: z.string().openapi({ description: "The provider's run status, not pass/fail" }),
  passed: z.boolean(),
  layers: z.array(LayerResult),
  error: z.object({ message: z.string() }).nullable(),
  validation_hash: z.string().nullable().openapi({
    description: "SHA-256 (hex) of the RFC 8785 canonical JSON of " +
      "{gate, ruleset_version, shipment, validated_at}; null when validation fails",
  }),
}).openapi("ValidationResult");

export function validateShipmentApp(deps: ValidationDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "validate-shipment" });
  addRoute(svc, {
    method: "post",
    path: "/",
    summary: "Validate shipment data against a rules gate",
    description: "Synchronous. Layers: Schema Validation, Business Rules (hs_code_exists, " +
      "port_code_valid, …), Compliance. A pass yields the validation hash and a persisted " +
      "record; with shipment_id the shipment becomes validated or validation_failed.",
    tags: ["Validation"],
    auth: "function",
    body: ValidateRequest,
    responses: {
      200: { description: "The validation, passed or failed", schema: ValidateAnswer },
      400: errorResponse(
        "SVC_VAL_002: shipment missing or not an object; SVC_VAL_009: unknown gate_slug; " +
          "SVC_REQ_002: malformed JSON",
      ),
      404: errorResponse("SVC_SHIP_004: shipment_id names no shipment of this team"),
      ...JSON_BODY_ERRORS,
      502: errorResponse("SVC_VAL_010: the outside rules provider failed"),
    },
  }, async (c) => {
    const body = await readJsonObject(c);
    if (!isObject(body.shipment)) {
      throw new ServiceError("SVC_VAL_002", "shipment is required and must be an object");
    }
    if (body.shipment_id !== undefined && !isUuid(body.shipment_id)) {
      throw new ServiceError("SVC_SHIP_004", "Shipment not found");
    }
    if (body.gate_slug !== undefined && typeof body.gate_slug !== "string") {
      throw new ServiceError("SVC_VAL_009", "gate_slug must be a string");
    }
    const answer = await runValidation(
      deps.db,
      deps.rules.provider,
      c.get("principal"),
      {
        shipment: body.shipment,
        shipmentId: body.shipment_id,
        gate: (body.gate_slug as string | undefined) ?? deps.config.defaultGate,
      },
      deps.rules.name,
    );
    return c.json(answer, 200);
  });
  return svc;
}
