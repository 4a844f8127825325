import { verifyDocumentApp } from "../../shared/verify/verify_document.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction(verifyDocumentApp);
