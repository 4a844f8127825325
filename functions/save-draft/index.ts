import { saveDraftApp } from "../../shared/endpoints/save_draft.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(saveDraftApp);
