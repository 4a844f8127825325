/**
 * Thresholds in a search text: "leather handbag valued under $20", "microwave oven not exceeding
 * 22.5 liters", "electric car range over 250 miles". The tariff writes its thresholds in its own
 * words ("Valued not over $20 each", "Valued over $20 each"), and a word search cannot tell those
 * two lines apart by the number, which both have; nor is "under" a word of the tariff's (and it is
 * a stop word). So a threshold typed is taken out of the words searched and read as a range, and
 * the search ranks a code whose own text states a range that holds it above one whose range
 * excludes it (search.ts, MEASURE_FIT).
 */

/** What the user says of a quantity: at most `max`, more than `min`, or both. */
export interface Measure {
  min: number | null;
  max: number | null;
}

export interface MeasuredText {
  /** The text without its threshold phrase (a clause break in its place). */
  text: string;
  /** The first threshold typed, or null. */
  measure: Measure | null;
}

// Longer phrases first, so that "not over" is not read as "over".
const AT_MOST = [
  "not more than",
  "no more than",
  "not exceeding",
  "not over",
  "less than",
  "lower than",
  "smaller than",
  "at most",
  "up to",
  "under",
  "below",
  "maximum",
  "max",
  "<=",
  "≤",
  "<",
];
const MORE_THAN = [
  "not less than",
  "greater than",
  "larger than",
  "higher than",
  "more than",
  "at least",
  "exceeding",
  "minimum",
  "above",
  "over",
  "min",
  ">=",
  "≥",
  ">",
];

/** Units written after a number; one is taken out with the threshold. */
const UNITS =
  "(?:percent|per ?cent|%|cents?|usd|dollars?|kgs?|kilograms?|grams?|g|lbs?|pounds?|tonnes?|tons?|" +
  "liters?|litres?|l|ml|cl|cm|mm|meters?|metres?|m|km|inch(?:es)?|in|ft|feet|miles?|w|watts?|kw|" +
  "kva|v|volts?|cc|hp|kg/m2)";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "$1.05 per liter", "$1.05/liter", "$20 each". */
const PER = String.raw`(?:\s*(?:/|per\s)\s*${UNITS}(?![\p{L}])|\s+each(?![\p{L}]))?`;
const NUMBER = String.raw`(?:us)?\$?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const COMPARATOR = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${[...AT_MOST, ...MORE_THAN].map(escape).join("|")})\s*` +
    NUMBER + String.raw`(?:\s*${UNITS}(?![\p{L}]))?${PER}`,
  "iu",
);
/** "13 inches or less", "50 cm or more". */
const TRAILING = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])${NUMBER}(?:\s*${UNITS})?\s+or\s+(less|more|under|over)(?![\p{L}])`,
  "iu",
);

/**
 * The thresholds of a search text, as one range ("over $1 but not over $25": both bounds; a
 * second bound of the same side is ignored), and the text without them.
 */
export function readMeasure(q: string): MeasuredText {
  const first = readOne(q);
  if (first.measure === null) return first;
  const second = readOne(first.text);
  if (second.measure === null) return first;
  return {
    text: second.text,
    measure: {
      min: first.measure.min ?? second.measure.min,
      max: first.measure.max ?? second.measure.max,
    },
  };
}

function readOne(q: string): MeasuredText {
  const text = q.normalize("NFKC");
  const before = COMPARATOR.exec(text);
  const after = TRAILING.exec(text);
  const first = before && (!after || before.index <= after.index) ? before : after;
  if (!first) return { text: q, measure: null };
  const atMost = first === before
    ? AT_MOST.includes(first[1]!.toLowerCase().replace(/\s+/g, " "))
    : /less|under/i.test(first[2]!);
  const value = Number((first === before ? first[2]! : first[1]!).replaceAll(",", ""));
  return {
    text: `${text.slice(0, first.index)}, ${text.slice(first.index + first[0].length)}`,
    measure: atMost ? { min: null, max: value } : { min: value, max: null },
  };
}
