import { promoteDraftApp } from "../../shared/shipments/promote_draft.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction(promoteDraftApp);
