import { z } from "zod";

/**
 * Schemas carry their OpenAPI names and descriptions in zod's own metadata (`.meta({id, …})`),
 * which the generator reads; serving a request never loads the generator.
 */
export { z };
