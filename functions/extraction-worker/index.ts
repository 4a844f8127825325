import { extractionWorkerApp } from "../../shared/workers/extraction_worker.ts";
import { extractionWorkerDeps } from "../../shared/extraction/root.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction((platform) => extractionWorkerApp(extractionWorkerDeps(platform)));
