/**
 * A party label in two languages whose first word has two meanings ("Firma / Shipper": a
 * company, or a signature) heads the party its translation names.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import { onePage, row, words } from "../support/placed_words.ts";

Deno.test('findFields() reads the exporter under "Firma / Shipper / Exporter"', async () => {
  const doc = onePage([
    ...words(300, 20, "FAKTURA / INVOICE"),
    ...row(40, [[40, "Firma / Shipper / Exporter"], [320, "Adres dostawy / Consignee / Buyer"]]),
    ...row(52, [[40, "Meble Kowalski Sp. z o.o."], [320, "Aceites del Sur S.L."]]),
    ...row(64, [[40, "ul. Przemysłowa 81"], [320, "Paseo de Gracia, 151"]]),
    ...row(76, [[40, "00-950 Warszawa"], [320, "08039 Barcelona"]]),
    ...row(88, [[40, "POLAND"], [320, "ESPAÑA"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Meble Kowalski Sp. z o.o.");
  equal(result.exporter?.country?.value, "PL");
  equal(result.importer?.name?.value, "Aceites del Sur S.L.");
});
