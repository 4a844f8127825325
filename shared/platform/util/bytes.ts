/** The parts one after another in one new array (a single part is answered as it is). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The first index of `pattern` in `bytes` at or after `from`, or -1: the native search for its
 * first byte, then a check of the rest.
 */
export function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from = 0): number {
  const first = pattern[0]!;
  const last = bytes.length - pattern.length;
  outer: for (
    let i = bytes.indexOf(first, from);
    i !== -1 && i <= last;
    i = bytes.indexOf(first, i + 1)
  ) {
    for (let k = 1; k < pattern.length; k++) {
      if (bytes[i + k] !== pattern[k]) continue outer;
    }
    return i;
  }
  return -1;
}

/**
 * A copy of `bytes` as an ArrayBuffer, to transfer to a node:worker_threads thread. Deno 2.9's
 * worker_threads serializes a typed array in a message element by element on the posting thread
 * (measured: 11 s and about 1 GiB of heap for an 18.5 MB upload, with or without a transfer
 * list), while a transferred ArrayBuffer moves as a block (12 ms). The copy leaves the caller's
 * bytes usable.
 */
export function threadBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

/**
 * What to transfer to a thread for bytes their owner hands over and never reads again: their
 * own buffer when they cover all of it (moved, not copied: the copy of an 18.5 MiB upload took
 * 8–30 ms of the main thread, per job and again for its OCR), else a copy (threadBuffer). The
 * transfer leaves `bytes` empty.
 */
export function handedOverBuffer(bytes: Uint8Array): ArrayBuffer {
  const buffer = bytes.buffer;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  return whole && buffer instanceof ArrayBuffer && !buffer.resizable ? buffer : threadBuffer(bytes);
}
