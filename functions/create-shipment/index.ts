import { createShipmentApp } from "../../shared/endpoints/create_shipment.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(createShipmentApp);
