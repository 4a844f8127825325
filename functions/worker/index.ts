import { workerApp } from "../../shared/endpoints/worker.ts";
import { renderDeps } from "../../shared/jobs/root.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => workerApp(renderDeps(platform)));
