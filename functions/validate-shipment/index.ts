import { validateShipmentApp } from "../../shared/endpoints/validate_shipment.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";
import { validationDeps } from "../../shared/validation/root.ts";

serveFunction((platform) => validateShipmentApp(validationDeps(platform)));
