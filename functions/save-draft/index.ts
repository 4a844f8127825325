import { saveDraftApp } from "../../shared/shipments/save_draft.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction(saveDraftApp);
