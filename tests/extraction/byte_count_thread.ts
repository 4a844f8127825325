/**
 * An extraction thread for tests: the real thread host, with a provider that answers how many
 * bytes of the file reached it and the last one, so a test sees the file arrived whole.
 */
import type { ExtractionResult } from "../../shared/extraction/result.ts";
import { serveThread } from "../../shared/extraction/jobs/thread_host.ts";

serveThread(() => ({
  name: "builtin",
  extract: ({ bytes }) =>
    Promise.resolve(
      { length: bytes.length, last: bytes[bytes.length - 1] } as unknown as ExtractionResult,
    ),
}));
