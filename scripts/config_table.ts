/** Prints the README's configuration table from the settings list in shared/config.ts. */
import { settingsMarkdown } from "../shared/config.ts";

console.log(settingsMarkdown());
