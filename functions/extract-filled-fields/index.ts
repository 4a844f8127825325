import { extractFilledFieldsApp } from "../../shared/documents/extract_filled_fields.ts";
import { formsDeps } from "../../shared/documents/forms/root.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction((platform) => extractFilledFieldsApp(formsDeps(platform)));
