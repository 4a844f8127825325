import { workerApp } from "../../shared/workers/worker.ts";
import { renderDeps } from "../../shared/documents/jobs/root.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction((platform) => workerApp(renderDeps(platform)));
