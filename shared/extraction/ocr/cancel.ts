/**
 * Cooperative cancellation for the OCR thread. Deno's Worker.terminate() does not interrupt a
 * thread that is busy in a synchronous call (measured: a terminated thread in a loop kept its
 * core until the loop ended), so the pool also raises a shared flag, and the long steps check
 * it: the engine at each of its progress reports (about every 40 ms of a page), preprocessing
 * between its passes, decoding between pages and images. The thread then returns to its event
 * loop within a fraction of a second, where the termination takes effect.
 */
let flag: Int32Array | null = null;

export class Cancelled extends Error {
  override name = "Cancelled";
}

/** Called once in the OCR thread with the flag the pool raises. */
export function watchCancellation(buffer: SharedArrayBuffer): void {
  flag = new Int32Array(buffer);
}

export function throwIfCancelled(): void {
  if (flag !== null && Atomics.load(flag, 0) !== 0) throw new Cancelled("OCR was cancelled");
}
