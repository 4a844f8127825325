import { getShipmentApp } from "../../shared/endpoints/get_shipment.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";

serveFunction(getShipmentApp);
