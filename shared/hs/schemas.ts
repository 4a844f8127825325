import { z } from "../platform/schemas/zod.ts";

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_MAX_QUERY = 200;

const Country = z.string()
  .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code, e.g. US")
  .transform((c) => c.toUpperCase())
  .meta({
    description: "ISO 3166-1 alpha-2 (any case). Selects the country's national tariff " +
      "(loaded: US); for another country the answer holds HS codes only.",
    example: "US",
  });

export const HsSearchQuery = z.object({
  q: z.string()
    .trim()
    .min(1, "must not be blank")
    .max(SEARCH_MAX_QUERY, `must be at most ${SEARCH_MAX_QUERY} characters`)
    .meta({
      description: "Words (English, stemmed: `roasted coffee`, `laptops`), or a code prefix " +
        "of 2 to 10 digits as paperwork writes it (`0901`, `0901.21`, `8471 30`, `HS 0901.21`, " +
        "`HTS 8471.30.0100`, `0901-21-00`)",
      example: "roasted coffee",
    }),
  country: Country.optional(),
  limit: z.string()
    .regex(/^\d{1,9}$/, `must be an integer from 1 to ${SEARCH_MAX_LIMIT}`)
    .transform(Number)
    .pipe(
      z.int()
        .min(1, `must be an integer from 1 to ${SEARCH_MAX_LIMIT}`)
        .max(SEARCH_MAX_LIMIT, `must be an integer from 1 to ${SEARCH_MAX_LIMIT}`),
    )
    .optional()
    .meta({
      type: "integer",
      minimum: 1,
      maximum: SEARCH_MAX_LIMIT,
      default: SEARCH_DEFAULT_LIMIT,
      description: `Results per answer, default ${SEARCH_DEFAULT_LIMIT}, at most ` +
        `${SEARCH_MAX_LIMIT}`,
    }),
}).meta({ id: "HsSearchQuery" });

export const HsLookupQuery = z.object({ country: Country.optional() }).meta({
  id: "HsLookupQuery",
});

const Code = z.string().meta({
  description: "Dotted display form: `09`, `0901`, `0901.21`, `8471.30.01`, `8471.30.01.00`",
  example: "0901.21",
});
const DutyRate = z.string().nullable().meta({
  description: "The national tariff's general (column 1) rate in force on the line, as " +
    "published (inherited from the line above when the line has none); null for HS codes",
  example: "Free",
});
const CountryOut = z.string().nullable().meta({
  description: "The country of a national tariff line; null for an HS code",
  example: "US",
});

export const HsSearchResult = z.object({
  code: Code,
  description: z.string(),
  country: CountryOut,
  chapter: z.string().meta({ example: "09" }),
  duty_rate: DutyRate,
}).meta({ id: "HsSearchResult" });

export const HsSearchPage = z.object({
  results: z.array(HsSearchResult),
  total: z.int().meta({ description: "How many codes match (not only this page)" }),
}).meta({ id: "HsSearchPage" });

export const HsHierarchyEntry = z.object({
  level: z.int().meta({ description: "Digits: 2, 4, 6, then 8 and 10 for national lines" }),
  code: Code,
  description: z.string(),
}).meta({ id: "HsHierarchyEntry" });

export const HsNationalLine = z.object({
  level: z.int().meta({ description: "8 or 10" }),
  code: Code,
  description: z.string().meta({
    description: "The line's own text: the unnumbered lines above it, then its description",
  }),
  duty_rate: DutyRate,
}).meta({ id: "HsNationalLine" });

export const HsCode = z.object({
  code: Code,
  description: z.string(),
  country: CountryOut,
  chapter: z.string().meta({ example: "84" }),
  heading: z.string().nullable().meta({ example: "8471" }),
  subheading: z.string().nullable().meta({ example: "8471.30" }),
  duty_rate: DutyRate,
  hierarchy: z.array(HsHierarchyEntry).meta({
    description: "From the chapter down to the code itself",
  }),
  national_lines: z.array(HsNationalLine).optional().meta({
    description: "Only with `country`, for a 6-digit subheading or an 8-digit national line: " +
      "the country's 8- and 10-digit lines under it, in code order (empty when its tariff is " +
      "not loaded or has none)",
  }),
}).meta({ id: "HsCode" });
