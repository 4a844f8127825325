/**
 * The process-wide OCR budget: one decoded raster and one OCR engine at work at a time. The
 * extraction threads ask the main thread's OCR pool for their OCR (thread_host.ts), so in the
 * service this lock is held by the main thread only; it still keeps an isolate that runs OCR
 * itself (a provider given ocr/load.ts inside a thread, as the tests' hostile thread is) from
 * decoding beside the pool. The lock is one Int32 in a SharedArrayBuffer the main thread makes
 * and hands to every extraction thread: 0 when free, else the holder's id. A thread ended
 * while holding it (a job past its time limit) is released by the pool that ended it.
 */
const POLL_MS = 50;
let lock = new Int32Array(new SharedArrayBuffer(4));
/** This isolate's holder id: the main thread is 1, extraction threads get theirs from the pool. */
let holder = 1;

/** The lock's buffer, to hand to extraction threads (`workerData`). */
export function ocrBudgetBuffer(): SharedArrayBuffer {
  return lock.buffer as SharedArrayBuffer;
}

/** In an extraction thread: use the process's lock, as holder `id` (2 and up). */
export function joinOcrBudget(buffer: SharedArrayBuffer, id: number): void {
  lock = new Int32Array(buffer);
  holder = id;
}

/** Frees the lock if `id` holds it: its thread was ended while at work. */
export function releaseOcrBudgetOf(id: number): void {
  Atomics.compareExchange(lock, 0, id, 0);
}

/** Runs `fn` holding the lock; waits for it (giving up when `signal` fires). */
export async function withOcrBudget<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  while (Atomics.compareExchange(lock, 0, 0, holder) !== 0) {
    signal.throwIfAborted();
    // A timer, not Atomics.waitAsync: Deno does not count that wait as work keeping the event
    // loop alive. An OCR takes seconds; looking again every 50 ms costs nothing.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await fn();
  } finally {
    releaseOcrBudgetOf(holder);
  }
}
