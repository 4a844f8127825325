import { apiApp, edgeApiDeps } from "../../shared/endpoints/api.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => apiApp(edgeApiDeps(platform)));
