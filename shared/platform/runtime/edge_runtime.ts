/** Supabase's edge runtime keeps an isolate alive for promises handed to waitUntil. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

/** Keeps the isolate alive for `work` on Supabase; elsewhere the process outlives it anyway. */
export function waitUntil(work: Promise<unknown>): void {
  if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(work);
}

/** How long one drain may run inside an edge function's wall-clock budget. */
export const EDGE_DRAIN_MS = 50_000;
