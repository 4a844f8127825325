/** What the field finder reads of a document's parties, for the party tests. */
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument } from "../../shared/extraction/layout.ts";

/** Name, address and country of the exporter and the importer found in `doc`. */
export async function partyFields(doc: TextDocument) {
  const { exporter, importer } = await findFields(doc, await fileLookups());
  const three = (p: typeof exporter) => [p?.name?.value, p?.address?.value, p?.country?.value];
  return { exporter: three(exporter), importer: three(importer) };
}
