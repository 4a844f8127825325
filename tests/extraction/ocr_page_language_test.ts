/**
 * How the English reading of a page and its reading in the page's own language are joined
 * (withPageLanguage): the English words stay, with the accents of the other reading where both
 * read the same letters, and the other reading's word where the English one was unsure.
 */
import { withPageLanguage } from "../../shared/extraction/ocr/tesseract.ts";
import { cjkProbes, countryLanguages } from "../../shared/extraction/ocr/languages.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { assertEquals } from "../support/assert.ts";

function word(text: string, x: number, confidence: number, width = 100): PixelWord {
  return { text, x, y: 50, width, height: 30, confidence };
}

Deno.test("withPageLanguage() takes the page language's accents and its surer words", () => {
  const english = [
    word("Corticas", 0, 0.84),
    word("Ferreira", 120, 0.95),
    word("Blvd.", 240, 0.96),
    word("izmir", 360, 0.9),
    word("Rua", 480, 0.5),
    word("Porto", 600, 0.9),
    word("4050-372", 720, 0.93),
  ];
  const local = [
    word("Cortiças", 2, 0.8, 98),
    word("Ferreira", 120, 0.96),
    // Different letters at a lower confidence: the English reading stays.
    word("Bivd.", 240, 0.7),
    word("İzmir", 360, 0.88),
    // Surer where the English model was unsure: taken.
    word("Rúa", 480, 0.91),
    // Accents, but far less sure than the English reading: left out.
    word("Pórto", 600, 0.6),
    // A box that does not cover the English word's place is not its reading.
    word("4050-872", 900, 0.99),
  ];
  assertEquals(
    withPageLanguage(english, local).map((w) => w.text),
    ["Cortiças", "Ferreira", "Blvd.", "İzmir", "Rúa", "Porto", "4050-372"],
  );
  // The English word keeps its own box and confidence when only its accents change.
  const [first] = withPageLanguage(english, local);
  assertEquals([first!.x, first!.width, first!.confidence], [0, 100, 0.84]);
});

Deno.test("withPageLanguage() keeps the English word where the other reading splits it", () => {
  const english = [word("Calcados", 0, 0.8, 200)];
  const local = [word("Cal", 0, 0.9, 60), word("çados", 70, 0.9, 130)];
  assertEquals(withPageLanguage(english, local).map((w) => w.text), ["Calcados"]);
});

Deno.test("withPageLanguage() lowers the confidence of a number the two models read apart", () => {
  const english = [
    word("391,689.31", 0, 0.96),
    word("8504.40", 120, 0.95),
    word("Basel", 240, 0.97),
  ];
  const local = [word("351,689.31", 0, 0.9), word("8504.40", 120, 0.93), word("Base1", 240, 0.6)];
  assertEquals(
    withPageLanguage(english, local).map((w) => [w.text, w.confidence]),
    // The English digits stay, but no longer sure; a word without digits is not judged so.
    [["391,689.31", 0.7], ["8504.40", 0.95], ["Basel", 0.97]],
  );
});

Deno.test("countryLanguages() names the languages of the countries a page names, in order", () => {
  const page = [
    word("Bahnhofstrasse", 0, 0.9),
    word("SWITZERLAND", 0, 0.9),
    word("Polska", 0, 0.9),
    word("Schweiz", 0, 0.9),
    word("33000 Mersin, TÜRKİYE", 0, 0.9),
    // Not a country: no language.
    word("Lisbon", 0, 0.9),
  ];
  assertEquals(countryLanguages(page), ["deu", "pol", "tur"]);
});

Deno.test("withPageLanguage() with accentsOnly only adds accents to words read without any", () => {
  const merged = [word("République", 0, 0.9), word("Corticas", 120, 0.85), word("Rua", 240, 0.5)];
  const german = [word("Republique", 0, 0.9), word("Cortiças", 120, 0.85), word("Ria", 240, 0.95)];
  assertEquals(
    withPageLanguage(merged, german, { accentsOnly: true }).map((w) => w.text),
    // "Ria" is surer, but a country's model does not judge the page's other words.
    ["République", "Cortiças", "Rua"],
  );
});

Deno.test("withPageLanguage() with accentsOnly sets a name's own accents where the page's model put others", () => {
  const merged = [word("Rhöne", 0, 0.8), word("Zúrich", 120, 0.9), word("Colón", 240, 0.9)];
  const french = [word("Rhône", 0, 0.85), word("Zürich", 120, 0.9), word("Colôn", 240, 0.7)];
  assertEquals(
    withPageLanguage(merged, french, { accentsOnly: true }).map((w) => w.text),
    // A less sure reading of other accents leaves the page's own.
    ["Rhône", "Zürich", "Colón"],
  );
});

Deno.test("cjkProbes() takes the least certain words of the type's size, not a rule's remnants", () => {
  const at = (text: string, confidence: number, height = 30): PixelWord => ({
    ...word(text, 0, confidence),
    height,
  });
  const words = [
    ...["Shenzhen", "Industrial", "Road", "Stuttgart", "Germany"].map((t) => at(t, 0.95)),
    // What a whitened table rule leaves: dashes a pixel high, read at confidence 0.
    at("—", 0, 1),
    at("i", 0, 1),
    at("a.", 0, 2),
    // A Chinese label read by the English model as Latin debris.
    at("ECAR", 0.12, 36),
    at("REHS", 0.4, 50),
    at("RRA:", 0.57),
    // Punctuation alone is no label.
    at("|", 0.2, 36),
    // Sure words are not probed.
    at("CHINA", 0.96),
  ];
  assertEquals(cjkProbes(words, 0.8, 2).map((w) => w.text), ["ECAR", "REHS"]);
  assertEquals(cjkProbes(words, 0.8, 10).map((w) => w.text), ["ECAR", "REHS", "RRA:"]);
});
