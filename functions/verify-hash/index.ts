import { verifyHashApp } from "../../shared/verify/verify_hash.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction(verifyHashApp);
