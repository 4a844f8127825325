/**
 * Currencies written where the finder had not looked: a code between a total's label and its
 * amount in one phrase, 円 in a price header, the Swiss franc's "Fr." under a currency label or
 * by amounts, a bare "$" in a price header (a guess at US dollars).
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

async function currencyOf(lines: Word[]): Promise<string | undefined> {
  const doc: TextDocument = onePage([...words(40, 40, "Facture"), ...lines]);
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

Deno.test("a bare $ in a price header is a guess at US dollars; Fr. by amounts is the franc", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 40, "Fatura"),
    ...row(200, [[40, "Produto"], [300, "Preço/un. ($)"], [420, "Valor líquido ($)"]]),
  ]);
  const dollars = (await findFields(doc, await fileLookups())).goods.currency;
  equal(dollars?.value, "USD");
  equal(dollars!.confidence < 0.9, true);
  equal(
    await currencyOf([
      ...row(200, [[40, "Text"], [300, "Price/Unit"], [420, "Total value"]]),
      ...row(215, [[40, "Electrical connectors"], [300, "0.59 Fr."], [420, "27'376.00 Fr."]]),
      ...row(230, [[40, "Ball bearings"], [300, "1.47 Fr."], [420, "3'381.00 Fr."]]),
    ]),
    "CHF",
  );
});
