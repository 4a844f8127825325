import { getShipmentApp } from "../../shared/shipments/get_shipment.ts";
import { serveFunction } from "../../shared/platform/runtime/serve_function.ts";
import { storageDeps } from "../../shared/platform/storage/create.ts";

serveFunction((platform) => getShipmentApp(storageDeps(platform)));
