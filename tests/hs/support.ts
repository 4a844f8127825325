import type { TestService, TestTeam } from "../support/service.ts";

export interface SearchResult {
  code: string;
  description: string;
  country: string | null;
  chapter: string;
  duty_rate: string | null;
}

export interface SearchPage {
  results: SearchResult[];
  total: number;
}

export interface HsRecord {
  code: string;
  description: string;
  country: string | null;
  chapter: string;
  heading: string | null;
  subheading: string | null;
  duty_rate: string | null;
  hierarchy: { level: number; code: string; description: string }[];
  national_lines?: { level: number; code: string; description: string; duty_rate: string | null }[];
}

/** GET /api/v1/hs-codes/search with a team's API key; `query` is sent as given. */
export function search(
  svc: TestService,
  team: TestTeam,
  query: Record<string, string>,
): Promise<Response> {
  return svc.fetch(`/api/v1/hs-codes/search?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${team.apiKey}` },
  });
}

/** GET /api/v1/hs-codes/:code with a team's API key; the code is URL-encoded. */
export function lookup(
  svc: TestService,
  team: TestTeam,
  code: string,
  query: Record<string, string> = {},
): Promise<Response> {
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query)}` : "";
  return svc.fetch(`/api/v1/hs-codes/${encodeURIComponent(code)}${qs}`, {
    headers: { authorization: `Bearer ${team.apiKey}` },
  });
}
