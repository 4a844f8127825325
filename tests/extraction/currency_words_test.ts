/**
 * Currencies written where the finder had not looked: a code between a total's label and its
 * amount in one phrase, 円 in a price header, the Swiss franc's "Fr." under a currency label.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { row, words } from "../support/placed_words.ts";

async function currencyOf(lines: Word[]): Promise<string | undefined> {
  const doc: TextDocument = {
    kind: "text",
    source: "pdf_text",
    pages: [{ width: 600, height: 850, words: [...words(40, 40, "Facture"), ...lines] }],
  };
  return (await findFields(doc, await fileLookups())).goods.currency?.value;
}

Deno.test("a currency code between a total's label and its amount", async () => {
  equal(await currencyOf(words(300, 300, "Total EUR 291 015,00")), "EUR");
  equal(await currencyOf(words(300, 300, "Total 291 015,00")), undefined);
});

Deno.test("円 in a price header, Fr. under a currency label", async () => {
  equal(
    await currencyOf(row(200, [[40, "明細 / Description"], [300, "価格 / Price (円)"]])),
    "JPY",
  );
  equal(
    await currencyOf([
      ...row(100, [[40, "Rechnung Nr."], [200, "Währung / Currency"], [360, "Ursprungsland"]]),
      ...row(112, [[40, "CH18036"], [200, "Fr."], [360, "SWITZERLAND"]]),
    ]),
    "CHF",
  );
});
