import { documentFieldRequirementsApp } from "../../shared/endpoints/document_field_requirements.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(documentFieldRequirementsApp);
