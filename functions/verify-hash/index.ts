import { verifyHashApp } from "../../shared/endpoints/verify_hash.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(verifyHashApp);
