import type { z } from "zod";
import { ErrorBody } from "../schemas/common.ts";
import {
  FieldRequirements,
  FlattenedDocument,
  NotVerified,
  Verification,
} from "./public_schemas.ts";

/**
 * The schemas routes name instead of holding (ResponseSpec.schema as a string), each with its
 * `.meta({ id })` as its component name: the error
 * shape, and the answers of the functions that must not load zod to serve a request.
 */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: ErrorBody,
  FieldRequirements,
  Verification,
  NotVerified,
  FlattenedDocument,
};
