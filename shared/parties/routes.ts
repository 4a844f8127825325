import { errorResponse, JSON_BODY_ERRORS } from "../endpoints/common_responses.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { ServiceApp } from "../http/app.ts";
import { readJsonObject } from "../http/body.ts";
import { addRoute, pathParam } from "../http/route.ts";
import { parseInput } from "../http/validate.ts";
import { isUuid } from "../util/uuid.ts";
import { deleteParty, findParty, insertParty, updateParty } from "./repo.ts";
import { SEARCH_COUNT_CAP, searchParties } from "./search.ts";
import {
  CreatedParty,
  CreatePartyRequest,
  LIST_DEFAULT_LIMIT,
  Party,
  PartyIdParam,
  PartyListQuery,
  PartyPage,
  UpdatePartyRequest,
} from "./schemas.ts";
import type { ReferenceDeps } from "../validation/root.ts";

const TAGS = ["Parties"];
const BAD_PARTY = errorResponse(
  "SVC_PARTY_001: invalid party (a field missing, of the wrong form, unknown, or a country " +
    "that is not an ISO 3166-1 alpha-2 code); SVC_REQ_002: malformed JSON",
);
const NO_PARTY = errorResponse("SVC_PARTY_002: party not found (unknown id, or another team's)");

/** `/api/v1/parties`: a team's party profiles (the Bearer only). */
export function addPartyRoutes(svc: ServiceApp<ReferenceDeps>): void {
  const { db, reference } = svc.deps;

  /** Refuses a country code the reference data does not know. */
  async function checkCountry(country: string | undefined): Promise<void> {
    if (country === undefined) return;
    if (!(await reference.codeLists()).countries.has(country)) {
      throw new ServiceError(
        "SVC_PARTY_001",
        `country: ${country} is not an ISO 3166-1 alpha-2 code`,
      );
    }
  }

  addRoute(svc, {
    method: "post",
    path: "/v1/parties",
    summary: "Create a party profile",
    description: "name and country are required; the other fields are optional. Unknown " +
      "fields are refused.",
    tags: TAGS,
    auth: "bearer",
    body: CreatePartyRequest,
    responses: {
      201: { description: "Created", schema: CreatedParty },
      400: BAD_PARTY,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const input = parseInput(CreatePartyRequest, await readJsonObject(c), () => "SVC_PARTY_001");
    await checkCountry(input.country);
    const party = await insertParty(db, c.get("principal").teamId, input);
    return c.json(
      { id: party.id, name: party.name, country: party.country, created_at: party.created_at },
      201,
    );
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/parties",
    summary: "List or search the team's parties",
    description: "Without search: in name order, and `total` is every party (of the country). " +
      "With search: ranked (see the parameter), and `total` counts the matches up to " +
      `${SEARCH_COUNT_CAP.toLocaleString("en-US")}: when more match, \`total\` is ` +
      `${SEARCH_COUNT_CAP} and \`total_exact\` is false. \`limit\` defaults to ` +
      `${LIST_DEFAULT_LIMIT}.`,
    tags: TAGS,
    auth: "bearer",
    query: PartyListQuery,
    responses: {
      200: { description: "One page of parties", schema: PartyPage },
      400: errorResponse(
        "SVC_PARTY_001: invalid query (limit not 1 to 100, offset not a whole number, " +
          "unknown country, search over 200 characters, an unknown parameter)",
      ),
    },
  }, async (c) => {
    const input = parseInput(PartyListQuery, c.req.query(), () => "SVC_PARTY_001");
    await checkCountry(input.country);
    const page = await searchParties(db, c.get("principal").teamId, {
      search: input.search,
      country: input.country,
      limit: input.limit ?? LIST_DEFAULT_LIMIT,
      offset: input.offset ?? 0,
    });
    return c.json({ parties: page.parties, total: page.total, total_exact: page.totalExact });
  });

  addRoute(svc, {
    method: "get",
    path: "/v1/parties/:id",
    summary: "Get a party profile",
    tags: TAGS,
    auth: "bearer",
    params: PartyIdParam,
    responses: { 200: { description: "The party", schema: Party }, 404: NO_PARTY },
  }, async (c) => {
    const id = pathParam(c, "id");
    const party = isUuid(id) ? await findParty(db, c.get("principal").teamId, id) : null;
    if (!party) throw partyNotFound();
    return c.json(party);
  });

  addRoute(svc, {
    method: "patch",
    path: "/v1/parties/:id",
    summary: "Change some fields of a party profile",
    description: "Only the fields given change; null clears an optional field (name and " +
      "country cannot be cleared).",
    tags: TAGS,
    auth: "bearer",
    params: PartyIdParam,
    body: UpdatePartyRequest,
    responses: {
      200: { description: "The updated party", schema: Party },
      400: BAD_PARTY,
      404: NO_PARTY,
      ...JSON_BODY_ERRORS,
    },
  }, async (c) => {
    const id = pathParam(c, "id");
    // An id that cannot name a row is answered like an unknown party, before the body.
    if (!isUuid(id)) throw partyNotFound();
    const input = parseInput(UpdatePartyRequest, await readJsonObject(c), () => "SVC_PARTY_001");
    await checkCountry(input.country);
    const party = await updateParty(db, c.get("principal").teamId, id, input);
    if (!party) throw partyNotFound();
    return c.json(party);
  });

  addRoute(svc, {
    method: "delete",
    path: "/v1/parties/:id",
    summary: "Delete a party profile",
    description: "Shipments that used it keep the fields they were given.",
    tags: TAGS,
    auth: "bearer",
    params: PartyIdParam,
    responses: { 204: { description: "Deleted" }, 404: NO_PARTY },
  }, async (c) => {
    const id = pathParam(c, "id");
    if (!isUuid(id) || !(await deleteParty(db, c.get("principal").teamId, id))) {
      throw partyNotFound();
    }
    return c.body(null, 204);
  });
}

function partyNotFound(): ServiceError {
  return new ServiceError("SVC_PARTY_002", "Party not found");
}
