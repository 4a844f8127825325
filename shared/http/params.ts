/**
 * Path, query and header parameters declared without zod: one small spec both checks the
 * request and becomes the OpenAPI parameter object. Routes whose function must stay small
 * (verify-hash, document-field-requirements) declare their parameters this way, so serving
 * them never loads zod (about 6 MB of module graph).
 */
import type { ServiceError } from "../errors/service_error.ts";

export type ParamLocation = "path" | "query" | "header";

export interface ParamSpec {
  name: string;
  description?: string;
  example?: string;
  /** Query and header parameters may be left out unless required; path parameters never. */
  required?: boolean;
  /** The whole value (after `normalize`) must match; also the OpenAPI `pattern`. */
  pattern?: RegExp;
  enum?: readonly string[];
  /** Applied before the checks, for example trimming and lower-casing a hash. */
  normalize?: (value: string) => string;
  /** The error a value that fails `pattern` or `enum` answers. */
  invalid: (value: string) => ServiceError;
  /** The error a missing (or empty) required value answers; default `invalid`. */
  missing?: () => ServiceError;
}

/** Checks each declared parameter in order; the values, normalized, by name. */
export function checkParams(
  specs: readonly ParamSpec[],
  where: ParamLocation,
  read: (name: string) => string | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const spec of specs) {
    const raw = read(spec.name);
    const value = raw === undefined ? "" : spec.normalize ? spec.normalize(raw) : raw;
    if (value === "") {
      if (where === "path" || spec.required) throw (spec.missing ?? (() => spec.invalid(value)))();
      continue;
    }
    if (spec.pattern && !spec.pattern.test(value)) throw spec.invalid(value);
    if (spec.enum && !spec.enum.includes(value)) throw spec.invalid(value);
    values[spec.name] = value;
  }
  return values;
}

export interface ParameterObject {
  name: string;
  in: ParamLocation;
  required: boolean;
  description?: string;
  example?: string;
  schema: { type: "string"; pattern?: string; enum?: string[] };
}

/** The OpenAPI 3.1 parameter object of a spec. */
export function parameterObject(spec: ParamSpec, where: ParamLocation): ParameterObject {
  const schema: ParameterObject["schema"] = { type: "string" };
  if (spec.pattern) schema.pattern = spec.pattern.source;
  if (spec.enum) schema.enum = [...spec.enum];
  return {
    name: spec.name,
    in: where,
    required: where === "path" || spec.required === true,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.example !== undefined ? { example: spec.example } : {}),
    schema,
  };
}
