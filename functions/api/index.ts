import { apiApp, edgeApiDeps } from "../../shared/api/api.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction((platform) => apiApp(edgeApiDeps(platform)));
