/**
 * zlib inflation held to a byte budget. The compressed input goes in 4 KiB at a time, so a bomb
 * stops at most one slice's output (4 MiB) past the budget, whatever headers around it claim.
 * Corrupt or truncated data yields what came out before the damage, like image readers do.
 */
import { Unzlib } from "fflate";

const SLICE = 4 * 1024;

/** The inflated bytes, or null when they would be more than `budget`. */
export function inflateWithin(input: Uint8Array, budget: number): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let produced = 0;
  const inflater = new Unzlib((chunk) => {
    produced += chunk.length;
    if (produced <= budget && chunk.length > 0) parts.push(chunk);
  });
  for (let at = 0; at < input.length && produced <= budget; at += SLICE) {
    const end = Math.min(input.length, at + SLICE);
    try {
      inflater.push(input.subarray(at, end), end === input.length);
    } catch {
      break;
    }
  }
  if (produced > budget) return null;
  const out = new Uint8Array(produced);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** How many bytes `input` inflates to, counting no further than just past `budget`. */
export function inflatedLength(input: Uint8Array, budget: number): number {
  let produced = 0;
  const inflater = new Unzlib((chunk) => {
    produced += chunk.length;
  });
  for (let at = 0; at < input.length && produced <= budget; at += SLICE) {
    const end = Math.min(input.length, at + SLICE);
    try {
      inflater.push(input.subarray(at, end), end === input.length);
    } catch {
      break;
    }
  }
  return produced;
}
