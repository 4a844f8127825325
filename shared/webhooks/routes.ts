import { errorResponse, JSON_BODY_ERRORS } from "../endpoints/common_responses.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { addRoute, pathParam } from "../http/route.ts";
import { parseInput } from "../http/validate.ts";
import { Timestamp, Uuid } from "../schemas/common.ts";
import { z } from "../schemas/zod.ts";
import { isUuid } from "../util/uuid.ts";
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  replaceSecret,
  resendDelivery,
  type SubscriptionRow,
  updateSubscription,
} from "./repo.ts";
import { newWebhookSecret } from "./signing.ts";
import { checkWebhookUrl, RefusedUrl } from "./ssrf.ts";

export const WEBHOOK_EVENTS = [
  "document.generated",
  "document.failed",
  "extraction.completed",
  "extraction.failed",
] as const;

const Event = z.enum(WEBHOOK_EVENTS);
const Events = z.array(Event).min(1).max(WEBHOOK_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, "events must not repeat");
const Url = z.string().min(1).max(2048).openapi({ example: "https://example.com/hooks/trade" });

const CreateSubscription = z.object({ url: Url, events: Events, enabled: z.boolean().optional() })
  .strict().openapi("CreateWebhookRequest");
const UpdateSubscription = z.object({
  url: Url.optional(),
  events: Events.optional(),
  enabled: z.boolean().optional(),
}).strict().refine((v) => Object.keys(v).length > 0, "give url, events or enabled")
  .openapi("UpdateWebhookRequest");

const Subscription = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(Event),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).openapi("Webhook");
const SubscriptionWithSecret = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(Event),
  enabled: z.boolean(),
  secret: z.string().openapi({ description: "Shown only here: keep it to verify signatures" }),
}).openapi("WebhookWithSecret");
const Attempt = z.object({
  attempted_at: Timestamp,
  status_code: z.int().nullable(),
  latency_ms: z.int(),
  error: z.string().nullable(),
});
const Delivery = z.object({
  id: Uuid,
  event_id: Uuid.openapi({ description: "X-Service-Event-Id: the same on every attempt" }),
  event: Event,
  status: z.enum(["pending", "delivered", "failed"]),
  next_attempt_at: Timestamp.nullable(),
  last_status_code: z.int().nullable(),
  last_error: z.string().nullable(),
  last_latency_ms: z.int().nullable(),
  created_at: Timestamp,
  delivered_at: Timestamp.nullable(),
  attempts: z.array(Attempt),
}).openapi("WebhookDelivery");

const TAGS = ["Webhooks"];
const BAD = errorResponse(
  "SVC_HOOK_001: invalid url, refused address or unknown event; SVC_REQ_002: malformed JSON",
);
const NOT_FOUND = errorResponse("SVC_HOOK_002: no such subscription or delivery for this team");
const IdParams = z.object({ id: Uuid });

/** `/api/v1/webhooks`: a team's subscriptions, their deliveries, and sending one again. */
export function addWebhookRoutes(svc: ServiceApp): void {
  const { db, config } = svc.deps;

  async function checkedUrl(raw: string): Promise<string> {
    try {
      return (await checkWebhookUrl(raw, { allowPrivate: config.webhookAllowPrivateNetworks }))
        .toString();
    } catch (error) {
      if (error instanceof RefusedUrl) throw new ServiceError("SVC_HOOK_001", error.message);
      throw error;
    }
  }

  async function foundSubscription(teamId: string, id: string): Promise<SubscriptionRow> {
    const row = isUuid(id) ? await findSubscription(db, teamId, id) : null;
    if (!row) throw notFound("Webhook subscription not found");
    return row;
  }

  addRoute(svc, {
    method: "post",
    path: "/v1/webhooks",
    summary: "Subscribe a URL to events",
    description: "The answer carries the signing secret, shown only here and after " +
      "rotate-secret. The URL must be https and must not be or resolve to a private, loopback " +
      "or link-local address (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).",
    tags: TAGS,
    auth: "bearer",
    body: CreateSubscription,
    responses: {
      201: { description: "Subscribed", schema: SubscriptionWithSecret },
      400: BAD,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const input = parseInput(CreateSubscription, await readJsonObject(c), () => "SVC_HOOK_001");
    const url = await checkedUrl(input.url);
    const row = await insertSubscription(db, c.get("principal").teamId, {
      url,
      events: input.events,
      enabled: input.enabled ?? true,
      secret: newWebhookSecret(),
    });
    return c.json(withSecret(row), 201);
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/webhooks",
    summary: "The team's webhook subscriptions",
    tags: TAGS,
    auth: "bearer",
    responses: {
      200: {
        description: "Subscriptions, oldest first",
        schema: z.object({ webhooks: z.array(Subscription) }),
      },
    },
  }, async (c) => {
    const rows = await listSubscriptions(db, c.get("principal").teamId);
    return c.json({ webhooks: rows.map(view) });
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/webhooks/:id",
    summary: "A webhook subscription",
    tags: TAGS,
    auth: "bearer",
    params: IdParams,
    responses: { 200: { description: "The subscription", schema: Subscription }, 404: NOT_FOUND },
  }, async (c) => {
    return c.json(view(await foundSubscription(c.get("principal").teamId, pathParam(c, "id"))));
  });

  addRoute(svc, {
    method: "patch",
    path: "/v1/webhooks/:id",
    summary: "Change a subscription's url, events or enabled",
    description: "Enabling a subscription the service disabled (the receiver answered 410) " +
      "clears its disabled_reason.",
    tags: TAGS,
    auth: "bearer",
    params: IdParams,
    body: UpdateSubscription,
    responses: {
      200: { description: "The updated subscription", schema: Subscription },
      400: BAD,
      404: NOT_FOUND,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const teamId = c.get("principal").teamId;
    const current = await foundSubscription(teamId, pathParam(c, "id"));
    const input = parseInput(UpdateSubscription, await readJsonObject(c), () => "SVC_HOOK_001");
    const url = input.url === undefined ? current.url : await checkedUrl(input.url);
    const enabled = input.enabled ?? current.enabled;
    const row = await updateSubscription(db, teamId, current.id, {
      url,
      events: input.events ?? current.events,
      enabled,
    });
    if (!row) throw notFound("Webhook subscription not found");
    return c.json(view(row));
  });

  addRoute(svc, {
    method: "delete",
    path: "/v1/webhooks/:id",
    summary: "Delete a subscription and its deliveries",
    tags: TAGS,
    auth: "bearer",
    params: IdParams,
    responses: { 204: { description: "Deleted" }, 404: NOT_FOUND },
  }, async (c) => {
    const id = pathParam(c, "id");
    const deleted = isUuid(id) && await deleteSubscription(db, c.get("principal").teamId, id);
    if (!deleted) throw notFound("Webhook subscription not found");
    return c.body(null, 204);
  });

  addRoute(svc, {
    method: "post",
    path: "/v1/webhooks/:id/rotate-secret",
    summary: "Replace the signing secret",
    description: "The new secret is shown only in this answer and signs every request from now " +
      "on, retries of earlier events included.",
    tags: TAGS,
    auth: "bearer",
    params: IdParams,
    responses: {
      200: { description: "The subscription with its new secret", schema: SubscriptionWithSecret },
      404: NOT_FOUND,
    },
  }, async (c) => {
    const teamId = c.get("principal").teamId;
    const current = await foundSubscription(teamId, pathParam(c, "id"));
    const row = await replaceSecret(db, teamId, current.id, newWebhookSecret());
    if (!row) throw notFound("Webhook subscription not found");
    return c.json(withSecret(row));
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/webhooks/:id/deliveries",
    summary: "A subscription's deliveries with every attempt and the receiver's answer",
    tags: TAGS,
    auth: "bearer",
    params: IdParams,
    query: z.object({
      limit: z.string().optional().openapi({ description: "1 to 100, default 50" }),
      status: z.enum(["pending", "delivered", "failed"]).optional(),
    }),
    responses: {
      200: {
        description: "Deliveries, newest first",
        schema: z.object({ deliveries: z.array(Delivery) }),
      },
      400: errorResponse("SVC_HOOK_001: invalid limit or status"),
      404: NOT_FOUND,
    },
  }, async (c) => {
    const teamId = c.get("principal").teamId;
    const subscription = await foundSubscription(teamId, pathParam(c, "id"));
    const query = parseInput(
      z.object({
        limit: z.coerce.number().int().min(1).max(100).default(50),
        status: z.enum(["pending", "delivered", "failed"]).optional(),
      }),
      { limit: c.req.query("limit"), status: c.req.query("status") },
      () => "SVC_HOOK_001",
    );
    const deliveries = await listDeliveries(db, {
      teamId,
      subscriptionId: subscription.id,
      limit: query.limit,
      status: query.status ?? null,
    });
    return c.json({ deliveries });
  });

  addRoute(svc, {
    method: "post",
    path: "/v1/webhooks/:id/deliveries/:delivery_id/resend",
    summary: "Send a delivery again",
    description: "The delivery goes back to pending, due now, with a fresh retry schedule; the " +
      "receiver gets the same event id (X-Service-Event-Id) again.",
    tags: TAGS,
    auth: "bearer",
    params: z.object({ id: Uuid, delivery_id: Uuid }),
    responses: {
      202: { description: "Queued", schema: Delivery },
      404: NOT_FOUND,
    },
  }, async (c) => {
    const teamId = c.get("principal").teamId;
    const subscription = await foundSubscription(teamId, pathParam(c, "id"));
    const deliveryId = pathParam(c, "delivery_id");
    const updated = isUuid(deliveryId) &&
      await resendDelivery(db, { teamId, subscriptionId: subscription.id, deliveryId });
    if (!updated) throw notFound("Webhook delivery not found");
    const [delivery] = await listDeliveries(db, {
      teamId,
      subscriptionId: subscription.id,
      limit: 1,
      status: null,
      deliveryId,
    });
    return c.json(delivery, 202);
  });
}

function view(row: SubscriptionRow) {
  const { secret: _, ...rest } = row;
  return rest;
}

function withSecret(row: SubscriptionRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secret: row.secret,
  };
}

function notFound(message: string): ServiceError {
  return new ServiceError("SVC_HOOK_002", message);
}
