import { workerApp } from "../../shared/endpoints/worker.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(workerApp);
