/**
 * The registry of every error code the service answers with. The table of docs/errors.md is printed
 * from this list (`deno run scripts/error_codes.ts`) and a test keeps the two equal.
 *
 * Each code keeps one meaning per endpoint for ever; the specification reuses a few codes across
 * endpoints (SVC_VAL_001, SVC_VAL_002, SVC_GEN_LIMIT), and the HTTP status tells them apart.
 */
export interface ErrorCodeInfo {
  status: number;
  /** Where the code is answered and what it means there. */
  meaning: string;
}

export const ERROR_CODES = {
  SVC_AUTH_001: {
    status: 401,
    meaning: "Missing or invalid API key or JWT (Authorization: Bearer)",
  },
  SVC_AUTH_002: { status: 401, meaning: "Missing or wrong `apikey` header on a function endpoint" },
  SVC_AUTH_003: { status: 403, meaning: "Authenticated, but not allowed to do this" },
  SVC_REQ_001: { status: 413, meaning: "Body too large (JSON over 1 MiB, uploads over 20 MiB)" },
  SVC_REQ_002: {
    status: 400,
    meaning: "Body is not valid JSON, or not a JSON object, or not a well-formed multipart form",
  },
  SVC_REQ_003: { status: 415, meaning: "Wrong Content-Type for this endpoint" },
  SVC_REQ_004: { status: 404, meaning: "No such route" },
  SVC_REQ_005: {
    status: 408,
    meaning: "The body did not arrive in full within BODY_READ_TIMEOUT_SECONDS (30 s); it is " +
      "read no further",
  },
  SVC_REQ_006: {
    status: 405,
    meaning: "The path exists, but not for this method; `Allow` lists the methods it takes",
  },
  SVC_RATE_LIMIT: { status: 429, meaning: "Too many requests; wait `Retry-After` seconds" },
  SVC_SYS_000: {
    status: 500,
    meaning: "Unexpected server error (the body carries only the request id)",
  },
  SVC_SYS_001: {
    status: 500,
    meaning: "extract-filled-fields: the extracted values could not be stored in the shipment",
  },
  SVC_SYS_002: {
    status: 503,
    meaning: "Database unreachable or not answering in time (any endpoint, and the health " +
      "check); retry after `Retry-After` seconds",
  },
  SVC_SYS_003: {
    status: 503,
    meaning: "Edge function not configured: a required setting is missing (the message names it)",
  },
  SVC_SYS_004: {
    status: 503,
    meaning: "extract-filled-fields: too many forms waiting to be read; retry after " +
      "`Retry-After` seconds",
  },
  SVC_SHIP_001: { status: 400, meaning: "create-shipment: shipment_data missing or not an object" },
  SVC_SHIP_002: { status: 500, meaning: "create-shipment: creation failed" },
  SVC_SHIP_003: { status: 400, meaning: "get-shipment: neither id nor status given" },
  SVC_SHIP_004: { status: 404, meaning: "Shipment not found (unknown id, or another team's)" },
  SVC_SHIP_005: { status: 500, meaning: "get-shipment: list failed" },
  SVC_SHIP_006: { status: 400, meaning: "Invalid field or query value (shipment_ref, status)" },
  SVC_DRAFT_001: { status: 400, meaning: "save-draft: shipment_data missing or not an object" },
  SVC_DRAFT_002: { status: 400, meaning: "save-draft: shipment_data has no fields" },
  SVC_DRAFT_003: { status: 404, meaning: "save-draft, promote-draft: draft not found" },
  SVC_DRAFT_004: { status: 400, meaning: "save-draft, promote-draft: the shipment is not a draft" },
  SVC_DRAFT_005: { status: 500, meaning: "save-draft: update failed" },
  SVC_DRAFT_006: { status: 500, meaning: "save-draft: create failed" },
  SVC_DRAFT_007: { status: 400, meaning: "promote-draft: shipment_id missing" },
  SVC_VAL_001: {
    status: 400,
    meaning: "verify-hash: hash missing; extract-filled-fields, verify-document: file missing",
  },
  SVC_VAL_002: {
    status: 400,
    meaning: "validate-shipment: shipment missing; generate-documents: shipment or " +
      "document_types missing; extract-filled-fields: doc_type missing",
  },
  SVC_VAL_003: {
    status: 400,
    meaning: "extract-filled-fields: the file is not a PDF (judged from its bytes)",
  },
  SVC_VAL_004: {
    status: 400,
    meaning: "generate-documents, extract-filled-fields: unknown document type (details " +
      "list the supported ones)",
  },
  SVC_VAL_005: {
    status: 400,
    meaning: "extract-filled-fields: the PDF is corrupted, truncated, encrypted or unreadable",
  },
  SVC_VAL_006: {
    status: 400,
    meaning: "extract-filled-fields: the PDF has no fillable text fields",
  },
  SVC_VAL_007: {
    status: 400,
    meaning: "extract-filled-fields: the PDF belongs to another shipment (details: expected, " +
      "actual)",
  },
  SVC_VAL_008: {
    status: 400,
    meaning: "extract-filled-fields: the PDF is another document type (details: expected, " +
      "actual)",
  },
  SVC_VAL_009: { status: 400, meaning: "validate-shipment: unknown gate_slug" },
  SVC_VAL_010: {
    status: 502,
    meaning: "validate-shipment: the rules provider failed or timed out",
  },
  SVC_VAL_011: {
    status: 400,
    meaning: "verify-hash, verify-document, generate-documents: the hash is not 64 " +
      "hexadecimal characters",
  },
  SVC_VAL_012: {
    status: 400,
    meaning: "generate-documents: final_doc, confirm_warnings or previous_shipment_data " +
      "has the wrong type",
  },
  SVC_VAL_013: {
    status: 400,
    meaning: "extract-filled-fields: the PDF has more than 10,000 form fields",
  },
  SVC_VAL_014: {
    status: 400,
    meaning: "generate-documents: validation_hash is not a validation of this team (unknown, " +
      "or another team's)",
  },
  SVC_VAL_015: {
    status: 400,
    meaning: "generate-documents: the validation with this validation_hash did not pass",
  },
  SVC_VAL_016: {
    status: 400,
    meaning: "generate-documents: the shipment is not the data validated with this " +
      "validation_hash (validate again)",
  },
  SVC_VAL_017: {
    status: 400,
    meaning: "extract-filled-fields: the form is too large to read (field text over 2 Mi " +
      "characters, or over the time or memory budget of a form read)",
  },
  SVC_GEN_LIMIT: {
    status: 429,
    meaning: "generate-documents: 429 generation limit reached; 409 concurrent generation, retry",
  },
  SVC_FLAT_001: { status: 400, meaning: "flatten-document: job_id missing" },
  SVC_FLAT_002: {
    status: 404,
    meaning: "flatten-document: job not found (unknown id, or another team's)",
  },
  SVC_FLAT_003: { status: 400, meaning: "flatten-document: the job has no provider job id" },
  SVC_FLAT_004: {
    status: 400,
    meaning: "flatten-document: the job is not completed (the message names its status)",
  },
  SVC_FLAT_005: { status: 400, meaning: "flatten-document: the job has no download URL" },
  SVC_FLAT_006: {
    status: 502,
    meaning: "flatten-document: downloading the generated PDF failed (the message names the " +
      "HTTP status)",
  },
  SVC_FLAT_007: {
    status: 502,
    meaning: "flatten-document: the flatten provider failed (outside service down or wrong, " +
      "or an unreadable PDF)",
  },
  SVC_FLAT_008: {
    status: 400,
    meaning: "flatten-document: doc_type, hash_stamp or generation_history_id has the wrong " +
      "type or length",
  },
  SVC_FLAT_009: {
    status: 404,
    meaning: "flatten-document: generation history entry not found (unknown id, or another " +
      "team's)",
  },
  SVC_FLAT_010: {
    status: 400,
    meaning: "flatten-document: the generation history entry belongs to another shipment " +
      "than the job",
  },
  SVC_JOB_001: { status: 404, meaning: "jobs: no such job for this team" },
  SVC_PARTY_001: { status: 400, meaning: "parties: invalid party fields or list query" },
  SVC_PARTY_002: {
    status: 404,
    meaning: "parties: party not found (unknown id, or another team's)",
  },
  SVC_PARTY_003: {
    status: 400,
    meaning: "create-shipment, save-draft: a party_id names none of the team's parties",
  },
  SVC_HOOK_001: {
    status: 400,
    meaning: "webhooks: invalid subscription (url, refused address, unknown event)",
  },
  SVC_HOOK_002: {
    status: 404,
    meaning: "webhooks: no such subscription or delivery for this team",
  },
  SVC_TEAM_001: { status: 400, meaning: "admin: invalid team name or tier" },
  SVC_TEAM_002: { status: 404, meaning: "admin: team not found" },
  SVC_TEAM_003: { status: 404, meaning: "admin: API key not found" },
  SVC_TEAM_004: { status: 400, meaning: "admin: invalid member (user_id)" },
  SVC_HS_001: {
    status: 400,
    meaning: "hs-codes/search: q missing, blank or longer than 200 characters",
  },
  SVC_HS_002: { status: 400, meaning: "hs-codes/search: limit is not an integer from 1 to 100" },
  SVC_HS_003: { status: 400, meaning: "hs-codes: country is not an ISO 3166-1 alpha-2 code" },
  SVC_HS_004: {
    status: 404,
    meaning: "hs-codes: code not found (8 and 10 digits: in the given country's tariff)",
  },
  SVC_HS_005: { status: 400, meaning: "hs-codes: malformed code (not 2, 4, 6, 8 or 10 digits)" },
  SVC_EXTRACT_001: { status: 400, meaning: "extract: the `file` part is missing or empty" },
  SVC_EXTRACT_002: {
    status: 200,
    meaning: "extract: the job failed, data could not be extracted (in the failed job's " +
      "`error`, which GET answers with 200)",
  },
  SVC_EXTRACT_003: {
    status: 415,
    meaning: "extract: the file is not a PDF, PNG, JPEG, TIFF, XLS or XLSX (judged from its " +
      "bytes; details list the accepted types)",
  },
  SVC_EXTRACT_004: {
    status: 404,
    meaning: "extract: no such extraction job for this team",
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The table of codes in docs/errors.md, one row per code, in registry order. */
export function errorCodesMarkdown(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, info]) =>
    `| \`${code}\` | ${info.status} | ${info.meaning.replaceAll("|", "\\|")} |`
  );
  return ["| code | HTTP | meaning |", "|---|---|---|", ...rows].join("\n");
}
