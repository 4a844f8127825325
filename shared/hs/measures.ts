/**
 * Thresholds in a search text: "leather handbag valued under $20", "microwave oven not exceeding
 * 22.5 liters", "electric car range over 250 miles". The tariff writes its thresholds in its own
 * words ("Valued not over $20 each", "Valued over $20 each"), and a word search cannot tell those
 * two lines apart by the number, which both have; nor is "under" a word of the tariff's (and it is
 * a stop word). So a threshold typed is taken out of the words searched and read as a range, and
 * the search ranks a code whose own text states a range that holds it above one whose range
 * excludes it (search.ts, MEASURE_FIT).
 */

/**
 * What the user says of a quantity: at most `max`, more than `min`, or both; or, `exact`, that it
 * is `max` (= `min`). With its unit known, the numbers are in the base unit of their `quantity`
 * (QUANTITIES), as the tariff's bounds are stored (migration 20261201001000): only the bounds of
 * that quantity, or of none known, are compared with them.
 */
export interface Measure {
  min: number | null;
  max: number | null;
  exact?: boolean;
  quantity?: Quantity;
}

/** The quantities a unit measures, numbered as hs_quantity_unit() numbers them. */
export const QUANTITIES = {
  length: 1,
  mass: 2,
  volume: 3,
  power: 4,
  voltage: 5,
  percent: 6,
  money: 7,
  count: 8,
} as const;
export type Quantity = keyof typeof QUANTITIES;

/**
 * Units, as written after a number, with how many of their quantity's base unit (metre,
 * kilogram, litre, watt, volt, percent, dollar, piece) they are: hs_quantity_unit()'s list (migration
 * 20261201001000; tests/hs/national_ranking_test.ts compares them).
 */
export const UNIT_FACTORS: [pattern: string, factor: number, quantity: Quantity][] = [
  ["mm|millimet(?:er|re)s?", 0.001, "length"],
  ["cm|centimet(?:er|re)s?", 0.01, "length"],
  ["m|met(?:er|re)s?", 1, "length"],
  ["km|kilomet(?:er|re)s?", 1000, "length"],
  ["in|inch|inches", 0.0254, "length"],
  ["ft|foot|feet", 0.3048, "length"],
  ["miles?", 1609.344, "length"],
  ["mg|milligrams?", 0.000001, "mass"],
  ["g|grams?", 0.001, "mass"],
  ["kgs?|kilos?|kilograms?", 1, "mass"],
  ["t|tons?|tonnes?", 1000, "mass"],
  ["lbs?|pounds?", 0.4536, "mass"],
  ["oz|ounces?", 0.02835, "mass"],
  ["ml|millilit(?:er|re)s?|cc|cm3", 0.001, "volume"],
  ["cl", 0.01, "volume"],
  ["l|lit(?:er|re)s?", 1, "volume"],
  ["gal|gallons?", 3.785, "volume"],
  ["m3", 1000, "volume"],
  ["w|watts?|va", 1, "power"],
  ["kw|kilowatts?|kva", 1000, "power"],
  ["hp|horsepower", 745.7, "power"],
  ["v|volts?", 1, "voltage"],
  ["kv|kilovolts?", 1000, "voltage"],
  ["%|percent", 1, "percent"],
  ["cents?", 0.01, "money"],
  ["usd|dollars?", 1, "money"],
  ["pieces?|pcs", 1, "count"],
];

/** A unit's factor and quantity, or null when the list does not know it. */
export function unitOf(unit: string): { factor: number; quantity: Quantity } | null {
  const u = unit.toLowerCase().replace(/\s+/g, "");
  const found = UNIT_FACTORS.find(([pattern]) => new RegExp(`^(?:${pattern})$`).test(u));
  return found ? { factor: found[1], quantity: found[2] } : null;
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
const NUMBER = String.raw`(?:us)?(\$?)\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const COMPARATOR = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${[...AT_MOST, ...MORE_THAN].map(escape).join("|")})\s*` +
    NUMBER + String.raw`(?:\s*(${UNITS})(?![\p{L}]))?${PER}`,
  "iu",
);
/** "13 inches or less", "50 cm or more". */
const TRAILING = new RegExp(
  String
    .raw`(?<![\p{L}\p{N}.])${NUMBER}(?:\s*(${UNITS}))?\s+or\s+(less|more|under|over)(?![\p{L}])`,
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
      ...((first.measure.quantity ?? second.measure.quantity) &&
        { quantity: first.measure.quantity ?? second.measure.quantity }),
    },
  };
}

function readOne(q: string): MeasuredText {
  const text = q.normalize("NFKC");
  const before = COMPARATOR.exec(text);
  const after = TRAILING.exec(text);
  const first = before && (!after || before.index <= after.index) ? before : after;
  if (!first) return { text: q, measure: null };
  // (groups: the bound phrase before, or "or less" after; the "$", the number, the unit)
  const [dollar, number, unit] = first === before
    ? [first[2]!, first[3]!, first[4]]
    : [first[1]!, first[2]!, first[3]];
  const atMost = first === before
    ? AT_MOST.includes(first[1]!.toLowerCase().replace(/\s+/g, " "))
    : /less|under/i.test(first[4]!);
  const { value, quantity } = inBaseUnit(number, dollar, unit);
  return {
    text: `${text.slice(0, first.index)}, ${text.slice(first.index + first[0].length)}`,
    measure: {
      min: atMost ? null : value,
      max: atMost ? value : null,
      ...(quantity && { quantity }),
    },
  };
}

/** A number typed, in its quantity's base unit when its unit (or "$") is known. */
function inBaseUnit(
  number: string,
  dollar: string,
  unit: string | undefined,
): { value: number; quantity?: Quantity } {
  const value = Number(number.replaceAll(",", ""));
  if (dollar) return { value, quantity: "money" };
  const known = unit ? unitOf(unit) : null;
  return known ? { value: value * known.factor, quantity: known.quantity } : { value };
}

/**
 * A quantity typed without a bound is the goods' own: "motorcycles 150cc", "glass wine bottles
 * 750 ml", "bicycles 24 inch wheels", "drinking glasses valued $1.50 each". The tariff
 * splits such goods by ranges of it ("Exceeding 90 cc but not exceeding 190 cc"), and searched as
 * words, the number matched nothing and the unit any line of that unit. So it is read as an exact
 * value, in its base unit, and taken out of the words. A unit of one letter, or "in", is read
 * only with a bound (readMeasure): "5g router", "2 in 1" are no quantities.
 */
const EXACT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,$])(?:(\$)\s*(\d+(?:\.\d+)?)(?:\s+each)?|` +
    String.raw`(\d+(?:\.\d+)?)\s*(${
      UNIT_FACTORS.map(([u]) => u).join("|")
    })(?:\s+each)?)(?![\p{L}\p{N}])`,
  "iu",
);

/** The first quantity typed without a bound, as an exact measure, and the text without it. */
export function readQuantity(q: string): MeasuredText {
  const text = q.normalize("NFKC");
  for (const found of text.matchAll(new RegExp(EXACT, "giu"))) {
    const unit = found[4];
    if (unit !== undefined && /^(?:[a-z%]|in)$/i.test(unit)) continue;
    const { value, quantity } = inBaseUnit(found[2] ?? found[3]!, found[1] ?? "", unit);
    return {
      text: `${text.slice(0, found.index)}, ${text.slice(found.index! + found[0].length)}`,
      measure: { min: value, max: value, exact: true, quantity },
    };
  }
  return { text: q, measure: null };
}
