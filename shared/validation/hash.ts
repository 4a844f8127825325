import canonicalize from "canonicalize";
import { sha256Hex } from "../platform/util/crypto.ts";

export interface HashInput {
  gate: string;
  ruleset_version: string;
  shipment: Record<string, unknown>;
  /** ISO 8601, as stored in the validation record. */
  validated_at: string;
}

/**
 * The validation hash: SHA-256 (hex) of the RFC 8785 canonical JSON of
 * `{gate, ruleset_version, shipment, validated_at}`. Anyone holding the four values can
 * recompute it; key order and number spelling in the submitted JSON do not change it.
 */
export async function validationHash(input: HashInput): Promise<string> {
  const canonical = canonicalize({
    gate: input.gate,
    ruleset_version: input.ruleset_version,
    shipment: input.shipment,
    validated_at: input.validated_at,
  });
  if (canonical === undefined) throw new Error("the hash input cannot be canonicalised");
  return await sha256Hex(canonical);
}

/** A hash as clients may send it, in either case (the service lower-cases it). */
export const HASH_INPUT_PATTERN = /^[0-9a-fA-F]{64}$/;
