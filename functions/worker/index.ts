import { workerApp } from "../../shared/endpoints/worker.ts";
import { queueDeps } from "../../shared/jobs/root.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => workerApp(queueDeps(platform)));
