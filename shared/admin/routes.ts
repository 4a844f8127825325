import { issueApiKey } from "../platform/auth/api_keys.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import type { ParamSpec } from "../platform/http/params.ts";
import { addRoute } from "../platform/http/route.ts";
import { always } from "../platform/http/validate.ts";
import { errorResponse, JSON_BODY_ERRORS } from "../platform/http/common_responses.ts";
import { UUID_PATTERN } from "../platform/util/uuid.ts";
import { addMember, createTeam, findTeam, removeMember, revokeApiKey, updateTeam } from "./repo.ts";
import {
  AddMemberRequest,
  CreatedTeam,
  CreateTeamRequest,
  IssuedKey,
  IssueKeyRequest,
  Member,
  Team,
  UpdateTeamRequest,
} from "./schemas.ts";

const TAGS = ["Admin"];
const BAD_TEAM = errorResponse("SVC_TEAM_001: invalid name or tier; SVC_REQ_002: malformed JSON");
const NO_TEAM = errorResponse("SVC_TEAM_002: team not found");
const TEAM_ID: ParamSpec = {
  name: "id",
  description: "The team's id",
  example: "8d7f3c2a-1b4e-4f6a-9c8d-2e1f0a3b4c5d",
  pattern: UUID_PATTERN,
  // An id that cannot name a row is answered like an unknown team.
  invalid: teamNotFound,
};
const teamError = always("SVC_TEAM_001");

/** Admin routes under `/api/v1/admin`: the service role key only. */
export function addAdminRoutes(svc: ServiceApp): void {
  const { db, auth } = svc.deps;

  addRoute(svc, {
    operationId: "createTeam",
    method: "post",
    path: "/v1/admin/teams",
    summary: "Create a team with a tier and its first API key",
    tags: TAGS,
    auth: "service_role",
    body: {
      schema: CreateTeamRequest,
      error: teamError,
      example: { name: "Nordic Roasters AB", tier: "starter" },
    },
    responses: {
      201: { description: "Created", schema: CreatedTeam },
      400: BAD_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { body }) => c.json(await createTeam(db, body.name, body.tier), 201));

  addRoute(svc, {
    operationId: "getTeam",
    method: "get",
    path: "/v1/admin/teams/:id",
    summary: "Get a team",
    tags: TAGS,
    auth: "service_role",
    params: [TEAM_ID],
    responses: { 200: { description: "The team", schema: Team }, 404: NO_TEAM },
  }, async (c, { params }) => c.json(await existingTeam(params.id!)));

  addRoute(svc, {
    operationId: "updateTeam",
    method: "patch",
    path: "/v1/admin/teams/:id",
    summary: "Change a team's tier or name",
    description: "A new tier applies to shipments created (or drafts promoted) from now on; " +
      "existing shipments keep the cap they were created with.",
    tags: TAGS,
    auth: "service_role",
    params: [TEAM_ID],
    body: { schema: UpdateTeamRequest, error: teamError, example: { tier: "growth" } },
    responses: {
      200: { description: "The updated team", schema: Team },
      400: BAD_TEAM,
      404: NO_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { params, body }) => {
    const team = await updateTeam(db, params.id!, body);
    if (!team) throw teamNotFound();
    return c.json(team);
  });

  addRoute(svc, {
    operationId: "issueApiKey",
    method: "post",
    path: "/v1/admin/teams/:id/api-keys",
    summary: "Issue another API key for a team",
    description: "The key is shown once in this answer; only its SHA-256 is stored.",
    tags: TAGS,
    auth: "service_role",
    params: [TEAM_ID],
    body: {
      schema: IssueKeyRequest,
      error: teamError,
      optional: true,
      example: { name: "CI pipeline" },
    },
    responses: {
      201: { description: "Issued", schema: IssuedKey },
      400: BAD_TEAM,
      404: NO_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { params, body }) => {
    const team = await existingTeam(params.id!);
    return c.json(await issueApiKey(db, team.team_id, body.name ?? null), 201);
  });

  addRoute(svc, {
    operationId: "revokeApiKey",
    method: "delete",
    path: "/v1/admin/api-keys/:id",
    summary: "Revoke an API key",
    description: "Takes effect at once in this process, and in other instances within " +
      "API_KEY_CACHE_SECONDS.",
    tags: TAGS,
    auth: "service_role",
    params: [{
      name: "id",
      description: "The key's id (key_id in the answer that issued it)",
      pattern: UUID_PATTERN,
      invalid: keyNotFound,
    }],
    responses: {
      204: { description: "Revoked" },
      404: errorResponse("SVC_TEAM_003: no such active key"),
    },
  }, async (c, { params }) => {
    const id = params.id!;
    if (!(await revokeApiKey(db, id))) throw keyNotFound();
    auth.forgetKey(id);
    return c.body(null, 204);
  });

  addRoute(svc, {
    operationId: "addTeamMember",
    method: "post",
    path: "/v1/admin/teams/:id/members",
    summary: "Let a Supabase user act for a team",
    description: "The user's JWT (role `authenticated`) then works as a Bearer credential. A " +
      "user in several teams chooses one per request with `X-Team-Id`.",
    tags: TAGS,
    auth: "service_role",
    params: [TEAM_ID],
    body: {
      schema: AddMemberRequest,
      error: always("SVC_TEAM_004"),
      example: { user_id: "5e1d4c3b-2a19-4f08-8e7d-6c5b4a392817" },
    },
    responses: {
      201: { description: "Added", schema: Member },
      400: errorResponse("SVC_TEAM_004: invalid user_id"),
      404: NO_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { params, body }) => {
    const team = await existingTeam(params.id!);
    await addMember(db, team.team_id, body.user_id);
    auth.forgetUser(body.user_id);
    return c.json({ team_id: team.team_id, user_id: body.user_id }, 201);
  });

  addRoute(svc, {
    operationId: "removeTeamMember",
    method: "delete",
    path: "/v1/admin/teams/:id/members/:user_id",
    summary: "Remove a user from a team",
    tags: TAGS,
    auth: "service_role",
    params: [TEAM_ID, {
      name: "user_id",
      description: "The Supabase user's id (the JWT's sub)",
      invalid: teamNotFound,
    }],
    responses: { 204: { description: "Removed" }, 404: errorResponse("SVC_TEAM_002: not found") },
  }, async (c, { params }) => {
    const team = await existingTeam(params.id!);
    const userId = params.user_id!;
    // PostgreSQL text holds no NUL: such an id names no member.
    if (userId.includes("\u0000") || !userId.isWellFormed()) throw teamNotFound();
    if (!(await removeMember(db, team.team_id, userId))) throw teamNotFound();
    auth.forgetUser(userId);
    return c.body(null, 204);
  });

  async function existingTeam(id: string) {
    const team = await findTeam(db, id);
    if (!team) throw teamNotFound();
    return team;
  }
}

function keyNotFound(): ServiceError {
  return new ServiceError("SVC_TEAM_003", "API key not found");
}

function teamNotFound(): ServiceError {
  return new ServiceError("SVC_TEAM_002", "Team not found");
}
