import { generateDocumentsApp } from "../../shared/documents/generate_documents.ts";
import { edgeGenerationDeps } from "../../shared/documents/jobs/edge_kick.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction((platform) => generateDocumentsApp(edgeGenerationDeps(platform)));
