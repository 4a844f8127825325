import { errorResponse, JSON_BODY_ERRORS } from "../platform/http/common_responses.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import type { ParamSpec } from "../platform/http/params.ts";
import { addRoute } from "../platform/http/route.ts";
import { always } from "../platform/http/validate.ts";
import { UUID_PATTERN } from "../platform/util/uuid.ts";
import { deleteParty, findParty, insertParty, updateParty } from "./repo.ts";
import { SEARCH_COUNT_CAP, searchParties } from "./search.ts";
import {
  CreatedParty,
  CreatePartyRequest,
  LIST_DEFAULT_LIMIT,
  Party,
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
const PARTY_ID: ParamSpec = {
  name: "id",
  description: "The party's id",
  pattern: UUID_PATTERN,
  // An id that cannot name a row is answered like an unknown party, before the body.
  invalid: partyNotFound,
};
const partyError = always("SVC_PARTY_001");

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
    operationId: "createParty",
    method: "post",
    path: "/v1/parties",
    summary: "Create a party profile",
    description: "name and country are required; the other fields are optional. Unknown " +
      "fields are refused.",
    tags: TAGS,
    auth: "bearer",
    body: {
      schema: CreatePartyRequest,
      error: partyError,
      example: { name: "Chicago Tools Inc.", country: "US", city: "Chicago" },
    },
    responses: {
      201: { description: "Created", schema: CreatedParty },
      400: BAD_PARTY,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { body: input }) => {
    await checkCountry(input.country);
    const party = await insertParty(db, c.get("principal").teamId, input);
    return c.json(
      { id: party.id, name: party.name, country: party.country, created_at: party.created_at },
      201,
    );
  });

  addRoute(svc, {
    operationId: "listParties",
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
    query: { schema: PartyListQuery, error: partyError },
    responses: {
      200: { description: "One page of parties", schema: PartyPage },
      400: errorResponse(
        "SVC_PARTY_001: invalid query (limit not 1 to 100, offset not a whole number, " +
          "unknown country, search over 200 characters, an unknown parameter)",
      ),
    },
  }, async (c, { query: input }) => {
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
    operationId: "getParty",
    method: "get",
    path: "/v1/parties/:id",
    summary: "Get a party profile",
    tags: TAGS,
    auth: "bearer",
    params: [PARTY_ID],
    responses: { 200: { description: "The party", schema: Party }, 404: NO_PARTY },
  }, async (c, { params }) => {
    const party = await findParty(db, c.get("principal").teamId, params.id!);
    if (!party) throw partyNotFound();
    return c.json(party);
  });

  addRoute(svc, {
    operationId: "updateParty",
    method: "patch",
    path: "/v1/parties/:id",
    summary: "Change some fields of a party profile",
    description: "Only the fields given change; null clears an optional field (name and " +
      "country cannot be cleared).",
    tags: TAGS,
    auth: "bearer",
    params: [PARTY_ID],
    body: {
      schema: UpdatePartyRequest,
      error: partyError,
      example: { contact_email: "imports@chicagotools.example", tax_ids: null },
    },
    responses: {
      200: { description: "The updated party", schema: Party },
      400: BAD_PARTY,
      404: NO_PARTY,
      ...JSON_BODY_ERRORS,
    },
  }, async (c, { params, body: input }) => {
    await checkCountry(input.country);
    const party = await updateParty(db, c.get("principal").teamId, params.id!, input);
    if (!party) throw partyNotFound();
    return c.json(party);
  });

  addRoute(svc, {
    operationId: "deleteParty",
    method: "delete",
    path: "/v1/parties/:id",
    summary: "Delete a party profile",
    description: "Shipments that used it keep the fields they were given.",
    tags: TAGS,
    auth: "bearer",
    params: [PARTY_ID],
    responses: { 204: { description: "Deleted" }, 404: NO_PARTY },
  }, async (c, { params }) => {
    if (!(await deleteParty(db, c.get("principal").teamId, params.id!))) throw partyNotFound();
    return c.body(null, 204);
  });
}

function partyNotFound(): ServiceError {
  return new ServiceError("SVC_PARTY_002", "Party not found");
}
