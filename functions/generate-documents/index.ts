import { generateDocumentsApp } from "../../shared/endpoints/generate_documents.ts";
import { edgeGenerationDeps } from "../../shared/jobs/edge_kick.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => generateDocumentsApp(edgeGenerationDeps(platform)));
