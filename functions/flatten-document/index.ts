import { flattenDocumentApp } from "../../shared/documents/flatten_document.ts";
import { flattenDeps } from "../../shared/documents/flatten/root.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction((platform) => flattenDocumentApp(flattenDeps(platform)));
