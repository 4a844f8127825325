/**
 * Quantities and prices OCR read with digits lost or one digit misread, mended from the row's
 * arithmetic only where the digits read are what is left of the true value, or it but for one
 * digit.
 */
import { equal } from "../support/assert.ts";
import { lostDigits, misreadDigit } from "../../shared/extraction/fields/lost_digits.ts";
import { matchLabelText } from "../../shared/extraction/fields/labels.ts";

Deno.test("lostDigits() restores leading digits and a lost decimal mark", () => {
  equal(lostDigits(550, 3550), 3550);
  equal(lostDigits(500, 8500), 8500);
  equal(lostDigits(422, 4.22), 4.22);
  equal(lostDigits(52, 0.52), 0.52);
});

Deno.test("lostDigits() restores a last digit a unit run into the number took", () => {
  equal(lostDigits(12, 127, true), 127);
  // Not without text run on after it, nor more than one digit, nor into decimals.
  equal(lostDigits(12, 127), null);
  equal(lostDigits(12, 1270, true), null);
  equal(lostDigits(12, 12.5, true), null);
  equal(lostDigits(1, 17, true), null);
});

Deno.test("lostDigits() leaves numbers whose digits the quotient does not end in", () => {
  equal(lostDigits(490, 30_900), null);
  equal(lostDigits(118_520, 13.2), null);
  equal(lostDigits(3550, 3550), null);
  // One digit read matches a tenth of all quotients by chance.
  equal(lostDigits(5, 1235), null);
  equal(lostDigits(550, 0), null);
  // A trailing zero is not in a value's digits: "1.80" read "80" is left as read.
  equal(lostDigits(80, 1.8), null);
  // A quotient with more decimals than a document prints is no value it printed.
  equal(lostDigits(548, 11_000 / 3.1), null);
});

Deno.test("misreadDigit() restores one digit read as another, the rest in place", () => {
  equal(misreadDigit(298, 40_492.6 / 138.2), 293);
  equal(misreadDigit(6.4, 6.9), 6.9);
  equal(misreadDigit(1850, 1350), 1350);
  // Two digits off, a digit more or fewer, the mark moved, one digit alone, an inexact
  // quotient, the value itself: left as read.
  equal(misreadDigit(298, 213), null);
  equal(misreadDigit(298, 2938), null);
  equal(misreadDigit(29.8, 2.93), null);
  equal(misreadDigit(8, 3), null);
  equal(misreadDigit(298, 40_492.6 / 138.7), null);
  equal(misreadDigit(293, 293), null);
});

Deno.test("matchLabelText() knows a long label word with one letter misread, and a slash read as a bar", () => {
  equal(matchLabelText("Cliente / Destinatdrio / Importer")?.kind, "importer");
  equal(matchLabelText("Cliente / Destinatdrio / Importer")?.rest, "");
  equal(matchLabelText("Spett.le | Purchaser")?.kind, "importer");
  // Short words are told apart by one letter: no fuzzy match below nine letters.
  equal(matchLabelText("Buyor")?.kind, undefined);
  equal(matchLabelText("Buyer")?.kind, "importer");
});

Deno.test("matchLabelText() takes a CJK label and its English as one label where a scan lost the slash", () => {
  const arrival = matchLabelText("荷揚港 Port of arrival: BASEL");
  equal(arrival?.kind, "port_of_discharge");
  equal(arrival?.rest, "BASEL");
  equal(matchLabelText("売り手 Supplier: Kansai Seiki Co., Ltd.")?.rest, "Kansai Seiki Co., Ltd.");
  // Another field's label after it is no English of it: its text stays the rest.
  equal(matchLabelText("請求書番号 Order No.: 123")?.rest, "Order No.: 123");
});
