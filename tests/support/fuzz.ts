/**
 * A seeded generator of hostile requests: every route with mangled ids, wrong methods and
 * content types, and bodies that are broken, oddly typed or built to be stored wrongly. The
 * fuzz test (a few hundred, in process) and `deno task bench hostile` (thousands, over loopback)
 * replay the same sequence for a seed; none may be answered with a 5xx.
 */

import { seededRandom } from "../parties/party_names.ts";

export interface FuzzContext {
  apiKey: string;
  anonKey: string;
  serviceRoleKey: string;
  teamId: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
}

const FUNCTIONS = [
  "create-shipment",
  "get-shipment",
  "save-draft",
  "promote-draft",
  "generate-documents",
  "validate-shipment",
  "flatten-document",
  "extract-filled-fields",
  "verify-hash",
  "document-field-requirements",
];

const API_PATHS = [
  "/api/v1/extract",
  "/api/v1/extract/{id}",
  "/api/v1/hs-codes/{code}",
  "/api/v1/hs-codes/search",
  "/api/v1/jobs/{id}",
  "/api/v1/parties",
  "/api/v1/parties/{id}",
  "/api/v1/webhooks",
  "/api/v1/webhooks/{id}",
  "/api/v1/webhooks/{id}/deliveries",
  "/api/v1/webhooks/{id}/deliveries/{id}/resend",
  "/api/v1/webhooks/{id}/rotate-secret",
  "/api/v1/admin/teams",
  "/api/v1/admin/teams/{team}",
  "/api/v1/admin/teams/{team}/api-keys",
  "/api/v1/admin/teams/{team}/members",
  "/api/v1/admin/teams/{team}/members/{id}",
  "/api/v1/admin/api-keys/{id}",
  "/health",
  "/openapi.json",
  "/docs/assets/{id}",
  "/storage/v1/object/sign/documents/{id}",
];

/** The probes of the hostile tenant's report that used to answer 500. */
export const KNOWN_PROBES = [
  "/docs/assets/constructor",
  "/docs/assets/toString",
  "/docs/assets/valueOf",
  "/docs/assets/hasOwnProperty",
  "/docs/assets/__proto__",
];

const SEGMENTS = [
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF%FE",
  "..%2F..%2Fdeno.json",
  "constructor",
  "__proto__",
  "0901.21",
  "9999999999",
  "x".repeat(3000),
  "%E2%80%AE",
  "' or 1=1 --",
  "ab".repeat(32),
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/vnd.api+json",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "text/plain",
  "application/x-www-form-urlencoded",
  "",
];

const JSON_VALUES = [
  "null",
  "true",
  "1e309",
  "-1e309",
  "9007199254740993",
  "123456789012345678901234567890",
  "0.1",
  '""',
  '"\\u0000"',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  "[]",
  "{}",
  '"' + "y".repeat(5000) + '"',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"2026-13-45"',
  '"XXX"',
  "-0",
  "[" + "[".repeat(40) + "]".repeat(40) + "]",
];

const FIELDS = [
  "shipment_data",
  "shipment",
  "shipment_id",
  "document_types",
  "gate_slug",
  "job_id",
  "doc_type",
  "hash",
  "name",
  "tier",
  "url",
  "events",
  "user_id",
  "final_doc",
  "confirm_warnings",
  "previous_shipment_data",
  "shipment_ref",
  "status",
];

export function* fuzzRequests(
  seed: number,
  count: number,
  ctx: FuzzContext,
): Generator<FuzzRequest> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const segment = () => pick([...SEGMENTS, ctx.teamId]);

  const jsonValue = (depth: number): string => {
    const r = random();
    if (depth > 2 || r < 0.5) return pick(JSON_VALUES);
    if (r < 0.75) {
      const keys = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(FIELDS));
      return `{${keys.map((k) => `"${k}":${jsonValue(depth + 1)}`).join(",")}}`;
    }
    return `[${Array.from({ length: Math.floor(random() * 3) }, () => jsonValue(depth + 1))}]`;
  };

  const body = (type: string): Uint8Array | string | undefined => {
    const r = random();
    if (r < 0.1) return undefined;
    if (r < 0.2) return new Uint8Array(Array.from({ length: 64 }, () => random() * 256));
    if (r < 0.3) {
      const bytes = new TextEncoder().encode(`{"shipment_data":{"a":"x`);
      return new Uint8Array([...bytes, 0xc3, 0x28, 0x22, 0x7d, 0x7d]);
    }
    if (r < 0.4 && type.startsWith("multipart")) {
      return `--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n` +
        `%PDF-1.7 broken\r\n--x\r\nContent-Disposition: form-data; name="doc_type"\r\n\r\n` +
        `${pick(["COMMERCIAL_INVOICE", "PACKING_LIST", "nope", ""])}\r\n--x--`;
    }
    if (r < 0.45) return "{" + '"a":'.repeat(10) + "1";
    return `{${
      Array.from(
        { length: 1 + Math.floor(random() * 4) },
        () => `"${pick(FIELDS)}":${jsonValue(0)}`,
      ).join(",")
    }}`;
  };

  const auth = (): Record<string, string> => {
    const r = random();
    if (r < 0.55) return { authorization: `Bearer ${ctx.apiKey}`, apikey: ctx.anonKey };
    if (r < 0.65) return { authorization: `Bearer ${ctx.serviceRoleKey}` };
    if (r < 0.75) return { authorization: "Bearer not-a-key", apikey: ctx.anonKey };
    if (r < 0.8) return { authorization: `Bearer ${ctx.apiKey}`, "x-team-id": segment() };
    if (r < 0.85) return { authorization: "Basic Zm9vOmJhcg==" };
    return {};
  };

  for (let i = 0; i < count; i++) {
    const method = pick(["GET", "POST", "POST", "POST", "PATCH", "DELETE", "PUT", "OPTIONS"]);
    let path = random() < 0.45
      ? `/functions/v1/${pick(FUNCTIONS)}${random() < 0.3 ? `/${segment()}` : ""}`
      : pick(API_PATHS).replaceAll("{id}", segment).replaceAll(
        "{team}",
        () => random() < 0.7 ? ctx.teamId : segment(),
      ).replaceAll("{code}", segment);
    if (random() < 0.3) {
      path += `?${pick(["id", "status", "hash", "q", "limit", "country", "doc_type"])}=${
        encodeURIComponent(pick([...SEGMENTS, "-1", "1e309", "created", "draft", ""]))
      }`;
    }
    if (i % 50 === 0) path = KNOWN_PROBES[(i / 50) % KNOWN_PROBES.length]!;
    const type = pick(CONTENT_TYPES);
    const headers: Record<string, string> = { ...auth() };
    if (type) headers["content-type"] = type;
    const request: FuzzRequest = { method, path, headers };
    if (method !== "GET" && method !== "OPTIONS") {
      const b = body(type);
      if (b !== undefined) request.body = b;
    }
    yield request;
  }
}
