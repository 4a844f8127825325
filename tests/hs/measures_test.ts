import { assertEquals } from "../support/assert.ts";
import { type Measure, readMeasure, readQuantity, unitOf } from "../../shared/hs/measures.ts";

Deno.test("readMeasure: a bound before the number, and its unit, leave the words searched", () => {
  const cases: [string, string, Measure][] = [
    ["leather handbag valued under $20", "leather handbag valued , ", {
      min: null,
      max: 20,
      quantity: "money",
    }],
    ["microwave oven not exceeding 22.5 liters", "microwave oven , ", {
      min: null,
      max: 22.5,
      quantity: "volume",
    }],
    ["electric car range over 250 miles", "electric car range , ", {
      min: 402336,
      max: null,
      quantity: "length",
    }],
    // (a price per unit, without "$": no quantity, compared with any bound as before)
    ["red wine over 1.05 per liter organic", "red wine ,  organic", { min: 1.05, max: null }],
    ["tea in packings at least 3kg", "tea in packings , ", { min: 3, max: null, quantity: "mass" }],
    ["bags not less than 5 kg", "bags , ", { min: 5, max: null, quantity: "mass" }],
    ["wine <= 14 %", "wine , ", { min: null, max: 14, quantity: "percent" }],
    ["vacuum cleaner under 1,500 W", "vacuum cleaner , ", {
      min: null,
      max: 1500,
      quantity: "power",
    }],
  ];
  for (const [q, text, measure] of cases) assertEquals(readMeasure(q), { text, measure }, q);
});

Deno.test("readMeasure: 'N or less' and 'N or more' after the number", () => {
  assertEquals(readMeasure("radial tyres rim 13 inches or less"), {
    text: "radial tyres rim , ",
    measure: { min: null, max: 0.3302, quantity: "length" },
  });
  assertEquals(readMeasure("cables 1000 volts or more"), {
    text: "cables , ",
    measure: { min: 1000, max: null, quantity: "voltage" },
  });
});

Deno.test("readMeasure: two bounds make one range", () => {
  assertEquals(readMeasure("knives valued over $1 each but not over $25"), {
    text: "knives valued ,  but , ",
    measure: { min: 1, max: 25, quantity: "money" },
  });
});

Deno.test("readMeasure: a number without a bound, or a bound word without a number, is words", () => {
  for (const q of ["vacuum insulated bottle 500 ml", "overcoats", "under armour shirts", "max"]) {
    assertEquals(readMeasure(q), { text: q, measure: null }, q);
  }
});

Deno.test("readQuantity: a quantity without a bound is an exact value, in its base unit", () => {
  const cases: [string, string, number, Measure["quantity"]][] = [
    ["motorcycles 150cc", "motorcycles , ", 0.15, "volume"],
    ["glass wine bottles 750 ml", "glass wine bottles , ", 0.75, "volume"],
    ["used car 2.0 liter gasoline engine", "used car ,  gasoline engine", 2, "volume"],
    ["bicycles 24 inch wheels", "bicycles ,  wheels", 24 * 0.0254, "length"],
    ["galvanized wire rope 6 mm", "galvanized wire rope , ", 0.006, "length"],
    ["portable generator 3500 watts", "portable generator , ", 3500, "power"],
    ["drinking glasses valued $1.50 each", "drinking glasses valued , ", 1.5, "money"],
    ["jigsaw puzzles 1000 pieces", "jigsaw puzzles , ", 1000, "count"],
  ];
  for (const [q, text, value, quantity] of cases) {
    assertEquals(readQuantity(q), {
      text,
      measure: { min: value, max: value, exact: true, quantity },
    }, q);
  }
});

Deno.test("readQuantity: a number without a unit, or a unit of one letter, is words", () => {
  for (
    const q of [
      "5g router",
      "2 in 1 shampoo",
      "sunscreen spf 50",
      "jigsaw 1000 bits",
      "100% silk",
    ]
  ) {
    assertEquals(readQuantity(q), { text: q, measure: null }, q);
  }
});

Deno.test("unitOf: the units of one quantity, in its base unit", () => {
  assertEquals(unitOf("Inches"), { factor: 0.0254, quantity: "length" });
  assertEquals(unitOf("kVA"), { factor: 1000, quantity: "power" });
  assertEquals(unitOf("cc"), { factor: 0.001, quantity: "volume" });
  assertEquals(unitOf("dozen"), null);
});
