import { validateShipmentApp } from "../../shared/endpoints/validate_shipment.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(validateShipmentApp);
