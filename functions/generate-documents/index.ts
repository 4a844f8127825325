import { generateDocumentsApp } from "../../shared/endpoints/generate_documents.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(generateDocumentsApp);
