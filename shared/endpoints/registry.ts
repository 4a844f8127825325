import type { ServiceDeps } from "../deps.ts";
import type { ServiceApp } from "../http/app.ts";
import { apiApp } from "./api.ts";
import { createShipmentApp } from "./create_shipment.ts";
import { documentFieldRequirementsApp } from "./document_field_requirements.ts";
import { extractFilledFieldsApp } from "./extract_filled_fields.ts";
import { extractionWorkerApp } from "./extraction_worker.ts";
import { flattenDocumentApp } from "./flatten_document.ts";
import { generateDocumentsApp } from "./generate_documents.ts";
import { getShipmentApp } from "./get_shipment.ts";
import { promoteDraftApp } from "./promote_draft.ts";
import { saveDraftApp } from "./save_draft.ts";
import { validateShipmentApp } from "./validate_shipment.ts";
import { verifyDocumentApp } from "./verify_document.ts";
import { verifyHashApp } from "./verify_hash.ts";
import { workerApp } from "./worker.ts";

/** Every function the service deploys, by name (the URL slug Supabase routes on). */
export const FUNCTION_APPS: Record<string, (deps: ServiceDeps) => ServiceApp> = {
  "create-shipment": createShipmentApp,
  "get-shipment": getShipmentApp,
  "save-draft": saveDraftApp,
  "promote-draft": promoteDraftApp,
  "generate-documents": generateDocumentsApp,
  "validate-shipment": validateShipmentApp,
  "flatten-document": flattenDocumentApp,
  "extract-filled-fields": extractFilledFieldsApp,
  "verify-hash": verifyHashApp,
  "verify-document": verifyDocumentApp,
  "document-field-requirements": documentFieldRequirementsApp,
  worker: workerApp,
  "extraction-worker": extractionWorkerApp,
  api: apiApp,
};
