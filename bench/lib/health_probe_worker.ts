/**
 * The /health prober of the hostile bench, on a thread of its own: the bench's main thread also
 * builds and sends the hostile uploads (twenty 18.5 MiB FormData bodies), which held its event
 * loop for 0.6–2 s in one piece (measured with a lag sampler in the bench), and a prober
 * sharing that loop counted the stall as the service's. Started by health_probe.ts.
 */
/// <reference lib="deno.worker" />

interface Start {
  url: string;
  everyMs: number;
  /** Answers slower than this are listed with when they ended. */
  slowMs: number;
}

let running = true;
self.onmessage = async (event: MessageEvent<Start | "stop">) => {
  if (event.data === "stop") {
    running = false;
    return;
  }
  const { url, everyMs, slowMs } = event.data;
  const started = performance.now();
  let maxMs = 0;
  let probes = 0;
  const slow: [number, number][] = [];
  while (running) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await res.body?.cancel();
    } catch { /* no answer: counted by its time */ }
    const ms = performance.now() - t0;
    probes++;
    maxMs = Math.max(maxMs, ms);
    if (ms >= slowMs) slow.push([round1((performance.now() - started) / 1000), Math.round(ms)]);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  self.postMessage({ maxMs, probes, slow });
  self.close();
};

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
