/**
 * An extraction thread for tests: the real one (the built-in provider, the real thread host),
 * except that a file carrying a marker in its first bytes makes the provider misbehave the way
 * a hostile file can: block for ever (HANG), throw out of reach of any catch (CRASH), or fill
 * the thread's heap (OOM).
 */
import type { ExtractionProvider } from "../../shared/extraction/provider.ts";
import { createExtractionProvider } from "../../shared/extraction/jobs/factory.ts";
import { loadOcr } from "../../shared/extraction/ocr/load.ts";
import { serveThread } from "../../shared/extraction/jobs/thread_host.ts";

function marker(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes.subarray(0, 64)).match(/%(HANG|CRASH|OOM)\b/)?.[1] ?? "";
}

serveThread((spec, lookups): ExtractionProvider => {
  const real = createExtractionProvider(spec, lookups, { ocr: loadOcr });
  return {
    name: real.name,
    extract(input, options) {
      switch (marker(input.bytes)) {
        case "HANG": {
          // A parse that never yields. It blocks instead of spinning: Deno cannot stop a thread
          // in a busy loop (denoland/deno#35657), and a spinning leftover would take a core
          // from every test after this one in the same process.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * 60_000);
          return new Promise(() => {});
        }
        case "CRASH":
          setTimeout(() => {
            throw new Error("corrupt table in the file");
          });
          return new Promise(() => {});
        case "OOM": {
          const hoard: unknown[] = [];
          for (;;) hoard.push({ at: hoard.length, pad: [1, 2, 3, 4, 5, 6, 7, 8] });
        }
        default:
          return real.extract(input, options);
      }
    },
  };
});
