/**
 * A party's address ends at its country's line: what the reading runs on into below it (the
 * title under a letterhead, a notify party under the buyer) is not its address, and the last
 * country named there is not its country. A scan's country misread by a letter is read, not
 * sure. A label centred on its cell counts the contact lines under the block.
 */
import { assertEquals, equal } from "../support/assert.ts";
import { CountryIndex } from "../../shared/extraction/fields/countries.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

Deno.test("an address ends at the first line that is its country", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Buyer: Daehan Steel Co., Ltd."),
    ...words(40, 72, "156, Haeun-daero"),
    ...words(40, 84, "Busan 48939"),
    ...words(40, 96, "SOUTH KOREA"),
    ...words(40, 108, "Bildirim adresi: Importadora del Golfo"),
    ...words(40, 120, "Blvd. Avila Camacho 222"),
    ...words(40, 132, "64000 Monterrey"),
    ...words(40, 144, "Mexico"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.importer?.address?.value, "156, Haeun-daero, Busan 48939");
  equal(result.importer?.country?.value, "KR");
});

Deno.test("a label in a wide label column takes the block right of it, not the title above", async () => {
  const doc: TextDocument = onePage([
    ...words(420, 40, "İhracat Faturası"),
    // 5 pt a character, 10 pt high: the values stand ten text heights right of the labels.
    ...row(62, [[52, "Satıcı"], [182, "Anadolu Tekstil A.Ş."], [300, "Müşteri"], [
      420,
      "Pioneer Distribution, Inc.",
    ]]),
    ...row(74, [[182, "Atatürk Caddesi No: 143"], [420, "164 Harbor Drive"]]),
    ...row(86, [[182, "35000 İzmir"], [420, "Long Beach, CA 90802"]]),
    ...row(98, [[182, "TÜRKİYE"], [420, "USA"]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.name?.value, "Anadolu Tekstil A.Ş.");
  equal(result.exporter?.country?.value, "TR");
  equal(result.importer?.name?.value, "Pioneer Distribution, Inc.");
  equal(result.importer?.address?.value, "164 Harbor Drive, Long Beach, CA 90802");
});

Deno.test("of two country lines in a row, the last is the country", async () => {
  const doc: TextDocument = onePage([
    ...words(40, 60, "Seller: Speyside Distillers Ltd"),
    ...words(40, 72, "Distillery Road"),
    ...words(40, 84, "Keith AB55 5BT"),
    ...words(40, 96, "Scotland"),
    ...words(40, 108, "United Kingdom"),
    ...words(300, 60, "Buyer: Pioneer Distribution, Inc."),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(result.exporter?.address?.value, "Distillery Road, Keith AB55 5BT, Scotland");
  equal(result.exporter?.country?.value, "GB");
});

Deno.test("misreadAtEnd() reads a country a scan misread by a letter, set apart as one", async () => {
  const countries = new CountryIndex(await (await fileLookups()).countries());
  assertEquals(countries.misreadAtEnd("Nagoya 455-0032, APAN"), {
    code: "JP",
    rest: "Nagoya 455-0032",
  });
  assertEquals(countries.misreadAtEnd("64000 Monterrey, N.L., Möxico"), {
    code: "MX",
    rest: "64000 Monterrey, N.L.",
  });
  assertEquals(countries.misreadAtEnd("CHlNA"), { code: "CN", rest: "" });
  // A town one letter from a country, in lower case or after its postcode; a name read whole
  // (byName's); a short name; a word two letters off.
  equal(countries.misreadAtEnd("Karatay, Konya"), null);
  equal(countries.misreadAtEnd("42000 KONYA"), null);
  equal(countries.misreadAtEnd("Leeds, JAPAN"), null);
  equal(countries.misreadAtEnd("Havana, CUBE"), null);
  equal(countries.misreadAtEnd("Basel, SWlTZERLAMD"), null);
});

Deno.test("a scanned address's last line ends in a misread country: the country, not sure", async () => {
  const lines = [
    ...words(40, 60, "Buyer: Kansai Seiki Co., Ltd."),
    ...words(40, 72, "125-2-125 Minatojima Nakamachi"),
    ...words(40, 84, "Nagoya 455-0032, APAN"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
  ];
  const scan: TextDocument = {
    kind: "text",
    source: "ocr",
    pages: [{ width: 600, height: 850, words: lines.map((w) => ({ ...w, confidence: 0.95 })) }],
  };
  const importer = (await findFields(scan, await fileLookups())).importer;
  equal(importer?.address?.value, "125-2-125 Minatojima Nakamachi, Nagoya 455-0032");
  equal(importer?.country?.value, "JP");
  equal(importer!.country!.confidence < 0.9, true);
  // A text layer holds what was written.
  const layer = (await findFields(onePage(lines), await fileLookups())).importer;
  equal(layer?.address?.value, "125-2-125 Minatojima Nakamachi, Nagoya 455-0032, APAN");
  equal(layer?.country, undefined);
});

Deno.test("a label centred on its cell counts the contact lines under the block", async () => {
  // "Adressé à" stands by the block's fourth line of six: the name's two lines, the street
  // above it; the tax number and the telephone below it are the cell's, not the address's.
  const doc: TextDocument = onePage([
    ...words(88, 107, "Anadolu Tekstil San. ve Tic."),
    ...words(88, 117, "A.Ş."),
    ...words(88, 128, "Liman Yolu No: 110"),
    ...words(40, 137, "Adressé à 35000 İzmir").map((w, i) => i < 2 ? w : { ...w, x: w.x + 2 }),
    ...words(88, 148, "Türkiye"),
    ...words(88, 159, "Vergi No: 1234567890"),
    ...words(88, 168, "Tel: +90 212 555 0101"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...row(220, [[40, "Steel frames"], [300, "10"], [380, "5.00"], [480, "50.00"]]),
  ]);
  const importer = (await findFields(doc, await fileLookups())).importer;
  equal(importer?.name?.value, "Anadolu Tekstil San. ve Tic. A.Ş.");
  equal(importer?.address?.value, "Liman Yolu No: 110, 35000 İzmir");
  equal(importer?.country?.value, "TR");
});
