import { issueApiKey } from "../auth/api_keys.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { addRoute, pathParam } from "../http/route.ts";
import { parseInput } from "../http/validate.ts";
import { errorResponse, JSON_BODY_ERRORS } from "../endpoints/common_responses.ts";
import { isUuid } from "../util/uuid.ts";
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

/** Admin routes under `/api/v1/admin`: the service role key only. */
export function addAdminRoutes(svc: ServiceApp): void {
  const { db, auth } = svc.deps;

  addRoute(svc, {
    method: "post",
    path: "/v1/admin/teams",
    summary: "Create a team with a tier and its first API key",
    tags: TAGS,
    auth: "service_role",
    body: CreateTeamRequest,
    responses: {
      201: { description: "Created", schema: CreatedTeam },
      400: BAD_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const input = parseInput(CreateTeamRequest, await readJsonObject(c), () => "SVC_TEAM_001");
    return c.json(await createTeam(db, input.name, input.tier), 201);
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/admin/teams/:id",
    summary: "Get a team",
    tags: TAGS,
    auth: "service_role",
    responses: { 200: { description: "The team", schema: Team }, 404: NO_TEAM },
  }, async (c) => c.json(await existingTeam(pathParam(c, "id"))));

  addRoute(svc, {
    method: "patch",
    path: "/v1/admin/teams/:id",
    summary: "Change a team's tier or name",
    description: "A new tier applies to shipments created (or drafts promoted) from now on; " +
      "existing shipments keep the cap they were created with.",
    tags: TAGS,
    auth: "service_role",
    body: UpdateTeamRequest,
    responses: {
      200: { description: "The updated team", schema: Team },
      400: BAD_TEAM,
      404: NO_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const id = pathParam(c, "id");
    const input = parseInput(UpdateTeamRequest, await readJsonObject(c), () => "SVC_TEAM_001");
    const team = isUuid(id) ? await updateTeam(db, id, input) : null;
    if (!team) throw teamNotFound();
    return c.json(team);
  });

  addRoute(svc, {
    method: "post",
    path: "/v1/admin/teams/:id/api-keys",
    summary: "Issue another API key for a team",
    description: "The key is shown once in this answer; only its SHA-256 is stored.",
    tags: TAGS,
    auth: "service_role",
    body: IssueKeyRequest,
    responses: {
      201: { description: "Issued", schema: IssuedKey },
      400: BAD_TEAM,
      404: NO_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const team = await existingTeam(pathParam(c, "id"));
    const body = c.req.header("content-length") === "0" || !c.req.header("content-type")
      ? {}
      : await readJsonObject(c);
    const input = parseInput(IssueKeyRequest, body, () => "SVC_TEAM_001");
    return c.json(await issueApiKey(db, team.team_id, input.name ?? null), 201);
  });

  addRoute(svc, {
    method: "delete",
    path: "/v1/admin/api-keys/:id",
    summary: "Revoke an API key",
    description: "Takes effect at once in this process, and in other instances within " +
      "API_KEY_CACHE_SECONDS.",
    tags: TAGS,
    auth: "service_role",
    responses: {
      204: { description: "Revoked" },
      404: errorResponse("SVC_TEAM_003: no such active key"),
    },
  }, async (c) => {
    const id = pathParam(c, "id");
    if (!isUuid(id) || !(await revokeApiKey(db, id))) {
      throw new ServiceError("SVC_TEAM_003", "API key not found");
    }
    auth.forgetKey(id);
    return c.body(null, 204);
  });

  addRoute(svc, {
    method: "post",
    path: "/v1/admin/teams/:id/members",
    summary: "Let a Supabase user act for a team",
    description: "The user's JWT (role `authenticated`) then works as a Bearer credential. A " +
      "user in several teams chooses one per request with `X-Team-Id`.",
    tags: TAGS,
    auth: "service_role",
    body: AddMemberRequest,
    responses: {
      201: { description: "Added", schema: Member },
      400: errorResponse("SVC_TEAM_004: invalid user_id"),
      404: NO_TEAM,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const team = await existingTeam(pathParam(c, "id"));
    const input = parseInput(AddMemberRequest, await readJsonObject(c), () => "SVC_TEAM_004");
    await addMember(db, team.team_id, input.user_id);
    auth.forgetUser(input.user_id);
    return c.json({ team_id: team.team_id, user_id: input.user_id }, 201);
  });

  addRoute(svc, {
    method: "delete",
    path: "/v1/admin/teams/:id/members/:user_id",
    summary: "Remove a user from a team",
    tags: TAGS,
    auth: "service_role",
    responses: { 204: { description: "Removed" }, 404: errorResponse("SVC_TEAM_002: not found") },
  }, async (c) => {
    const team = await existingTeam(pathParam(c, "id"));
    const userId = pathParam(c, "user_id");
    // PostgreSQL text holds no NUL: such an id names no member.
    if (userId.includes("\u0000") || !userId.isWellFormed()) throw teamNotFound();
    if (!(await removeMember(db, team.team_id, userId))) throw teamNotFound();
    auth.forgetUser(userId);
    return c.body(null, 204);
  });

  async function existingTeam(id: string) {
    const team = isUuid(id) ? await findTeam(db, id) : null;
    if (!team) throw teamNotFound();
    return team;
  }
}

function teamNotFound(): ServiceError {
  return new ServiceError("SVC_TEAM_002", "Team not found");
}
