/** Probes a service's /health every `everyMs` from a thread of its own (health_probe_worker.ts). */
export interface HealthProbeResult {
  /** The slowest answer, in ms (a request that failed counts with its time). */
  maxMs: number;
  probes: number;
  /** [seconds since the start, ms] of the answers slower than `slowMs`. */
  slow: [number, number][];
}

export function startHealthProbe(
  url: string,
  options: { everyMs: number; slowMs?: number },
): { stop(): Promise<HealthProbeResult> } {
  const worker = new Worker(new URL("./health_probe_worker.ts", import.meta.url), {
    type: "module",
  });
  const done = new Promise<HealthProbeResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<HealthProbeResult>) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`the /health prober failed: ${event.message}`));
    };
  });
  worker.postMessage({ url, everyMs: options.everyMs, slowMs: options.slowMs ?? 500 });
  return {
    async stop() {
      worker.postMessage("stop");
      try {
        return await done;
      } finally {
        worker.terminate();
      }
    },
  };
}
