import { validateShipmentApp } from "../../shared/validation/validate_shipment.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";
import { validationDeps } from "../../shared/validation/root.ts";

serveFunction((platform) => validateShipmentApp(validationDeps(platform)));
