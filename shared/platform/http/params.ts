/**
 * Path, query and header parameters, and the text fields of a flat JSON body, declared without
 * zod: one small spec both checks the request and becomes its OpenAPI description. Routes whose
 * function must stay small (verify-hash, document-field-requirements, flatten-document) declare
 * their input this way, so serving them never loads zod (about 6 MB of module graph).
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
  /** The longest value accepted (after `normalize`). */
  maxLength?: number;
  /** OpenAPI's `format` (uuid, date-time): documentation only. */
  format?: string;
  /** Applied before the checks, for example trimming and lower-casing a hash. */
  normalize?: (value: string) => string;
  /**
   * The error a value that fails a check answers; `why` tells which (a JSON body field that is
   * not text is `type`).
   */
  invalid: (value: string, why: InvalidReason) => ServiceError;
  /** The error a missing (or empty) required value answers; default `invalid`. */
  missing?: () => ServiceError;
}

/** Checks each declared parameter in order; the values, normalized, by name. */
export function checkParams(
  specs: readonly ParamSpec[],
  where: ParamLocation,
  read: (name: string) => string | undefined,
): Record<string, string> {
  // A path parameter is always there: an empty one is a missing one.
  return checkValues(specs, read, (spec) => where === "path" || spec.required === true);
}

/**
 * The values `read` gives, checked in order: absent (undefined or null) or blank is left out,
 * an error when `required`; anything else must be text that passes the spec's checks.
 */
function checkValues(
  specs: readonly ParamSpec[],
  read: (name: string) => unknown,
  required: (spec: ParamSpec) => boolean,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const spec of specs) {
    const raw = read(spec.name) ?? "";
    if (typeof raw !== "string") throw spec.invalid(JSON.stringify(raw) ?? "", "type");
    const value = spec.normalize ? spec.normalize(raw) : raw;
    if (value === "") {
      if (required(spec)) throw (spec.missing ?? (() => spec.invalid(value, "pattern")))();
      continue;
    }
    checkValue(spec, value);
    values[spec.name] = value;
  }
  return values;
}

export type InvalidReason = "type" | "length" | "pattern" | "enum";

function checkValue(spec: ParamSpec, value: string): void {
  if (spec.maxLength !== undefined && value.length > spec.maxLength) {
    throw spec.invalid(value, "length");
  }
  if (spec.pattern && !spec.pattern.test(value)) throw spec.invalid(value, "pattern");
  if (spec.enum && !spec.enum.includes(value)) throw spec.invalid(value, "enum");
}

/**
 * The text fields of a JSON object body, checked like parameters: null or blank is left out
 * (an error when required), any other value must be text. Fields not declared are ignored.
 */
export function checkJsonFields(
  specs: readonly ParamSpec[],
  body: Record<string, unknown>,
): Record<string, string> {
  return checkValues(specs, (name) => body[name], (spec) => spec.required === true);
}

/** The OpenAPI 3.1 schema of a JSON body of text fields. */
export function jsonFieldsSchema(specs: readonly ParamSpec[]): Record<string, unknown> {
  const required = specs.filter((spec) => spec.required).map((spec) => spec.name);
  return {
    type: "object",
    properties: Object.fromEntries(specs.map((spec) => [spec.name, valueSchema(spec)])),
    ...(required.length > 0 ? { required } : {}),
  };
}

function valueSchema(spec: ParamSpec): ParameterObject["schema"] & { description?: string } {
  return {
    ...parameterSchema(spec),
    ...(spec.description ? { description: spec.description } : {}),
  };
}

export interface ParameterObject {
  name: string;
  in: ParamLocation;
  required: boolean;
  description?: string;
  example?: string;
  schema: {
    type: "string";
    pattern?: string;
    enum?: string[];
    maxLength?: number;
    format?: string;
  };
}

function parameterSchema(spec: ParamSpec): ParameterObject["schema"] {
  const schema: ParameterObject["schema"] = { type: "string" };
  if (spec.pattern) schema.pattern = spec.pattern.source;
  if (spec.enum) schema.enum = [...spec.enum];
  if (spec.maxLength !== undefined) schema.maxLength = spec.maxLength;
  if (spec.format) schema.format = spec.format;
  return schema;
}

/** The OpenAPI 3.1 parameter object of a spec. */
export function parameterObject(spec: ParamSpec, where: ParamLocation): ParameterObject {
  const schema = parameterSchema(spec);
  return {
    name: spec.name,
    in: where,
    required: where === "path" || spec.required === true,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.example !== undefined ? { example: spec.example } : {}),
    schema,
  };
}
