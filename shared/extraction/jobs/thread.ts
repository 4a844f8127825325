/** The module an extraction thread starts with (ExtractionThreadPool). */
import { createExtractionProvider } from "./factory.ts";
import { serveThread } from "./thread_host.ts";

// OCR comes from the main thread's pool (one for the process), never loaded in this thread.
serveThread((spec, lookups, ocr) => createExtractionProvider(spec, lookups, { ocr }));
