/** Prints the README's configuration table from the settings list in shared/platform/config.ts. */
import { settingsMarkdown } from "../shared/platform/config.ts";

console.log(settingsMarkdown());
