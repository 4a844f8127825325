import { assertEquals } from "../support/assert.ts";
import { readMeasure } from "../../shared/hs/measures.ts";

Deno.test("readMeasure: a bound before the number, and its unit, leave the words searched", () => {
  const cases: [string, string, { min: number | null; max: number | null }][] = [
    ["leather handbag valued under $20", "leather handbag valued , ", { min: null, max: 20 }],
    ["microwave oven not exceeding 22.5 liters", "microwave oven , ", { min: null, max: 22.5 }],
    ["electric car range over 250 miles", "electric car range , ", { min: 250, max: null }],
    ["red wine over 1.05 per liter organic", "red wine ,  organic", { min: 1.05, max: null }],
    ["tea in packings at least 3kg", "tea in packings , ", { min: 3, max: null }],
    ["bags not less than 5 kg", "bags , ", { min: 5, max: null }],
    ["wine <= 14 %", "wine , ", { min: null, max: 14 }],
    ["vacuum cleaner under 1,500 W", "vacuum cleaner , ", { min: null, max: 1500 }],
  ];
  for (const [q, text, measure] of cases) assertEquals(readMeasure(q), { text, measure }, q);
});

Deno.test("readMeasure: 'N or less' and 'N or more' after the number", () => {
  assertEquals(readMeasure("radial tyres rim 13 inches or less"), {
    text: "radial tyres rim , ",
    measure: { min: null, max: 13 },
  });
  assertEquals(readMeasure("cables 1000 volts or more"), {
    text: "cables , ",
    measure: { min: 1000, max: null },
  });
});

Deno.test("readMeasure: two bounds make one range", () => {
  assertEquals(readMeasure("knives valued over $1 each but not over $25"), {
    text: "knives valued ,  but , ",
    measure: { min: 1, max: 25 },
  });
});

Deno.test("readMeasure: a number without a bound, or a bound word without a number, is words", () => {
  for (const q of ["vacuum insulated bottle 500 ml", "overcoats", "under armour shirts", "max"]) {
    assertEquals(readMeasure(q), { text: q, measure: null }, q);
  }
});
