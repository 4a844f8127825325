/**
 * Inflation that stops at a byte budget. Compressed input is pushed a few KiB at a time, so a
 * bomb is found after at most one slice's worth of output past the budget (a DEFLATE slice of
 * 4 KiB expands to 4 MiB at most), whatever its headers claim. Bytes after the end of the
 * compressed stream are ignored, as zip and PDF readers do; callers bound the input to the
 * stream's region, so the work is proportional to the file's size.
 */
import { Inflate, Unzlib } from "fflate";
import { concatBytes } from "../../platform/util/bytes.ts";

const SLICE = 4 * 1024;

export type InflateFormat = "deflate-raw" | "zlib";

export interface InflatedPrefix {
  /** The first `budget` bytes of the output at most. */
  data: Uint8Array;
  /** The whole stream fitted in the budget. */
  complete: boolean;
}

/** The whole output, or null when it is larger than `budget`. */
export function inflateBounded(
  input: Uint8Array,
  format: InflateFormat,
  budget: number,
): Uint8Array | null {
  const prefix = inflatePrefix(input, format, budget);
  return prefix.complete ? prefix.data : null;
}

/** The output up to `budget` bytes; inflation stops as soon as the budget is reached. */
export function inflatePrefix(
  input: Uint8Array,
  format: InflateFormat,
  budget: number,
): InflatedPrefix {
  const parts: Uint8Array[] = [];
  let kept = 0;
  const produced = run(input, format, budget, (chunk) => {
    const room = budget - kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    parts.push(part);
    kept += part.length;
  });
  return { data: concatBytes(parts), complete: produced <= budget };
}

/**
 * Counts what `input` inflates to, up to `budget` (the count goes past the budget by at most
 * one slice's output), without keeping it; for PDF streams that another library reads later.
 * Input that is not a valid stream counts what was produced before the error.
 */
export function inflatedSize(input: Uint8Array, format: InflateFormat, budget: number): number {
  return run(input, format, budget, () => {});
}

function run(
  input: Uint8Array,
  format: InflateFormat,
  budget: number,
  keep: (chunk: Uint8Array) => void,
): number {
  let produced = 0;
  const ondata = (chunk: Uint8Array) => {
    produced += chunk.length;
    if (chunk.length > 0) keep(chunk);
  };
  const inflater = format === "zlib" ? new Unzlib(ondata) : new Inflate(ondata);
  for (let offset = 0; offset < input.length; offset += SLICE) {
    const end = Math.min(input.length, offset + SLICE);
    try {
      inflater.push(input.subarray(offset, end), end === input.length);
    } catch {
      return produced; // corrupt data: what it yielded so far is all there is
    }
    if (produced > budget) return produced;
  }
  return produced;
}
