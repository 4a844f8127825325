import { verifyDocumentApp } from "../../shared/endpoints/verify_document.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(verifyDocumentApp);
