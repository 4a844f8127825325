/** The module an extraction thread starts with (ExtractionThreadPool). */
import { loadOcr } from "../ocr/load.ts";
import { createExtractionProvider } from "./factory.ts";
import { serveThread } from "./thread_host.ts";

serveThread((spec, lookups) => createExtractionProvider(spec, lookups, { ocr: loadOcr }));
