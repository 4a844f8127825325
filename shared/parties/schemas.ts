import { Timestamp, Uuid } from "../platform/schemas/common.ts";
import { z } from "../platform/schemas/zod.ts";
import { SEARCH_COUNT_CAP } from "./search.ts";

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;
export const SEARCH_MAX_LENGTH = 200;

/** One line of printable text: no control characters. */
function line(max: number) {
  return z.string().trim().min(1, "must not be blank").max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]+$/u, "must not contain control characters");
}

const Name = line(200).meta({ example: "Müller Maschinenbau GmbH" });
/** Addresses may span lines; other control characters are refused. */
const Address = z.string().trim().min(1, "must not be blank").max(500)
  .regex(/^(?:[^\p{Cc}]|\r?\n)+$/u, "must not contain control characters other than line breaks")
  .meta({ example: "Industriestraße 12" });
const Country = z.string()
  .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code, e.g. DE")
  .transform((c) => c.toUpperCase())
  .meta({ description: "ISO 3166-1 alpha-2 (any case; stored in upper case)", example: "DE" });
const TaxIds = z.record(
  z.string().regex(/^[a-z0-9_]{1,32}$/, "tax id kinds are 1 to 32 of a-z, 0-9 and _"),
  line(100),
).refine((m) => Object.keys(m).length <= 20, "at most 20 tax ids")
  .meta({
    description: "Tax id kind (lower case a-z, 0-9, _) to the id",
    example: { vat: "DE123456789", eori: "DE1234567890123" },
  });
const Email = z.email("must be an e-mail address").max(254)
  .meta({ example: "export@mueller.example" });
const Phone = z.string().trim()
  .regex(/^\+?[0-9 ()./-]{3,40}$/, "must be a phone number (digits, spaces, + ( ) . / -)")
  .meta({ example: "+49 711 123456" });

/** The optional fields: absent or null (PATCH: null clears the field). */
const optionalFields = {
  address: Address.nullable().optional(),
  city: line(100).nullable().optional(),
  state: line(100).nullable().optional(),
  postal_code: line(20).nullable().optional(),
  tax_ids: TaxIds.nullable().optional(),
  contact_email: Email.nullable().optional(),
  contact_phone: Phone.nullable().optional(),
  contact_name: line(200).nullable().optional(),
};

export const CreatePartyRequest = z.strictObject({
  name: Name,
  country: Country,
  ...optionalFields,
}).meta({ id: "CreatePartyRequest" });
export type CreatePartyInput = z.infer<typeof CreatePartyRequest>;

export const UpdatePartyRequest = z.strictObject({
  name: Name.optional(),
  country: Country.optional(),
  ...optionalFields,
}).refine((v) => Object.keys(v).length > 0, "give at least one field")
  .meta({ id: "UpdatePartyRequest" });
export type UpdatePartyInput = z.infer<typeof UpdatePartyRequest>;

export const CreatedParty = z.object({
  id: Uuid,
  name: z.string(),
  country: z.string(),
  created_at: Timestamp,
}).meta({ id: "CreatedParty" });

export const Party = z.object({
  id: Uuid,
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string(),
  tax_ids: z.record(z.string(), z.string()),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_name: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).meta({ id: "Party" });

export const PartyPage = z.object({
  parties: z.array(Party),
  total: z.int().meta({
    description: "How many parties match (not only this page). Exact without a search; a " +
      `search counts up to ${SEARCH_COUNT_CAP}, and when more match, this is ` +
      `${SEARCH_COUNT_CAP} and total_exact is false`,
  }),
  total_exact: z.boolean().meta({
    description: `false: more than \`total\` (${SEARCH_COUNT_CAP}) parties match the search`,
  }),
}).meta({ id: "PartyPage" });

const Count = (max: number, what: string) =>
  z.string()
    .regex(/^\d{1,9}$/, what)
    .transform(Number)
    .pipe(z.int().min(0, what).max(max, what));

export const PartyListQuery = z.strictObject({
  search: z.string().trim().max(
    SEARCH_MAX_LENGTH,
    `must be at most ${SEARCH_MAX_LENGTH} characters`,
  )
    // Names hold none, and the database takes no NUL.
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters")
    .optional()
    .meta({
      description: "Part of the name, case- and accent-insensitive (`muller` finds Müller). " +
        "Ranked: names that start with it first, then names with words that start with its " +
        "words, then names that contain it (3 characters or more); ties by name.",
      example: "muller",
    }),
  country: Country.optional(),
  limit: Count(LIST_MAX_LIMIT, `must be an integer from 1 to ${LIST_MAX_LIMIT}`)
    .refine((n) => n >= 1, `must be an integer from 1 to ${LIST_MAX_LIMIT}`)
    .optional()
    .meta({
      type: "integer",
      minimum: 1,
      maximum: LIST_MAX_LIMIT,
      default: LIST_DEFAULT_LIMIT,
    }),
  offset: Count(1_000_000, "must be an integer from 0 to 1000000").optional()
    .meta({ type: "integer", minimum: 0, default: 0 }),
}).meta({ id: "PartyListQuery" });
