/**
 * A party label in two languages whose first word has two meanings ("Firma / Shipper": a
 * company, or a signature) heads the party its translation names; alone over a name and an
 * address, it heads the exporter, behind any label that names the exporter outright.
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

Deno.test('"Firma" alone over a name and address heads the exporter, a signature\'s does not', async () => {
  const doc = onePage([
    ...words(40, 20, "İhracat Faturası"),
    ...words(40, 60, "Firma"),
    ...words(40, 72, "Marmara Makina A.Ş."),
    ...words(40, 84, "Cumhuriyet Mahallesi No: 177"),
    ...words(40, 96, "16000 Bursa"),
    ...words(40, 108, "Turkey"),
    ...words(40, 140, "Müşteri"),
    ...words(40, 152, "Conservas Lusitânia, Lda."),
    ...words(40, 164, "Rua Augusta 10, 1100-053 Lisboa"),
    ...words(40, 176, "Portugal"),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Marmara Makina A.Ş.");
  equal(result.exporter?.country?.value, "TR");
  // A named exporter stands before a signature's "Firma".
  const signed = onePage([
    ...words(40, 20, "Factura comercial"),
    ...words(40, 60, "Exportador:"),
    ...words(40, 72, "Aceites del Sur S.L."),
    ...words(40, 84, "Calle Mayor, 137, 46024 Valencia"),
    ...words(40, 96, "España"),
    ...words(40, 400, "Firma:"),
    ...words(40, 412, "Juan García"),
  ]);
  const other = await findFields(signed, await fileLookups());
  equal(other.exporter?.name?.value, "Aceites del Sur S.L.");
});
