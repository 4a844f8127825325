import { documentFieldRequirementsApp } from "../../shared/documents/document_field_requirements.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction(documentFieldRequirementsApp);
