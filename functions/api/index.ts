import { apiApp } from "../../shared/endpoints/api.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(apiApp);
