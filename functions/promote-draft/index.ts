import { promoteDraftApp } from "../../shared/endpoints/promote_draft.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(promoteDraftApp);
