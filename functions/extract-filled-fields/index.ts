import { extractFilledFieldsApp } from "../../shared/endpoints/extract_filled_fields.ts";
import { formsDeps } from "../../shared/forms/root.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => extractFilledFieldsApp(formsDeps(platform)));
