/** The module an extraction thread starts with (ExtractionThreadPool). */
import { createExtractionProvider } from "./factory.ts";
import { serveThread } from "./thread_host.ts";

serveThread(createExtractionProvider);
