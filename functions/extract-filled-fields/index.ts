import { extractFilledFieldsApp } from "../../shared/endpoints/extract_filled_fields.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(extractFilledFieldsApp);
