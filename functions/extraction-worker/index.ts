import { extractionWorkerApp } from "../../shared/endpoints/extraction_worker.ts";
import { extractionWorkerDeps } from "../../shared/extraction/root.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => extractionWorkerApp(extractionWorkerDeps(platform)));
