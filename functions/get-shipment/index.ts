import { getShipmentApp } from "../../shared/endpoints/get_shipment.ts";
import { serveFunction } from "../../shared/runtime/serve_function.ts";
import { storageDeps } from "../../shared/storage/create.ts";

serveFunction((platform) => getShipmentApp(storageDeps(platform)));
