import { errorResponse, JSON_BODY_ERRORS } from "../platform/http/common_responses.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import type { ParamSpec } from "../platform/http/params.ts";
import { addRoute } from "../platform/http/route.ts";
import { always } from "../platform/http/validate.ts";
import { Timestamp, Uuid } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";
import { UUID_PATTERN } from "../platform/util/uuid.ts";
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
const Url = z.string().min(1).max(2048).meta({ example: "https://example.com/hooks/trade" });

const CreateSubscription = z.object({ url: Url, events: Events, enabled: z.boolean().optional() })
  .strict().meta({ id: "CreateWebhookRequest" });
const UpdateSubscription = z.object({
  url: Url.optional(),
  events: Events.optional(),
  enabled: z.boolean().optional(),
}).strict().refine((v) => Object.keys(v).length > 0, "give url, events or enabled")
  .meta({ id: "UpdateWebhookRequest" });

const Subscription = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(Event),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).meta({ id: "Webhook" });
const SubscriptionWithSecret = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(Event),
  enabled: z.boolean(),
  secret: z.string().meta({ description: "Shown only here: keep it to verify signatures" }),
}).meta({ id: "WebhookWithSecret" });
const Attempt = z.object({
  attempted_at: Timestamp,
  status_code: z.int().nullable(),
  latency_ms: z.int(),
  error: z.string().nullable(),
});
const Delivery = z.object({
  id: Uuid,
  event_id: Uuid.meta({ description: "X-Service-Event-Id: the same on every attempt" }),
  event: Event,
  status: z.enum(["pending", "delivered", "failed"]),
  next_attempt_at: Timestamp.nullable(),
  last_status_code: z.int().nullable(),
  last_error: z.string().nullable(),
  last_latency_ms: z.int().nullable(),
  created_at: Timestamp,
  delivered_at: Timestamp.nullable(),
  attempts: z.array(Attempt),
}).meta({ id: "WebhookDelivery" });

const TAGS = ["Webhooks"];
const BAD = errorResponse(
  "SVC_HOOK_001: invalid url, refused address or unknown event; SVC_REQ_002: malformed JSON",
);
const NOT_FOUND = errorResponse("SVC_HOOK_002: no such subscription or delivery for this team");
const SUBSCRIPTION_ID: ParamSpec = {
  name: "id",
  description: "The subscription's id",
  pattern: UUID_PATTERN,
  invalid: () => notFound("Webhook subscription not found"),
};
const hookError = always("SVC_HOOK_001");
const DeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({
    description: "1 to 100, default 50",
  }),
  status: z.enum(["pending", "delivered", "failed"]).optional(),
});

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
    const row = await findSubscription(db, teamId, id);
    if (!row) throw notFound("Webhook subscription not found");
    return row;
  }

  addRoute(svc, {
    operationId: "createWebhook",
    method: "post",
    path: "/v1/webhooks",
    summary: "Subscribe a URL to events",
    description: "The answer carries the signing secret, shown only here and after " +
      "rotate-secret. The URL must be https and must not be or resolve to a private, loopback " +
      "or link-local address (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).",
    tags: TAGS,
    auth: "bearer",
    body: {
      schema: CreateSubscription,
      error: hookError,
      example: {
        url: "https://example.com/hooks/trade",
        events: ["document.generated", "document.failed"],
      },
    },
    responses: {
      201: { description: "Subscribed", schema: SubscriptionWithSecret },
      400: BAD,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { body: input }) => {
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
    operationId: "listWebhooks",
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
    operationId: "getWebhook",
    method: "get",
    path: "/v1/webhooks/:id",
    summary: "A webhook subscription",
    tags: TAGS,
    auth: "bearer",
    params: [SUBSCRIPTION_ID],
    responses: { 200: { description: "The subscription", schema: Subscription }, 404: NOT_FOUND },
  }, async (c, { params }) => {
    return c.json(view(await foundSubscription(c.get("principal").teamId, params.id!)));
  });

  addRoute(svc, {
    operationId: "updateWebhook",
    method: "patch",
    path: "/v1/webhooks/:id",
    summary: "Change a subscription's url, events or enabled",
    description: "Enabling a subscription the service disabled (the receiver answered 410) " +
      "clears its disabled_reason.",
    tags: TAGS,
    auth: "bearer",
    params: [SUBSCRIPTION_ID],
    body: { schema: UpdateSubscription, error: hookError, example: { enabled: true } },
    responses: {
      200: { description: "The updated subscription", schema: Subscription },
      400: BAD,
      404: NOT_FOUND,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { params, body: input }) => {
    const teamId = c.get("principal").teamId;
    const current = await foundSubscription(teamId, params.id!);
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
    operationId: "deleteWebhook",
    method: "delete",
    path: "/v1/webhooks/:id",
    summary: "Delete a subscription and its deliveries",
    tags: TAGS,
    auth: "bearer",
    params: [SUBSCRIPTION_ID],
    responses: { 204: { description: "Deleted" }, 404: NOT_FOUND },
  }, async (c, { params }) => {
    const deleted = await deleteSubscription(db, c.get("principal").teamId, params.id!);
    if (!deleted) throw notFound("Webhook subscription not found");
    return c.body(null, 204);
  });

  addRoute(svc, {
    operationId: "rotateWebhookSecret",
    method: "post",
    path: "/v1/webhooks/:id/rotate-secret",
    summary: "Replace the signing secret",
    description: "The new secret is shown only in this answer and signs every request from now " +
      "on, retries of earlier events included.",
    tags: TAGS,
    auth: "bearer",
    params: [SUBSCRIPTION_ID],
    responses: {
      200: { description: "The subscription with its new secret", schema: SubscriptionWithSecret },
      404: NOT_FOUND,
    },
  }, async (c, { params }) => {
    const teamId = c.get("principal").teamId;
    const current = await foundSubscription(teamId, params.id!);
    const row = await replaceSecret(db, teamId, current.id, newWebhookSecret());
    if (!row) throw notFound("Webhook subscription not found");
    return c.json(withSecret(row));
  });

  addRoute(svc, {
    operationId: "listWebhookDeliveries",
    method: "get",
    path: "/v1/webhooks/:id/deliveries",
    summary: "A subscription's deliveries with every attempt and the receiver's answer",
    tags: TAGS,
    auth: "bearer",
    params: [SUBSCRIPTION_ID],
    query: { schema: DeliveriesQuery, error: hookError },
    responses: {
      200: {
        description: "Deliveries, newest first",
        schema: z.object({ deliveries: z.array(Delivery) }),
      },
      400: errorResponse("SVC_HOOK_001: invalid limit or status"),
      404: NOT_FOUND,
    },
  }, async (c, { params, query }) => {
    const teamId = c.get("principal").teamId;
    const subscription = await foundSubscription(teamId, params.id!);
    const deliveries = await listDeliveries(db, {
      teamId,
      subscriptionId: subscription.id,
      limit: query.limit,
      status: query.status ?? null,
    });
    return c.json({ deliveries });
  });

  addRoute(svc, {
    operationId: "resendWebhookDelivery",
    method: "post",
    path: "/v1/webhooks/:id/deliveries/:delivery_id/resend",
    summary: "Send a delivery again",
    description: "The delivery goes back to pending, due now, with a fresh retry schedule; the " +
      "receiver gets the same event id (X-Service-Event-Id) again.",
    tags: TAGS,
    auth: "bearer",
    params: [SUBSCRIPTION_ID, {
      name: "delivery_id",
      description: "The delivery's id",
      pattern: UUID_PATTERN,
      invalid: () => notFound("Webhook delivery not found"),
    }],
    responses: {
      202: { description: "Queued", schema: Delivery },
      404: NOT_FOUND,
    },
  }, async (c, { params }) => {
    const teamId = c.get("principal").teamId;
    const subscription = await foundSubscription(teamId, params.id!);
    const deliveryId = params.delivery_id!;
    const updated = await resendDelivery(db, {
      teamId,
      subscriptionId: subscription.id,
      deliveryId,
    });
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
