/**
 * Letters OCR misreads in a scanned party's name and address, mended where the word's own form
 * tells which letter was meant: an abbreviation holds letters, not digits; "ü" comes out as "ii"
 * inside a word, "ß" as a capital B or R; the French and Italian elision "l'" comes out as "I'"; a British postcode's
 * letters cannot be digits.
 */

/** An abbreviation of single characters, each with its dot ("P.O.", "S.r.l.", "o.o."). */
const ABBREVIATION = /(?<![\p{L}\p{N}.])(?:[\p{L}01]\.){2,}(?![\p{L}\p{N}])/gu;

/**
 * An abbreviation in a scanned name or address holds letters: a 0 or 1 in it is the O or l
 * that OCR misread ("P.0. Box", "S.r.1.", "Sp. z o.0."), in the case of the letter before it.
 */
export function abbreviationLetters(text: string): string {
  return text.replace(ABBREVIATION, (abbreviation) => {
    if (!/\p{L}/u.test(abbreviation)) return abbreviation;
    let lower = false;
    return abbreviation.replace(/[\p{L}01]/gu, (c) => {
      if (c === "0") return lower ? "o" : "O";
      if (c === "1") return lower ? "l" : "I";
      lower = c === c.toLowerCase() && c !== c.toUpperCase();
      return c;
    });
  });
}

/**
 * "ü" read as two i's inside a word after a consonant ("Ziirich", "Miinchen", "Atatiirk"): the
 * languages these documents are written in have no such "ii" but at a word's end (Polish and
 * Italian "Armii", "studii"), after a vowel ("Hawaiian") or in English "-iing" ("skiing").
 */
const DOUBLE_I = /(?<=\p{L})(?<![aeiouyAEIOUY])ii(?=\p{L})(?!ng)/gu;

/** "I'Europe": a capital I before an apostrophe and a vowel or capital is the elided "l'". */
const ELISION = /(?<![\p{L}\p{N}])I(?=['’](?:[aeiouhy\p{Lu}]))/gu;

/**
 * A British postcode whose outward code reads letter, digit, digit, digit ("S014 3TJ"): no
 * such code exists, the 0 after the letter is the area's second letter ("SO14").
 */
const UK_POSTCODE = /\b([A-Z])0(\d{1,2} \d[A-Z]{2})\b/g;

/**
 * "ß" read as a capital B or R inside a word ("HafenstraBe", "IndustriestraRe", "GroRer"): a
 * capital after a lower-case vowel and before a lower-case "e" is written by no language here
 * (a name's inner capital follows a capital or a consonant: "DeBeers", "McRae", "LeBlanc").
 */
const SHARP_S = /(?<=\p{Ll}[aeiouäöü])[BR](?=e)/gu;

/** The scan's misreads above mended in a line of a party's block. */
export function scanMisreadsMended(text: string): string {
  return abbreviationLetters(text)
    .replace(DOUBLE_I, "ü")
    .replace(SHARP_S, "ß")
    .replace(ELISION, "l")
    .replace(UK_POSTCODE, "$1O$2");
}
