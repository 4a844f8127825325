import type { Measure } from "./measures.ts";

/**
 * A quantity typed with the container it fills, after the goods: "wheat flour 25 kg bags",
 * "frozen strawberries 1 lb bags", "extra virgin olive oil 5 liter tins". It says how the goods
 * are packed, which the tariff reads as a detail of those goods ("In immediate containers each
 * holding not more than 1.2 liters", "In containers each holding less than 18 kg"), not as goods
 * of their own: searched as words, "25 kg" and "bags" outnumbered the goods, and the answers were
 * drones "with maximum take-off weight more than 25 kg" and sacks. So the phrase is taken out of
 * the words searched, and its quantity read as what one container holds at most, in litres or
 * kilograms (the tariff's units for containers; a litre of food weighs about a kilogram).
 */

/** Containers, singular and plural. */
const CONTAINERS = "bags?|bottles?|jars?|cans?|tins?|boxe?s?|cartons?|drums?|sacks?|packets?|" +
  "pouch(?:es)?|pails?|buckets?|tubs?|jugs?";

/** A unit, and how many litres or kilograms it is. */
const UNITS: [pattern: string, factor: number][] = [
  ["kgs?|kilos?|kilograms?", 1],
  ["g|grams?", 0.001],
  ["lbs?|pounds?", 0.4536],
  ["oz|ounces?", 0.02835],
  ["l|liters?|litres?", 1],
  ["ml", 0.001],
  ["cl", 0.01],
  ["gal|gallons?", 3.785],
];

const PACKED = new RegExp(
  String.raw`(?<=[\p{L}]\s+)(\d+(?:\.\d+)?)\s*(` + UNITS.map(([u]) => u).join("|") +
    String.raw`)\s+(?:${CONTAINERS})(?![\p{L}])`,
  "iu",
);

export interface PackedText {
  /** The text without its packing phrase (a clause break in its place). */
  text: string;
  /** What one container holds, at most; null when no packing is typed. */
  measure: Measure | null;
}

/** The first quantity-and-container phrase typed after some words, taken out of the text. */
export function readPacking(q: string): PackedText {
  const found = PACKED.exec(q);
  if (!found) return { text: q, measure: null };
  const unit = found[2]!.toLowerCase();
  const factor = UNITS.find(([u]) => new RegExp(`^(?:${u})$`).test(unit))![1];
  return {
    text: `${q.slice(0, found.index)}, ${q.slice(found.index + found[0].length)}`,
    measure: { min: null, max: Number(found[1]) * factor },
  };
}
