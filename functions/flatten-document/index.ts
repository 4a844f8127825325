import { flattenDocumentApp } from "../../shared/endpoints/flatten_document.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(flattenDocumentApp);
