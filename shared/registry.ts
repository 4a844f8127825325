import type { ServiceDeps } from "./deps.ts";
import type { ServiceApp } from "./platform/http/app.ts";
import { apiApp } from "./api/api.ts";
import { createShipmentApp } from "./shipments/create_shipment.ts";
import { documentFieldRequirementsApp } from "./documents/document_field_requirements.ts";
import { extractFilledFieldsApp } from "./documents/extract_filled_fields.ts";
import { extractionWorkerApp } from "./workers/extraction_worker.ts";
import { flattenDocumentApp } from "./documents/flatten_document.ts";
import { generateDocumentsApp } from "./documents/generate_documents.ts";
import { getShipmentApp } from "./shipments/get_shipment.ts";
import { promoteDraftApp } from "./shipments/promote_draft.ts";
import { saveDraftApp } from "./shipments/save_draft.ts";
import { validateShipmentApp } from "./validation/validate_shipment.ts";
import { verifyDocumentApp } from "./verify/verify_document.ts";
import { verifyHashApp } from "./verify/verify_hash.ts";
import { workerApp } from "./workers/worker.ts";

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
