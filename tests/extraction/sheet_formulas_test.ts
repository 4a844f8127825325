/**
 * A workbook that stores formulas without their values (as openpyxl writes them): the reader
 * evaluates the arithmetic trade documents use, and gives no value for anything else.
 */
import * as XLSX from "@e965/xlsx";
import { equal } from "../support/assert.ts";
import { readSpreadsheet } from "../../shared/extraction/readers/spreadsheet.ts";
import { FormulaSheet } from "../../shared/extraction/readers/formulas.ts";

Deno.test("readSpreadsheet() evaluates formulas a workbook holds no values of", async () => {
  const ws = XLSX.utils.aoa_to_sheet([
    ["Description", "Quantity", "Unit price", "Amount"],
    ["Olive oil, 750 ml", 4800, 6.85],
    ["Olive oil, 5 l", 960, 38.4],
    ["Goods total"],
    ["Freight", null, null, 2350],
    ["Invoice total"],
    ["Elsewhere", "text"],
  ]);
  // Formulas alone, no cached value: what openpyxl writes.
  const formula = (f: string): XLSX.CellObject => ({ t: "n", f } as XLSX.CellObject);
  ws["D2"] = formula("B2*C2");
  ws["D3"] = formula("ROUND(B3*C3,2)");
  ws["D4"] = formula("SUM(D2:D3)");
  ws["D6"] = formula("D4+D5");
  ws["C7"] = formula("VLOOKUP(B7,A1:D6,2)");
  ws["D7"] = formula("B7*2");
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "Invoice");
  const bytes = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
  const doc = await readSpreadsheet(bytes, "xlsx", { signal: new AbortController().signal });
  const rows = doc.sheets[0]!.rows;
  equal(rows[1]![3], 32880);
  equal(rows[2]![3], 36864);
  equal(rows[3]![3], 69744);
  equal(rows[5]![3], 72094);
  // A function it does not know, text in arithmetic: no value.
  equal(rows[6]![2] ?? null, null);
  equal(rows[6]![3] ?? null, null);
});

Deno.test("FormulaSheet gives no value for a cycle or a range too large", () => {
  const cells: Record<string, string | number> = {
    "0,0": "B1+1",
    "0,1": "A1*2",
    "1,0": "SUM(A1:Z9999)",
  };
  const sheet = new FormulaSheet((r, c) => {
    const v = cells[`${r},${c}`];
    return v === undefined ? null : typeof v === "number" ? { n: v } : { f: v };
  });
  equal(sheet.value(0, 0), null);
  equal(sheet.value(1, 0), null);
});

Deno.test("FormulaSheet gives no value for a chain of references too deep", () => {
  // A1 = A2 + 1, A2 = A3 + 1, …: 5,000 deep, the stack is not the bound.
  const sheet = new FormulaSheet((r, c) =>
    c !== 0 || r > 5000 ? null : r === 5000 ? { n: 1 } : { f: `A${r + 2}+1` }
  );
  equal(sheet.value(0, 0), null);
  equal(sheet.value(4900, 0), 101);
});

Deno.test("FormulaSheet stops reading ranges past a sheet's budget, whatever each range's size", () => {
  // 1,000 formulas each summing 4,000 cells: 4 million reads, each range under its own cap.
  const sheet = new FormulaSheet((r, c) =>
    c === 0 && r < 1000 ? { f: "SUM(B1:E1000)" } : c >= 1 && c <= 4 && r < 1000 ? { n: 1 } : null
  );
  const values = Array.from({ length: 1000 }, (_, r) => sheet.value(r, 0));
  equal(values[0], 4000);
  equal(values.filter((v) => v === null).length > 900, true);
});
