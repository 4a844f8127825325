import { errorResponse } from "../platform/http/common_responses.ts";
import type { ErrorCode } from "../platform/errors/codes.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import { always, fieldOf, type IssueError } from "../platform/http/validate.ts";
import { displayCode, lookupCode } from "./codes.ts";
import { lookupHsCode } from "./lookup.ts";
import {
  HsCode,
  HsLookupQuery,
  HsSearchPage,
  HsSearchQuery,
  SEARCH_DEFAULT_LIMIT,
} from "./schemas.ts";
import { searchHsCodes } from "./search.ts";
import type { ReferenceDeps } from "../validation/root.ts";

const TAGS = ["HS codes"];
const BAD_COUNTRY = "SVC_HS_003: country is not an ISO 3166-1 alpha-2 code";
const QUERY_CODES: Record<string, ErrorCode> = {
  q: "SVC_HS_001",
  limit: "SVC_HS_002",
  country: "SVC_HS_003",
};
const queryError: IssueError = (issue) => QUERY_CODES[fieldOf(issue) ?? ""] ?? "SVC_HS_001";

/** `/api/v1/hs-codes`: search and lookup, for any team (the Bearer only). */
export function addHsRoutes(svc: ServiceApp<ReferenceDeps>): void {
  const { db, reference } = svc.deps;

  /** The country in upper case, once it is known to be an ISO 3166-1 alpha-2 code. */
  async function knownCountry(country: string | undefined): Promise<string | null> {
    if (country === undefined) return null;
    if (!(await reference.codeLists()).countries.has(country)) {
      throw new ServiceError("SVC_HS_003", `country: ${country} is not an ISO 3166-1 alpha-2 code`);
    }
    return country;
  }

  // Registered before `/:code`, which would otherwise take "search" for a code.
  addRoute(svc, {
    operationId: "searchHsCodes",
    method: "get",
    path: "/v1/hs-codes/search",
    summary: "Search HS codes by words or code prefix",
    description: "Words are matched in English (stemmed) and ranked: the code whose " +
      "description names the goods in its head phrase first, six-digit subheadings before " +
      "headings and chapters, shorter descriptions first. A code of 2 to 10 digits, as " +
      "paperwork writes it (dots, spaces, dashes, an HS/HTS/HSN label), searches by code " +
      "prefix, in code order; when nothing has all its digits, the longest code it starts with. With `country=US` the US tariff's 8- and " +
      "10-digit lines are included, with their duty rates. `total` counts every match.",
    tags: TAGS,
    auth: "bearer",
    query: { schema: HsSearchQuery, error: queryError },
    responses: {
      200: {
        description: "The matches, best first (code order for a prefix)",
        schema: HsSearchPage,
      },
      400: errorResponse(
        "SVC_HS_001: q missing, blank or over 200 characters; SVC_HS_002: limit not an " +
          `integer from 1 to 100; ${BAD_COUNTRY}`,
      ),
    },
  }, async (c, { query: input }) => {
    const country = await knownCountry(input.country);
    return c.json(
      await searchHsCodes(db, {
        q: input.q,
        country,
        limit: input.limit ?? SEARCH_DEFAULT_LIMIT,
      }),
    );
  });

  addRoute(svc, {
    operationId: "getHsCode",
    method: "get",
    path: "/v1/hs-codes/:code",
    summary: "Look up an HS code, or a national tariff line, with its hierarchy",
    description: "2, 4 or 6 digits: the HS 2022 code. 8 or 10 digits with `country=US`: the " +
      "US tariff line with its duty rate. The hierarchy lists the chapter, heading and " +
      "subheading, then the national lines above a national line, down to the code itself.",
    tags: TAGS,
    auth: "bearer",
    params: [{
      name: "code",
      description: "2, 4, 6 digits (HS), or 8 or 10 digits (a national line: give country); " +
        "dots and spaces allowed",
      example: "8471.30",
      invalid: badCode,
    }],
    query: { schema: HsLookupQuery, error: always("SVC_HS_003") },
    responses: {
      200: { description: "The code", schema: HsCode },
      400: errorResponse(`SVC_HS_005: not 2, 4, 6, 8 or 10 digits; ${BAD_COUNTRY}`),
      404: errorResponse("SVC_HS_004: no such code (in that country's tariff, for 8 or 10 digits)"),
    },
  }, async (c, { params, query }) => {
    const digits = lookupCode(params.code!);
    if (digits === null) throw badCode();
    const country = await knownCountry(query.country);
    const record = await lookupHsCode(db, digits, country);
    if (!record) {
      throw new ServiceError(
        "SVC_HS_004",
        digits.length > 6 && country === null
          ? `HS code ${displayCode(digits)} not found: 8- and 10-digit codes are national ` +
            "tariff lines, give country (e.g. country=US)"
          : `HS code ${displayCode(digits)} not found${country ? ` (country ${country})` : ""}`,
      );
    }
    return c.json(record);
  });
}

function badCode(): ServiceError {
  return new ServiceError(
    "SVC_HS_005",
    "code: must be 2, 4, 6, 8 or 10 digits (dots and spaces allowed), e.g. 0901.21",
  );
}
