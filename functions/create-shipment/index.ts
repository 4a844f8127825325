import { createShipmentApp } from "../../shared/shipments/create_shipment.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";

serveFunction(createShipmentApp);
