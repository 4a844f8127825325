import { flattenDocumentApp } from "../../shared/endpoints/flatten_document.ts";
import { flattenDeps } from "../../shared/flatten/root.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction((platform) => flattenDocumentApp(flattenDeps(platform)));
