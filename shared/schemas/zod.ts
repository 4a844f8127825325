import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// Adds `.openapi()` to zod schemas, once, for every module that imports z from here.
extendZodWithOpenApi(z);

export { z };
